import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAGENS, type ConfiguracaoEmpresa, type Empresa, type FaturamentoStatus, type ItemMenu, type MenuReply } from '@bonifica/contracts';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';

let t: AppDeTeste;
let gerente: Cliente;
let admin: Cliente;
let atendente: Cliente;
let analista: Cliente;
let outra: Cliente;
let url: string;

beforeAll(async () => {
  t = await criarAppDeTeste();
  url = t.config.publicUrl;
  [gerente, admin, atendente, analista, outra] = await Promise.all(['gerente', 'admin', 'atendente', 'analista', 'outra'].map((u) => t.entrar(u)));
});
afterAll(() => t.fechar());

const diaDaqui = (dias: number) => new Date(Date.now() + dias * 86_400_000).toISOString().slice(0, 10);
const resultados = <T>(r: { json: () => unknown }) => env<null>(r).results as T[];

const MATRIZ: Empresa = {
  id: 1,
  shortName: 'Supermercados Bonifica Demo Centro',
  nome: 'Bonifica Demo Comércio de Alimentos Ltda',
  cnpj: '11.222.333/0001-81',
  tipo: 'MATRIZ',
  matrizId: 1,
  fusoHorario: 'UTC_3_BRASIL',
  ativa: true,
};
const JARDINS: Empresa = { id: 2, shortName: 'Bonifica Jardins', nome: 'Bonifica Demo Filial Jardins', cnpj: null, tipo: 'FILIAL', matrizId: 1, fusoHorario: 'UTC_3_BRASIL', ativa: true };
const MOEMA: Empresa = { id: 3, shortName: 'Bonifica Moema', nome: 'Bonifica Demo Filial Moema', cnpj: null, tipo: 'FILIAL', matrizId: 1, fusoHorario: 'UTC_3_BRASIL', ativa: true };

