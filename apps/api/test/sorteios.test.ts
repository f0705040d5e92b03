import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { lerLista, sha256Hex, sortearPosicao, type GanhadorAnterior, type GanhadorSorteio, type Pagina, type Sorteio } from '@bonifica/contracts';
import { cliente, clienteConsentimento, transacao } from '../src/db/schema/index.js';
import { numeroNaPosicao } from '../src/modules/sorteio/ganhador.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';
import { textoDoPdf } from './apoio/pdf-texto.js';

let t: AppDeTeste;
let gerente: Cliente;
let atendente: Cliente;

const JARDINS = 2;
const MOEMA = 3;

async function linhas<T>(consulta: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.banco.db.execute(consulta)) as unknown as { rows: T[] }).rows;
}
const contar = async (tabela: string) => Number((await linhas<{ n: number }>(sql.raw(`select count(*)::int as n from ${tabela}`)))[0]!.n);

let seq = 0;
/** A customer of the demo company; `consentimento`: the channel answers in order (latest wins). */
async function novoCliente(o: { nome?: string; documento?: string | null; status?: 'ATIVO' | 'BLOQUEADO'; consentimento?: boolean[] } = {}): Promise<number> {
  seq++;
  const [c] = await t.banco.db
    .insert(cliente)
    .values({ empresaId: 1, nome: o.nome ?? `Participante Sorteio ${seq}`, documento: o.documento === undefined ? `900000${String(seq).padStart(5, '0')}` : o.documento, tipoDocumento: 'CPF', celular: `1197${String(seq).padStart(7, '0')}`, status: o.status ?? 'ATIVO' })
    .returning({ id: cliente.id });
  let quando = Date.parse('2020-01-01T12:00:00Z');
  for (const concedido of o.consentimento ?? [true]) await t.banco.db.insert(clienteConsentimento).values({ empresaId: 1, clienteId: c!.id, canal: 'WHATSAPP', concedido, origem: 'TESTE', criadoEm: new Date((quando += 1000)) });
  return c!.id;
}

async function vender(clienteId: number, valorCentavos: number, dia: string, filialId = JARDINS) {
  await t.banco.db.insert(transacao).values({ empresaId: 1, filialId, clienteId, valorCentavos, criadoEm: new Date(`${dia}T15:00:00Z`) });
}

/** Today in Brasília: a Loteria extraction still to come (the list must be frozen before it; decision 037). */
const HOJE = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });

const basico = (extra: Record<string, unknown> = {}) => ({
  nome: 'Sorteio de Natal',
  regulamento: 'Regulamento do sorteio: a cada R$ 10,00 em compras, um número da sorte.',
  inicio: '2020-01-01',
  fim: '2020-01-31',
  premios: ['Uma bicicleta', 'Um vale-compras de R$ 200,00', 'Uma caneca'],
  regra: 'VALOR',
  valorPorNumero: 10,
  maximoPorCliente: 5,
  origemSemente: 'LOTERIA',
  dataLoteria: HOJE,
  ...extra,
});

async function novoSorteio(extra: Record<string, unknown> = {}): Promise<Sorteio> {
  const r = await gerente.post('/services/sorteio/save', basico(extra));
  expect(r.statusCode, r.body).toBe(200);
  return env<Sorteio>(r).result;
}

const buscar = async (id: number) => env<Sorteio>(await gerente.get(`/services/sorteio/findbyid/${id}`)).result;

beforeAll(async () => {
  t = await criarAppDeTeste();
  [gerente, atendente] = await Promise.all([t.entrar('gerente'), t.entrar('atendente')]);
});
afterAll(() => t.fechar());

