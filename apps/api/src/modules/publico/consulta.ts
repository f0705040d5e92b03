import type { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import type { UsuarioContexto } from '../../lib/contexto.js';
import { erro } from '../../lib/erros.js';

/** Rows of a raw statement, the same on both drivers. */
export async function linhas<T>(tx: Executor, consulta: ReturnType<typeof sql>): Promise<T[]> {
  const r = (await tx.execute(consulta)) as unknown as { rows: T[] };
  return r.rows;
}

export function tenant(u: UsuarioContexto): number {
  if (u.empresaId === null) throw erro.proibido('Operação disponível apenas para usuários de uma empresa.');
  return u.empresaId;
}
