import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MENSAGENS_DISPOSITIVO, type Dispositivo, type Filial, type Pagina, type RedeCredenciada } from '@bonifica/contracts';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';
import { auditoriasDe } from './apoio/consultas.js';
import { textoDoPdf } from './apoio/pdf-texto.js';
import { cliente, empresa, transacao } from '../src/db/schema/index.js';

let t: AppDeTeste;
let gerente: Cliente;
let atendente: Cliente;
let outra: Cliente;

beforeAll(async () => {
  t = await criarAppDeTeste();
  [gerente, atendente, outra] = await Promise.all(['gerente', 'atendente', 'outra'].map((u) => t.entrar(u)));
});
afterAll(() => t.fechar());

// A 1x1 transparent PNG.
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const NOVA = {
  nome: 'Bonifica Demo Filial Pinheiros Ltda',
  shortName: 'Bonifica Pinheiros',
  cnpj: '12.ABC.345/01DE-35',
  telefone: '(11) 3333-4444',
  cep: '05422-010',
  logradouro: 'Rua dos Pinheiros',
  numero: '100',
  bairro: 'Pinheiros',
  cidade: 'São Paulo',
  uf: 'sp',
  fusoHorario: 'UTC_4_BRASIL',
  logo: PNG,
};

const salvar = (c: Cliente, corpo: unknown) => c.post('/services/company/save', corpo);