describe('sorteio: posição entre os números que restam', () => {
  it('propriedade: andar pelas faixas excluídas dá o mesmo número que filtrar a lista inteira', () => {
    let semente = 11;
    const r = () => ((semente = (semente * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let caso = 0; caso < 200; caso++) {
      const total = 1 + Math.floor(r() * 60);
      const fora: [number, number][] = [];
      let x = 1;
      while (x <= total) {
        x += Math.floor(r() * 8);
        const ate = Math.min(total, x + Math.floor(r() * 4));
        if (x <= total && r() < 0.5) fora.push([x, ate]);
        x = ate + 2;
      }
      const restantes = Array.from({ length: total }, (_, i) => i + 1).filter((n) => !fora.some(([de, ate]) => n >= de && n <= ate));
      restantes.forEach((n, i) => expect(numeroNaPosicao(i, fora)).toBe(n));
    }
  });
});

describe('sorteio: cadastro', () => {
  it('salva, lista com filtro e busca; o atendente não administra sorteios', async () => {
    const s = await novoSorteio({ nome: 'Sorteio de Páscoa', filiais: [JARDINS, MOEMA, JARDINS] });
    expect(s).toMatchObject({ nome: 'Sorteio de Páscoa', status: 'RASCUNHO', filiais: [JARDINS, MOEMA], valorPorNumero: 10, hashLista: null, ganhadores: 0 });
    expect(s.codigoPublico).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const l = await gerente.post('/services/sorteio/filterpaginated/0/10', { busca: 'pascoa' });
    expect(env<Pagina<Sorteio>>(l).result.content.map((x) => x.id)).toContain(s.id);
    const alterado = await gerente.post('/services/sorteio/save', { ...basico(), id: s.id, nome: 'Sorteio de Páscoa 2020' });
    expect(env<Sorteio>(alterado).result.nome).toBe('Sorteio de Páscoa 2020');
    const auditado = await linhas<{ n: number }>(sql`select count(*)::int as n from auditoria where entidade = 'sorteio' and entidade_id = ${String(s.id)}`);
    expect(auditado[0]!.n).toBe(2);

    for (const r of [
      await atendente.post('/services/sorteio/filterpaginated/0/10', {}),
      await atendente.post('/services/sorteio/save', basico()),
      await atendente.get(`/services/sorteio/findbyid/${s.id}`),
      await atendente.get(`/services/sorteio/addganhador/${s.id}`),
      await atendente.post('/services/sorteio/addganhadormanual', { id: s.id, numero: '1', motivo: 'Motivo qualquer aqui' }),
      await atendente.post('/services/sorteio/congelar', { id: s.id }),
      await atendente.get(`/services/sorteio/ganhadores/impressao/${s.id}`),
      await atendente.get(`/services/sorteio/participantes/impressao/${s.id}`),
    ])
      expect(r.statusCode).toBe(403);

    expect((await gerente.delete(`/services/sorteio/delete/${s.id}`)).statusCode).toBe(200);
    expect((await gerente.get(`/services/sorteio/findbyid/${s.id}`)).statusCode).toBe(404);
  });

  it('entrada ruim: 400 com mensagem em português e nada gravado', async () => {
    const antes = await contar('sorteio');
    const casos: [Record<string, unknown>, string][] = [
      [{ nome: '' }, 'Informe o nome do sorteio (pelo menos 3 caracteres).'],
      [{ regulamento: 'curto' }, 'Informe o regulamento (pelo menos 10 caracteres).'],
      [{ inicio: '2020-02-30' }, 'Data de início inválida.'],
      [{ fim: '2019-12-01' }, 'O fim do período não pode ser antes do início.'],
      [{ premios: [] }, 'Informe pelo menos um prêmio.'],
      [{ premios: 'bicicleta' }, 'Informe os prêmios.'],
      [{ regra: 'PONTOS' }, 'Regra inválida: use VALOR (um número a cada R$ X) ou VENDA (um número por compra).'],
      [{ valorPorNumero: null }, 'Informe o valor em reais que vale um número da sorte.'],
      [{ valorPorNumero: 1.234 }, 'O valor por número deve ter no máximo 2 casas decimais (centavos).'],
      [{ maximoPorCliente: 0 }, 'O máximo por cliente deve ser pelo menos 1.'],
      [{ dataLoteria: null }, 'Informe a data da extração da Loteria Federal que dará a semente.'],
      [{ dataLoteria: '2020-01-15' }, 'A extração da Loteria Federal deve ser depois do fim do período.'],
      [{ dataLoteria: '2020-02-05' }, 'A extração da Loteria Federal de 05/02/2020 já aconteceu: a lista precisa ser congelada antes dela. Escolha uma extração de hoje em diante.'],
      [{ semente: '12345' }, 'Com a Loteria Federal, a semente é informada depois da extração.'],
      [{ origemSemente: 'FIXA', semente: null }, 'Informe a semente fixada no regulamento.'],
      [{ origemSemente: 'FIXA', semente: '<script>' }, 'A semente aceita letras, números, espaço e . , / -'],
      [{ filiais: [999999] }, 'Filial não encontrada na rede.'],
      [{ campoQueNaoExiste: 1 }, ''],
    ];
    for (const [extra, mensagem] of casos) {
      const r = await gerente.post('/services/sorteio/save', basico(extra));
      expect(r.statusCode, JSON.stringify(extra)).toBe(400);
      if (mensagem) expect(env(r).messageError, JSON.stringify(extra)).toContain(mensagem);
    }
    for (const [url, corpo, mensagem] of [
      ['/services/sorteio/congelar', { id: 'x' }, 'Sorteio inválido.'],
      ['/services/sorteio/semente', { id: 1, semente: '' }, 'Informe a semente.'],
      ['/services/sorteio/addganhadormanual', { id: 1, numero: 'abc', motivo: 'Um motivo bem escrito' }, 'Número da sorte inválido.'],
      ['/services/sorteio/addganhadormanual', { id: 1, numero: '1', motivo: 'curto' }, 'Informe o motivo do ganhador manual (pelo menos 10 caracteres).'],
      ['/services/sorteio/addganhadormanual', { id: 1, numero: '1' }, 'Informe o motivo.'],
    ] as const) {
      const r = await gerente.post(url, corpo);
      expect(r.statusCode, url).toBe(400);
      expect(env(r).messageError).toContain(mensagem);
    }
    expect((await gerente.get('/services/sorteio/addganhador/abc')).statusCode).toBe(400);
    expect((await gerente.get('/services/sorteio/addganhador/99999')).statusCode).toBe(404);
    expect(await contar('sorteio')).toBe(antes);
  });
});

describe('sorteio: apuração, congelamento, ganhadores e verificação pública', () => {
  let s: Sorteio;
  const c: Record<string, number> = {};

  beforeAll(async () => {
    c.maria = await novoCliente({ nome: 'Maria da Silva', documento: '12345678901' });
    c.joao = await novoCliente({ nome: 'João Pereira Souza' });
    c.ana = await novoCliente({ nome: 'Ana' });
    c.bloqueado = await novoCliente({ status: 'BLOQUEADO' });
    c.semConsentimento = await novoCliente({ consentimento: [] });
    c.retirou = await novoCliente({ consentimento: [true, false] });
    c.foraDoPeriodo = await novoCliente();
    c.outraLoja = await novoCliente();
    await vender(c.maria, 2000, '2020-01-02');
    await vender(c.maria, 1500, '2020-01-31'); // R$ 35,00 → 3 números
    await vender(c.joao, 12000, '2020-01-10'); // R$ 120,00 → 12, limitado a 5
    await vender(c.ana, 1000, '2020-01-15', MOEMA); // 1 número
    await vender(c.bloqueado, 5000, '2020-01-10');
    await vender(c.semConsentimento, 5000, '2020-01-10');
    await vender(c.retirou, 5000, '2020-01-10');
    await vender(c.foraDoPeriodo, 5000, '2020-02-02');
    await vender(c.outraLoja, 5000, '2020-01-10', 4);
    s = await novoSorteio({ filiais: [JARDINS, MOEMA] });
  });

  it('não sorteia nem imprime antes de congelar; congelar publica o SHA-256 da lista canônica', async () => {
    const r = await gerente.get(`/services/sorteio/addganhador/${s.id}`);
    expect(r.statusCode).toBe(400);
    expect(env(r).messageError).toBe('Congele a lista de participantes antes de sortear.');
    expect(env(await gerente.get(`/services/sorteio/participantes/impressao/${s.id}`)).messageError).toBe('Congele a lista de participantes antes de imprimi-la.');

    const futuro = await novoSorteio({ inicio: '2020-01-01', fim: '2099-12-30', dataLoteria: '2099-12-31' });
    const f = await gerente.post('/services/sorteio/congelar', { id: futuro.id });
    expect(f.statusCode).toBe(400);
    expect(env(f).messageError).toBe('O período do sorteio ainda não terminou: congele a lista depois do último dia.');
    const vazio = await novoSorteio({ inicio: '2010-01-01', fim: '2010-01-31', dataLoteria: HOJE });
    expect(env(await gerente.post('/services/sorteio/congelar', { id: vazio.id })).messageError).toBe('Nenhum cliente ganhou números da sorte no período: não há lista para congelar.');
    expect(await linhas(sql`select 1 from sorteio_participante where sorteio_id in (${futuro.id}, ${vazio.id})`)).toHaveLength(0);

    const cg = await gerente.post('/services/sorteio/congelar', { id: s.id });
    expect(cg.statusCode, cg.body).toBe(200);
    s = env<Sorteio>(cg).result;
    expect(s).toMatchObject({ status: 'CONGELADO', totalParticipantes: 3, totalNumeros: 9 });
    const texto = (await t.cliente().get(`/p/sorteio/${s.codigoPublico}/lista.txt`)).body;
    expect(texto).toBe(
      [
        '0000001;0000001;***.456.789-**;Maria S.',
        '0000002;0000001;***.456.789-**;Maria S.',
        '0000003;0000001;***.456.789-**;Maria S.',
        ...[4, 5, 6, 7, 8].map((n) => `000000${n};0000002;***.000.000-**;João S.`.replace('***.000.000', `***.${texto.split('\n')[3]!.split(';')[2]!.slice(4, 11)}`)),
        '0000009;0000003;***.' + texto.split('\n')[8]!.split(';')[2]!.slice(4, 11) + '-**;Ana',
        '',
      ].join('\n'),
    );
    expect(s.hashLista).toBe(await sha256Hex(texto));
    expect(texto).not.toContain('12345678901');
    // A browser that takes gzip gets the same bytes compressed.
    const comprimida = await t.cliente().get(`/p/sorteio/${s.codigoPublico}/lista.txt`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(comprimida.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(comprimida.rawPayload).toString('utf8')).toBe(texto);

    const again = await gerente.post('/services/sorteio/congelar', { id: s.id });
    expect(env(again).messageError).toBe('A lista deste sorteio já foi congelada.');
    expect(env(await gerente.post('/services/sorteio/save', { ...basico(), id: s.id })).messageError).toBe('Sorteio com a lista congelada não pode ser alterado.');
    expect((await gerente.delete(`/services/sorteio/delete/${s.id}`)).statusCode).toBe(400);
  });

  it('sem semente não sorteia; a semente da Loteria entra uma vez; os ganhadores são os do algoritmo publicado', async () => {
    expect(env(await gerente.get(`/services/sorteio/addganhador/${s.id}`)).messageError).toBe('Informe a semente (o resultado da Loteria Federal) antes de sortear.');
    const sem = await gerente.post('/services/sorteio/semente', { id: s.id, semente: '54321' });
    expect(sem.statusCode, sem.body).toBe(200);
    expect(env<Sorteio>(sem).result.semente).toBe('54321');

    // The screen names the prize it draws: a double click asks twice for the 1st, and only one is drawn.
    const duplo = await Promise.all([1, 2].map(() => gerente.get(`/services/sorteio/addganhador/${s.id}?posicao=1`)));
    expect(duplo.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(env(duplo.find((r) => r.statusCode === 409)!).messageError).toBe('O 1º prêmio já foi sorteado.');
    expect(env(await gerente.get(`/services/sorteio/addganhador/${s.id}?posicao=3`)).messageError).toBe('O próximo prêmio a sortear é o 2º.');
    expect(env(await gerente.get(`/services/sorteio/addganhador/${s.id}?posicao=x`)).messageError).toBe('Posição do prêmio inválida.');
    expect(env(await gerente.post('/services/sorteio/semente', { id: s.id, semente: '11111' })).messageError).toBe('O sorteio já tem ganhadores: a semente não pode mais mudar.');

    const texto = (await t.cliente().get(`/p/sorteio/${s.codigoPublico}/lista.txt`)).body;
    const lista = lerLista(texto);
    const primeiro = await sortearPosicao(lista, s.hashLista!, '54321', 1, [], true);
    let g = env<GanhadorSorteio[]>(await gerente.get(`/services/sorteio/ganhadores/${s.id}`)).result;
    expect(g).toHaveLength(1);
    expect(g[0]).toMatchObject({ posicao: 1, premio: 'Uma bicicleta', numero: primeiro.numero, participante: primeiro.participante, manual: false, motivo: null });

    // Manual winner: bad numbers refused, then one of another participant with the reason.
    const doPrimeiro = lista.find((l) => l.participante === primeiro.participante && l.numero !== primeiro.numero);
    if (doPrimeiro) expect(env(await gerente.post('/services/sorteio/addganhadormanual', { id: s.id, numero: doPrimeiro.numero, motivo: 'Ganhador do sorteio presencial' })).messageError).toBe('Este participante já ganhou um prêmio (regra: um prêmio por cliente).');
    expect(env(await gerente.post('/services/sorteio/addganhadormanual', { id: s.id, numero: primeiro.numero, motivo: 'Ganhador do sorteio presencial' })).messageError).toBe('Este número da sorte já foi contemplado.');
    expect(env(await gerente.post('/services/sorteio/addganhadormanual', { id: s.id, numero: '777', motivo: 'Ganhador do sorteio presencial' })).messageError).toBe('Número da sorte não encontrado na lista congelada deste sorteio.');
    const outro = lista.find((l) => l.participante !== primeiro.participante)!;
    const m = await gerente.post('/services/sorteio/addganhadormanual', { id: s.id, numero: outro.numero, motivo: 'Ganhador do sorteio presencial' });
    expect(m.statusCode, m.body).toBe(200);

    const r3 = await gerente.get(`/services/sorteio/addganhador/${s.id}`);
    expect(r3.statusCode, r3.body).toBe(200);
    expect(env<Sorteio>(r3).result.status).toBe('CONCLUIDO');
    const anteriores: GanhadorAnterior[] = [primeiro, outro];
    const terceiro = await sortearPosicao(lista, s.hashLista!, '54321', 3, anteriores, true);
    g = env<GanhadorSorteio[]>(await gerente.get(`/services/sorteio/ganhadores/${s.id}`)).result;
    expect(g.map((x) => [x.posicao, x.numero, x.manual])).toEqual([
      [1, primeiro.numero, false],
      [2, outro.numero, true],
      [3, terceiro.numero, false],
    ]);
    expect(g[1]!.motivo).toBe('Ganhador do sorteio presencial');
    expect(new Set(g.map((x) => x.participante)).size).toBe(3);
    expect(env(await gerente.get(`/services/sorteio/addganhador/${s.id}`)).messageError).toBe('Todos os prêmios deste sorteio já têm ganhador.');

    // Winners notified through the outbox (transactional message), flagged on each winner.
    const fila = await linhas<{ cliente_id: number }>(sql`select cliente_id from mensagem_saida where origem = 'SORTEIO' and origem_id = ${s.id}`);
    expect(fila.length).toBe(g.filter((x) => x.notificado).length);
    const acoes = await linhas<{ acao: string }>(sql`select acao from auditoria where entidade = 'sorteio' and entidade_id = ${String(s.id)} order by id`);
    expect(acoes.map((a) => a.acao)).toEqual(['CRIAR', 'CONGELAR', 'SEMENTE', 'SORTEAR', 'GANHADOR_MANUAL', 'SORTEAR']);
  });

  it('PDFs de participantes e de ganhadores trazem o SHA-256 e a semente; manual sinalizado', async () => {
    const p = await gerente.get(`/services/sorteio/participantes/impressao/${s.id}`);
    expect(p.statusCode).toBe(200);
    expect(p.headers['content-type']).toBe('application/pdf');
    // The PDF's text comes in pieces: compared without spaces.
    const tp = textoDoPdf(p.rawPayload).join('').replace(/\s/g, '');
    expect(tp).toContain('MariaS.');
    expect(tp).toContain('***.456.789-**');
    expect(tp).toContain('0000001a0000003');
    expect(tp).toContain(s.hashLista!.slice(0, 20));
    const gpdf = await gerente.get(`/services/sorteio/ganhadores/impressao/${s.id}`);
    const tg = textoDoPdf(gpdf.rawPayload).join('').replace(/\s/g, '');
    expect(tg).toContain('MANUAL:Ganhadordosorteiopresencial');
    expect(tg).toContain('54321');
  });

  it('página pública: sem login, mostra hash, semente, ganhadores (mascarados) e serve o algoritmo', async () => {
    const anonimo = t.cliente();
    const r = await anonimo.get(`/p/sorteio/${s.codigoPublico}`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/html');
    expect(r.body).toContain(s.hashLista!);
    expect(r.body).toContain('54321');
    expect(r.body).toContain('MANUAL');
    expect(r.body).toContain('Maria S.');
    expect(r.body).not.toContain('Maria da Silva');
    expect(r.body).not.toContain('12345678901');
    const alg = await anonimo.get('/p/sorteio/algoritmo.js');
    expect(alg.statusCode).toBe(200);
    expect(alg.headers['content-type']).toContain('javascript');
    expect(alg.body).toContain('export async function indiceSorteado');
    expect(alg.body).not.toMatch(/^import /m);
    expect((await anonimo.get('/p/sorteio/verificar.js')).body).toContain("from './algoritmo.js'");
    expect((await anonimo.get('/p/sorteio/naoexiste123')).statusCode).toBe(404);
    expect((await anonimo.get('/p/sorteio/x')).statusCode).toBe(404);
    expect((await anonimo.get('/p/sorteio/naoexiste123/lista.txt')).statusCode).toBe(404);
    const rascunho = await novoSorteio();
    expect((await anonimo.get(`/p/sorteio/${rascunho.codigoPublico}/lista.txt`)).statusCode).toBe(404);
    expect((await anonimo.get(`/p/sorteio/${rascunho.codigoPublico}`)).body).toContain('Será congelada e publicada aqui');
  });

  it('regra VENDA e semente fixa: um número por compra; sorteia sem informar semente depois', async () => {
    const v = await novoSorteio({ regra: 'VENDA', valorPorNumero: null, maximoPorCliente: null, origemSemente: 'FIXA', semente: 'natal-2020', dataLoteria: null, umPremioPorCliente: false, premios: ['Prêmio A', 'Prêmio B'] });
    const cg = await gerente.post('/services/sorteio/congelar', { id: v.id });
    // The whole network: the sale at the other branch counts too (Maria 2 sales, João, Ana, outra loja).
    expect(env<Sorteio>(cg).result).toMatchObject({ totalNumeros: 5, totalParticipantes: 4 });
    expect(env(await gerente.post('/services/sorteio/semente', { id: v.id, semente: '1' })).messageError).toBe('A semente deste sorteio foi fixada no regulamento e não pode ser trocada.');
    expect((await gerente.get(`/services/sorteio/addganhador/${v.id}`)).statusCode).toBe(200);
    expect((await gerente.get(`/services/sorteio/addganhador/${v.id}`)).statusCode).toBe(200);
    expect((await buscar(v.id)).status).toBe('CONCLUIDO');
  });
});

describe('sorteio: a semente não pode ser conhecida antes da lista', () => {
  it('congelar depois da extração da Loteria é recusado; um ganhador manual antes da semente não trava o sorteio', async () => {
    const l = await novoSorteio({ premios: ['Prêmio manual', 'Prêmio sorteado'], nome: 'Sorteio da semente tardia' });
    // The extraction day passes while the list is still open (a draft saved earlier).
    await t.banco.db.execute(sql`update sorteio set data_loteria = '2020-02-05' where id = ${l.id}`);
    const tarde = await gerente.post('/services/sorteio/congelar', { id: l.id });
    expect(tarde.statusCode).toBe(400);
    expect(env(tarde).messageError).toContain('A extração da Loteria Federal de 05/02/2020 já aconteceu');
    expect((await buscar(l.id)).status).toBe('RASCUNHO');
    await t.banco.db.execute(sql`update sorteio set data_loteria = ${HOJE} where id = ${l.id}`);
    const cg = await gerente.post('/services/sorteio/congelar', { id: l.id });
    expect(cg.statusCode, cg.body).toBe(200);
    const publica = await t.cliente().get(`/p/sorteio/${l.codigoPublico}`);
    expect(publica.body).toMatch(/Lista congelada em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} \(Brasília\)/);

    const numero = lerLista((await t.cliente().get(`/p/sorteio/${l.codigoPublico}/lista.txt`)).body)[0]!.numero;
    expect((await gerente.post('/services/sorteio/addganhadormanual', { id: l.id, numero, motivo: 'Ganhador do sorteio presencial' })).statusCode).toBe(200);
    const sem = await gerente.post('/services/sorteio/semente', { id: l.id, semente: '48213' });
    expect(sem.statusCode, sem.body).toBe(200);
    expect(env<Sorteio>(sem).result.sementeEm).not.toBeNull();
    expect((await gerente.get(`/services/sorteio/addganhador/${l.id}?posicao=2`)).statusCode).toBe(200);
    expect(env(await gerente.post('/services/sorteio/semente', { id: l.id, semente: '11111' })).messageError).toBe('O sorteio já tem ganhadores: a semente não pode mais mudar.');
    expect((await buscar(l.id)).status).toBe('CONCLUIDO');
  });

  it('mais prêmios que participantes: sorteia até acabar quem concorre; encerrar deixa os prêmios restantes sem ganhador', async () => {
    const d = await novoSorteio({ nome: 'Sorteio com prêmios demais', premios: ['P1', 'P2', 'P3', 'P4', 'P5'], origemSemente: 'FIXA', semente: 'muitos-premios', dataLoteria: null });
    const cg = env<Sorteio>(await gerente.post('/services/sorteio/congelar', { id: d.id })).result;
    const participantes = cg.totalParticipantes!;
    expect(participantes).toBeLessThan(5);
    expect(env(await gerente.post('/services/sorteio/encerrar', { id: d.id })).messageError).toBe('Ainda há participantes concorrendo: sorteie os prêmios restantes.');
    for (let p = 1; p <= participantes; p++) expect((await gerente.get(`/services/sorteio/addganhador/${d.id}?posicao=${p}`)).statusCode).toBe(200);
    const acabou = await gerente.get(`/services/sorteio/addganhador/${d.id}?posicao=${participantes + 1}`);
    expect(acabou.statusCode).toBe(400);
    expect(env(acabou).messageError).toBe('Não há mais participantes para sortear: encerre o sorteio para deixar os prêmios restantes sem ganhador.');
    const fim = await gerente.post('/services/sorteio/encerrar', { id: d.id });
    expect(fim.statusCode, fim.body).toBe(200);
    expect(env<Sorteio>(fim).result).toMatchObject({ status: 'CONCLUIDO', ganhadores: participantes });
    expect(env(await gerente.post('/services/sorteio/encerrar', { id: d.id })).messageError).toBe('Este sorteio foi encerrado: os prêmios restantes ficaram sem ganhador.');
    expect(env(await gerente.get(`/services/sorteio/addganhador/${d.id}`)).messageError).toBe('Este sorteio foi encerrado: os prêmios restantes ficaram sem ganhador.');
    const publica = (await t.cliente().get(`/p/sorteio/${d.codigoPublico}`)).body;
    expect(publica.match(/Sem ganhador: não restavam participantes/g)).toHaveLength(5 - participantes);
    const pdf = textoDoPdf((await gerente.get(`/services/sorteio/ganhadores/impressao/${d.id}`)).rawPayload).join('').replace(/\s/g, '');
    expect(pdf).toContain('5º—P5');
    expect(pdf).toContain('Semganhador');
    const [aud] = await linhas<{ acao: string }>(sql`select acao from auditoria where entidade = 'sorteio' and entidade_id = ${String(d.id)} order by id desc limit 1`);
    expect(aud!.acao).toBe('ENCERRAR');
  });

  it('semente fixa: trancada depois do início do período; a página pública diz quando foi fixada', async () => {
    const futuro = { inicio: '2099-01-01', fim: '2099-01-31', origemSemente: 'FIXA', semente: 'antes-1', dataLoteria: null };
    const a = await novoSorteio(futuro);
    const trocada = env<Sorteio>(await gerente.post('/services/sorteio/save', { ...basico(futuro), id: a.id, semente: 'antes-2' })).result;
    expect(trocada.semente).toBe('antes-2');
    expect((await t.cliente().get(`/p/sorteio/${a.codigoPublico}`)).body).toContain('antes do início do período');

    const retroativo = await novoSorteio({ origemSemente: 'FIXA', semente: 'depois-1', dataLoteria: null });
    const r = await gerente.post('/services/sorteio/save', { ...basico({ origemSemente: 'FIXA', dataLoteria: null }), id: retroativo.id, semente: 'depois-2' });
    expect(r.statusCode).toBe(400);
    expect(env(r).messageError).toBe('A semente fixa não pode mudar depois do início do período: ela precisa ser conhecida antes de qualquer número da sorte.');
    // Other fields still change; the seed and when it was fixed stay.
    const renomeado = env<Sorteio>(await gerente.post('/services/sorteio/save', { ...basico({ origemSemente: 'FIXA', dataLoteria: null }), id: retroativo.id, semente: 'depois-1', nome: 'Sorteio retroativo' })).result;
    expect(renomeado).toMatchObject({ nome: 'Sorteio retroativo', semente: 'depois-1', sementeEm: retroativo.sementeEm });
    expect((await t.cliente().get(`/p/sorteio/${retroativo.codigoPublico}`)).body).toContain('depois do início do período: a empresa já conhecia parte da lista');
  });
});

describe('sorteio: lista grande, lida em blocos', () => {
  it('dois congelamentos ao mesmo tempo: um congela, o outro ouve que já foi; a lista de vários blocos tem o SHA-256 do texto inteiro', async () => {
    // R$ 1,00 por número, sem limite: 15.000 + 20.000 + 10.000 números, atravessando os blocos de leitura.
    const reais = [15_000, 20_000, 10_000];
    for (const [i, r] of reais.entries()) await vender(await novoCliente({ nome: `Grande Participante ${i + 1}` }), r * 100, '2019-06-10');
    const g = await novoSorteio({ inicio: '2019-06-01', fim: '2019-06-30', dataLoteria: HOJE, valorPorNumero: 1, maximoPorCliente: null });

    const respostas = await Promise.all([1, 2].map(() => gerente.post('/services/sorteio/congelar', { id: g.id })));
    expect(respostas.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(env(respostas.find((r) => r.statusCode === 400)!).messageError).toBe('A lista deste sorteio já foi congelada.');
    const congelado = env<Sorteio>(respostas.find((r) => r.statusCode === 200)!).result;
    expect(congelado).toMatchObject({ status: 'CONGELADO', totalNumeros: 45_000, totalParticipantes: 3 });
    expect(await contar(`sorteio_participante where sorteio_id = ${g.id}`)).toBe(3);

    const texto = (await t.cliente().get(`/p/sorteio/${g.codigoPublico}/lista.txt`)).body;
    const lista = lerLista(texto);
    expect(lista).toHaveLength(45_000);
    expect(lista.every((l, i) => l.numero === String(i + 1).padStart(7, '0'))).toBe(true);
    expect(lista.map((l) => l.participante).filter((p, i, a) => p !== a[i - 1])).toEqual(['0000001', '0000002', '0000003']);
    expect(texto.split('\n').slice(14_999, 15_001)).toEqual([expect.stringMatching(/^0015000;0000001;\*\*\*\.\d{3}\.\d{3}-\*\*;Grande 1\.$/), expect.stringMatching(/^0015001;0000002;/)]);
    expect(texto.endsWith('\n')).toBe(true);
    expect(congelado.hashLista).toBe(await sha256Hex(texto));

    // A number inside a participant's range is theirs; one past the last is in nobody's.
    expect(env(await gerente.post('/services/sorteio/addganhadormanual', { id: g.id, numero: '45001', motivo: 'Número além do último' })).messageError).toBe('Número da sorte não encontrado na lista congelada deste sorteio.');
    const m = await gerente.post('/services/sorteio/addganhadormanual', { id: g.id, numero: '0034999', motivo: 'Ganhador do sorteio presencial' });
    expect(m.statusCode, m.body).toBe(200);
    const [ganhador] = env<GanhadorSorteio[]>(await gerente.get(`/services/sorteio/ganhadores/${g.id}`)).result;
    expect(ganhador).toMatchObject({ numero: '0034999', participante: '0000002', manual: true });
    const [, , cpf, nome] = texto.split('\n')[34_998]!.split(';');
    const pagina = (await t.cliente().get(`/p/sorteio/${g.codigoPublico}`)).body;
    expect(nome).toBe('Grande 2.');
    expect(pagina).toContain(`${nome}<br><small class="cpf">${cpf}</small>`);
  });
});
