import { and, eq } from 'drizzle-orm';
import { permissoesEfetivas } from '@bonifica/contracts';
import type { Executor } from '../db/client.js';
import { perfil, usuario } from '../db/schema/index.js';
import { ehAdmin, type UsuarioContexto } from './contexto.js';
import { erro } from './erros.js';
import { revogarSeriesDoUsuario } from './remember-me.js';
import { apagarSessoesDoUsuario } from './sessao-store.js';

/**
 * Who may hand out what, in one place (docs/decisions/019-quem-concede-o-que.md). The rights of a
 * user are the permissions of their profile plus the billing-administrator flag; inside a company
 * nobody grants what they do not hold, nobody changes their own rights, and a user manages only
 * users whose rights fit inside theirs. The system administrator (ROLE_ADMIN, no company) holds all.
 */
export type Direitos = { permissoes: readonly string[]; administradorFaturamento: boolean };

export const RECUSA = {
  conceder: 'Você não pode conceder uma permissão que não possui.',
  atribuirPerfil: 'Você não pode atribuir um perfil com permissões que você não possui.',
  faturamento: 'Somente um administrador do faturamento pode conceder a administração do faturamento.',
  alterarUsuario: 'Você não pode alterar um usuário que tem direitos que você não possui.',
  desativarUsuario: 'Você não pode desativar um usuário que tem direitos que você não possui.',
  proprioPerfil: 'Você não pode alterar as permissões do seu próprio perfil.',
  proprioPerfilAtribuido: 'Você não pode trocar o seu próprio perfil.',
  proprioFaturamento: 'Você não pode alterar a sua própria administração do faturamento.',
  perfilAlheio: 'Você não pode alterar um perfil com permissões que você não possui.',
  excluirPerfilAlheio: 'Você não pode excluir um perfil com permissões que você não possui.',
  perfilDeQuemTemMais: 'Este perfil é usado por quem tem direitos que você não possui: você não pode tirar permissões dele.',
} as const;

export function ehAdministradorDoSistema(u: UsuarioContexto): boolean {
  return ehAdmin(u) && u.empresaId === null;
}

export function direitosDe(u: UsuarioContexto): Direitos {
  return { permissoes: u.permissoes, administradorFaturamento: u.administradorFaturamento };
}

/**
 * Whether `u` holds every permission of `permissoes`, directly or through one that implies it
 * (PERMISSOES_IMPLICITAS: the company administrator holds what a clerk's profile lists); the
 * system administrator holds all.
 */
export function possuiTodas(u: UsuarioContexto, permissoes: readonly string[]): boolean {
  if (ehAdministradorDoSistema(u)) return true;
  const efetivas = permissoesEfetivas(u.permissoes);
  return permissoes.every((p) => efetivas.has(p));
}

/** `outro` ⊆ rights of `u`. */
export function cabeNosDireitos(u: UsuarioContexto, outro: Direitos): boolean {
  if (ehAdministradorDoSistema(u)) return true;
  return possuiTodas(u, outro.permissoes) && (!outro.administradorFaturamento || u.administradorFaturamento);
}

/** Rights lost from `antes` to `depois`: any permission gone, or the billing flag taken away. */
export function encolheu(antes: Direitos, depois: Direitos): boolean {
  return antes.permissoes.some((p) => !depois.permissoes.includes(p)) || (antes.administradorFaturamento && !depois.administradorFaturamento);
}

export function exigirConceder(u: UsuarioContexto, permissoes: readonly string[]): void {
  if (!possuiTodas(u, permissoes)) throw erro.proibido(RECUSA.conceder);
}

export async function permissoesDoPerfil(tx: Executor, perfilId: number | null): Promise<string[]> {
  if (perfilId === null) return [];
  const [p] = await tx.select({ permissoes: perfil.permissoes }).from(perfil).where(eq(perfil.id, perfilId)).limit(1);
  return p?.permissoes ?? [];
}

/**
 * The stored rights of a user, read in the caller's transaction (so under its tenant). The row is
 * locked: a promotion committed between this check and the write would otherwise let the caller
 * change someone who no longer fits inside their rights.
 */
export async function direitosDoUsuario(tx: Executor, usuarioId: number): Promise<Direitos & { perfilId: number | null }> {
  const [l] = await tx
    .select({ perfilId: usuario.perfilId, permissoes: perfil.permissoes, administradorFaturamento: usuario.administradorFaturamento })
    .from(usuario)
    .leftJoin(perfil, eq(perfil.id, usuario.perfilId))
    .where(eq(usuario.id, usuarioId))
    .limit(1)
    .for('update', { of: usuario });
  return { perfilId: l?.perfilId ?? null, permissoes: l?.permissoes ?? [], administradorFaturamento: l?.administradorFaturamento ?? false };
}

