import type { FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { CABECALHO_DISPOSITIVO, MENSAGENS_DISPOSITIVO } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { dispositivo, empresa } from '../../db/schema/index.js';
import { erro } from '../../lib/erros.js';
import { sha256 } from '../../lib/tokens.js';

/**
 * The device gate of the terminal's sale (docs/areas/filiais.md "Dispositivos"): a browser with a
 * device token must be an enabled device of an active branch of this network; a browser without one
 * is let through only while the network has no device registered, so a company that never uses
 * devices keeps selling as before and one that does cannot be bypassed by clearing the storage.
 */
export async function exigirDispositivo(tx: Executor, request: FastifyRequest, empresaId: number): Promise<void> {
  const cabecalho = request.headers[CABECALHO_DISPOSITIVO];
  const token = typeof cabecalho === 'string' ? cabecalho.trim() : '';
  if (!token) {
    const [algum] = await tx.select({ id: dispositivo.id }).from(dispositivo).where(eq(dispositivo.empresaId, empresaId)).limit(1);
    if (algum) throw erro.proibido(MENSAGENS_DISPOSITIVO.naoRegistrado);
    return;
  }
  // Last seen is refreshed at most once a minute, so a busy counter does not write on every sale.
  const [d] = await tx
    .update(dispositivo)
    .set({ ultimoAcesso: sql`case when ${dispositivo.ultimoAcesso} is null or ${dispositivo.ultimoAcesso} < now() - interval '1 minute' then now() else ${dispositivo.ultimoAcesso} end` })
    .from(empresa)
    .where(and(eq(dispositivo.tokenHash, sha256(token.slice(0, 200))), eq(dispositivo.empresaId, empresaId), eq(empresa.id, dispositivo.filialId)))
    .returning({ ativo: dispositivo.ativo, filialAtiva: empresa.ativa });
  if (!d) throw erro.proibido(MENSAGENS_DISPOSITIVO.naoRegistrado);
  if (!d.ativo) throw erro.proibido(MENSAGENS_DISPOSITIVO.desativado);
  if (!d.filialAtiva) throw erro.proibido(MENSAGENS_DISPOSITIVO.filialInativa);
}
