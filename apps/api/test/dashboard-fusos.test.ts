import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DashboardCompleto, Filial } from '@bonifica/contracts';
import { cliente } from '../src/db/schema/index.js';
import { registrarVenda } from '../src/modules/transacao/venda.js';
import { creditarCliente } from '../src/modules/account/razao.js';
import { hojeNoFuso } from '../src/modules/empresadashboard/resumo.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';

/**
 * Each branch's day in its own zone (decision 025): the demo network (company 1) has branch 2 in
 * Brasília and branch 3 moved to Manaus (UTC−4). Sales near midnight land on the calendar day of
 * the branch that made them, in closed days (daily summaries) and in the open days (intervals).
 */
let t: AppDeTeste;
let gerente: Cliente;

const somaDias = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** An instant given as a wall-clock time in Brasília (UTC−3 all year since 2019). */
const emBrasilia = (dia: string, hora: string) => new Date(`${dia}T${hora}-03:00`);

const HOJE = hojeNoFuso();
// Closed days far behind the demo data (and the other dashboard test's window).
const F1 = somaDias(HOJE, -500);
const F2 = somaDias(HOJE, -499);
// The matriz's own window (its zone changed by the system administrator).
const M1 = somaDias(HOJE, -520);
const M2 = somaDias(HOJE, -519);
// Open days: ahead of every zone's today, so they are always read from the intervals.
const A1 = somaDias(HOJE, 2);
const A2 = somaDias(HOJE, 3);

async function painel(corpo: Record<string, unknown>) {
  const r = await gerente.post('/services/empresadashboard/completo', corpo);
  expect(r.statusCode, r.body).toBe(200);
  return env<DashboardCompleto>(r).result;
}

/** What the manager reads per day: sales, amount and new customers of each day of the series. */
const porDia = (p: DashboardCompleto) => Object.fromEntries(p.serie.map((s) => [s.periodo, { vendas: s.vendas, valor: s.valor, novos: s.novosClientes }]));

async function mudarFuso(id: number, fusoHorario: Filial['fusoHorario']) {
  const r = await gerente.get(`/services/company/findbyid/${id}`);
  expect(r.statusCode, r.body).toBe(200);
  const f = env<Filial>(r).result;
  const corpo = {
    id,
    nome: f.nome,
    shortName: f.shortName,
    cnpj: f.cnpj,
    telefone: f.telefone,
    cep: f.cep,
    logradouro: f.logradouro,
    numero: f.numero,
    complemento: f.complemento,
    bairro: f.bairro,
    cidade: f.cidade,
    uf: f.uf,
    fusoHorario,
    ativa: f.ativa,
  };
  const s = await gerente.post('/services/company/save', corpo);
  expect(s.statusCode, s.body).toBe(200);
}

