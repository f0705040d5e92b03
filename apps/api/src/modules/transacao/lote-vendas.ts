import type { Banco } from '../../db/client.js';
import type { Agrupador } from '../../lib/agrupador.js';
import { criarLoteDePostagens, type PedidoEmLote } from '../../lib/lote-de-postagens.js';
import { portaoDeDispositivo, type PedidoDispositivo } from '../computers/index.js';
import { decidirVendas, lerVendas, type NovaVenda, type VendaRegistrada } from './venda.js';

/**
 * A sale posted at a counter: who posts it (the transaction's tenant), what, and under which
 * Idempotency-Key. `auditoria`, when given, is the audit row of the accepted sale, written with it
 * (a sale of the integration API names its token: docs/areas/integracao.md). `dispositivo`: the
 * terminal's device gate, decided in the batch (absent for the integration API, which has none).
 */
export type PedidoVenda = PedidoEmLote<VendaRegistrada> & { venda: NovaVenda; dispositivo?: PedidoDispositivo };

/**
 * The sales of all the counters, in batches (docs/decisions/017-vendas-em-lote.md): each batch is
 * one transaction of two round-trips — the Idempotency-Keys, the devices, the context with the
 * account locks and the lots of the redemptions; then the write of every accepted sale, the lots
 * given back to the refused ones and the keys, with the COMMIT. Each sale still gets its own
 * outcome: a refusal (a device not allowed, a blocked customer, balance short) refuses that sale
 * alone, and a replayed key answers the first reply. `resposta` turns a recorded sale into the
 * reply stored under its key.
 */
export function criarVendasEmLote<R>(banco: Banco, resposta: (v: VendaRegistrada) => R): Agrupador<PedidoVenda, R> {
  const dispositivos = (lote: PedidoVenda[]) => lote.map((p) => p.dispositivo ?? null);
  return criarLoteDePostagens<PedidoVenda, VendaRegistrada, R>(banco, {
    empresa: (p) => p.venda.empresaId,
    chaves: (p) => [`cliente:${p.venda.clienteId}`],
    ler: (lote) => [portaoDeDispositivo.ler(lote[0]!.venda.empresaId, dispositivos(lote)), ...lerVendas(lote.map((p) => p.venda))],
    async decidir(g, lote, [lidosDispositivos, ...lidas], ativos) {
      const portao = portaoDeDispositivo.decidir(lote[0]!.venda.empresaId, dispositivos(lote), lidosDispositivos!);
      // A sale its device refuses is left out like a replay: nothing of it is decided or written.
      const d = await decidirVendas(
        g,
        lote.map((p) => p.venda),
        lidas,
        ativos.map((a, i) => a && !portao.recusas[i]),
      );
      return { resultados: d.resultados.map((r, i) => portao.recusas[i] ?? r), instrucoes: [...d.instrucoes, ...(portao.toque ? [portao.toque] : [])] };
    },
    resposta,
  });
}
