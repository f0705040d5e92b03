import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rememberToken, sessao } from '../db/schema/index.js';
import { iguaisSeguro, sha256, tokenAleatorio } from './tokens.js';

/**
 * Remember-me tokens, "selector.validator": the selector finds the row, only the validator's
 * hash is stored. Each use rotates the validator; a rotated token presented again means it was
 * stolen, so the whole series is revoked (and the sessions it opened end).
 */
export async function emitirRememberMe(db: Db, usuarioId: number, serie: string = randomUUID(), serieCriadaEm = new Date()) {
  const seletor = tokenAleatorio(12);
  const validador = tokenAleatorio(32);
  await db.insert(rememberToken).values({ seletor, validadorHash: sha256(validador), serie, usuarioId, serieCriadaEm });
  return { token: `${seletor}.${validador}`, serie };
}

/** `token` is null for a request that raced the one that rotated it: the client keeps that one's token. */
export type UsoRememberMe = { usuarioId: number; token: string | null; serie: string } | null;

/**
 * A page that lost its session cookie fires several calls at once, all with the same token; only
 * one can rotate it. The others, arriving within this window after that rotation, are the same
 * browser, not a thief: they are let in without a new token. Later, reuse revokes the series.
 */
export const GRACA_REMEMBER_ME_MS = 20_000;

export async function usarRememberMe(db: Db, token: string, validadeMs: number): Promise<UsoRememberMe> {
  const [seletor, validador] = token.split('.');
  if (!seletor || !validador || seletor.length > 32 || validador.length > 64) return null;
  const [linha] = await db.select().from(rememberToken).where(eq(rememberToken.seletor, seletor)).limit(1);
  if (!linha || linha.revogadoEm) return null;
  if (!iguaisSeguro(linha.validadorHash, sha256(validador))) {
    await revogarSerie(db, linha.serie);
    return null;
  }
  if (Date.now() - linha.serieCriadaEm.getTime() > validadeMs) {
    await revogarSerie(db, linha.serie);
    return null;
  }
  const concorrente = { usuarioId: linha.usuarioId, token: null, serie: linha.serie };
  if (linha.usadoEm) {
    if (Date.now() - linha.usadoEm.getTime() <= GRACA_REMEMBER_ME_MS) return concorrente;
    await revogarSerie(db, linha.serie);
    return null;
  }
  const marcado = await db
    .update(rememberToken)
    .set({ usadoEm: new Date() })
    .where(and(eq(rememberToken.seletor, seletor), isNull(rememberToken.usadoEm)))
    .returning({ seletor: rememberToken.seletor });
  // Two requests racing with the same token: only one rotates it; the other came with it.
  if (marcado.length === 0) return concorrente;
  const novo = await emitirRememberMe(db, linha.usuarioId, linha.serie, linha.serieCriadaEm);
  return { usuarioId: linha.usuarioId, token: novo.token, serie: linha.serie };
}

export async function revogarSerie(db: Db, serie: string): Promise<void> {
  await db.update(rememberToken).set({ revogadoEm: new Date() }).where(and(eq(rememberToken.serie, serie), isNull(rememberToken.revogadoEm)));
  await db.delete(sessao).where(eq(sessao.rememberSerie, serie));
}

export async function revogarRememberMePorToken(db: Db, token: string): Promise<void> {
  const seletor = token.split('.')[0];
  if (!seletor) return;
  const [linha] = await db.select({ serie: rememberToken.serie }).from(rememberToken).where(eq(rememberToken.seletor, seletor)).limit(1);
  if (linha) await revogarSerie(db, linha.serie);
}

/**
 * A password change closes every other way in: a remember-me token held by another device
 * (a stolen laptop, say) would otherwise open a fresh session with the old password's trust.
 */
export async function revogarSeriesDoUsuario(db: Pick<Db, 'update'>, usuarioId: number, excetoSerie?: string): Promise<void> {
  await db
    .update(rememberToken)
    .set({ revogadoEm: new Date() })
    .where(and(eq(rememberToken.usuarioId, usuarioId), isNull(rememberToken.revogadoEm), excetoSerie ? ne(rememberToken.serie, excetoSerie) : undefined));
}
