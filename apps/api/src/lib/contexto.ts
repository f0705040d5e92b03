import { PERMISSOES } from '@bonifica/contracts';

/** Who is calling, as the server trusts it: loaded from the session row on every request. */
export type UsuarioContexto = {
  id: number;
  nome: string;
  username: string;
  email: string | null;
  /** Tenant: the network's matriz id; null for system administrators and analysts. */
  empresaId: number | null;
  /** The company the user works at: a filial, or the matriz itself. */
  empresaAtualId: number | null;
  perfilId: number | null;
  perfilNome: string | null;
  permissoes: string[];
  administradorFaturamento: boolean;
};

export function ehAdmin(u: UsuarioContexto): boolean {
  return u.permissoes.includes(PERMISSOES.admin);
}

/** The company's management (spec §6): sees the whole network and every user's jobs. */
export function ehGestao(u: UsuarioContexto): boolean {
  return u.permissoes.includes(PERMISSOES.empresa) || u.permissoes.includes(PERMISSOES.empresaAdmin);
}

/**
 * The one branch whose sales a user may see, or null for the whole network (docs/areas/vendas.md
 * "O que o atendente vê"). A user bound to a branch (usuario.filialId: `empresaAtualId` differs from
 * the matriz) works at that counter and sees its sales only, unless they hold the management rights;
 * a user of the matriz sees the network (user/save stores no filialId for the matriz itself).
 */
export function filialVisivel(u: UsuarioContexto): number | null {
  if (u.empresaId === null || ehGestao(u)) return null;
  return u.empresaAtualId !== null && u.empresaAtualId !== u.empresaId ? u.empresaAtualId : null;
}
