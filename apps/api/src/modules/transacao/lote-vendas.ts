import type { SQL } from 'drizzle-orm';
import type { Banco } from '../../db/client.js';
import { criarAgrupador, type Agrupador } from '../../lib/agrupador.js';
import type { UsuarioContexto } from '../../lib/contexto.js';
import { ErroApi } from '../../lib/erros.js';
import { chaveJaRegistrada, respostaAnterior, sqlAnteriores, sqlRegistrar, type PedidoIdempotente } from '../../lib/idempotencia.js';
import { emTransacaoAgrupada, LIMITE_ESPERA_TRAVA } from '../../lib/transacao-agrupada.js';
import { decidirVendas, lerVendas, type NovaVenda, type VendaRegistrada } from './venda.js';

/**
 * A sale posted at a counter: who posts it (the transaction's tenant), what, and under which
 * Idempotency-Key. `auditoria`, when given, is the audit row of the accepted sale, written with it
 * (a sale of the integration API names its token: docs/areas/integracao.md).
 */
export type PedidoVenda = { usuario: UsuarioContexto; venda: NovaVenda; chave: PedidoIdempotente | null; auditoria?: (v: VendaRegistrada) => SQL };

/** Sales of one company per batch; a batch of 64 sales is one context statement and one write of a few hundred rows. */
const MAXIMO_LOTE = 64;

/**
 * How long a batch of several sales waits for an account lock. The locks a batch meets are other
 * batches' (milliseconds); one held longer (a customer's accounts under a long job) must not hold
 * the other counters of the batch for the full LIMITE_ESPERA_TRAVA: the batch gives up, and each
 * sale runs again alone (lib/agrupador.ts), with the full limit only for the one that is locked.
 */
const ESPERA_TRAVA_EM_LOTE = '2s';

/**
 * The sales of all the counters, in batches (docs/decisions/017-vendas-em-lote.md): each batch is
 * one transaction of two round-trips — the Idempotency-Keys, the context with the account locks and
 * the lots of the redemptions; then the write of every accepted sale, the lots given back to the
 * refused ones and the keys, with the COMMIT. Each sale still gets its own outcome: a refusal
 * (blocked customer, balance short) refuses that sale alone, and a replayed key answers the first
 * reply. `resposta` turns a recorded sale into the reply stored under its key.
 */
export function criarVendasEmLote<R>(banco: Banco, resposta: (v: VendaRegistrada) => R): Agrupador<PedidoVenda, R> {
  async function executar(lote: PedidoVenda[], tentativa = 1): Promise<(R | Error)[]> {
    const empresaId = lote[0]!.venda.empresaId;
    const vendas = lote.map((p) => p.venda);
    try {
      return await emTransacaoAgrupada(banco, lote[0]!.usuario, async (g) => {
        const chaves = lote.flatMap((p) => (p.chave ? [p.chave.chave] : []));
        const [anteriores, ...lidas] = await g.enviar([sqlAnteriores(empresaId, chaves), ...lerVendas(vendas)]);
        // A replay answers the first reply (or a 409 for another body) and is not decided again.
        const repetidas = lote.map((p) => (p.chave ? respostaAnterior<R>(p.chave, anteriores!) : undefined));
        const d = await decidirVendas(g, vendas, lidas, repetidas.map((r) => r === undefined));
        const saidas = lote.map((_, i) => {
          const r = d.resultados[i]!;
          // A replay was left out of the decision (r is null): its answer is the stored one.
          return repetidas[i] ?? (r instanceof ErroApi ? r : resposta(r!));
        });
        const registrar = lote.flatMap((p, i) => (p.chave && repetidas[i] === undefined && !(saidas[i] instanceof Error) ? [{ pedido: p.chave, resposta: saidas[i] }] : []));
        const auditorias = lote.flatMap((p, i) => {
          const r = d.resultados[i];
          return p.auditoria && repetidas[i] === undefined && r && !(r instanceof ErroApi) ? [p.auditoria(r)] : [];
        });
        const escrita: SQL[] = [...d.instrucoes, ...auditorias, ...(registrar.length > 0 ? [sqlRegistrar(empresaId, registrar)] : [])];
        await g.confirmar(escrita);
        return saidas;
      }, lote.length > 1 ? ESPERA_TRAVA_EM_LOTE : LIMITE_ESPERA_TRAVA);
    } catch (e) {
      // Another process recorded one of these keys between our look-up and our write: once it has
      // committed, the batch runs again and finds the reply it stored.
      if (chaveJaRegistrada(e) && tentativa === 1) return executar(lote, 2);
      throw e;
    }
  }
  return criarAgrupador<PedidoVenda, R>({
    executar,
    grupo: (p) => String(p.venda.empresaId),
    chaves: (p) => [`cliente:${p.venda.clienteId}`, ...(p.chave ? [`chave:${p.chave.chave}`] : [])],
    maximoLote: MAXIMO_LOTE,
    // PGlite has one connection: a second batch in flight would only queue behind the first.
    maximoEmVoo: banco.pool ? 2 : 1,
  });
}
