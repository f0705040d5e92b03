import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { periodosPredefinidos, type DashboardCashback, type DashboardCompleto, type DashboardCupom, type DashboardPontuacao, type DashboardPontuacaoUnitaria, type DashboardPrepago, type PeriodoPredefinido } from '@bonifica/contracts';
import { cliente } from '../src/db/schema/index.js';
import { contaCliente, contaSistema, creditarCliente, lancar } from '../src/modules/account/razao.js';
import { registrarVenda } from '../src/modules/transacao/venda.js';
import { estimar, novoSketch, SQL_RANK_HLL, SQL_REGISTRO_HLL, unir } from '../src/modules/empresadashboard/hll.js';
import { consolidarTodas, hojeNoFuso } from '../src/modules/empresadashboard/resumo.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';
import { textoDoPdf } from './apoio/pdf-texto.js';

/** The PDF's words in reading order, one space between them (pdfmake writes word by word). */
const textoCorrido = (pdf: Buffer) => textoDoPdf(pdf).join(' ').replace(/\s+/g, ' ');

let t: AppDeTeste;
let gerente: Cliente;

const URL = '/services/empresadashboard/completo';
const somaDias = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** An instant given as a wall-clock time in São Paulo (UTC−3 all year since 2019). */
const emSaoPaulo = (dia: string, hora: string) => new Date(`${dia}T${hora}-03:00`);

const HOJE = hojeNoFuso();
// Far behind the demo data (customers up to 400 days old, sales up to 60): a window only this file writes.
const D1 = somaDias(HOJE, -450);
const D2 = somaDias(HOJE, -449);

async function linhas<T>(consulta: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.banco.db.execute(consulta)) as unknown as { rows: T[] }).rows;
}

/** The same figures straight from the sales, by a query that shares nothing with the module. */
async function somasIndependentes(empresaId: number, de: string, ate: string, filialId?: number) {
  const [l] = await linhas<Record<string, unknown>>(sql`
    select count(*) as vendas, coalesce(sum(valor_centavos), 0) as valor, coalesce(sum(cashback_centavos), 0) as cashback,
           coalesce(sum(resgate_centavos), 0) as resgate, coalesce(sum(pontos), 0) as pontos, count(distinct cliente_id) as ativos
    from transacao
    where empresa_id = ${empresaId} and status = 'CONFIRMADA'
      and (criado_em at time zone 'America/Sao_Paulo')::date between ${de}::date and ${ate}::date
      ${filialId ? sql`and filial_id = ${filialId}` : sql``}`);
  const [c] = await linhas<{ n: unknown }>(sql`
    select count(*) as n from cliente where empresa_id = ${empresaId}
      and (criado_em at time zone 'America/Sao_Paulo')::date between ${de}::date and ${ate}::date
      ${filialId ? sql`and filial_origem_id = ${filialId}` : sql``}`);
  return {
    vendas: Number(l!.vendas),
    valor: Number(l!.valor) / 100,
    cashback: Number(l!.cashback) / 100,
    resgate: Number(l!.resgate) / 100,
    pontos: Number(l!.pontos),
    ativos: Number(l!.ativos),
    novos: Number(c!.n),
  };
}

async function painel(c: Cliente, corpo: Record<string, unknown>, url = URL) {
  const r = await c.post(url, corpo);
  expect(r.statusCode, r.body).toBe(200);
  return env<DashboardCompleto>(r).result;
}

function conferirComIndependente(p: DashboardCompleto, s: Awaited<ReturnType<typeof somasIndependentes>>) {
  expect(p.vendas.quantidade).toBe(s.vendas);
  expect(p.vendas.valor).toBeCloseTo(s.valor, 2);
  expect(p.cashback.emitido).toBeCloseTo(s.cashback, 2);
  expect(p.cashback.resgatado).toBeCloseTo(s.resgate, 2);
  expect(p.pontos.emitidos).toBe(s.pontos);
  expect(p.clientes.ativos).toBe(s.ativos);
  expect(p.clientes.novos).toBe(s.novos);
  // The series adds up to the cards.
  expect(p.serie.reduce((x, y) => x + y.vendas, 0)).toBe(s.vendas);
  expect(p.serie.reduce((x, y) => x + y.valor, 0)).toBeCloseTo(s.valor, 2);
}

