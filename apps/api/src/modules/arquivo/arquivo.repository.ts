import { and, eq, isNull } from 'drizzle-orm';
import { urlArquivo, type ArquivoInfo, type TipoImagem } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { arquivo } from '../../db/schema/index.js';
import type { UsuarioContexto } from '../../lib/contexto.js';

export const colunasInfo = {
  id: arquivo.id,
  nome: arquivo.nome,
  tipo: arquivo.tipo,
  tamanho: arquivo.tamanho,
  sha256: arquivo.sha256,
  empresaId: arquivo.empresaId,
  criadoEm: arquivo.criadoEm,
};

type LinhaInfo = { id: number; nome: string; tipo: string; tamanho: number; sha256: string; empresaId: number | null; criadoEm: Date };

export function info(l: LinhaInfo): ArquivoInfo {
  return { ...l, tipo: l.tipo as TipoImagem, criadoEm: l.criadoEm.toISOString(), url: urlArquivo(l.id) };
}

/**
 * The files a user may reach: their company's; the system administrator's are the service's own
 * (empresa_id null) and any company's (they operate every tenant). Another company's id: not found.
 */
export function doUsuario(u: UsuarioContexto, id: number) {
  return and(eq(arquivo.id, id), u.empresaId === null ? undefined : eq(arquivo.empresaId, u.empresaId));
}

export async function buscarInfo(tx: Executor, u: UsuarioContexto, id: number): Promise<ArquivoInfo | null> {
  const [l] = await tx.select(colunasInfo).from(arquivo).where(doUsuario(u, id)).limit(1);
  return l ? info(l) : null;
}

export const doServico = (id: number) => and(eq(arquivo.id, id), isNull(arquivo.empresaId));
