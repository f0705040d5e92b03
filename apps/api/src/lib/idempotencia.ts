import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/client.js';
import { idempotencia } from '../db/schema/index.js';
import { erro } from './erros.js';

export const MENSAGEM_CHAVE_REUSADA = 'Esta chave de idempotência já foi usada com outro conteúdo.';

function chaveDe(request: FastifyRequest): string | null {
  const v = request.headers['idempotency-key'];
  if (v === undefined) return null;
  if (typeof v !== 'string' || v.trim().length === 0 || v.length > 100) throw erro.requisicao('Idempotency-Key inválida: use de 1 a 100 caracteres.');
  return v.trim();
}

/**
 * Posting calls run through here (ARCHITECTURE §5). Inside the caller's transaction, the key is
 * claimed first: a concurrent request with the same key waits on the unique index until this one
 * commits, then finds the stored reply (replay) — or, if this one rolled back, runs for real.
 * A failed call stores nothing, so retrying it is safe.
 */
export async function comIdempotencia<T>(tx: Executor, request: FastifyRequest, empresaId: number, fn: () => Promise<T>): Promise<T> {
  const chave = chaveDe(request);
  if (chave === null) return fn();
  const rota = `${request.method} ${request.routeOptions.url ?? request.url}`.slice(0, 120);
  const hashCorpo = createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
  const reivindicada = await tx
    .insert(idempotencia)
    .values({ empresaId, chave, rota, hashCorpo, status: 0, resposta: sql`'null'::jsonb` })
    .onConflictDoNothing()
    .returning({ chave: idempotencia.chave });
  if (reivindicada.length === 0) {
    const [anterior] = await tx
      .select({ hashCorpo: idempotencia.hashCorpo, resposta: idempotencia.resposta })
      .from(idempotencia)
      .where(and(eq(idempotencia.empresaId, empresaId), eq(idempotencia.chave, chave)))
      .limit(1);
    if (!anterior || anterior.hashCorpo !== hashCorpo) throw erro.conflito(MENSAGEM_CHAVE_REUSADA);
    return anterior.resposta as T;
  }
  const resultado = await fn();
  await tx
    .update(idempotencia)
    .set({ status: 200, resposta: sql`${JSON.stringify(resultado ?? null)}::jsonb` })
    .where(and(eq(idempotencia.empresaId, empresaId), eq(idempotencia.chave, chave)));
  return resultado;
}