// The window's fixed story (docs/areas/dashboard.md): ids filled in beforeAll.
const janela = { ana: 0, bruno: 0, carla: 0, vendaCarla: 0 };

beforeAll(async () => {
  t = await criarAppDeTeste();
  gerente = await t.entrar('gerente');
  await t.banco.db.transaction(async (tx) => {
    const novo = async (nome: string, filialOrigemId: number, criadoEm: Date) =>
      (await tx.insert(cliente).values({ empresaId: 1, nome, filialOrigemId, criadoEm }).returning({ id: cliente.id }))[0]!.id;
    janela.ana = await novo('Ana Dashboard', 2, emSaoPaulo(D1, '09:00:00'));
    janela.bruno = await novo('Bruno Dashboard', 3, emSaoPaulo(D1, '23:50:00'));
    janela.carla = await novo('Carla Dashboard', 2, emSaoPaulo(D2, '08:00:00'));
    const venda = (clienteId: number, filialId: number, reais: number, criadoEm: Date, resgate = 0) =>
      registrarVenda(tx, { empresaId: 1, clienteId, filialId, valorCentavos: reais * 100, resgateCentavos: resgate * 100, usuarioId: null, criadoEm });
    // Rule of the demo: 5 % cashback, 1 point per real, minimum R$ 10,00.
    await venda(janela.ana, 2, 100, emSaoPaulo(D1, '10:00:00')); // R$ 5,00 and 100 points
    await venda(janela.bruno, 3, 200, emSaoPaulo(D1, '23:30:00')); // 02:30 UTC of D2, still D1 in São Paulo
    await venda(janela.ana, 2, 50, emSaoPaulo(D2, '00:30:00'), 5); // pays R$ 5,00 with cashback: accrues on R$ 45,00
    janela.vendaCarla = (await venda(janela.carla, 2, 80, emSaoPaulo(D2, '12:00:00'))).transacaoId;
    // Postings that are not sales: an expiry and a points redemption on D1, a prepaid load on D2.
    const cbAna = await contaCliente(tx, 1, janela.ana, 'CASHBACK');
    const ptAna = await contaCliente(tx, 1, janela.ana, 'PONTOS');
    await lancar(tx, { empresaId: 1, tipo: 'EXPIRACAO', descricao: 'Validade', partidas: [{ contaId: cbAna, valor: -120 }, { contaId: await contaSistema(tx, 1, 'CASHBACK'), valor: 120 }], criadoEm: emSaoPaulo(D1, '22:00:00') });
    await lancar(tx, { empresaId: 1, tipo: 'RESGATE', descricao: 'Prêmio', filialId: 2, partidas: [{ contaId: ptAna, valor: -30 }, { contaId: await contaSistema(tx, 1, 'PONTOS'), valor: 30 }], criadoEm: emSaoPaulo(D1, '22:10:00') });
    await creditarCliente(tx, { empresaId: 1, tipo: 'AJUSTE', descricao: 'Recarga', clienteId: janela.carla, unidade: 'PREPAGO', valor: 2500, filialId: 2, criadoEm: emSaoPaulo(D2, '09:00:00') });
  });
});
afterAll(() => t.fechar());

