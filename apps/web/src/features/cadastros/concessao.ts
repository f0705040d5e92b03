import { PERMISSOES, permissoesEfetivas, type Perfil, type UsuarioLogado } from '@bonifica/contracts';

/**
 * The API's rule of who grants what (apps/api/src/lib/privilegios.ts, docs/decisions/019), only to
 * keep out of the forms what the server would refuse: the server stays the authority.
 */
function ehAdministradorDoSistema(u: UsuarioLogado): boolean {
  return u.permissions.includes(PERMISSOES.admin) && u.matrizId === null;
}

/** A profile may be given only by whoever holds every permission it lists (directly or implied). */
export function podeAtribuirPerfil(u: UsuarioLogado, p: Pick<Perfil, 'permissoes'>): boolean {
  if (ehAdministradorDoSistema(u)) return true;
  const efetivas = permissoesEfetivas(u.permissions);
  return p.permissoes.every((x) => efetivas.has(x));
}

/** Only a billing administrator (or the system administrator) hands out billing administration. */
export function podeConcederFaturamento(u: UsuarioLogado): boolean {
  return ehAdministradorDoSistema(u) || u.administradorFaturamento;
}
