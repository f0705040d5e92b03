import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { cupomDesconto, cupomDescontoCodigo, cupomDescontoUso } from '../../db/schema/index.js';
import { estornar } from '../account/index.js';
import { registrarAoCancelarVenda } from '../transacao/index.js';
import { sqlCampanhaLimitada, sqlSomarNoContador } from './contador.js';

/**
 * Gives a coupon's use back when its sale is cancelled (transacao/venda.ts `cancelarVenda` calls it,
 * registered below, under the sale's row lock, so a second cancel never reaches here). The locks
 * follow the batch of sales (venda-com-cupom.ts): a limited campaign, then the code, then the
 * customer's accounts (the bonus's reversal), and last the counter of a campaign without limits
 * (contador.ts). No use, no-op.
 */
export async function devolverCupomDaVenda(tx: Executor, c: { empresaId: number; transacaoId: number; usuarioId: number | null; filialId: number | null }): Promise<void> {
  const [uso] = await tx
    .select()
    .from(cupomDescontoUso)
    .where(and(eq(cupomDescontoUso.empresaId, c.empresaId), eq(cupomDescontoUso.transacaoId, c.transacaoId), eq(cupomDescontoUso.status, 'USADO')))
    .for('update')
    .limit(1);
  if (!uso) return;
  const limitada = ((await tx.execute(sql`select id from cupom_desconto where id = ${uso.cupomId} and ${sqlCampanhaLimitada} for update`)) as unknown as { rows: unknown[] }).rows.length > 0;
  if (uso.codigoId !== null) await tx.execute(sql`select id from cupom_desconto_codigo where id = ${uso.codigoId} for update`);
  let estornoLancamentoId: number | null = null;
  if (uso.lancamentoId !== null) {
    estornoLancamentoId = await estornar(tx, c.empresaId, uso.lancamentoId, {
      descricao: `Cancelamento do bônus do cupom ${uso.codigo} (venda ${c.transacaoId})`.slice(0, 200),
      usuarioId: c.usuarioId,
      filialId: c.filialId,
    });
  }
  // Where the campaign counts now (contador.ts); its own row only while it holds uses (a use counted
  // apart just as the campaign got limits may have stayed apart).
  const tirado = limitada && (await tx.update(cupomDesconto).set({ usos: sql`${cupomDesconto.usos} - 1` }).where(and(eq(cupomDesconto.id, uso.cupomId), sql`${cupomDesconto.usos} > 0`)).returning({ id: cupomDesconto.id })).length > 0;
  if (!tirado) await tx.execute(sqlSomarNoContador(c.empresaId, sql`select ${uso.cupomId}::int as cupom_id, -1 as n`));
  if (uso.codigoId !== null) await tx.update(cupomDescontoCodigo).set({ usos: sql`${cupomDescontoCodigo.usos} - 1` }).where(eq(cupomDescontoCodigo.id, uso.codigoId));
  await tx.update(cupomDescontoUso).set({ status: 'CANCELADO', canceladoEm: new Date(), estornoLancamentoId }).where(eq(cupomDescontoUso.id, uso.id));
}

registrarAoCancelarVenda(devolverCupomDaVenda);
