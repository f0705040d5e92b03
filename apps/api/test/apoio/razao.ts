import { sql } from 'drizzle-orm';
import type { AppDeTeste } from './app-de-teste.js';

async function linhas<T>(t: AppDeTeste, consulta: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.banco.db.execute(consulta)) as unknown as { rows: T[] }).rows;
}

/**
 * The ledger's invariants, read straight from the database (docs/areas/razao.md): every posting sums
 * to zero per unit, no customer balance is negative, and each customer balance equals both the sum
 * of its entries and what is left of its credit lots. Each list holds the offenders (empty = fine).
 */
export async function violacoesDoRazao(t: AppDeTeste) {
  return {
    desbalanceados: await linhas(t, sql`
      select p.lancamento_id from partida p join conta c on c.id = p.conta_id
      group by p.lancamento_id, regexp_replace(regexp_replace(c.tipo, '^(SISTEMA|PARCEIRO)_', ''), '^VALE_PRESENTE$', 'PREPAGO') having sum(p.valor) <> 0`),
    negativos: await linhas(t, sql`select id from conta where cliente_id is not null and saldo < 0`),
    saldoDiferenteDasPartidas: await linhas(t, sql`
      select c.id from conta c left join partida p on p.conta_id = c.id
      where c.cliente_id is not null group by c.id, c.saldo having c.saldo <> coalesce(sum(p.valor), 0)`),
    saldoDiferenteDosLotes: await linhas(t, sql`
      select c.id from conta c left join credito k on k.conta_id = c.id
      where c.cliente_id is not null group by c.id, c.saldo having c.saldo <> coalesce(sum(k.restante), 0)`),
  };
}

export const RAZAO_INTACTO = { desbalanceados: [], negativos: [], saldoDiferenteDasPartidas: [], saldoDiferenteDosLotes: [] };
