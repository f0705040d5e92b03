import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { centavosParaReais, ROTULOS_UNIDADE, unidadeEmReais, type SaldoConta, type UnidadeConta } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { conta, contaPadrao } from '../../db/schema/index.js';
import { situacaoLotes } from './lotes.js';

export const paraWire = (u: UnidadeConta, v: number) => (unidadeEmReais(u) ? centavosParaReais(v) : v);

/**
 * The accounts of some customers with total, usable now, waiting and soon-to-lapse amounts, in the
 * company's default-account order and names. Three statements whatever the number of customers.
 */
export async function saldosDetalhados(tx: Executor, empresaId: number, clienteIds: number[]): Promise<Map<number, SaldoConta[]>> {
  const porCliente = new Map<number, SaldoConta[]>(clienteIds.map((id) => [id, []]));
  if (clienteIds.length === 0) return porCliente;
  const [contas, padroes] = await Promise.all([
    tx
      .select({ id: conta.id, clienteId: conta.clienteId, tipo: conta.tipo, saldo: conta.saldo, bloqueada: conta.bloqueada })
      .from(conta)
      .where(and(eq(conta.empresaId, empresaId), isNotNull(conta.clienteId), inArray(conta.clienteId, clienteIds))),
    tx.select({ tipo: contaPadrao.tipo, nome: contaPadrao.nome, ordem: contaPadrao.ordem }).from(contaPadrao).where(eq(contaPadrao.empresaId, empresaId)),
  ]);
  const lotes = await situacaoLotes(
    tx,
    empresaId,
    contas.map((c) => c.id),
  );
  const ordemPadrao: UnidadeConta[] = ['CASHBACK', 'PONTOS', 'PREPAGO'];
  const ordem = (u: UnidadeConta) => padroes.find((p) => p.tipo === u)?.ordem ?? 100 + ordemPadrao.indexOf(u);
  for (const c of contas.sort((a, b) => ordem(a.tipo as UnidadeConta) - ordem(b.tipo as UnidadeConta))) {
    const u = c.tipo as UnidadeConta;
    const s = lotes.get(c.id);
    porCliente.get(c.clienteId!)!.push({
      contaId: c.id,
      unidade: u,
      nome: padroes.find((p) => p.tipo === u)?.nome ?? ROTULOS_UNIDADE[u],
      saldo: paraWire(u, c.saldo),
      disponivel: paraWire(u, s?.disponivel ?? 0),
      emCarencia: paraWire(u, s?.emCarencia ?? 0),
      aExpirar: paraWire(u, s?.aExpirar ?? 0),
      proximaExpiracao: s?.proximaExpiracao?.toISOString() ?? null,
      bloqueada: c.bloqueada,
    });
  }
  return porCliente;
}
