import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { MENSAGEM_WEBHOOK_RECUSADO } from '@bonifica/contracts';
import { instanciaWhatsapp, servidorWhatsapp } from '../../db/schema/index.js';
import { ErroApi } from '../../lib/erros.js';
import { ok } from '../../lib/resposta.js';
import { gatewayDo } from './gateways.js';
import { receberEvento, segredoConfere } from './webhook.js';

/** A QR code event carries a PNG as base64 (tens of KB); nothing a gateway sends us is bigger. */
export const LIMITE_CORPO_WEBHOOK = 256 * 1024;
/** Per gateway address a minute: a burst of acks of a campaign fits; a flood from elsewhere does not. */
export const LIMITE_WEBHOOK = { max: 1200, timeWindow: 60_000 } as const;

const paramsSchema = z.object({
  instanciaId: z.coerce.number({ message: 'Webhook inválido.' }).int('Webhook inválido.').positive('Webhook inválido.').max(2_147_483_647, 'Webhook inválido.'),
  segredo: z.string().min(16, 'Webhook inválido.').max(100, 'Webhook inválido.'),
});

/**
 * The gateways' webhook (docs/areas/mensageria.md § Webhook): no session and no XSRF, the secret
 * in the URL is the authentication. A wrong secret is refused before anything is written.
 */
export async function webhookRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  rotas.post(
    '/servidorwhatsapp/webhook/:instanciaId/:segredo',
    {
      schema: { tags: ['servidorwhatsapp'], params: paramsSchema },
      bodyLimit: LIMITE_CORPO_WEBHOOK,
      config: { publico: true, semXsrf: true, rateLimit: LIMITE_WEBHOOK },
    },
    async (request) => {
      const { instanciaId, segredo } = request.params;
      const [l] = await app.db
        .select({ i: instanciaWhatsapp, tipo: servidorWhatsapp.tipo })
        .from(instanciaWhatsapp)
        .innerJoin(servidorWhatsapp, eq(servidorWhatsapp.id, instanciaWhatsapp.servidorId))
        .where(and(eq(instanciaWhatsapp.id, instanciaId), eq(instanciaWhatsapp.ativa, true)))
        .limit(1);
      if (!l || !(await segredoConfere(app, l.i, segredo))) throw new ErroApi(401, MENSAGEM_WEBHOOK_RECUSADO);
      const corpo: unknown = request.body ?? null;
      let evento = null;
      try {
        evento = gatewayDo(app, l.tipo).interpretarWebhook(corpo);
      } catch {
        evento = null;
      }
      const r = await receberEvento(app, l.i, evento, corpo);
      return ok(r);
    },
  );
}