beforeAll(async () => {
  t = await criarAppDeTeste();
  gerente = await t.entrar('gerente');
  await mudarFuso(3, 'UTC_4_BRASIL');
  await t.banco.db.transaction(async (tx) => {
    const novo = async (nome: string, filialOrigemId: number, criadoEm: Date) =>
      (await tx.insert(cliente).values({ empresaId: 1, nome, filialOrigemId, criadoEm }).returning({ id: cliente.id }))[0]!.id;
    const venda = (clienteId: number, filialId: number, reais: number, criadoEm: Date) =>
      registrarVenda(tx, { empresaId: 1, clienteId, filialId, valorCentavos: reais * 100, resgateCentavos: 0, usuarioId: null, criadoEm });
    for (const [F, G] of [[F1, F2], [A1, A2]] as const) {
      // 00:10 in Brasília on G: G in Brasília, 23:10 of F in Manaus.
      const daManaus = await novo(`Cliente de Manaus ${F}`, 3, emBrasilia(G, '00:10:00'));
      const deBrasilia = await novo(`Cliente de Brasília ${F}`, 2, emBrasilia(G, '00:10:00'));
      await venda(deBrasilia, 2, 100, emBrasilia(G, '00:30:00')); // G in Brasília
      await venda(daManaus, 3, 200, emBrasilia(G, '00:30:00')); // 23:30 of F in Manaus
      await venda(daManaus, 3, 40, emBrasilia(G, '01:30:00')); // 00:30 of G in Manaus
      await venda(deBrasilia, 2, 10, emBrasilia(F, '23:59:00')); // F in Brasília, 22:59 in Manaus — but made in Brasília
      // A prepaid load (a posting, not a sale) at the Manaus branch, 00:20 of G in Brasília: F in Manaus.
      await creditarCliente(tx, { empresaId: 1, tipo: 'AJUSTE', descricao: 'Recarga', clienteId: daManaus, unidade: 'PREPAGO', valor: 2500, filialId: 3, criadoEm: emBrasilia(G, '00:20:00') });
    }
    const naMatriz = await novo('Cliente da matriz', 1, emBrasilia(M1, '12:00:00'));
    await venda(naMatriz, 1, 7, emBrasilia(M2, '01:00:00')); // M2 in Brasília, 23:00 of M1 in Rio Branco
  });
});
afterAll(() => t.fechar());

