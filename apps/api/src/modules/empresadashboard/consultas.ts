import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { estimar, novoSketch, unir } from './hll.js';
import { diaLocal, noIntervalo, nosDias, type Fusos } from './fusos.js';
import { consolidarPendentes, garantirResumo, linhas, relogio } from './resumo.js';

/**
 * A dashboard query: calendar days [de, ate] and optionally one branch; each branch's days in its
 * own zone (`fusos`, read under the zones' lock for the whole transaction: fusos.ts).
 */
export type Faixa = { empresaId: number; de: string; ate: string; filialId: number | null; fusos: Fusos };

/** Figures of one (day, branch); amounts in centavos. Negative rows subtract cancelled sales. */
export type LinhaVendas = {
  dia: string;
  filialId: number;
  vendas: number;
  valor: number;
  resgate: number;
  cashback: number;
  pontos: number;
  canceladas: number;
  novosClientes: number;
};

/** Movements of customer accounts in postings other than sales, per day. */
export type LinhaRazao = { dia: string; tipo: string; unidade: string; creditos: number; debitos: number };

const diaSeguinte = (d: string, n = 1) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Up to this many sales the active customers are counted exactly; above, estimated (hll.ts). */
export const LIMITE_CONTAGEM_EXATA = 50_000;

/**
 * Splits the range: closed days come from the daily summary (built from the sales on first use),
 * the open days (today) from the 5-minute intervals, after the sales written since the last fold
 * are folded into them (resumo.ts). Either part may be empty. A day is closed once it is over in
 * every zone (relogio), so both parts hold whole days of every branch.
 */
export async function partes(tx: Executor, f: Faixa) {
  const r = await relogio(tx);
  const fechadoAte = f.ate < r.diaAberto ? f.ate : diaSeguinte(r.diaAberto, -1);
  const fechado = f.de <= fechadoAte ? { de: f.de, ate: fechadoAte } : null;
  let intervalos: { de: string; ate: string } | null = null;
  const abertoDe = f.de > r.diaAberto ? f.de : r.diaAberto;
  if (abertoDe <= f.ate) {
    intervalos = { de: abertoDe, ate: f.ate };
    await consolidarPendentes(tx, f.empresaId, r.inicioDoDiaAberto);
  }
  if (fechado) await garantirResumo(tx, f.empresaId, f.fusos, fechado.de, fechado.ate);
  return { fechado, intervalos };
}
export type Partes = Awaited<ReturnType<typeof partes>>;

const porFilial = (coluna: string, filialId: number | null): SQL => (filialId === null ? sql`` : sql` and ${sql.raw(coluna)} = ${filialId}`);

/**
 * The summaries hold every sale created in their bucket; the ones cancelled since are taken off
 * here, from the partial index `transacao_cancelada_idx` (an index-only scan of few rows).
 */
function subtrairCanceladas(f: Faixa, de: string, ate: string): SQL {
  return sql`
      select ${diaLocal(f.fusos, sql`criado_em`, sql`filial_id`)}::text as dia, coalesce(filial_id, 0) as filial_id, -count(*) as vendas, -sum(valor_centavos) as valor,
             -sum(resgate_centavos) as resgate, -sum(cashback_centavos) as cashback, -sum(pontos) as pontos, count(*) as canceladas, 0 as novos_clientes
      from transacao
      where empresa_id = ${f.empresaId} and status = 'CANCELADA' and ${noIntervalo(f.fusos, de, ate, 'criado_em')}${porFilial('filial_id', f.filialId)}
      group by 1, 2`;
}

/**
 * Sales per (day, branch): summary rows of the closed days and of the open days' intervals, minus
 * their cancelled sales, plus the open days' new customers.
 */
export async function vendasPorDia(tx: Executor, f: Faixa, p: Partes): Promise<LinhaVendas[]> {
  const consultas: SQL[] = [];
  if (p.fechado) {
    const { de, ate } = p.fechado;
    consultas.push(sql`
      select dia::text as dia, filial_id, vendas, valor_centavos as valor, resgate_centavos as resgate, cashback_centavos as cashback,
             pontos, 0 as canceladas, novos_clientes
      from resumo_venda_dia
      where empresa_id = ${f.empresaId} and dia >= ${de}::date and dia <= ${ate}::date${porFilial('filial_id', f.filialId)}`);
    consultas.push(subtrairCanceladas(f, de, ate));
  }
  if (p.intervalos) {
    const { de, ate } = p.intervalos;
    // An interval lies inside one calendar day of every zone (intervals are aligned on whole hours).
    consultas.push(sql`
      select ${diaLocal(f.fusos, sql`inicio`, sql`filial_id`)}::text as dia, filial_id, vendas, valor_centavos as valor, resgate_centavos as resgate,
             cashback_centavos as cashback, pontos, 0 as canceladas, 0 as novos_clientes
      from resumo_venda_intervalo
      where empresa_id = ${f.empresaId} and ${noIntervalo(f.fusos, de, ate, 'inicio')}${porFilial('filial_id', f.filialId)}`);
    consultas.push(subtrairCanceladas(f, de, ate));
    // New customers of the open days are few: counted live.
    consultas.push(sql`
      select ${diaLocal(f.fusos, sql`criado_em`, sql`filial_origem_id`)}::text as dia, coalesce(filial_origem_id, 0) as filial_id, 0 as vendas, 0 as valor, 0 as resgate, 0 as cashback,
             0 as pontos, 0 as canceladas, count(*) as novos_clientes
      from cliente
      where empresa_id = ${f.empresaId} and ${noIntervalo(f.fusos, de, ate, 'criado_em')}${porFilial('filial_origem_id', f.filialId)}
      group by 1, 2`);
  }
  if (consultas.length === 0) return [];
  // The instant ranges may hold edges of the neighbouring days in other zones (fusos.ts: noIntervalo): filtered here.
  const brutas = await linhas<Record<string, unknown>>(tx, sql`select * from (${sql.join(consultas, sql` union all `)}) u where u.dia between ${f.de} and ${f.ate}`);
  return brutas.map((l) => ({
    dia: String(l.dia),
    filialId: Number(l.filial_id),
    vendas: Number(l.vendas),
    valor: Number(l.valor),
    resgate: Number(l.resgate),
    cashback: Number(l.cashback),
    pontos: Number(l.pontos),
    canceladas: Number(l.canceladas),
    novosClientes: Number(l.novos_clientes),
  }));
}