describe('filiais (company/save, findbyid, filterpaginated, delete)', () => {
  let id: number;

  it('o gerente cria uma filial com CNPJ alfanumérico, endereço, fuso e logo; tudo auditado', async () => {
    const r = await salvar(gerente, NOVA);
    expect(r.statusCode).toBe(200);
    const f = env<Filial>(r).result;
    id = f.id;
    expect(f).toMatchObject({ tipo: 'FILIAL', shortName: 'Bonifica Pinheiros', cnpj: '12ABC34501DE35', telefone: '1133334444', cep: '05422010', uf: 'SP', fusoHorario: 'UTC_4_BRASIL', ativa: true, logoUrl: `/arquivo/imagem/empresa/${id}` });
    const [a] = await auditoriasDe(t, { entidade: 'empresa', entidadeId: id, acao: 'CRIAR' });
    expect(a).toBeTruthy();
    const logo = await gerente.get(`/arquivo/imagem/empresa/${id}`);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    // It joins the network's lists at once.
    const rede = env<null>(await gerente.get('/services/company/filiaisempresalogada')).results as { shortName: string }[];
    expect(rede.map((e) => e.shortName)).toContain('Bonifica Pinheiros');
  });

  it('mensagens de validação em português: CNPJ, telefone, CEP, UF, fuso, logo', async () => {
    const casos: [Record<string, unknown>, string][] = [
      [{ cnpj: '12.ABC.345/01DE-XX' }, 'CNPJ inválido: confira os dígitos verificadores.'],
      [{ cnpj: '11.222.333/0001-82' }, 'CNPJ inválido: confira os dígitos verificadores.'],
      [{ cnpj: '11.222.333/0001' }, 'CNPJ inválido. Informe os 14 caracteres do CNPJ.'],
      [{ telefone: '123' }, 'Telefone inválido. Informe o DDD e o número (10 ou 11 dígitos).'],
      [{ cep: '123' }, 'CEP inválido. Informe os 8 dígitos.'],
      [{ uf: 'XX' }, 'UF inválida.'],
      [{ fusoHorario: 'UTC_9' }, 'Fuso horário inválido.'],
      [{ shortName: '' }, 'Informe o nome da filial.'],
      [{ logo: 'data:image/gif;base64,R0lGOD' }, 'Logo inválido: envie uma imagem PNG, JPEG ou WebP.'],
      [{ logo: 'data:image/png;base64,AAAA' }, 'Logo inválido: envie uma imagem PNG, JPEG ou WebP.'],
    ];
    for (const [campo, mensagem] of casos) {
      const r = await salvar(gerente, { ...NOVA, cnpj: null, ...campo });
      expect(r.statusCode, JSON.stringify(campo)).toBe(400);
      expect(env(r).messageError, JSON.stringify(campo)).toContain(mensagem);
    }
  });

  it('CNPJ repetido na rede é 409', async () => {
    // The head office's own, kept with the mask since the sign-up.
    const daMatriz = await salvar(gerente, { ...NOVA, shortName: 'Com o CNPJ da matriz', cnpj: '11222333000181' });
    expect(daMatriz.statusCode).toBe(409);
    expect(env(daMatriz).messageError).toBe('Já existe uma empresa da rede com este CNPJ.');
    const r = await salvar(gerente, { ...NOVA, shortName: 'Outra Pinheiros' });
    expect(r.statusCode).toBe(409);
    expect(env(r).messageError).toBe('Já existe uma empresa da rede com este CNPJ.');
  });

  it('lista paginada com busca e filtro de situação, matriz primeiro', async () => {
    const r = await gerente.post('/services/company/filterpaginated/0/10', {});
    const p = env<Pagina<Filial>>(r).result;
    expect(p.content[0]!.tipo).toBe('MATRIZ');
    expect(p.totalElements).toBe(4);
    const busca = env<Pagina<Filial>>(await gerente.post('/services/company/filterpaginated/0/10', { busca: 'pinheiros' })).result;
    expect(busca.content.map((f) => f.id)).toEqual([id]);
    const porCnpj = env<Pagina<Filial>>(await gerente.post('/services/company/filterpaginated/0/10', { busca: '12.ABC' })).result;
    expect(porCnpj.content.map((f) => f.id)).toEqual([id]);
  });

  it('outra empresa não vê nem altera a filial (404); o atendente não tem permissão (403)', async () => {
    expect((await outra.get(`/services/company/findbyid/${id}`)).statusCode).toBe(404);
    expect((await salvar(outra, { ...NOVA, id, cnpj: null })).statusCode).toBe(404);
    expect((await outra.delete(`/services/company/delete/${id}`)).statusCode).toBe(404);
    expect(env<Pagina<Filial>>(await outra.post('/services/company/filterpaginated/0/10', {})).result.content.map((f) => f.shortName)).toEqual(['Padaria Pão Quente']);
    expect((await atendente.post('/services/company/filterpaginated/0/10', {})).statusCode).toBe(403);
    expect((await salvar(atendente, NOVA)).statusCode).toBe(403);
    const qr = await outra.post('/services/company/imprimir/qrcode', { empresaId: id });
    expect(qr.statusCode).toBe(404);
  });

  it('editar mantém o logo quando ele não vem, e a matriz não pode ser desativada', async () => {
    const r = await salvar(gerente, { ...NOVA, id, shortName: 'Bonifica Pinheiros II', logo: undefined });
    expect(env<Filial>(r).result).toMatchObject({ shortName: 'Bonifica Pinheiros II', logoUrl: `/arquivo/imagem/empresa/${id}` });
    const m = await gerente.delete('/services/company/delete/1');
    expect(m.statusCode).toBe(400);
    expect(env(m).messageError).toBe('A matriz não pode ser desativada.');
    const atual = env<Filial>(await gerente.get('/services/company/findbyid/1')).result;
    const s = await salvar(gerente, { ...atual, ativa: false, logo: undefined, logoUrl: undefined, id: 1, tipo: undefined, criadoEm: undefined });
    expect(s.statusCode).toBe(400);
  });

  it('desativar uma filial: seus usuários saem e não entram; o histórico fica', async () => {
    expect((await atendente.get('/services/company/companyuserlogged')).statusCode).toBe(200);
    const r = await gerente.delete('/services/company/delete/2');
    expect(r.statusCode).toBe(200);
    expect(env<Filial>(await gerente.get('/services/company/findbyid/2')).result.ativa).toBe(false);
    expect((await atendente.get('/services/company/companyuserlogged')).statusCode).toBe(401);
    await expect(t.entrar('atendente')).rejects.toThrow();
    expect((await auditoriasDe(t, { entidade: 'empresa', entidadeId: 2, acao: 'DESATIVAR' })).length).toBe(1);
    // Reactivating brings the branch and its users back.
    const atual = env<Filial>(await gerente.get('/services/company/findbyid/2')).result;
    const { logoUrl: _l, tipo: _t, criadoEm: _c, ...corpo } = atual;
    expect((await salvar(gerente, { ...corpo, ativa: true })).statusCode).toBe(200);
    atendente = await t.entrar('atendente');
    expect((await atendente.get('/services/company/companyuserlogged')).statusCode).toBe(200);
  });

  it('cartaz QR code: PDF com o nome e a URL de compartilhamento da empresa', async () => {
    const r = await gerente.post('/services/company/imprimir/qrcode', { empresaId: id });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    const texto = textoDoPdf(r.rawPayload).join('').replace(/\n/g, '');
    const [{ slug }] = (await t.banco.db.select({ slug: empresa.slug }).from(empresa).where(eq(empresa.id, id))) as [{ slug: string }];
    expect(texto).toContain(`${t.config.publicUrl}/p/${slug}`);
    expect(texto).toContain('Bonifica Pinheiros II');
    // Without a body, the caller's own company, with the same URL as company/url/compartilhamento.
    const matriz = await gerente.post('/services/company/imprimir/qrcode', {});
    expect(matriz.statusCode).toBe(200);
    const proprio = textoDoPdf(matriz.rawPayload).join('').replace(/\n/g, '');
    expect(proprio).toContain(env<string>(await gerente.get('/services/company/url/compartilhamento')).result);
  });
});