describe('dashboard: o dia de cada filial no fuso dela', () => {
  it('dias fechados: a venda de Manaus às 23:30 (00:30 em Brasília) conta no dia anterior; a de Brasília no mesmo instante, no dia seguinte', async () => {
    const p = await painel({ de: F1, ate: F2 });
    expect(porDia(p)).toEqual({
      [F1]: { vendas: 2, valor: 210, novos: 1 },
      [F2]: { vendas: 2, valor: 140, novos: 1 },
    });
    expect((await painel({ de: F1, ate: F1 })).vendas).toMatchObject({ quantidade: 2, valor: 210 });
    expect((await painel({ de: F1, ate: F1 })).prepago.creditado).toBe(25);
    expect((await painel({ de: F2, ate: F2 })).prepago.creditado).toBe(0);
    // Over 92 days the series is by month: the edge of F1 in Manaus must not slip into F2's month.
    const meses = await painel({ de: F2, ate: somaDias(F2, 93) });
    expect(meses.periodo.agrupamento).toBe('MES');
    expect(meses.prepago.creditado).toBe(0);
    expect(meses.vendas).toMatchObject({ quantidade: 2, valor: 140 });
    // The daily summary was built (the first call) and holds the branch's day.
    const linhas = ((await t.banco.db.execute(sql`select dia::text as dia, filial_id, vendas from resumo_venda_dia where empresa_id = 1 and dia between ${F1}::date and ${F2}::date and vendas > 0 order by 1, 2`)) as unknown as { rows: { dia: string; filial_id: number; vendas: number }[] }).rows;
    expect(linhas.map((l) => [l.dia, Number(l.filial_id), Number(l.vendas)])).toEqual([
      [F1, 2, 1],
      [F1, 3, 1],
      [F2, 2, 1],
      [F2, 3, 1],
    ]);
  });

  it('filtro de filial: Manaus vê o próprio dia (ativos e clientes novos também)', async () => {
    const m1 = await painel({ de: F1, ate: F1, filialId: 3 });
    expect(m1.vendas).toMatchObject({ quantidade: 1, valor: 200 });
    expect(m1.clientes).toMatchObject({ novos: 1, ativos: 1 });
    const b2 = await painel({ de: F2, ate: F2, filialId: 2 });
    expect(b2.vendas).toMatchObject({ quantidade: 1, valor: 100 });
    expect(b2.clientes).toMatchObject({ novos: 1, ativos: 1 });
    expect((await painel({ de: F1, ate: F1, filialId: 2 })).vendas).toMatchObject({ quantidade: 1, valor: 10 });
  });

  it('dias abertos (intervalos de 5 minutos): a mesma regra', async () => {
    const p = await painel({ de: A1, ate: A2 });
    expect(porDia(p)).toEqual({
      [A1]: { vendas: 2, valor: 210, novos: 1 },
      [A2]: { vendas: 2, valor: 140, novos: 1 },
    });
    expect((await painel({ de: A1, ate: A1, filialId: 3 })).vendas).toMatchObject({ quantidade: 1, valor: 200 });
    expect((await painel({ de: A1, ate: A1, filialId: 3 })).clientes).toMatchObject({ novos: 1, ativos: 1 });
    expect((await painel({ de: A1, ate: A1 })).prepago.creditado).toBe(25);
    expect((await painel({ de: A2, ate: A2 })).prepago.creditado).toBe(0);
  });

  it('trocar o fuso de Manaus para Brasília: os números passam na hora ao novo dia, nos dias fechados e nos abertos', async () => {
    await painel({ de: F1, ate: F2 }); // the old zone's summary exists
    await mudarFuso(3, 'UTC_3_BRASIL');
    const [{ n }] = ((await t.banco.db.execute(sql`select count(*)::int as n from resumo_venda_dia where empresa_id = 1`)) as unknown as { rows: { n: number }[] }).rows as [{ n: number }];
    expect(Number(n)).toBe(0);
    expect(porDia(await painel({ de: F1, ate: F2 }))).toEqual({
      [F1]: { vendas: 1, valor: 10, novos: 0 },
      [F2]: { vendas: 3, valor: 340, novos: 2 },
    });
    expect(porDia(await painel({ de: A1, ate: A2 }))).toEqual({
      [A1]: { vendas: 1, valor: 10, novos: 0 },
      [A2]: { vendas: 3, valor: 340, novos: 2 },
    });
    expect((await painel({ de: F2, ate: F2 })).prepago.creditado).toBe(25);
    // And back: the rebuilt rows follow the zone again.
    await mudarFuso(3, 'UTC_4_BRASIL');
    expect((await painel({ de: F1, ate: F1 })).vendas).toMatchObject({ quantidade: 2, valor: 210 });
  });

  it('o administrador troca o fuso da matriz para Rio Branco: as vendas da matriz mudam de dia, as de Manaus não', async () => {
    const admin = await t.entrar('admin');
    const salvarMatriz = async (fusoHorario: Filial['fusoHorario']) => {
      const e = env<{ nome: string; shortName: string; cnpj: string | null; slug: string }>(await admin.get('/services/company/admin/findbyid/1')).result;
      const r = await admin.post('/services/company/admin/save', { id: 1, nome: e.nome, nomeCurto: e.shortName, cnpj: e.cnpj, slug: e.slug, fusoHorario });
      expect(r.statusCode, r.body).toBe(200);
    };
    expect(porDia(await painel({ de: M1, ate: M2 }))).toEqual({ [M1]: { vendas: 0, valor: 0, novos: 1 }, [M2]: { vendas: 1, valor: 7, novos: 0 } });
    await salvarMatriz('UTC_5_BRASIL');
    try {
      expect(porDia(await painel({ de: M1, ate: M2 }))).toEqual({ [M1]: { vendas: 1, valor: 7, novos: 1 }, [M2]: { vendas: 0, valor: 0, novos: 0 } });
      expect((await painel({ de: F1, ate: F1, filialId: 3 })).vendas).toMatchObject({ quantidade: 1, valor: 200 });
    } finally {
      await salvarMatriz('UTC_3_BRASIL');
    }
  });

  it('salvar a filial sem mudar o fuso não apaga os resumos', async () => {
    await painel({ de: F1, ate: F2 });
    await mudarFuso(3, 'UTC_4_BRASIL');
    const [{ n }] = ((await t.banco.db.execute(sql`select count(*)::int as n from resumo_venda_dia where empresa_id = 1 and dia = ${F1}::date`)) as unknown as { rows: { n: number }[] }).rows as [{ n: number }];
    expect(Number(n)).toBeGreaterThan(0);
  });
});
