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