describe('dispositivos (computers)', () => {
  let clienteId: number;
  const venda = (c: Cliente, token?: string) => c.post('/services/transacao/venda', { clienteId, valor: 10 }, token ? { headers: { 'x-dispositivo': token } } : {});

  beforeAll(async () => {
    const [c] = await t.banco.db.insert(cliente).values({ empresaId: 1, nome: 'Cliente do Dispositivo', status: 'ATIVO' }).returning({ id: cliente.id });
    clienteId = c!.id;
  });

  it('sem dispositivos cadastrados o terminal vende como antes', async () => {
    expect((await venda(atendente)).statusCode).toBe(200);
  });

  let caixa: Dispositivo;
  it('o gerente cadastra um dispositivo; o token aparece uma vez só e a venda com ele passa', async () => {
    const r = await gerente.post('/services/computers/save', { nome: 'Caixa 1', identificador: 'CAIXA-01', filialId: 2 });
    expect(r.statusCode).toBe(200);
    caixa = env<Dispositivo>(r).result;
    expect(caixa).toMatchObject({ nome: 'Caixa 1', filialId: 2, filialNome: 'Bonifica Jardins', ativo: true, ultimoAcesso: null });
    expect(caixa.token).toMatch(/.{20,}/);
    expect(env<Dispositivo>(await gerente.get(`/services/computers/findbyid/${caixa.id}`)).result.token).toBeUndefined();
    const [a] = await auditoriasDe(t, { entidade: 'dispositivo', entidadeId: caixa.id, acao: 'CRIAR' });
    expect(JSON.stringify(a!.depois)).not.toContain(caixa.token!);
    expect((await venda(atendente, caixa.token)).statusCode).toBe(200);
    expect(env<Dispositivo>(await gerente.get(`/services/computers/findbyid/${caixa.id}`)).result.ultimoAcesso).not.toBeNull();
  });

  it('com dispositivos na rede, um navegador sem token ou com token errado é recusado', async () => {
    const sem = await venda(atendente);
    expect(sem.statusCode).toBe(403);
    expect(env(sem).messageError).toBe(MENSAGENS_DISPOSITIVO.naoRegistrado);
    expect(env(await venda(atendente, 'token-qualquer')).messageError).toBe(MENSAGENS_DISPOSITIVO.naoRegistrado);
    // Another network's sales are not affected by this one's devices.
    expect((await venda(outra)).statusCode).not.toBe(403);
  });

  it('alterarstatus desativa: a venda é recusada com a mensagem clara; reativar libera', async () => {
    const semXsrf = await gerente.get(`/services/computers/alterarstatus/${caixa.id}`, { semXsrf: true });
    expect(semXsrf.statusCode).toBe(403);
    const r = await gerente.get(`/services/computers/alterarstatus/${caixa.id}`);
    expect(env<Dispositivo>(r).result.ativo).toBe(false);
    const recusada = await venda(atendente, caixa.token);
    expect(recusada.statusCode).toBe(403);
    expect(env(recusada).messageError).toBe('Este dispositivo está desativado. Fale com o gerente.');
    expect((await auditoriasDe(t, { entidade: 'dispositivo', entidadeId: caixa.id, acao: 'DESATIVAR' })).length).toBe(1);
    expect(env<Dispositivo>(await gerente.get(`/services/computers/alterarstatus/${caixa.id}`)).result.ativo).toBe(true);
    expect((await venda(atendente, caixa.token)).statusCode).toBe(200);
  });

  it('no mesmo lote de vendas, só a do dispositivo desativado é recusada, e nada dela é gravado', async () => {
    const segundo = env<Dispositivo>(await gerente.post('/services/computers/save', { nome: 'Caixa 2', identificador: 'CAIXA-02', filialId: 2 })).result;
    expect(env<Dispositivo>(await gerente.get(`/services/computers/alterarstatus/${segundo.id}`)).result.ativo).toBe(false);
    // Another customer: one sale per customer per batch (decision 017).
    const [c2] = await t.banco.db.insert(cliente).values({ empresaId: 1, nome: 'Cliente do Caixa 2', status: 'ATIVO' }).returning({ id: cliente.id });
    const vendasDe = async (id: number) => (await t.banco.db.select().from(transacao).where(eq(transacao.clienteId, id))).length;
    const antes = await vendasDe(clienteId);
    const [aceita, recusada] = await Promise.all([
      atendente.post('/services/transacao/venda', { clienteId, valor: 10 }, { headers: { 'x-dispositivo': caixa.token! } }),
      atendente.post('/services/transacao/venda', { clienteId: c2!.id, valor: 10 }, { headers: { 'x-dispositivo': segundo.token! } }),
    ]);
    expect(aceita.statusCode).toBe(200);
    expect(recusada.statusCode).toBe(403);
    expect(env(recusada).messageError).toBe(MENSAGENS_DISPOSITIVO.desativado);
    expect(await vendasDe(clienteId)).toBe(antes + 1);
    expect(await vendasDe(c2!.id)).toBe(0);
  });

  it('novo token: o antigo para de valer', async () => {
    const r = env<Dispositivo>(await gerente.post(`/services/computers/novotoken/${caixa.id}`)).result;
    expect(r.token).not.toBe(caixa.token);
    expect(env(await venda(atendente, caixa.token)).messageError).toBe(MENSAGENS_DISPOSITIVO.naoRegistrado);
    expect((await venda(atendente, r.token)).statusCode).toBe(200);
    caixa = r;
  });

  it('validação, filial de outra rede, isolamento e permissões', async () => {
    const v = await gerente.post('/services/computers/save', { nome: '', identificador: 'X1', filialId: 2 });
    expect(v.statusCode).toBe(400);
    expect(env(v).messageError).toContain('Informe o nome do dispositivo.');
    const fora = await gerente.post('/services/computers/save', { nome: 'Caixa', identificador: 'X1', filialId: 4 });
    expect(fora.statusCode).toBe(400);
    expect(env(fora).messageError).toBe('Filial não encontrada na rede.');
    expect((await outra.get(`/services/computers/findbyid/${caixa.id}`)).statusCode).toBe(404);
    expect((await outra.get(`/services/computers/alterarstatus/${caixa.id}`)).statusCode).toBe(404);
    expect((await outra.post(`/services/computers/novotoken/${caixa.id}`)).statusCode).toBe(404);
    expect(env<Pagina<Dispositivo>>(await outra.post('/services/computers/filterpaginated/0/10', {})).result.totalElements).toBe(0);
    expect((await atendente.post('/services/computers/filterpaginated/0/10', {})).statusCode).toBe(403);
    expect(env<Pagina<Dispositivo>>(await gerente.post('/services/computers/filterpaginated/0/10', { busca: 'caixa-01' })).result.totalElements).toBe(1);
  });

  it('uma filial desativada recusa seus dispositivos', async () => {
    const gerenteDaMoema = await gerente.post('/services/computers/save', { nome: 'Tablet', identificador: 'TAB-1', filialId: 3 });
    const tablet = env<Dispositivo>(gerenteDaMoema).result;
    expect((await gerente.delete('/services/company/delete/3')).statusCode).toBe(200);
    const r = await venda(gerente, tablet.token);
    expect(r.statusCode).toBe(403);
    expect(env(r).messageError).toBe(MENSAGENS_DISPOSITIVO.filialInativa);
  });
});

