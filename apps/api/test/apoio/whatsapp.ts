import type { FastifyInstance } from 'fastify';
import type { EntregaWebhook, OpcoesSandbox } from '../../src/adapters/whatsapp/whatsapp-sandbox.js';

/**
 * The sandbox's webhook calls delivered in-process: the path (and query) of the webhook URL is
 * injected into `app`, the same route a gateway's POST would reach.
 */
export function entregaPorInject(app: FastifyInstance): EntregaWebhook {
  return async (url, corpo) => {
    const u = new URL(url);
    const r = await app.inject({ method: 'POST', url: `${u.pathname}${u.search}`, payload: corpo as object });
    return r.statusCode;
  };
}

/**
 * Points the app's sandbox gateway at the app itself, with a clock the test moves: `avancar(ms)`
 * then `entregar()` posts the acks that became due. No timers: nothing happens between two steps.
 */
export function ligarSandbox(app: FastifyInstance, opcoes: Partial<OpcoesSandbox> = {}) {
  let agora = new Date('2026-03-02T12:00:00.000Z');
  const sandbox = app.adaptadores.whatsappSandbox;
  sandbox.configurar({ automatico: false, atrasoMs: 1000, taxaFalha: 0, entregar: entregaPorInject(app), agora: () => agora, ...opcoes });
  return {
    sandbox,
    agora: () => agora,
    avancar(ms: number) {
      agora = new Date(agora.getTime() + ms);
    },
    entregar: () => sandbox.entregarPendentes(),
  };
}