describe('empresadashboard/completo', () => {
  it('uma janela fechada: números da história, com o dia de São Paulo (venda às 23:30 fica no dia)', async () => {
    const p = await painel(gerente, { de: D1, ate: D2 });
    expect(p.periodo).toEqual({ de: D1, ate: D2, filialId: null, agrupamento: 'DIA' });
    expect(p.vendas).toEqual({ quantidade: 4, valor: 430, ticketMedio: 107.5, canceladas: 0 });
    expect(p.cashback).toEqual({ emitido: 5 + 10 + 2.25 + 4, resgatado: 5, expirado: 1.2 });
    expect(p.pontos).toEqual({ emitidos: 100 + 200 + 45 + 80, resgatados: 30, expirados: 0 });
    expect(p.prepago).toEqual({ creditado: 25, utilizado: 0 });
    expect(p.clientes).toEqual({ novos: 3, ativos: 3, ativosAproximado: false });
    expect(p.serie.map((s) => [s.periodo, s.vendas, s.valor, s.novosClientes])).toEqual([
      [D1, 2, 300, 2],
      [D2, 2, 130, 1],
    ]);
    expect(p.topFiliais.map((f) => [f.filialId, f.vendas, f.valor])).toEqual([
      [2, 3, 230],
      [3, 1, 200],
    ]);
    expect(p.topFiliais[0]!.nome).toMatch(/\S/);
  });

  it('uma venda cancelada depois de o dia estar resumido sai dos números na próxima consulta', async () => {
    const r = await gerente.get(`/services/transacao/cancelar/${janela.vendaCarla}`);
    expect(r.statusCode, r.body).toBe(200);
    const p = await painel(gerente, { de: D1, ate: D2 });
    expect(p.vendas).toEqual({ quantidade: 3, valor: 350, ticketMedio: 116.67, canceladas: 1 });
    expect(p.cashback.emitido).toBeCloseTo(17.25, 2);
    expect(p.serie.find((s) => s.periodo === D2)).toMatchObject({ vendas: 1, valor: 50, cashbackEmitido: 2.25, cashbackResgatado: 5, prepagoCreditado: 25 });
    expect(p.clientes).toEqual({ novos: 3, ativos: 2, ativosAproximado: false });
    conferirComIndependente(p, await somasIndependentes(1, D1, D2));
  });

  it('filtro de filial: só as vendas e os clientes novos daquela filial', async () => {
    const p = await painel(gerente, { de: D1, ate: D2, filialId: 3 });
    expect(p.periodo.filialId).toBe(3);
    expect(p.vendas).toMatchObject({ quantidade: 1, valor: 200 });
    expect(p.clientes).toMatchObject({ novos: 1, ativos: 1 });
    expect(p.topFiliais.map((f) => f.filialId)).toEqual([3]);
    // The expiry was made by no branch, the redemption at branch 2: neither shows under branch 3.
    expect(p.cashback.expirado).toBe(0);
    expect(p.pontos.resgatados).toBe(0);
    conferirComIndependente(p, await somasIndependentes(1, D1, D2, 3));
  });

  it('hoje (ainda não resumido) soma as vendas feitas agora pela API, sem as canceladas', async () => {
    const antes = await painel(gerente, { de: HOJE, ate: HOJE });
    const v1 = await gerente.post('/services/transacao/venda', { clienteId: janela.ana, valor: 40 });
    const v2 = await gerente.post('/services/transacao/venda', { clienteId: janela.bruno, valor: 60, filialId: 3 });
    expect([v1.statusCode, v2.statusCode]).toEqual([200, 200]);
    await gerente.get(`/services/transacao/cancelar/${env<{ transacaoId: number }>(v2).result.transacaoId}`);
    const p = await painel(gerente, { de: HOJE, ate: HOJE });
    expect(p.vendas.quantidade).toBe(antes.vendas.quantidade + 1);
    expect(p.vendas.valor).toBeCloseTo(antes.vendas.valor + 40, 2);
    expect(p.vendas.canceladas).toBe(antes.vendas.canceladas + 1);
    conferirComIndependente(p, await somasIndependentes(1, HOJE, HOJE));
  });

  const pendentes = async (empresaId: number) =>
    (await linhas<{ n: number }>(sql`select count(*)::int as n from resumo_venda_pendente where empresa_id = ${empresaId}`))[0]!.n;
  const vendaEm = async (criadoEm: Date, reais: number) =>
    (await t.banco.db.transaction(async (tx) => [
      await registrarVenda(tx, { empresaId: 1, clienteId: janela.carla, filialId: 2, valorCentavos: reais * 100, resgateCentavos: 0, usuarioId: null, criadoEm }),
    ]))[0]!;

  it('os intervalos de hoje acumulam: a venda que confirma depois de o intervalo dela ser somado entra na próxima consulta, e o cancelamento sai', async () => {
    // Ten minutes ago (an interval that would have been closed and summed for good with a closing margin), still today.
    const criadoEm = new Date(Math.max(Date.now() - 600_000, emSaoPaulo(HOJE, '00:00:01').getTime()));
    const inicio = new Date(Math.floor(criadoEm.getTime() / 300_000) * 300_000).toISOString();
    const doIntervalo = async () =>
      (await linhas<{ n: number }>(sql`select coalesce(sum(vendas), 0)::int as n from resumo_venda_intervalo where empresa_id = 1 and inicio = ${inicio}::timestamptz and filial_id = 2`))[0]!.n;
    await vendaEm(criadoEm, 55);
    expect(await pendentes(1)).toBeGreaterThan(0);
    const p1 = await painel(gerente, { de: HOJE, ate: HOJE });
    conferirComIndependente(p1, await somasIndependentes(1, HOJE, HOJE));
    // The call folded what the sales wrote: nothing pending, the interval has the sale.
    expect(await pendentes(1)).toBe(0);
    const antes = await doIntervalo();
    expect(antes).toBeGreaterThan(0);
    // A sale of the same instant (its transaction began then) that commits only now: no margin, it still counts.
    const tardia = await vendaEm(criadoEm, 77);
    const p2 = await painel(gerente, { de: HOJE, ate: HOJE });
    expect(p2.vendas.quantidade).toBe(p1.vendas.quantidade + 1);
    expect(p2.vendas.valor).toBeCloseTo(p1.vendas.valor + 77, 2);
    expect(await doIntervalo()).toBe(antes + 1);
    conferirComIndependente(p2, await somasIndependentes(1, HOJE, HOJE));
    // Cancelled after its interval was summed: it leaves the figures at the next call.
    expect((await gerente.get(`/services/transacao/cancelar/${tardia.transacaoId}`)).statusCode).toBe(200);
    const p3 = await painel(gerente, { de: HOJE, ate: HOJE });
    expect(p3.vendas.quantidade).toBe(p2.vendas.quantidade - 1);
    expect(p3.vendas.canceladas).toBe(p2.vendas.canceladas + 1);
    conferirComIndependente(p3, await somasIndependentes(1, HOJE, HOJE));
  });

  it('a tarefa de cada minuto soma o pendente de todas as empresas; refazer a partir das vendas não conta nada duas vezes', async () => {
    await vendaEm(new Date(), 33);
    const outra = await t.entrar('outra');
    const [c] = await linhas<{ id: number; empresa_id: number }>(
      sql`select c.id, c.empresa_id from cliente c join usuario u on u.empresa_id = c.empresa_id where u.username = 'outra' order by c.id limit 1`,
    );
    const empresaOutra = c!.empresa_id;
    expect((await outra.post('/services/transacao/venda', { clienteId: c!.id, valor: 20 })).statusCode).toBe(200);
    expect(await pendentes(1)).toBeGreaterThan(0);
    expect(await pendentes(empresaOutra)).toBeGreaterThan(0);
    expect(await consolidarTodas(t.banco.db)).toBe(2);
    expect(await pendentes(1)).toBe(0);
    expect(await pendentes(empresaOutra)).toBe(0);
    conferirComIndependente(await painel(gerente, { de: HOJE, ate: HOJE }), await somasIndependentes(1, HOJE, HOJE));
    conferirComIndependente(await painel(outra, { de: HOJE, ate: HOJE }), await somasIndependentes(empresaOutra, HOJE, HOJE));
    // What a back-dated writer (the migration, the bench generator) runs: the day rebuilt from the sales.
    await t.banco.db.execute(sql`select resumo_venda_pendente_refazer(1, now() - interval '1 day')`);
    conferirComIndependente(await painel(gerente, { de: HOJE, ate: HOJE }), await somasIndependentes(1, HOJE, HOJE));
  });

  it('vendas, cancelamentos, dashboards e a tarefa ao mesmo tempo: no fim, cada venda contada uma vez', async () => {
    const outraVez = await t.entrar('gerente');
    const vendas = Array.from({ length: 40 }, (_, i) =>
      (i % 2 ? gerente : outraVez).post('/services/transacao/venda', { clienteId: i % 3 ? janela.ana : janela.bruno, valor: 10 + i, filialId: i % 4 ? 2 : 3 }),
    );
    const paineis = Array.from({ length: 8 }, (_, i) => (i % 2 ? gerente : outraVez).post(URL, { de: HOJE, ate: HOJE }));
    const tarefas = [consolidarTodas(t.banco.db), consolidarTodas(t.banco.db)];
    const feitas = await Promise.all(vendas);
    expect(feitas.map((r) => r.statusCode)).toEqual(feitas.map(() => 200));
    expect((await Promise.all(paineis)).map((r) => r.statusCode)).toEqual(paineis.map(() => 200));
    await Promise.all(tarefas);
    const canceladas = feitas.slice(0, 5).map((r) => gerente.get(`/services/transacao/cancelar/${env<{ transacaoId: number }>(r).result.transacaoId}`));
    const mais = [painel(outraVez, { de: HOJE, ate: HOJE }), consolidarTodas(t.banco.db)];
    expect((await Promise.all(canceladas)).map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    await Promise.all(mais);
    conferirComIndependente(await painel(gerente, { de: HOJE, ate: HOJE }), await somasIndependentes(1, HOJE, HOJE));
    conferirComIndependente(await painel(gerente, { de: HOJE, ate: HOJE, filialId: 3 }), await somasIndependentes(1, HOJE, HOJE, 3));
  });

  it('os últimos 90 dias (demonstração + hoje) batem com as somas independentes; mais de 92 dias vira série mensal', async () => {
    const de = somaDias(HOJE, -89);
    conferirComIndependente(await painel(gerente, { de, ate: HOJE }), await somasIndependentes(1, de, HOJE));
    const ano = await painel(gerente, { de: somaDias(HOJE, -364), ate: HOJE });
    expect(ano.periodo.agrupamento).toBe('MES');
    expect(ano.serie.every((s) => /^\d{4}-\d{2}$/.test(s.periodo))).toBe(true);
    expect(ano.serie.length).toBeGreaterThanOrEqual(12);
    expect(ano.serie.length).toBeLessThanOrEqual(13);
    conferirComIndependente(ano, await somasIndependentes(1, somaDias(HOJE, -364), HOJE));
    // Two years, both windows inside: the per-month series still adds up.
    const dois = await painel(gerente, { de: somaDias(HOJE, -730), ate: HOJE });
    conferirComIndependente(dois, await somasIndependentes(1, somaDias(HOJE, -730), HOJE));
  });

  it('um período sem nada: zeros e a série com todos os dias', async () => {
    const de = somaDias(HOJE, -700);
    const p = await painel(gerente, { de, ate: somaDias(de, 6) });
    expect(p.vendas).toEqual({ quantidade: 0, valor: 0, ticketMedio: 0, canceladas: 0 });
    expect(p.serie).toHaveLength(7);
    expect(p.topFiliais).toEqual([]);
  });
});

describe('chamadas por tema', () => {
  it('vendascashback, vendaspontuacao, vendaspontuacaounitaria e vendasprepago repetem os números do completo', async () => {
    const corpo = { de: D1, ate: D2 };
    const c = env<DashboardCashback>(await gerente.post('/services/empresadashboard/vendascashback', corpo)).result;
    expect(c.totais).toEqual({ vendas: 3, valor: 350, emitido: 17.25, resgatado: 5, expirado: 1.2 });
    expect(c.serie.map((s) => s.periodo)).toEqual([D1, D2]);
    const p = env<DashboardPontuacao>(await gerente.post('/services/empresadashboard/vendaspontuacao', corpo)).result;
    expect(p.totais).toEqual({ vendas: 3, emitidos: 345, resgatados: 30, expirados: 0 });
    const u = env<DashboardPontuacaoUnitaria>(await gerente.post('/services/empresadashboard/vendaspontuacaounitaria', corpo)).result;
    expect(u.totais).toEqual({ vendas: 3, pontos: 345, mediaPorVenda: 115 });
    expect(u.serie[0]).toEqual({ periodo: D1, vendas: 2, pontos: 300, mediaPorVenda: 150 });
    const pp = env<DashboardPrepago>(await gerente.post('/services/empresadashboard/vendasprepago', corpo)).result;
    expect(pp.totais).toEqual({ creditado: 25, utilizado: 0, valesVendidos: 0, carregado: 0, usado: 0, devolvido: 0, vencido: 0, emAberto: 0 });
  });

  it('vendascupom: sem venda com cupom no período — totais zerados, série com os dias e o aviso, nunca números inventados', async () => {
    const r = await gerente.post('/services/empresadashboard/vendascupom', { de: D1, ate: D2 });
    expect(r.statusCode).toBe(200);
    const c = env<DashboardCupom>(r).result;
    expect(c).toMatchObject({ disponivel: true, totais: { vendas: 0, valor: 0, desconto: 0 } });
    expect(c.serie.every((p) => p.vendas === 0 && p.desconto === 0)).toBe(true);
    expect(c.mensagem).toMatch(/cupom/i);
  });

  it('filtroperiodo: os 7 períodos prontos, com as datas de hoje em São Paulo', async () => {
    const r = await gerente.get('/services/empresadashboard/filtroperiodo');
    expect(r.statusCode).toBe(200);
    const ps = env<PeriodoPredefinido[]>(r).results as PeriodoPredefinido[];
    expect(ps).toEqual(periodosPredefinidos(HOJE));
    expect(ps.map((p) => p.rotulo)).toEqual(['Hoje', 'Últimos 7 dias', 'Últimos 30 dias', 'Este mês', 'Mês passado', 'Este ano', 'Últimos 12 meses']);
    expect(ps[0]).toMatchObject({ de: HOJE, ate: HOJE });
    expect(ps[1]!.de).toBe(somaDias(HOJE, -6));
  });

  it('imprimir/resultados/usuario: PDF com uma linha por usuário e os totais', async () => {
    const r = await gerente.post('/services/empresadashboard/imprimir/resultados/usuario', { de: somaDias(HOJE, -89), ate: HOJE });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    const texto = textoCorrido(r.rawPayload);
    expect(texto).toMatch(/Resultados por usuário/);
    const [u] = await linhas<{ nome: string }>(sql`select u.nome from transacao t join usuario u on u.id = t.usuario_id where t.empresa_id = 1 limit 1`);
    expect(texto).toContain(u!.nome);
    const vazio = await gerente.post('/services/empresadashboard/imprimir/resultados/usuario', { de: somaDias(HOJE, -700), ate: somaDias(HOJE, -690) });
    expect(textoCorrido(vazio.rawPayload)).toMatch(/Nenhum registro encontrado/);
  });
});

describe('entrada inválida, permissões e isolamento', () => {
  const ROTAS = ['completo', 'vendascashback', 'vendaspontuacao', 'vendaspontuacaounitaria', 'vendascupom', 'vendasprepago', 'imprimir/resultados/usuario'];

  it.each([
    [{ de: D2, ate: D1 }, 'A data final deve ser igual ou posterior à inicial.'],
    [{ de: somaDias(HOJE, -731), ate: HOJE }, 'O período pode ter no máximo 2 anos.'],
    [{ de: '2026-02-30', ate: HOJE }, 'Data inicial inválida.'],
    [{ de: '01/02/2026', ate: HOJE }, 'Data inicial inválida: use AAAA-MM-DD.'],
    [{ ate: HOJE }, null],
    [{ de: D1, ate: D2, filialId: 0 }, 'Filial inválida.'],
    [{ de: D1, ate: D2, extra: 1 }, null],
  ])('%j → 400 em todas as chamadas', async (corpo, mensagem) => {
    for (const rota of ROTAS) {
      const r = await gerente.post(`/services/empresadashboard/${rota}`, corpo);
      expect(r.statusCode, `${rota} ${r.body}`).toBe(400);
      const e = env(r);
      expect(e.hasError).toBe(true);
      if (mensagem) expect(e.messageError).toBe(mensagem);
      else expect(e.messageError).toMatch(/\S/);
    }
  });

  it('exatamente 2 anos (731 dias) é aceito', async () => {
    const r = await gerente.post(URL, { de: somaDias(HOJE, -730), ate: HOJE });
    expect(r.statusCode).toBe(200);
  });

  it('o atendente e o analista não veem o dashboard; sem sessão, 401', async () => {
    const [atendente, analista] = await Promise.all([t.entrar('atendente'), t.entrar('analista')]);
    for (const c of [atendente, analista]) {
      for (const rota of ROTAS) expect((await c.post(`/services/empresadashboard/${rota}`, { de: D1, ate: D2 })).statusCode).toBe(403);
      expect((await c.get('/services/empresadashboard/filtroperiodo')).statusCode).toBe(403);
    }
    expect((await t.cliente().get('/services/empresadashboard/filtroperiodo')).statusCode).toBe(401);
    const menu = async (c: Cliente) => JSON.stringify(env((await c.get('/services/backoffice/menu')) as never));
    expect(await menu(gerente)).toContain('/app/dashboard');
    expect(await menu(atendente)).not.toContain('/app/dashboard');
  });

  it('outra empresa vê só os próprios números; filial da demo é recusada', async () => {
    const outra = await t.entrar('outra');
    const de = somaDias(HOJE, -730);
    const p = await painel(outra, { de, ate: HOJE });
    conferirComIndependente(p, await somasIndependentes(4, de, HOJE));
    expect(p.topFiliais.every((f) => f.filialId === 4 || f.filialId === null)).toBe(true);
    expect(JSON.stringify(p)).not.toMatch(/Bonifica|Jardins|Moema/);
    for (const rota of ROTAS) {
      const r = await outra.post(`/services/empresadashboard/${rota}`, { de, ate: HOJE, filialId: 2 });
      expect(r.statusCode).toBe(400);
      expect(env(r).messageError).toBe('Filial inválida.');
    }
    const pdf = await outra.post('/services/empresadashboard/imprimir/resultados/usuario', { de, ate: HOJE });
    expect(textoCorrido(pdf.rawPayload)).not.toMatch(/Gerente Souza|Bonifica Demo/);
    // The demo's summary rows are the demo's: outra's calls wrote only company 4 rows.
    const donos = await linhas<{ empresa_id: number }>(sql`select distinct empresa_id from resumo_venda_dia order by 1`);
    expect(donos.map((d) => Number(d.empresa_id))).toEqual([1, 4]);
  });
});

describe('estimativa de clientes ativos (HyperLogLog)', () => {
  // Standard error 1.04/√1024 ≈ 3,25 %: the bound is three of them, and few customers come out exact.
  it.each([10, 1_000, 5_000, 120_000])('%i clientes distintos estimados com erro ≤ 10 %%', async (n) => {
    const registros = await linhas<{ r: unknown; rank: unknown }>(
      sql`select ${sql.raw(SQL_REGISTRO_HLL('g'))} as r, max(${sql.raw(SQL_RANK_HLL('g'))}) as rank from generate_series(1, ${n}) g group by 1`,
    );
    const s = novoSketch();
    for (const { r, rank } of registros) s[Number(r)] = Number(rank);
    const e = estimar(s);
    if (n <= 10) expect(e).toBe(n);
    else expect(Math.abs(e - n) / n).toBeLessThanOrEqual(0.1);
  });
  it('hll_unir (a soma de um intervalo que já tinha compradores) é o máximo registro a registro: 1–60.000 unido a 40.001–100.000 estima 100.000', async () => {
    const esboco = (de: number, ate: number) => sql`(select decode(string_agg(lpad(to_hex(coalesce(x.rank, 0)), 2, '0'), '' order by s.r), 'hex')
      from generate_series(0, 1023) s(r)
      left join (select ${sql.raw(SQL_REGISTRO_HLL('g'))} as r, max(${sql.raw(SQL_RANK_HLL('g'))}) as rank from generate_series(${de}::int, ${ate}::int) g group by 1) x on x.r = s.r)`;
    const [l] = await linhas<{ a: Buffer | Uint8Array; b: Buffer | Uint8Array; u: Buffer | Uint8Array; so_a: Buffer | Uint8Array }>(
      sql`select ${esboco(1, 60_000)} as a, ${esboco(40_001, 100_000)} as b, hll_unir(${esboco(1, 60_000)}, ${esboco(40_001, 100_000)}) as u,
                 hll_unir(${esboco(1, 60_000)}, null) as so_a`,
    );
    const esperado = novoSketch();
    unir(esperado, l!.a);
    unir(esperado, l!.b);
    expect([...new Uint8Array(l!.u)]).toEqual([...esperado]);
    expect([...new Uint8Array(l!.so_a)]).toEqual([...new Uint8Array(l!.a)]);
    expect(Math.abs(estimar(new Uint8Array(l!.u)) - 100_000) / 100_000).toBeLessThanOrEqual(0.1);
  });
});