/**
 * Customer-account movements of the postings that are not sales nor reversals (redemptions,
 * expiries, prepaid loads), through the partial index `lancamento_outros_idx`. The branch of a
 * posting is where it was made; an expiry made by the nightly job has none, so a branch filter
 * leaves expiries out.
 */
export async function razaoPorDia(tx: Executor, f: Faixa): Promise<LinhaRazao[]> {
  const brutas = await linhas<Record<string, unknown>>(
    tx,
    sql`
      select ${diaLocal(f.fusos, sql`l.criado_em`, sql`l.filial_id`)}::text as dia, l.tipo, c.tipo as unidade,
             sum(greatest(p.valor, 0))::bigint as creditos, sum(least(p.valor, 0))::bigint as debitos
      from lancamento l
      join partida p on p.lancamento_id = l.id and p.empresa_id = ${f.empresaId}
      join conta c on c.id = p.conta_id and c.empresa_id = ${f.empresaId}
      where l.empresa_id = ${f.empresaId} and l.tipo not in ('VENDA', 'ESTORNO')
        and ${noIntervalo(f.fusos, f.de, f.ate, 'l.criado_em')}
        and c.cliente_id is not null${porFilial('l.filial_id', f.filialId)}
      group by 1, 2, 3`,
  );
  // Edges of the neighbouring days in other zones (noIntervalo) are left out here: a month bucket would take them.
  return brutas
    .map((l) => ({ dia: String(l.dia), tipo: String(l.tipo), unidade: String(l.unidade), creditos: Number(l.creditos), debitos: Number(l.debitos) }))
    .filter((l) => l.dia >= f.de && l.dia <= f.ate);
}

/**
 * Customers with at least one confirmed sale in the range: exact up to LIMITE_CONTAGEM_EXATA
 * sales, else the union of the daily and 5-minute sketches (the
 * sketches also hold buyers whose only sale was later cancelled — a rounding inside the estimate's ±3 %).
 */
export async function clientesAtivos(tx: Executor, f: Faixa, p: Partes, vendasNoPeriodo: number): Promise<{ ativos: number; aproximado: boolean }> {
  if (vendasNoPeriodo <= LIMITE_CONTAGEM_EXATA) {
    const [l] = await linhas<{ n: unknown }>(
      tx,
      sql`select count(distinct cliente_id) as n from transacao
          where empresa_id = ${f.empresaId} and status = 'CONFIRMADA' and ${nosDias(f.fusos, f.de, f.ate, 'criado_em', 'filial_id')}${porFilial('filial_id', f.filialId)}`,
    );
    return { ativos: Number(l?.n ?? 0), aproximado: false };
  }
  const sketch = novoSketch();
  if (p.fechado) {
    const dias = await linhas<{ clientes_hll: Buffer | Uint8Array }>(
      tx,
      sql`select clientes_hll from resumo_venda_dia
          where empresa_id = ${f.empresaId} and dia >= ${p.fechado.de}::date and dia <= ${p.fechado.ate}::date and clientes_hll is not null${porFilial('filial_id', f.filialId)}`,
    );
    for (const d of dias) unir(sketch, d.clientes_hll);
  }
  if (p.intervalos) {
    const intervalos = await linhas<{ clientes_hll: Buffer | Uint8Array }>(
      tx,
      sql`select clientes_hll from resumo_venda_intervalo
          where empresa_id = ${f.empresaId} and ${nosDias(f.fusos, p.intervalos.de, p.intervalos.ate, 'inicio', 'filial_id')} and clientes_hll is not null${porFilial('filial_id', f.filialId)}`,
    );
    for (const h of intervalos) unir(sketch, h.clientes_hll);
  }
  return { ativos: estimar(sketch), aproximado: true };
}
