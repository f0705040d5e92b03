import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { iguaisSeguro } from './tokens.js';

/**
 * The unsubscribe link of marketing e-mail (LGPD; docs/decisions/034): `/descadastro/<token>`, where the
 * token names the company and the person (a customer `c<id>` or an imported contact `k<id>`) and carries
 * an HMAC-SHA256 of both under a platform key. Opened without a login, it records the revocation: nothing
 * to look up and nothing to guess (a different id needs a different signature). The key lives in
 * `segredo_sistema`, created on first use, so links stay valid across restarts and processes.
 */

export type AlvoDescadastro = { empresaId: number; tipo: 'CLIENTE' | 'CONTATO'; id: number };

const NOME_SEGREDO = 'descadastro';
const chaves = new WeakMap<Db, Promise<string>>();

/** The signing key (one read per process; two processes creating it at once keep the first). */
export function segredoDescadastro(db: Db): Promise<string> {
  let p = chaves.get(db);
  if (!p) {
    p = (async () => {
      await db.execute(sql`insert into segredo_sistema (nome, valor) values (${NOME_SEGREDO}, ${randomBytes(32).toString('base64url')}) on conflict do nothing`);
      const r = (await db.execute(sql`select valor from segredo_sistema where nome = ${NOME_SEGREDO}`)) as unknown as { rows: { valor: string }[] };
      return r.rows[0]!.valor;
    })();
    p.catch(() => chaves.delete(db));
    chaves.set(db, p);
  }
  return p;
}

const carga = (a: AlvoDescadastro) => `${a.empresaId}.${a.tipo === 'CLIENTE' ? 'c' : 'k'}${a.id}`;
const assinar = (segredo: string, texto: string) => createHmac('sha256', segredo).update(`descadastro:EMAIL:${texto}`).digest('base64url').slice(0, 32);

export function tokenDescadastro(segredo: string, a: AlvoDescadastro): string {
  const c = carga(a);
  return `${c}.${assinar(segredo, c)}`;
}

/** The person of a token, or null when it is malformed or its signature does not match. */
export function lerTokenDescadastro(segredo: string, token: string): AlvoDescadastro | null {
  const m = /^([1-9][0-9]{0,9})\.([ck])([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!m) return null;
  const alvo: AlvoDescadastro = { empresaId: Number(m[1]), tipo: m[2] === 'c' ? 'CLIENTE' : 'CONTATO', id: Number(m[3]) };
  if (alvo.empresaId > 2147483647 || alvo.id > 2147483647) return null;
  return iguaisSeguro(assinar(segredo, carga(alvo)), m[4]!) ? alvo : null;
}

export function urlDescadastro(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/descadastro/${token}`;
}
