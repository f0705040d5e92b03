import type { FastifyInstance } from 'fastify';
import { gatewayDo } from '../../adapters/index.js';
import type { Db } from '../../db/client.js';
import { entregarAte } from './laco.js';
import { concluirLotes } from './lotes.js';
import { reconciliar, LIMITE_ENVIANDO_MS } from './reconciliacao.js';
import { reconciliarEmails } from './entregador-email.js';

/** Databases whose app is stopping: the delivery loop ends at its next turn (set by lote.routes' preClose). */
const parando = new WeakSet<Db>();
export function pararEntregador(db: Db): void {
  parando.add(db);
}

/**
 * The pg-boss job of the outbox (lib/agendamentos.ts, every minute): delivers for `duracaoMs`, a little
 * under the minute, so one run hands over to the next; two overlapping runs (or N processes) share
 * the instances' rhythm through the pacing lock, never exceed it.
 */
export async function rodarEntregador(app: FastifyInstance, duracaoMs = 55_000): Promise<void> {
  const fim = Date.now() + duracaoMs;
  const totais = await entregarAte(app.db, {
    gateway: (tipo) => gatewayDo(app.adaptadores, tipo),
    continuar: () => Date.now() < fim && !parando.has(app.db),
    // One connection on PGlite; a server runs several loops (the instances' sends then overlap).
    paralelos: app.banco.engine === 'postgres' ? 4 : 1,
    // Without SMTP (or the sandbox folder) e-mail stays queued: there is nowhere to hand it to.
    ...(app.adaptadores.email.tipo === 'caixa-de-saida' ? {} : { email: { email: app.adaptadores.email, publicUrl: app.config.publicUrl } }),
  });
  if (totais.ENVIADA + totais.FALHOU > 0) app.log.info({ mensagens: totais }, 'caixa de saída');
}

/** The reconciliation job (every minute): rows ENVIANDO too long, then batches with nothing pending. */
export async function reconciliarMensagens(app: FastifyInstance): Promise<void> {
  const r = await reconciliar(app.db, { gateway: (tipo) => gatewayDo(app.adaptadores, tipo) });
  if (r.REVISAR + r.ENVIADA + r.ENTREGUE + r.LIDA + r.FALHOU > 0) app.log.warn({ reconciliacao: r }, 'mensagens reconciliadas depois de uma interrupção');
  const emails = await reconciliarEmails(app.db, new Date(), LIMITE_ENVIANDO_MS);
  if (emails > 0) app.log.warn({ emails }, 'e-mails interrompidos enviados para revisão');
  await concluirLotes(app.db);
}
