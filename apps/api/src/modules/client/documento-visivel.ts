import { mascararDocumentoParcial, PODE_GERENCIAR_CLIENTES } from '@bonifica/contracts';
import type { UsuarioContexto } from '../../lib/contexto.js';

/**
 * The CPF/CNPJ a user may read (LGPD, data minimisation): whole for who manages customers,
 * masked as the receipt prints it (***.982.247-**) for everyone else — the counter clerk finds
 * the customer by the full number (the search compares it server-side) but never reads it back.
 * The one rule for every answer that carries a customer's document.
 */
export function documentoVisivel(u: UsuarioContexto, documento: string | null): string | null {
  if (documento === null) return null;
  return u.permissoes.some((p) => PODE_GERENCIAR_CLIENTES.includes(p as (typeof PODE_GERENCIAR_CLIENTES)[number])) ? documento : mascararDocumentoParcial(documento);
}