/**
 * Changing, setting the password of or deactivating another user: only within the caller's rights —
 * which is also what keeps the owner (Gerente and billing administrator) in the hands of another
 * owner or of the system administrator.
 */
export async function exigirGerenciarUsuario(tx: Executor, u: UsuarioContexto, alvoId: number, acao: 'alterar' | 'desativar'): Promise<Direitos & { perfilId: number | null }> {
  const alvo = await direitosDoUsuario(tx, alvoId);
  if (alvoId !== u.id && !cabeNosDireitos(u, alvo)) throw erro.proibido(acao === 'alterar' ? RECUSA.alterarUsuario : RECUSA.desativarUsuario);
  return alvo;
}

/** What a user record will carry after a save, checked against the caller before it is written. */
export async function exigirAtribuir(
  tx: Executor,
  u: UsuarioContexto,
  antes: (Direitos & { perfilId: number | null }) | null,
  depois: { perfilId: number | null; administradorFaturamento: boolean },
  proprio: boolean,
): Promise<Direitos> {
  if (proprio && antes) {
    if (depois.perfilId !== antes.perfilId) throw erro.proibido(RECUSA.proprioPerfilAtribuido);
    if (depois.administradorFaturamento !== antes.administradorFaturamento) throw erro.proibido(RECUSA.proprioFaturamento);
  }
  const permissoes = depois.perfilId === antes?.perfilId ? antes.permissoes : await permissoesDoPerfil(tx, depois.perfilId);
  if (depois.perfilId !== antes?.perfilId && !possuiTodas(u, permissoes)) throw erro.proibido(RECUSA.atribuirPerfil);
  if (depois.administradorFaturamento && !antes?.administradorFaturamento && !cabeNosDireitos(u, { permissoes: [], administradorFaturamento: true })) {
    throw erro.proibido(RECUSA.faturamento);
  }
  return { permissoes, administradorFaturamento: depois.administradorFaturamento };
}

/**
 * Editing a profile: never one's own, never one holding permissions the caller lacks, never adding
 * what the caller lacks; taking permissions away only when every active user of the profile fits
 * inside the caller's rights (else it demotes someone above them). Returns who lost rights.
 */
export async function exigirAlterarPerfil(
  tx: Executor,
  u: UsuarioContexto,
  antes: { id: number; permissoes: readonly string[] } | null,
  depois: readonly string[],
): Promise<number[]> {
  if (!antes) {
    exigirConceder(u, depois);
    return [];
  }
  const mudouPermissoes = antes.permissoes.length !== depois.length || antes.permissoes.some((p) => !depois.includes(p));
  if (antes.id === u.perfilId && mudouPermissoes) throw erro.proibido(RECUSA.proprioPerfil);
  if (!possuiTodas(u, antes.permissoes)) throw erro.proibido(RECUSA.perfilAlheio);
  exigirConceder(u, depois);
  if (!encolheu({ permissoes: antes.permissoes, administradorFaturamento: false }, { permissoes: depois, administradorFaturamento: false })) return [];
  const usuarios = await tx
    .select({ id: usuario.id, administradorFaturamento: usuario.administradorFaturamento })
    .from(usuario)
    .where(and(eq(usuario.perfilId, antes.id), eq(usuario.ativo, true)));
  if (usuarios.some((x) => !cabeNosDireitos(u, { permissoes: antes.permissoes, administradorFaturamento: x.administradorFaturamento }))) {
    throw erro.proibido(RECUSA.perfilDeQuemTemMais);
  }
  return usuarios.map((x) => x.id);
}

/** Deleting a profile: only one within the caller's rights (it may hold nobody, but it is not theirs to judge). */
export function exigirExcluirPerfil(u: UsuarioContexto, antes: { permissoes: readonly string[] }): void {
  if (!possuiTodas(u, antes.permissoes)) throw erro.proibido(RECUSA.excluirPerfilAlheio);
}

/**
 * Rights shrank or the user was deactivated: every open session and remember-me token of theirs
 * ends, so nothing keeps working on the strength of what they no longer hold.
 */
export async function encerrarAcessos(
  tx: Executor,
  usuarioIds: readonly number[],
  exceto: { sessaoIdHash?: string | null; rememberSerie?: string | null } = {},
): Promise<void> {
  for (const id of new Set(usuarioIds)) {
    await apagarSessoesDoUsuario(tx, id, exceto.sessaoIdHash ?? undefined);
    await revogarSeriesDoUsuario(tx, id, exceto.rememberSerie ?? undefined);
  }
}

/** The permissions the caller may put in a profile: the catalogue cut to what they hold. */
export function permissoesConcediveis<T extends string>(u: UsuarioContexto, catalogo: readonly T[]): T[] {
  return catalogo.filter((p) => possuiTodas(u, [p]));
}
