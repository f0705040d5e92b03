import type { Banco } from '../../db/client.js';
import type { Agrupador } from '../../lib/agrupador.js';
import { criarLoteDePostagens, type PedidoEmLote } from '../../lib/lote-de-postagens.js';
import { decidirVendas, lerVendas, type NovaVenda, type VendaRegistrada } from './venda.js';

/**
 * A sale posted at a counter: who posts it (the transaction's tenant), what, and under which
 * Idempotency-Key. `auditoria`, when given, is the audit row of the accepted sale, written with it
 * (a sale of the integration API names its token: docs/areas/integracao.md).
 */
export type PedidoVenda = PedidoEmLote<VendaRegistrada> & { venda: NovaVenda };

/**
 * The sales of all the counters, in batches (docs/decisions/017-vendas-em-lote.md): each batch is
 * one transaction of two round-trips — the Idempotency-Keys, the context with the account locks and
 * the lots of the redemptions; then the write of every accepted sale, the lots given back to the
 * refused ones and the keys, with the COMMIT. Each sale still gets its own outcome: a refusal
 * (blocked customer, balance short) refuses that sale alone, and a replayed key answers the first
 * reply. `resposta` turns a recorded sale into the reply stored under its key.
 */
export function criarVendasEmLote<R>(banco: Banco, resposta: (v: VendaRegistrada) => R): Agrupador<PedidoVenda, R> {
  return criarLoteDePostagens<PedidoVenda, VendaRegistrada, R>(banco, {
    empresa: (p) => p.venda.empresaId,
    chaves: (p) => [`cliente:${p.venda.clienteId}`],
    ler: (lote) => lerVendas(lote.map((p) => p.venda)),
    decidir: (g, lote, lidas, ativos) =>
      decidirVendas(
        g,
        lote.map((p) => p.venda),
        lidas,
        ativos,
      ),
    resposta,
  });
}
