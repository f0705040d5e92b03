import { eq, sql, type Column, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Executor } from '../db/client.js';
import { ehAdmin, filialVisivel, type UsuarioContexto } from './contexto.js';
import { erro } from './erros.js';

/**
 * Runs `fn` in a transaction bound to the caller's company. Queries filter by tenant themselves;
 * row-level security (role bonifica_app + app.empresa_id) is the second lock behind them
 * (ARCHITECTURE §6). A system administrator without a company works across tenants by design.
 */
export async function comTenant<T>(db: Db, usuario: UsuarioContexto, fn: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const vinculo = sqlVinculoTenant(usuario);
    if (vinculo) await tx.execute(vinculo);
    return fn(tx);
  });
}

/**
 * The statement that binds a transaction to the caller's company; null for a system administrator
 * without one. One round-trip: set_config('role', …, true) is SET LOCAL ROLE, with the same membership check.
 */
export function sqlVinculoTenant(usuario: UsuarioContexto): SQL | null {
  if (usuario.empresaId === null && ehAdmin(usuario)) return null;
  return sql`select set_config('app.empresa_id', ${String(usuario.empresaId ?? '')}, true), set_config('role', 'bonifica_app', true)`;
}

export function usuarioDe(request: FastifyRequest): UsuarioContexto {
  if (!request.usuario) throw erro.naoAutenticado();
  return request.usuario;
}

export function transacaoDoUsuario<T>(request: FastifyRequest, fn: (tx: Executor) => Promise<T>): Promise<T> {
  return comTenant(request.server.db, usuarioDe(request), fn);
}

/** The caller's tenant, for calls that only make sense inside a company (an admin without one is refused). */
export function empresaDe(request: FastifyRequest): number {
  const empresaId = usuarioDe(request).empresaId;
  if (empresaId === null) throw erro.proibido('Operação disponível apenas para usuários de uma empresa.');
  return empresaId;
}

/**
 * The condition that keeps a query to the branches the caller may see (`coluna` holds a row's
 * branch): none for the management or a user of the matriz, their own branch for a user bound to one
 * (contexto.ts `filialVisivel`). A row of another branch then answers 404, like another company's.
 */
export function sqlFiliaisVisiveis(u: UsuarioContexto, coluna: Column): SQL | undefined {
  const filialId = filialVisivel(u);
  return filialId === null ? undefined : eq(coluna, filialId);
}