describe('company/*', () => {
  it('companyuserlogged: a empresa onde o usuário trabalha (id e shortName), ou null sem empresa', async () => {
    expect(env(await gerente.get('/services/company/companyuserlogged')).result).toEqual({ id: 1, shortName: 'Supermercados Bonifica Demo Centro' });
    expect(env(await atendente.get('/services/company/companyuserlogged')).result).toEqual({ id: 2, shortName: 'Bonifica Jardins' });
    expect(env(await outra.get('/services/company/companyuserlogged')).result).toEqual({ id: 4, shortName: 'Padaria Pão Quente' });
    for (const c of [admin, analista]) {
      const r = await c.get('/services/company/companyuserlogged');
      expect(r.statusCode).toBe(200);
      expect(env(r)).toEqual({ hasError: false, messageError: null, result: null, results: null });
    }
  });

  it('empresausuariologado: a empresa completa; sem empresa dá 400', async () => {
    expect(env(await gerente.get('/services/company/empresausuariologado')).result).toEqual(MATRIZ);
    expect(env(await atendente.get('/services/company/empresausuariologado')).result).toEqual(JARDINS);
    const r = await admin.get('/services/company/empresausuariologado');
    expect(r.statusCode).toBe(400);
    expect(env(r).messageError).toBe('Usuário sem empresa vinculada.');
  });

  it('logoimagevo/{id}: endereço do logo quando há logo, null quando não há, 404 fora da rede', async () => {
    expect(env(await gerente.get('/services/company/logoimagevo/1')).result).toEqual({ url: '/arquivo/imagem/empresa/1' });
    expect(env(await atendente.get('/services/company/logoimagevo/1')).result).toEqual({ url: '/arquivo/imagem/empresa/1' });
    expect(env(await gerente.get('/services/company/logoimagevo/2')).result).toEqual({ url: null });
    const fora = await gerente.get('/services/company/logoimagevo/4');
    expect(fora.statusCode).toBe(404);
    expect(env(fora).messageError).toBe('Empresa não encontrada.');
    expect((await gerente.get('/services/company/logoimagevo/0')).statusCode).toBe(400);
  });

  it('filiaisempresalogada, empresalogadafiliais e rede: a rede do usuário, matriz primeiro', async () => {
    expect(resultados(await gerente.get('/services/company/filiaisempresalogada'))).toEqual([JARDINS, MOEMA]);
    expect(resultados(await gerente.get('/services/company/empresalogadafiliais'))).toEqual([MATRIZ, JARDINS, MOEMA]);
    expect(resultados(await atendente.get('/services/company/rede'))).toEqual([MATRIZ, JARDINS, MOEMA]);
    expect(resultados<Empresa>(await outra.get('/services/company/rede')).map((e) => e.shortName)).toEqual(['Padaria Pão Quente']);
    expect(resultados(await outra.get('/services/company/filiaisempresalogada'))).toEqual([]);
    for (const rota of ['filiaisempresalogada', 'empresalogadafiliais', 'rede']) {
      const r = await analista.get(`/services/company/${rota}`);
      expect(r.statusCode, rota).toBe(400);
      expect(env(r).messageError).toBe('Usuário sem empresa vinculada.');
    }
  });

  it('matrizefiliais/{id}: a rede de uma empresa, vinda de qualquer uma delas', async () => {
    expect(resultados(await gerente.get('/services/company/matrizefiliais/3'))).toEqual([MATRIZ, JARDINS, MOEMA]);
    expect(resultados(await admin.get('/services/company/matrizefiliais/2'))).toEqual([MATRIZ, JARDINS, MOEMA]);
    expect(resultados<Empresa>(await admin.get('/services/company/matrizefiliais/4')).map((e) => e.id)).toEqual([4]);
    expect((await gerente.get('/services/company/matrizefiliais/4')).statusCode).toBe(404);
    expect((await analista.get('/services/company/matrizefiliais/1')).statusCode).toBe(404);
  });

  it('acesso/backoffice/admin: true só para o administrador do sistema', async () => {
    expect(env(await admin.get('/services/company/acesso/backoffice/admin')).result).toBe(true);
    for (const c of [gerente, atendente, analista, outra]) {
      expect(env(await c.get('/services/company/acesso/backoffice/admin')).result).toBe(false);
    }
  });

  it('url/compartilhamento: endereço público da empresa do usuário', async () => {
    expect(env(await gerente.get('/services/company/url/compartilhamento')).result).toBe(`${url}/p/bonifica-demo`);
    expect(env(await atendente.get('/services/company/url/compartilhamento')).result).toBe(`${url}/p/bonifica-demo-jardins`);
    expect(env(await outra.get('/services/company/url/compartilhamento')).result).toBe(`${url}/p/padaria-pao-quente`);
    expect((await admin.get('/services/company/url/compartilhamento')).statusCode).toBe(400);
  });

  it('sem sessão, todas respondem 401', async () => {
    for (const rota of ['companyuserlogged', 'empresausuariologado', 'logoimagevo/1', 'rede', 'matrizefiliais/1', 'faturamento/status', 'url/compartilhamento']) {
      const r = await t.cliente().get(`/services/company/${rota}`);
      expect(r.statusCode, rota).toBe(401);
      expect(env(r).messageError).toBe(MENSAGENS.naoAutenticado);
    }
  });
});

