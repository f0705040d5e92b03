import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lerFusos, ZONAS } from './fusos.js';
import { consolidarPendentes, garantirResumo, linhas, relogio } from './resumo.js';

/** Days rebuilt per transaction: each step is short, and progress moves between steps. */
const DIAS_POR_PASSO = 31;

/** A calendar day as the log shows it (DD/MM/YYYY). */
const br = (dia: string) => dia.split('-').reverse().join('/');

export type PassoRefazer = { feitos: number; total: number; texto: string };

export type ResultadoRefazer = { dias: number; primeiroDia: string | null; ultimoDiaFechado: string; diaAberto: string };

/**
 * Rebuilds a company's dashboard summaries from its sales and customers (sistema/manutencao): the
 * daily rows of every closed day since the first sale, customer or existing summary, then the open
 * day's pending rows and intervals (resumo_venda_pendente_refazer, migration 0022) folded again.
 * The daily rows are rebuilt in steps of DIAS_POR_PASSO days, each step deleting and rebuilding its
 * days in one transaction: a dashboard call meanwhile sees either the old or the new rows of a day,
 * and garantirResumo computes the same figures anyway. `passo` is called between transactions.
 * Each step reads the branches' zones under their lock (fusos.ts): a zone changed meanwhile
 * deletes every daily row, and the later steps and dashboard calls build them in the new zone.
 */
export async function refazerResumos(db: Db, empresaId: number, passo: (p: PassoRefazer) => Promise<void>): Promise<ResultadoRefazer> {
  const { diaAberto, inicioDoDiaAberto } = await relogio(db);
  // The earliest calendar day an instant can be on, in any zone.
  const primeiroDia = (coluna: string) => sql.raw(`least(${ZONAS.map((z) => `(min(${coluna}) at time zone '${z}')::date`).join(', ')})`);
  const [l] = await linhas<{ primeiro: string | null; ultimo: string }>(
    db,
    sql`select least(
          (select ${primeiroDia('criado_em')} from transacao where empresa_id = ${empresaId}),
          (select ${primeiroDia('criado_em')} from cliente where empresa_id = ${empresaId}),
          (select min(dia) from resumo_venda_dia where empresa_id = ${empresaId}))::text as primeiro,
        (${diaAberto}::date - 1)::text as ultimo`,
  );
  const primeiro = l?.primeiro ?? null;
  const ultimo = l!.ultimo;
  const faixas: [string, string][] = [];
  if (primeiro !== null && primeiro <= ultimo) {
    const [f] = await linhas<{ faixas: [string, string][] }>(
      db,
      sql`select coalesce(json_agg(json_build_array(d::date::text, least(d::date + ${DIAS_POR_PASSO - 1}::int, ${ultimo}::date)::text) order by d), '[]') as faixas
          from generate_series(${primeiro}::date, ${ultimo}::date, make_interval(days => ${DIAS_POR_PASSO}::int)) d`,
    );
    faixas.push(...f!.faixas);
  }
  const total = faixas.length + 1;
  await passo({ feitos: 0, total, texto: primeiro ? `Dias fechados de ${br(primeiro)} a ${br(ultimo)}, em ${faixas.length} passo(s).` : 'A empresa não tem vendas nem clientes: nada a refazer nos dias fechados.' });
  let dias = 0;
  for (const [i, [de, ate]] of faixas.entries()) {
    await db.transaction(async (tx) => {
      const fusos = await lerFusos(tx, empresaId);
      await tx.execute(sql`delete from resumo_venda_dia where empresa_id = ${empresaId} and dia between ${de}::date and ${ate}::date`);
      await garantirResumo(tx, empresaId, fusos, de, ate);
    });
    dias += Math.round((Date.parse(ate) - Date.parse(de)) / 86_400_000) + 1;
    await passo({ feitos: i + 1, total, texto: `Refeitos os dias de ${br(de)} a ${br(ate)}.` });
  }
  // Daily rows past the last closed day (a clock moved back) would never be rewritten: they go too.
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from resumo_venda_dia where empresa_id = ${empresaId} and dia > ${ultimo}::date`);
    await tx.execute(sql`select resumo_venda_pendente_refazer(${empresaId}::int, ${inicioDoDiaAberto}::timestamptz)`);
    await consolidarPendentes(tx, empresaId, inicioDoDiaAberto);
  });
  await passo({ feitos: total, total, texto: `Refeito o dia em aberto (${br(diaAberto)}).` });
  return { dias, primeiroDia: primeiro, ultimoDiaFechado: ultimo, diaAberto };
}
