import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { MENSAGEM_COMPARTILHADO, MENSAGEM_INSTANCIA_NAO_ENCONTRADA, type TipoContratado } from '@bonifica/contracts';
import { empresa } from '../../db/schema/index.js';
import { ehAdmin } from '../../lib/contexto.js';
import { erro } from '../../lib/erros.js';
import { empresaDe, transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { instanciaComServidor } from './instancias.js';

/** Who may see or manage which WhatsApp instance (docs/areas/mensageria.md "Instâncias por empresa"). */

export async function tipoContratado(request: FastifyRequest, empresaId: number): Promise<TipoContratado> {
  return transacaoDoUsuario(request, async (tx) => {
    const [m] = await tx.select({ tipo: empresa.tipoServidorWhats }).from(empresa).where(eq(empresa.id, empresaId)).limit(1);
    return (m?.tipo ?? 'NENHUM') as TipoContratado;
  });
}

/** The platform's administrator works on any instance; a company on its own, or reads the shared one. */
export function ehAdminDaPlataforma(request: FastifyRequest): boolean {
  const u = usuarioDe(request);
  return u.empresaId === null && ehAdmin(u);
}

/**
 * The instance `id` if the caller may see it (another company's answers 404, as any record of
 * another tenant). `gerenciar`: the shared number is the platform's to restart or disconnect.
 */
export async function instanciaDoUsuario(request: FastifyRequest, id: number, gerenciar: boolean) {
  const app = request.server;
  const l = await instanciaComServidor(app.db, id);
  if (!l) throw erro.naoEncontrado(MENSAGEM_INSTANCIA_NAO_ENCONTRADA);
  if (ehAdminDaPlataforma(request)) return l;
  const empresaId = empresaDe(request);
  if (l.i.empresaId === null) {
    if ((await tipoContratado(request, empresaId)) !== 'COMPARTILHADO') throw erro.naoEncontrado(MENSAGEM_INSTANCIA_NAO_ENCONTRADA);
    if (gerenciar) throw erro.proibido(MENSAGEM_COMPARTILHADO);
    return l;
  }
  if (l.i.empresaId !== empresaId) throw erro.naoEncontrado(MENSAGEM_INSTANCIA_NAO_ENCONTRADA);
  return l;
}

