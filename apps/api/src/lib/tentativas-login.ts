import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { tentativaLogin } from '../db/schema/index.js';

export type LimitesLogin = { maxPorUsuario: number; maxPorIp: number; janelaMs: number };

/**
 * Counted in the database, not in memory, so the limit holds across several API processes.
 * Only failures count; a success does not reset an attacker's tally for other accounts.
 */
export async function loginBloqueado(db: Db, username: string, ip: string, l: LimitesLogin): Promise<boolean> {
  const desde = new Date(Date.now() - l.janelaMs);
  const [porUsuario] = await db
    .select({ n: count() })
    .from(tentativaLogin)
    .where(and(eq(tentativaLogin.username, username), eq(tentativaLogin.sucesso, false), gt(tentativaLogin.criadoEm, desde)));
  if ((porUsuario?.n ?? 0) >= l.maxPorUsuario) return true;
  const [porIp] = await db
    .select({ n: count() })
    .from(tentativaLogin)
    .where(and(eq(tentativaLogin.ip, ip), eq(tentativaLogin.sucesso, false), gt(tentativaLogin.criadoEm, desde)));
  return (porIp?.n ?? 0) >= l.maxPorIp;
}

export async function registrarTentativa(db: Db, username: string, ip: string, sucesso: boolean): Promise<void> {
  await db.insert(tentativaLogin).values({ username: username.slice(0, 120), ip: ip.slice(0, 64), sucesso });
}

export async function limparTentativasAntigas(db: Db, janelaMs: number): Promise<void> {
  await db.delete(tentativaLogin).where(lt(tentativaLogin.criadoEm, new Date(Date.now() - 2 * janelaMs)));
}