describe('rede credenciada (convenio/*)', () => {
  let id: number;
  it('o gerente cadastra um parceiro com unidades aceitas e resgate máximo; tudo auditado', async () => {
    const r = await gerente.post('/services/convenio/save', { nome: 'Farmácia Parceira', cnpj: '12.ABC.345/01DE-35', cidade: 'São Paulo', uf: 'sp', unidades: ['CASHBACK', 'CASHBACK'], resgateMaximo: 50.5 });
    expect(r.statusCode).toBe(200);
    const p = env<RedeCredenciada>(r).result;
    id = p.id;
    expect(p).toMatchObject({ nome: 'Farmácia Parceira', cnpj: '12ABC34501DE35', uf: 'SP', unidades: ['CASHBACK'], resgateMaximo: 50.5, ativo: true });
    expect((await auditoriasDe(t, { entidade: 'rede_credenciada', entidadeId: id, acao: 'CRIAR' })).length).toBe(1);
    const lista = env<Pagina<RedeCredenciada>>(await gerente.post('/services/convenio/filterpaginated/0/10', { busca: 'farmacia' })).result;
    expect(lista.content.map((x) => x.id)).toEqual([id]);
  });

  it('mensagens de validação em português', async () => {
    const casos: [Record<string, unknown>, string][] = [
      [{ unidades: [] }, 'Escolha ao menos uma unidade aceita.'],
      [{ unidades: ['PREPAGO'] }, 'Unidade inválida: use CASHBACK ou PONTOS.'],
      [{ resgateMaximo: 0 }, 'O resgate máximo deve ser maior que zero.'],
      [{ resgateMaximo: 1.234 }, 'O resgate máximo por venda deve ter no máximo 2 casas decimais (centavos).'],
      [{ cnpj: '123' }, 'CNPJ inválido. Informe os 14 caracteres do CNPJ.'],
      [{ nome: '' }, 'Informe o nome do parceiro.'],
    ];
    for (const [campo, mensagem] of casos) {
      const r = await gerente.post('/services/convenio/save', { nome: 'Parceiro', unidades: ['PONTOS'], ...campo });
      expect(r.statusCode, JSON.stringify(campo)).toBe(400);
      expect(env(r).messageError, JSON.stringify(campo)).toContain(mensagem);
    }
  });

  it('isolamento (404), permissão (403) e desativação que mantém o registro', async () => {
    expect((await outra.get(`/services/convenio/findbyid/${id}`)).statusCode).toBe(404);
    expect((await outra.post('/services/convenio/save', { id, nome: 'Tomado', unidades: ['PONTOS'] })).statusCode).toBe(404);
    expect((await outra.delete(`/services/convenio/delete/${id}`)).statusCode).toBe(404);
    expect((await atendente.post('/services/convenio/filterpaginated/0/10', {})).statusCode).toBe(403);
    expect((await gerente.delete(`/services/convenio/delete/${id}`)).statusCode).toBe(200);
    expect(env<RedeCredenciada>(await gerente.get(`/services/convenio/findbyid/${id}`)).result.ativo).toBe(false);
  });
});
