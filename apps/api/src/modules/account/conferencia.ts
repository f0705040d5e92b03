import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** At most this many drifting accounts are listed per company: past that, the count is what matters. */
export const LIMITE_DIVERGENCIAS = 500;

/** A customer account whose cached balance disagrees with its ledger (docs/areas/razao.md "Invariante"). */
export type DivergenciaSaldo = {
  contaId: number;
  empresaId: number;
  clienteId: number;
  tipo: string;
  /** All three in the account's unit: centavos, or points. */
  saldo: number;
  somaPartidas: number;
  somaLotes: number;
};

/**
 * Read-only check of one company's customer accounts (sistema/manutencao): the cached `saldo` against
 * the sum of its entries and against what is left of its credit lots. Nothing is corrected here: a
 * drift is a defect to investigate, and history is only ever corrected by a posting. System accounts
 * keep no balance (their figure is the negated sum of the customers'), so they are not compared.
 */
export async function divergenciasDeSaldo(db: Db, empresaId: number): Promise<{ contas: number; divergencias: DivergenciaSaldo[] }> {
  const r = (await db.execute(sql`
    with c as (select id, empresa_id, cliente_id, tipo, saldo from conta where empresa_id = ${empresaId} and cliente_id is not null),
    p as (select conta_id, sum(valor) as soma from partida where empresa_id = ${empresaId} group by conta_id),
    k as (select conta_id, sum(restante) as soma from credito where empresa_id = ${empresaId} group by conta_id)
    select null as id, null as empresa_id, null as cliente_id, null as tipo, null as saldo, null as partidas, null as lotes, (select count(*) from c) as contas
    union all
    (select c.id, c.empresa_id, c.cliente_id, c.tipo, c.saldo, coalesce(p.soma, 0), coalesce(k.soma, 0), null
     from c left join p on p.conta_id = c.id left join k on k.conta_id = c.id
     where c.saldo <> coalesce(p.soma, 0) or c.saldo <> coalesce(k.soma, 0)
     order by c.id limit ${LIMITE_DIVERGENCIAS})`)) as unknown as {
    rows: { id: number | null; empresa_id: number; cliente_id: number; tipo: string; saldo: string | number; partidas: string | number; lotes: string | number; contas: string | number | null }[];
  };
  const divergencias = r.rows
    .filter((l) => l.id !== null)
    .map((l) => ({
      contaId: Number(l.id),
      empresaId: Number(l.empresa_id),
      clienteId: Number(l.cliente_id),
      tipo: l.tipo,
      saldo: Number(l.saldo),
      somaPartidas: Number(l.partidas),
      somaLotes: Number(l.lotes),
    }));
  return { contas: Number(r.rows.find((l) => l.id === null)?.contas ?? 0), divergencias };
}
