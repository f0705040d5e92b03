import { sql, type SQL } from 'drizzle-orm';
import { FUSOS_HORARIOS_OPCOES, zonaIana, type FusoHorario } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';

/**
 * Every zone a branch may have (spec §9). The dashboard's clock uses all of them, not only the
 * network's: a day is closed once it is over everywhere, so a branch changing zone never finds the
 * open day's intervals already discarded (decision 025).
 */
export const ZONAS: readonly string[] = [...new Set(FUSOS_HORARIOS_OPCOES.map((o) => o.zona))];

/**
 * The zones of a network's sales (decision 025): a sale, customer or posting belongs to the
 * calendar day of its branch in that branch's zone. `padrao` is the matriz's zone — also the zone
 * of rows without a branch (filial 0) —; `outras` lists the branches in any other zone.
 */
export type Fusos = { padrao: string; outras: { zona: string; filiais: number[] }[] };

/** Zones in use by the network, for the instant bounds of a range of calendar days. */
const zonasDe = (f: Fusos) => [f.padrao, ...f.outras.map((o) => o.zona)];

/** Advisory-lock class of a network's zones (second key: the company id). */
const TRAVA_FUSOS = 250_001;

/**
 * Reads the network's zones under a shared lock held until the end of the transaction: a zone
 * change (fusoDaRedeMudou) takes it exclusively, so no summary is built, and no dashboard answers,
 * with one zone for some rows and another for the rest. Two statements: the read must see the
 * change once the lock has waited for it.
 */
export async function lerFusos(tx: Executor, empresaId: number): Promise<Fusos> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${TRAVA_FUSOS}, ${empresaId})`);
  const r = (await tx.execute(sql`select id, fuso_horario from empresa where matriz_id = ${empresaId}`)) as unknown as {
    rows: { id: number; fuso_horario: string }[];
  };
  const matriz = r.rows.find((e) => Number(e.id) === empresaId);
  const padrao = zonaIana((matriz?.fuso_horario ?? null) as FusoHorario);
  const porZona = new Map<string, number[]>();
  for (const e of r.rows) {
    const zona = zonaIana(e.fuso_horario as FusoHorario);
    if (zona !== padrao) porZona.set(zona, [...(porZona.get(zona) ?? []), Number(e.id)]);
  }
  return { padrao, outras: [...porZona].map(([zona, filiais]) => ({ zona, filiais: filiais.sort((a, b) => a - b) })) };
}

/**
 * Called in the transaction that changes a branch's (or the matriz's) zone: waits for the dashboard
 * calls and summary builds in progress, then deletes the network's daily summaries, which were cut
 * in the old zone. The next dashboard call rebuilds the days it needs (like the first one after
 * installation); intervals and pending rows are kept in instants and read with the new zone.
 */
export async function fusoDaRedeMudou(tx: Executor, empresaId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${TRAVA_FUSOS}, ${empresaId})`);
  await tx.execute(sql`delete from resumo_venda_dia where empresa_id = ${empresaId}`);
}

/** The zone of a row, from its branch column (null or 0: the matriz's zone). */
export function zonaDe(f: Fusos, colunaFilial: SQL): SQL {
  if (f.outras.length === 0) return sql`${f.padrao}::text`;
  const casos = f.outras.map((o) => sql`when ${colunaFilial} = any(${`{${o.filiais.join(',')}}`}::int[]) then ${o.zona}::text`);
  return sql`(case ${sql.join(casos, sql` `)} else ${f.padrao}::text end)`;
}

/** The calendar day (date) of an instant in its branch's zone. */
export const diaLocal = (f: Fusos, instante: SQL, colunaFilial: SQL): SQL => sql`((${instante} at time zone ${zonaDe(f, colunaFilial)})::date)`;

/** The earliest or latest, over the network's zones, of the instant where calendar day `dia` (+ `dias`) begins. */
const naRede = (f: Fusos, funcao: 'least' | 'greatest', dia: string, dias: 0 | 1) =>
  sql`${sql.raw(funcao)}(${sql.join(zonasDe(f).map((z) => sql`(${dia}::date + ${dias}::int)::timestamp at time zone ${z}::text`), sql`, `)})`;

/** First instant of calendar day `dia` in any of the network's zones (where its eastmost branch starts the day). */
export const inicioDoDia = (f: Fusos, dia: string): SQL => naRede(f, 'least', dia, 0);

/** End (exclusive) of calendar day `dia` in all of the network's zones (where its westmost branch ends it). */
export const fimDoDia = (f: Fusos, dia: string): SQL => naRede(f, 'greatest', dia, 1);

/**
 * The instants that may belong to calendar days [de, ate] in some zone of the network (a superset
 * when it spans zones). Grouped queries filter their day afterwards, so the planner keeps the row
 * estimate of a plain range: a day test in the scan makes it guess a few rows and pick nested loops.
 */
export function noIntervalo(f: Fusos, de: string, ate: string, colunaInstante: string): SQL {
  const instante = sql.raw(colunaInstante);
  return sql`${instante} >= ${inicioDoDia(f, de)} and ${instante} < ${fimDoDia(f, ate)}`;
}

/**
 * Rows of calendar days [de, ate] by their branch's zone: the instant bounds (for the indexes) and
 * the exact day test, which only matters when the network spans zones. For simple scans; see noIntervalo.
 */
export function nosDias(f: Fusos, de: string, ate: string, colunaInstante: string, colunaFilial: string): SQL {
  const base = noIntervalo(f, de, ate, colunaInstante);
  if (f.outras.length === 0) return base;
  const instante = sql.raw(colunaInstante);
  // Only rows near the edges (where the zones disagree) pay for the per-row day: the rest are inside the days everywhere.
  const dentroEmTodos = sql`${instante} >= ${naRede(f, 'greatest', de, 0)} and ${instante} < ${naRede(f, 'least', ate, 1)}`;
  return sql`${base} and (${dentroEmTodos} or ${diaLocal(f, instante, sql.raw(colunaFilial))} between ${de}::date and ${ate}::date)`;
}
