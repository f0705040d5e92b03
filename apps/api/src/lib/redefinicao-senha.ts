import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { senhaReset } from '../db/schema/index.js';
import { sha256, tokenAleatorio } from './tokens.js';

/**
 * Password-reset links never rest anywhere readable (issue 12 §6, docs/decisions/021). The outbox
 * keeps the message with the token part redacted; each send of that message draws a new token, stores
 * only its hash and hands the real link to the e-mail adapter alone. So the system administrator, who
 * reads the outbox, sees `token=[oculto]`, and a re-send from the outbox voids the link sent before.
 */
export const TOKEN_OCULTO = 'token=[oculto]';

export function linkOculto(publicUrl: string): string {
  return `${publicUrl}/auth/alterar-senha?${TOKEN_OCULTO}`;
}

/** Ties a reset of this user to the outbox message that will carry it; no usable token exists yet. */
export async function criarRedefinicao(tx: Executor, usuarioId: number, emailSaidaId: number, validadeMs: number): Promise<void> {
  await tx.insert(senhaReset).values({
    // Unique and unguessable until the first send replaces it: nobody ever sees the token behind it.
    tokenHash: sha256(tokenAleatorio()),
    usuarioId,
    emailSaidaId,
    expiraEm: new Date(Date.now() + validadeMs),
  });
}

export type SegredoDoEnvio = { corpo: string } | { vencido: true } | null;

/**
 * The body to hand to the adapter for this outbox message: null when the message carries no reset
 * link (sent as stored), `vencido` when its link was used or expired (nothing worth sending).
 */
export async function corpoComLinkNovo(db: Executor, emailSaidaId: number, corpoGuardado: string): Promise<SegredoDoEnvio> {
  const token = tokenAleatorio();
  const [r] = await db
    .update(senhaReset)
    .set({ tokenHash: sha256(token) })
    .where(and(eq(senhaReset.emailSaidaId, emailSaidaId), isNull(senhaReset.usadoEm), gt(senhaReset.expiraEm, new Date())))
    .returning({ usuarioId: senhaReset.usuarioId });
  if (r) return { corpo: corpoGuardado.replaceAll(TOKEN_OCULTO, `token=${token}`) };
  const [existe] = await db.select({ usuarioId: senhaReset.usuarioId }).from(senhaReset).where(eq(senhaReset.emailSaidaId, emailSaidaId)).limit(1);
  return existe ? { vencido: true } : null;
}