describe('GET company/faturamento/status', () => {
  it('gerente (administrador do faturamento) vê a fatura aberta da rede', async () => {
    const r = await gerente.get('/services/company/faturamento/status');
    expect(r.statusCode).toBe(200);
    const s = env<FaturamentoStatus>(r).result;
    expect(s).toEqual({
      experimental: false,
      administrador: true,
      faturaAberta: true,
      valorFatura: 349.9,
      vencimentoFatura: diaDaqui(5),
      urlEscolhaPlano: `${url}/paginas/planos`,
      urlFaturaAberta: `${url}/app/faturamento`,
    });
    expect(s.vencimentoFatura).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('atendente (não é administrador do faturamento) recebe o status sem a fatura: sem valor, vencimento nem link', async () => {
    const r = await atendente.get('/services/company/faturamento/status');
    expect(r.statusCode).toBe(200);
    expect(env<FaturamentoStatus>(r).result).toEqual({
      experimental: false,
      administrador: false,
      faturaAberta: false,
      valorFatura: null,
      vencimentoFatura: null,
      urlEscolhaPlano: null,
      urlFaturaAberta: null,
    });
    expect(r.body).not.toMatch(/fatura-demo|349/);
  });

  it('outra empresa está no período experimental e sem fatura aberta', async () => {
    const s = env<FaturamentoStatus>(await outra.get('/services/company/faturamento/status')).result;
    expect(s).toEqual({
      experimental: true,
      administrador: true,
      faturaAberta: false,
      valorFatura: null,
      vencimentoFatura: null,
      urlEscolhaPlano: `${url}/paginas/planos`,
      urlFaturaAberta: null,
    });
  });

  it('sem empresa (admin), tudo vazio', async () => {
    expect(env(await admin.get('/services/company/faturamento/status')).result).toEqual({
      experimental: false,
      administrador: false,
      faturaAberta: false,
      valorFatura: null,
      vencimentoFatura: null,
      urlEscolhaPlano: null,
      urlFaturaAberta: null,
    });
  });
});

describe('config, companyconfig e servidorwhatsapp', () => {
  it('config/nomesistema funciona sem login', async () => {
    const r = await t.cliente().get('/services/config/nomesistema');
    expect(r.statusCode).toBe(200);
    expect(env(r)).toEqual({ hasError: false, messageError: null, result: 'Bonifica', results: null });
  });

  it('config/configs devolve só as configurações públicas, e pede login', async () => {
    const r = await gerente.get('/services/config/configs');
    expect(r.statusCode).toBe(200);
    expect(env(r).results).toEqual([{ chave: 'nome_sistema', valor: 'Bonifica' }]);
    expect((await t.cliente().get('/services/config/configs')).statusCode).toBe(401);
  });

  it('companyconfig/empresa: configuração da rede do usuário; sem empresa dá 400', async () => {
    const esperado: ConfiguracaoEmpresa = {
      empresaId: 1,
      fusoHorario: 'UTC_3_BRASIL',
      tipoServidorWhats: 'DEDICADO',
      contatoSuporteWhats: '5511999990000',
      urlCompartilhamento: `${url}/p/bonifica-demo`,
    };
    expect(env(await gerente.get('/services/companyconfig/empresa')).result).toEqual(esperado);
    expect(env(await atendente.get('/services/companyconfig/empresa')).result).toEqual(esperado);
    expect(env(await outra.get('/services/companyconfig/empresa')).result).toEqual({
      empresaId: 4,
      fusoHorario: 'UTC_3_BRASIL',
      tipoServidorWhats: 'COMPARTILHADO',
      contatoSuporteWhats: null,
      urlCompartilhamento: `${url}/p/padaria-pao-quente`,
    });
    const r = await admin.get('/services/companyconfig/empresa');
    expect(r.statusCode).toBe(400);
    expect(env(r).messageError).toBe('Usuário sem empresa vinculada.');
  });

  it('servidorwhatsapp/tipo/contratado: DEDICADO, COMPARTILHADO ou NENHUM', async () => {
    for (const [c, tipo] of [
      [gerente, 'DEDICADO'],
      [atendente, 'DEDICADO'],
      [outra, 'COMPARTILHADO'],
      [admin, 'NENHUM'],
      [analista, 'NENHUM'],
    ] as const) {
      const r = await c.get('/services/servidorwhatsapp/tipo/contratado');
      expect(r.statusCode).toBe(200);
      expect(env(r).result).toBe(tipo);
    }
  });
});

describe('imagens em /arquivo', () => {
  it('topoAngular é público e é SVG', async () => {
    const r = await t.cliente().get('/arquivo/imagem/sistema/topoAngular');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(r.body).toMatch(/^<svg[\s>]/);
    expect(r.body).toContain('aria-label="Bonifica"');
  });

  it('o logo da empresa exige login e só sai para a própria rede (ou o administrador)', async () => {
    for (const c of [gerente, atendente, admin]) {
      const r = await c.get('/arquivo/imagem/empresa/1');
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(r.headers['cache-control']).toBe('private, max-age=300');
      expect(r.body).toMatch(/^<svg[\s\S]*>BD<\/text><\/svg>$/);
    }
    const anonimo = await t.cliente().get('/arquivo/imagem/empresa/1');
    expect(anonimo.statusCode).toBe(401);
    const alheio = await outra.get('/arquivo/imagem/empresa/1');
    expect(alheio.statusCode).toBe(404);
    expect(alheio.body).not.toContain('<svg');
    expect(env(alheio).messageError).toBe('Imagem não encontrada.');
    expect((await gerente.get('/arquivo/imagem/empresa/2')).statusCode).toBe(404);
  });
});

describe('GET backoffice/menu', () => {
  const menu = async (c: Cliente) => {
    const r = await c.get('/services/backoffice/menu');
    expect(r.statusCode).toBe(200);
    return env<MenuReply>(r).result.menuList;
  };
  const titulos = (itens: ItemMenu[]) => itens.map((i) => i.titulo);
  const todos = (itens: ItemMenu[]): ItemMenu[] => itens.flatMap((i) => [i, ...todos(i.subMenu)]);

  it('gerente vê Cadastros (Clientes, Usuários e Perfis) e Servidor WhatsApp, mas não Sistema', async () => {
    const m = await menu(gerente);
    expect(titulos(m)).toEqual(['Início', 'Dashboard', 'Cadastros', 'Empresa', 'Cartões', 'Importação', 'Relatórios', 'Transações', 'Mensagens', 'Marketing', 'Prêmios', 'Sorteios', 'Cupons', 'Servidor WhatsApp', 'Ajuda']);
    expect(m.find((i) => i.titulo === 'Cupons')!.subMenu.map((i) => [i.titulo, i.state])).toEqual([
      ['Impressos', '/app/cupom/impressos'],
      ['Online', '/app/cupom/online'],
      ['Lotes', '/app/cupom/lotes'],
      ['Cupons usados', '/app/cupom/resgatados'],
    ]);
    expect(m.find((i) => i.titulo === 'Prêmios')!.subMenu.map((i) => [i.titulo, i.state])).toEqual([
      ['Catálogo', '/app/premios/catalogo'],
      ['Resgates', '/app/premios/resgates'],
    ]);
    // Prize draws (area `sorteio`, docs/areas/sorteios.md): draws, the network screen and the winners.
    expect(m.find((i) => i.titulo === 'Sorteios')!.subMenu.map((i) => [i.titulo, i.state])).toEqual([
      ['Sorteios', '/app/sorteio/sorteios'],
      ['Rede', '/app/sorteio/rede'],
      ['Ganhadores', '/app/sorteio/ganhadores'],
    ]);
    // Spec §2 "messages: automatic, template" (docs/areas/mensageria.md).
    expect(m.find((i) => i.titulo === 'Mensagens')!.subMenu.map((i) => [i.titulo, i.state])).toEqual([
      ['Mensagens automáticas', '/app/mensagens/automatica'],
      ['Modelos de mensagem', '/app/mensagens/modelo'],
      ['Caixa de saída', '/app/mensagens/saida'],
    ]);
    // Campaigns, audiences and their block list (docs/areas/mensageria.md "Campanhas", docs/areas/publicos.md).
    const marketing = m.find((i) => i.titulo === 'Marketing')!.subMenu;
    expect(titulos(marketing)).toEqual(['Campanhas', 'Públicos', 'Bloqueio de público']);
    expect(marketing.every((i) => i.state!.startsWith('/app/marketing/'))).toBe(true);
    // The company's administration (area `empresa` of the URLs): the programme, branches, network, devices and API tokens.
    expect(titulos(m.find((i) => i.titulo === 'Empresa')!.subMenu)).toEqual(['Programa de fidelidade', 'Filiais', 'Rede credenciada', 'Dispositivos', 'API / integrações']);
    // Each group is an area of the URLs, as the breadcrumbs name it.
    const cadastros = m.find((i) => i.titulo === 'Cadastros')!.subMenu;
    expect(titulos(cadastros)).toEqual(['Clientes', 'Aniversariantes', 'Planos dos clientes', 'Catálogo de planos', 'Contas padrão', 'Unificação de contas', 'Usuários', 'Perfis de acesso']);
    expect(cadastros.every((i) => i.state!.startsWith('/app/cadastros/'))).toBe(true);
    const relatorios = m.find((i) => i.titulo === 'Relatórios')!.subMenu;
    expect(titulos(relatorios)).toEqual(['Ranking de clientes', 'Contas bloqueadas']);
    expect(relatorios.every((i) => i.state!.startsWith('/app/relatorio/'))).toBe(true);
    expect(titulos(m.find((i) => i.titulo === 'Cartões')!.subMenu)).toEqual(['Cartões', 'Fila de impressão', 'Uso dos cartões', 'Vender vale-presente', 'Saldo do vale-presente', 'Vales-presente']);
    expect(m.find((i) => i.titulo === 'Cadastros')!.subMenu[0]).toMatchObject({ tipo: 'interno', state: '/app/cadastros/clientes' });
    const empresa = m.find((i) => i.titulo === 'Empresa')!.subMenu;
    expect(empresa.every((i) => i.tipo === 'interno' && i.state!.startsWith('/app/empresa/'))).toBe(true);
    expect(m.find((i) => i.titulo === 'Servidor WhatsApp')).toMatchObject({ tipo: 'interno', state: '/app/servidor/whats' });
  });

  it('admin vê Sistema com as suas entradas; atendente vê só Clientes e Aniversariantes em Cadastros, e não Sistema', async () => {
    const a = await menu(admin);
    expect(titulos(a)).toContain('Sistema');
    expect(titulos(a)).toContain('Cadastros');
    expect(titulos(a.find((i) => i.titulo === 'Cadastros')!.subMenu)).toEqual(['Usuários', 'Perfis de acesso']);
    expect(titulos(a.find((i) => i.titulo === 'Sistema')!.subMenu)).toContain('Manutenção');
    const doAtendente = await menu(atendente);
    expect(titulos(doAtendente)).toEqual(['Início', 'Cadastros', 'Cartões', 'Prêmios', 'Ajuda']);
    // The counter redeems and hands prizes over; the catalogue is the management's.
    expect(titulos(doAtendente.find((i) => i.titulo === 'Prêmios')!.subMenu)).toEqual(['Resgates']);
    // The counter looks cards up and links them; printing and reports stay with management.
    expect(titulos(doAtendente.find((i) => i.titulo === 'Cartões')!.subMenu)).toEqual(['Cartões', 'Vender vale-presente', 'Saldo do vale-presente']);
    // Birthdays help the counter greet the customer; the list is read-only.
    expect(titulos(doAtendente.find((i) => i.titulo === 'Cadastros')!.subMenu)).toEqual(['Clientes', 'Aniversariantes']);
    expect(titulos(await menu(analista))).toEqual(['Início', 'Ajuda']);
  });

  it('Ajuda tem entradas externas, uma delas em navegador exclusivo', async () => {
    const ajuda = (await menu(gerente)).find((i) => i.titulo === 'Ajuda')!;
    expect(ajuda).toMatchObject({ tipo: 'sub', state: null, urlExterna: null });
    const externos = ajuda.subMenu.filter((i) => i.tipo === 'externo');
    expect(externos.length).toBeGreaterThanOrEqual(2);
    for (const e of externos) {
      expect(e.urlExterna).toMatch(/^https:\/\//);
      expect(e.state).toBeNull();
    }
    expect(externos.some((e) => e.navegadorExclusivo === false)).toBe(true);
    expect(externos.some((e) => e.navegadorExclusivo === true)).toBe(true);
  });

  it('toda entrada tem exatamente os campos do contrato; permissões nunca vão junto', async () => {
    for (const c of [gerente, admin, atendente]) {
      for (const item of todos(await menu(c))) {
        expect(Object.keys(item).sort(), item.titulo).toEqual(['icone', 'navegadorExclusivo', 'state', 'subMenu', 'tipo', 'titulo', 'urlExterna']);
        expect(['interno', 'externo', 'sub']).toContain(item.tipo);
        if (item.tipo === 'interno') expect(item.state).toMatch(/^\//);
        if (item.tipo === 'sub') expect(item.subMenu.length).toBeGreaterThan(0);
      }
    }
  });

  it('sem sessão dá 401', async () => {
    expect((await t.cliente().get('/services/backoffice/menu')).statusCode).toBe(401);
  });
});
