import { possuiAlguma, type UsuarioLogado } from '@bonifica/contracts';

/**
 * Spec §6: a check passes when the user holds ANY of the permissions asked; an empty list is
 * open to any logged-in user, and no user at all is always denied.
 */
export function can(
  usuario: Pick<UsuarioLogado, 'permissions'> | null | undefined,
  permissoes?: readonly string[],
): boolean {
  if (!usuario) return false;
  return possuiAlguma(usuario.permissions, permissoes);
}
