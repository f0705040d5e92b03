import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rememberToken, sessao } from '../db/schema/index.js';
import { iguaisSeguro, sha256, tokenAleatorio } from './tokens.js';

/**
 * Remember-me tokens, "selector.validator": the selector finds the row, only the validator's
 * hash is stored. Each use rotates the validator; a rotated token presented again means it was
 * stolen, so the whole series is revoked (and the sessions it opened end).
 */
export async function emitirRememberMe(db: Db, usuarioId: number, serie: string = randomUUID(), serieCriadaEm = new Date()) {
  const novo = novoToken();
  await gravarToken(db, novo, usuarioId, serie, serieCriadaEm);
  return { token: novo.token, serie };
}

type NovoToken = { seletor: string; validador: string; token: string };

function novoToken(): NovoToken {
  const seletor = tokenAleatorio(12);
  const validador = tokenAleatorio(32);
  return { seletor, validador, token: `${seletor}.${validador}` };
}

async function gravarToken(db: Db, t: NovoToken, usuarioId: number, serie: string, serieCriadaEm: Date): Promise<void> {
  await db.insert(rememberToken).values({ seletor: t.seletor, validadorHash: sha256(t.validador), serie, usuarioId, serieCriadaEm });
}

/**
 * `token` is null for a request that raced the one that rotated it: the client keeps that one's token.
 * `seletor` names the token used, so that the session it opens is recorded on it (registrarSessaoAberta).
 */
export type UsoRememberMe = { usuarioId: number; token: string | null; serie: string; seletor: string } | null;

/**
 * A page that lost its session cookie fires several calls at once, all with the same token; only
 * one can rotate it. The others, arriving within this window after that rotation, are the same
 * browser, not a thief: they are let in without a new token. Later, reuse revokes the series.
 */
export const GRACA_REMEMBER_ME_MS = 20_000;

/** Sessions recorded per token: a page restoring itself opens one per call in flight, a handful. */
const MAXIMO_SESSOES_ABERTAS = 16;

/**
 * Restores a lost session from a remember-me token. `sessaoCookieHash` is the hash of the session
 * cookie the browser still sent (its session expired): a used token that comes with the cookie of a
 * session it opened itself is the same browser whose rotation reply was cut off (a reload in the
 * middle of the call) — it is rotated again instead of revoking the series (docs/decisions/016).
 */
export async function usarRememberMe(db: Db, token: string, validadeMs: number, sessaoCookieHash: string | null = null): Promise<UsoRememberMe> {
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
  const entrada = (novoToken: string | null): UsoRememberMe => ({ usuarioId: linha.usuarioId, token: novoToken, serie: linha.serie, seletor });
  if (linha.usadoEm) {
    // A token voided by a recovery (used, without successor) is never presented by its browser again.
    if (linha.sucessor !== null && Date.now() - linha.usadoEm.getTime() <= GRACA_REMEMBER_ME_MS) return entrada(null);
    const mesmoNavegador = sessaoCookieHash !== null && linha.sessoesAbertas.some((h) => iguaisSeguro(h, sessaoCookieHash));
    if (mesmoNavegador && linha.sucessor !== null) {
      const recuperado = await recuperarRotacaoPerdida(db, linha, linha.sucessor);
      if (recuperado !== undefined) return entrada(recuperado);
    }
    await revogarSerie(db, linha.serie);
    return null;
  }
  const novo = novoToken();
  const marcado = await db
    .update(rememberToken)
    .set({ usadoEm: new Date(), sucessor: novo.seletor })
    .where(and(eq(rememberToken.seletor, seletor), isNull(rememberToken.usadoEm)))
    .returning({ seletor: rememberToken.seletor });
  // Two requests racing with the same token: only one rotates it; the other came with it.
  if (marcado.length === 0) return entrada(null);
  await gravarToken(db, novo, linha.usuarioId, linha.serie, linha.serieCriadaEm);
  return entrada(novo.token);
}

/**
 * The browser kept the used token because the reply carrying its successor never reached the page.
 * If that successor was never used (nobody else holds it), it is voided and the used token is rotated
 * once more: the new token is returned. If it was used, someone else has it: undefined, and the
 * caller revokes the series. The page's other calls in flight, racing this one, find the token just
 * rotated and come in without a new token (null), as its parallel calls do.
 */
async function recuperarRotacaoPerdida(db: Db, linha: typeof rememberToken.$inferSelect, sucessor: string): Promise<string | null | undefined> {
  const novo = novoToken();
  const girado = await db
    .update(rememberToken)
    .set({ usadoEm: new Date(), sucessor: novo.seletor, sessoesAbertas: [] })
    .where(and(eq(rememberToken.seletor, linha.seletor), eq(rememberToken.sucessor, sucessor)))
    .returning({ seletor: rememberToken.seletor });
  if (girado.length === 0) return null;
  const anulado = await db
    .update(rememberToken)
    .set({ usadoEm: new Date() })
    .where(and(eq(rememberToken.seletor, sucessor), isNull(rememberToken.usadoEm), isNull(rememberToken.revogadoEm)))
    .returning({ seletor: rememberToken.seletor });
  if (anulado.length === 0) return undefined;
  await gravarToken(db, novo, linha.usuarioId, linha.serie, linha.serieCriadaEm);
  return novo.token;
}

/** Records that `seletor` opened the session whose id hashes to `sessaoIdHash` (bounded list). */
export async function registrarSessaoAberta(db: Db, seletor: string, sessaoIdHash: string): Promise<void> {
  await db
    .update(rememberToken)
    .set({ sessoesAbertas: sql`array_append(${rememberToken.sessoesAbertas}, ${sessaoIdHash}::varchar)` })
    .where(and(eq(rememberToken.seletor, seletor), sql`cardinality(${rememberToken.sessoesAbertas}) < ${MAXIMO_SESSOES_ABERTAS}`));
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

/**
 * A new login in a browser that still holds a session (its SESSION cookie rides on POST /login) ends
 * that session and the remember-me series it belonged to: one browser, one way in (issue 12 §6).
 */
export async function encerrarSessaoAnterior(db: Db, cookieSessao: string | undefined): Promise<void> {
  if (!cookieSessao) return;
  const [antiga] = await db.delete(sessao).where(eq(sessao.idHash, sha256(cookieSessao))).returning({ serie: sessao.rememberSerie });
  if (antiga?.serie) await revogarSerie(db, antiga.serie);
}
