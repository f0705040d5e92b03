import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { tarefaEntradaParte } from '../db/schema/index.js';
import type { UsuarioContexto } from './contexto.js';
import { comTenant } from './tenant.js';

/**
 * A job's input file kept in parts (table `tarefa_entrada_parte`): written as the upload arrives,
 * read back one part at a time by the job. Every statement carries at most one part, so neither
 * side ever holds the event loop for the whole file (PGlite runs in the app's own thread).
 */

/** 64 KB: ~12 ms of PGlite per part on the 2-core machine of docs/decisions/020; a 20 MB file is ~320 parts. */
export const BYTES_POR_PARTE = 64 * 1024;

/** Writes part `ordem` (0, 1, 2…) in its own short transaction, under the tenant of the user who uploads. */
export async function gravarParte(db: Db, usuario: UsuarioContexto, tarefaId: string, ordem: number, dados: Buffer): Promise<void> {
  await comTenant(db, usuario, (tx) => tx.insert(tarefaEntradaParte).values({ empresaId: usuario.empresaId!, tarefaId, ordem, dados }));
}

/** The parts in file order, one query each; ends at the first missing part. */
export async function* lerPartes(db: Db, tarefaId: string): AsyncGenerator<Buffer> {
  for (let ordem = 0; ; ordem++) {
    const [parte] = await db
      .select({ dados: tarefaEntradaParte.dados })
      .from(tarefaEntradaParte)
      .where(and(eq(tarefaEntradaParte.tarefaId, tarefaId), eq(tarefaEntradaParte.ordem, ordem)));
    if (!parte) return;
    yield parte.dados;
  }
}

/** The input is only needed while the job runs: dropped when it ends, either way. */
export async function apagarEntrada(db: Db, tarefaId: string): Promise<void> {
  await db.delete(tarefaEntradaParte).where(eq(tarefaEntradaParte.tarefaId, tarefaId));
}
