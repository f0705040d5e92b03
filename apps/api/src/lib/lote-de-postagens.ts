import type { SQL } from 'drizzle-orm';
import type { Banco } from '../db/client.js';
import { criarAgrupador, type Agrupador } from './agrupador.js';
import { sqlAuditorias, type LinhaAuditoria } from './auditoria.js';
import type { UsuarioContexto } from './contexto.js';
import { ErroApi } from './erros.js';
import { chaveJaRegistrada, respostaAnterior, sqlAnteriores, sqlRegistrar, type PedidoIdempotente } from './idempotencia.js';
import { emTransacaoAgrupada, LIMITE_ESPERA_TRAVA, type Grupo, type Linha } from './transacao-agrupada.js';

/**
 * A posting call taken by a batch (a sale, a prize redemption): who posts it (the transaction's
 * tenant) and under which Idempotency-Key. `auditoria`, when given, is the audit row of the accepted
 * call, written with it.
 */
export type PedidoEmLote<X> = { usuario: UsuarioContexto; chave: PedidoIdempotente | null; auditoria?: (x: X) => LinhaAuditoria };

/**
 * What a batch decided: each call's outcome in order — its record, the error that refuses it, or
 * null for a call left out — and the statements that write the accepted ones, sent with the COMMIT.
 */
export type Decididos<X> = { resultados: (X | ErroApi | null)[]; instrucoes: SQL[] };

export type OpcoesLoteDePostagens<P extends PedidoEmLote<X>, X, R> = {
  empresa(p: P): number;
  /** What two calls in flight must not share besides the Idempotency-Key (the customer: one call per customer per batch). */
  chaves(p: P): string[];
  /** The statements of the first round-trip: read and lock everything the batch decides on. */
  ler(lote: P[]): SQL[];
  /**
   * Decides each call on the rows `ler` read (in order), under the locks. `ativos[i]` false leaves
   * call i out (a replayed key): it is neither decided nor written, and what `ler` took for it is
   * given back. An ErroApi refuses its call only; any other error is thrown and undoes the batch.
   */
  decidir(g: Grupo, lote: P[], lidas: Linha[][], ativos: boolean[]): Promise<Decididos<X>>;
  /** The reply of an accepted call, also stored under its key. */
  resposta(x: X): R;
};

/** Calls of one company per batch; a batch of 64 is one context statement and one write of a few hundred rows. */
const MAXIMO_LOTE = 64;

/**
 * How long a batch of several calls waits for a lock. The locks a batch meets are other batches'
 * (milliseconds); one held longer (a customer's accounts under a long job) must not hold the other
 * counters of the batch for the full LIMITE_ESPERA_TRAVA: the batch gives up, and each call runs
 * again alone (lib/agrupador.ts), with the full limit only for the one that is locked.
 */
const ESPERA_TRAVA_EM_LOTE = '2s';

/**
 * Posting calls of all the counters, in batches (docs/decisions/017-vendas-em-lote.md, 042-resgates-em-lote.md):
 * each batch is one transaction of two round-trips — the Idempotency-Keys with what `ler` reads and
 * locks; then what `decidir` writes for the accepted calls and the keys, with the COMMIT. Each call
 * still gets its own outcome: a refusal refuses that call alone, and a replayed key answers the first
 * reply (or the 409 of a key given to another body) without being decided again.
 */
export function criarLoteDePostagens<P extends PedidoEmLote<X>, X, R>(banco: Banco, o: OpcoesLoteDePostagens<P, X, R>): Agrupador<P, R> {
  async function executar(lote: P[], tentativa = 1): Promise<(R | Error)[]> {
    const empresaId = o.empresa(lote[0]!);
    try {
      return await emTransacaoAgrupada(banco, lote[0]!.usuario, async (g) => {
        const chaves = lote.flatMap((p) => (p.chave ? [p.chave.chave] : []));
        const [anteriores, ...lidas] = await g.enviar([sqlAnteriores(empresaId, chaves), ...o.ler(lote)]);
        const repetidas = lote.map((p) => (p.chave ? respostaAnterior<R>(p.chave, anteriores!) : undefined));
        const d = await o.decidir(g, lote, lidas, repetidas.map((r) => r === undefined));
        const saidas = lote.map((_, i) => {
          const r = d.resultados[i]!;
          // A replay was left out of the decision (r is null): its answer is the stored one.
          return repetidas[i] ?? (r instanceof ErroApi ? r : o.resposta(r));
        });
        const aceito = (i: number) => repetidas[i] === undefined && !(saidas[i] instanceof Error);
        const registrar = lote.flatMap((p, i) => (p.chave && aceito(i) ? [{ pedido: p.chave, resposta: saidas[i] }] : []));
        const auditorias = lote.flatMap((p, i) => (p.auditoria && aceito(i) ? [p.auditoria(d.resultados[i] as X)] : []));
        await g.confirmar([
          ...d.instrucoes,
          ...(auditorias.length > 0 ? [sqlAuditorias(auditorias)] : []),
          ...(registrar.length > 0 ? [sqlRegistrar(empresaId, registrar)] : []),
        ]);
        return saidas;
      }, lote.length > 1 ? ESPERA_TRAVA_EM_LOTE : LIMITE_ESPERA_TRAVA);
    } catch (e) {
      // Another process recorded one of these keys between our look-up and our write: once it has
      // committed, the batch runs again and finds the reply it stored.
      if (chaveJaRegistrada(e) && tentativa === 1) return executar(lote, 2);
      throw e;
    }
  }
  return criarAgrupador<P, R>({
    executar,
    grupo: (p) => String(o.empresa(p)),
    chaves: (p) => [...o.chaves(p), ...(p.chave ? [`chave:${p.chave.chave}`] : [])],
    maximoLote: MAXIMO_LOTE,
    // PGlite has one connection: a second batch in flight would only queue behind the first.
    maximoEmVoo: banco.pool ? 2 : 1,
  });
}
