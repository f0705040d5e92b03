import { and, asc, count, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { PERMISSOES, TODAS_PERMISSOES, type Perfil, type PerfilSave } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { perfil, usuario } from '../../db/schema/index.js';
import { ehAdmin, type UsuarioContexto } from '../../lib/contexto.js';
import { padraoContem } from '../../lib/busca.js';
import { erro } from '../../lib/erros.js';
import { encerrarAcessos, exigirAlterarPerfil, exigirExcluirPerfil } from '../../lib/privilegios.js';

type Linha = typeof perfil.$inferSelect;

function paraPerfil(l: Linha): Perfil {
  return {
    id: l.id,
    nome: l.nome,
    descricao: l.descricao,
    referencia: l.referencia,
    empresaId: l.empresaId,
    permissoes: l.permissoes,
    sistema: l.empresaId === null,
  };
}

/** What the caller may see: system profiles for company use, plus the company's own. Admin sees all. */
function visiveis(u: UsuarioContexto): SQL | undefined {
  if (ehAdmin(u) && u.empresaId === null) return undefined;
  if (u.empresaId === null) return sql`false`;
  return or(eq(perfil.empresaId, u.empresaId), and(isNull(perfil.empresaId), eq(perfil.referencia, 'EMPRESA')));
}

export async function listarPerfis(tx: Executor, u: UsuarioContexto, f: { busca?: string }, page: number, size: number) {
  const where = and(visiveis(u), eq(perfil.ativo, true), f.busca ? sql`busca_normalizada(${perfil.nome}) like busca_normalizada(${padraoContem(f.busca)})` : undefined);
  const [itens, [total]] = await Promise.all([
    tx.select().from(perfil).where(where).orderBy(asc(perfil.nome), asc(perfil.id)).limit(size).offset(page * size),
    tx.select({ n: count() }).from(perfil).where(where),
  ]);
  return { itens: itens.map(paraPerfil), total: total?.n ?? 0 };
}

export async function todosPerfisVisiveis(tx: Executor, u: UsuarioContexto): Promise<Perfil[]> {
  const linhas = await tx.select().from(perfil).where(and(visiveis(u), eq(perfil.ativo, true))).orderBy(asc(perfil.nome));
  return linhas.map(paraPerfil);
}

/** Profiles that may be given to users of company `empresaId` (spec: "available per company reference"). */
export async function perfisDisponiveis(tx: Executor, matrizId: number | null): Promise<Perfil[]> {
  const cond = matrizId === null ? and(isNull(perfil.empresaId), eq(perfil.referencia, 'SISTEMA')) : or(eq(perfil.empresaId, matrizId), and(isNull(perfil.empresaId), eq(perfil.referencia, 'EMPRESA')));
  const linhas = await tx.select().from(perfil).where(and(cond, eq(perfil.ativo, true))).orderBy(asc(perfil.nome));
  return linhas.map(paraPerfil);
}

export async function buscarPerfil(tx: Executor, u: UsuarioContexto, id: number): Promise<Perfil | null> {
  const [l] = await tx.select().from(perfil).where(and(eq(perfil.id, id), visiveis(u), eq(perfil.ativo, true))).limit(1);
  return l ? paraPerfil(l) : null;
}

function validarPermissoes(u: UsuarioContexto, permissoes: string[]): string[] {
  const desconhecidas = permissoes.filter((p) => !TODAS_PERMISSOES.includes(p as (typeof TODAS_PERMISSOES)[number]));
  if (desconhecidas.length) throw erro.requisicao(`Permissão desconhecida: ${desconhecidas.join(', ')}.`);
  if (permissoes.includes(PERMISSOES.admin) && !ehAdmin(u)) throw erro.proibido('Somente um administrador do sistema pode conceder ROLE_ADMIN.');
  return [...new Set(permissoes)].sort();
}

export async function gravarPerfil(tx: Executor, u: UsuarioContexto, d: PerfilSave, antes: Perfil | null): Promise<Perfil> {
  if (antes?.sistema && !(ehAdmin(u) && u.empresaId === null)) throw erro.proibido('Perfis do sistema só podem ser alterados pelo administrador do sistema.');
  const permissoes = validarPermissoes(u, d.permissoes);
  if (permissoes.includes(PERMISSOES.admin) && u.empresaId !== null) throw erro.requisicao('ROLE_ADMIN não pode fazer parte de um perfil de empresa.');
  const rebaixados = await exigirAlterarPerfil(tx, u, antes, permissoes);
  const valores = { nome: d.nome, descricao: d.descricao ?? null, permissoes };
  if (antes) {
    const [l] = await tx.update(perfil).set(valores).where(eq(perfil.id, antes.id)).returning();
    await encerrarAcessos(tx, rebaixados);
    return paraPerfil(l!);
  }
  const [l] = await tx
    .insert(perfil)
    .values({ ...valores, empresaId: u.empresaId, referencia: u.empresaId === null ? 'SISTEMA' : 'EMPRESA' })
    .returning();
  return paraPerfil(l!);
}

/** A profile still given to active users cannot go: they would lose every permission at once. */
export async function excluirPerfil(tx: Executor, u: UsuarioContexto, id: number, antes: Perfil) {
  if (antes.sistema && !(ehAdmin(u) && u.empresaId === null)) throw erro.proibido('Perfis do sistema só podem ser excluídos pelo administrador do sistema.');
  exigirExcluirPerfil(u, antes);
  const [em] = await tx.select({ n: count() }).from(usuario).where(and(eq(usuario.perfilId, id), eq(usuario.ativo, true)));
  if ((em?.n ?? 0) > 0) throw erro.conflito(`Este perfil está em uso por ${em!.n} usuário(s) ativo(s). Troque o perfil deles antes de excluir.`);
  await tx.update(perfil).set({ ativo: false }).where(eq(perfil.id, id));
  return 'DESATIVAR' as const;
}
