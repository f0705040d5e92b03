import { and, asc, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PERMISSOES, type FiltroUsuario, type UsuarioResumo, type UsuarioSave } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { empresa, perfil, usuario } from '../../db/schema/index.js';
import { ehAdmin, type UsuarioContexto } from '../../lib/contexto.js';
import { padraoContem } from '../../lib/busca.js';
import { erro } from '../../lib/erros.js';
import { encerrarAcessos, encolheu, exigirAtribuir, exigirGerenciarUsuario } from '../../lib/privilegios.js';
import { violouUnicidade } from '../../lib/recurso.js';
import { gerarHashSenha, type ParametrosArgon2 } from '../../lib/senha.js';

const filial = alias(empresa, 'filial');

const colunas = {
  id: usuario.id,
  nome: usuario.nome,
  username: usuario.username,
  email: usuario.email,
  ativo: usuario.ativo,
  empresaId: sql<number | null>`coalesce(${usuario.filialId}, ${usuario.empresaId})`,
  empresaNome: sql<string | null>`coalesce(${filial.nomeCurto}, ${empresa.nomeCurto})`,
  perfilId: usuario.perfilId,
  perfilNome: perfil.nome,
  administradorFaturamento: usuario.administradorFaturamento,
  criadoEm: usuario.criadoEm,
};

function resumo(l: Omit<UsuarioResumo, 'criadoEm'> & { criadoEm: Date }): UsuarioResumo {
  return { ...l, criadoEm: l.criadoEm.toISOString() };
}

/** The tenant filter written in the query itself; RLS stands behind it. */
function escopo(u: UsuarioContexto): SQL | undefined {
  if (ehAdmin(u) && u.empresaId === null) return undefined;
  return u.empresaId === null ? sql`false` : eq(usuario.empresaId, u.empresaId);
}

export async function listarUsuarios(tx: Executor, u: UsuarioContexto, f: FiltroUsuario, page: number, size: number) {
  const condicoes: (SQL | undefined)[] = [escopo(u)];
  if (f.busca) {
    const termo = padraoContem(f.busca);
    condicoes.push(
      or(
        sql`busca_normalizada(${usuario.nome}) like busca_normalizada(${termo})`,
        sql`busca_normalizada(${usuario.username}) like busca_normalizada(${termo})`,
        sql`busca_normalizada(${usuario.email}) like busca_normalizada(${termo})`,
      ),
    );
  }
  if (f.ativo !== undefined) condicoes.push(eq(usuario.ativo, f.ativo));
  if (f.perfilId) condicoes.push(eq(usuario.perfilId, f.perfilId));
  if (f.empresaId) condicoes.push(or(eq(usuario.filialId, f.empresaId), and(isNull(usuario.filialId), eq(usuario.empresaId, f.empresaId))));
  const where = and(...condicoes);
  const coluna = { nome: usuario.nome, username: usuario.username, criadoEm: usuario.criadoEm }[f.ordenarPor ?? 'nome'];
  const ordem = f.direcao === 'desc' ? desc(coluna) : asc(coluna);
  const [itens, [total]] = await Promise.all([
    tx
      .select(colunas)
      .from(usuario)
      .leftJoin(empresa, eq(empresa.id, usuario.empresaId))
      .leftJoin(filial, eq(filial.id, usuario.filialId))
      .leftJoin(perfil, eq(perfil.id, usuario.perfilId))
      .where(where)
      .orderBy(ordem, asc(usuario.id))
      .limit(size)
      .offset(page * size),
    tx.select({ n: count() }).from(usuario).where(where),
  ]);
  return { itens: itens.map(resumo), total: total?.n ?? 0 };
}

export async function buscarUsuario(tx: Executor, u: UsuarioContexto, id: number): Promise<UsuarioResumo | null> {
  const [l] = await tx
    .select(colunas)
    .from(usuario)
    .leftJoin(empresa, eq(empresa.id, usuario.empresaId))
    .leftJoin(filial, eq(filial.id, usuario.filialId))
    .leftJoin(perfil, eq(perfil.id, usuario.perfilId))
    .where(and(eq(usuario.id, id), escopo(u)))
    .limit(1);
  return l ? resumo(l) : null;
}

/** Where a new or edited user will work, checked against what the caller may see. */
async function resolverEmpresa(tx: Executor, u: UsuarioContexto, empresaId: number | null | undefined) {
  if (!empresaId) {
    return { empresaId: ehAdmin(u) ? null : u.empresaId, filialId: null };
  }
  const [e] = await tx.select({ id: empresa.id, matrizId: empresa.matrizId }).from(empresa).where(eq(empresa.id, empresaId)).limit(1);
  if (!e || (!ehAdmin(u) && e.matrizId !== u.empresaId)) throw erro.requisicao('Empresa inválida.');
  return { empresaId: e.matrizId, filialId: e.id === e.matrizId ? null : e.id };
}

async function validarPerfil(tx: Executor, u: UsuarioContexto, perfilId: number, empresaId: number | null) {
  const [p] = await tx.select().from(perfil).where(eq(perfil.id, perfilId)).limit(1);
  if (!p || !p.ativo) throw erro.requisicao('Perfil inválido.');
  if (p.empresaId !== null && p.empresaId !== empresaId) throw erro.requisicao('Perfil inválido.');
  // Only a system administrator hands out system administration.
  if (p.permissoes.includes(PERMISSOES.admin) && !ehAdmin(u)) throw erro.proibido('Somente um administrador do sistema pode atribuir este perfil.');
  if (p.permissoes.includes(PERMISSOES.admin) && empresaId !== null) throw erro.requisicao('O perfil de administrador do sistema não pode ser dado a usuários de empresas.');
  // A system profile goes only to the kind of user it was made for, as profile/{ref}/available offers it.
  if (p.empresaId === null && p.referencia !== (empresaId === null ? 'SISTEMA' : 'EMPRESA')) throw erro.requisicao('Perfil inválido.');
}

/** On create, what the schema leaves optional for updates (docs/decisions/019: user/save is partial). */
function exigirCamposDeCriacao(d: UsuarioSave): asserts d is UsuarioSave & { nome: string; username: string; perfilId: number; senha: string } {
  if (d.nome === undefined) throw erro.requisicao('Informe o nome.');
  if (d.username === undefined) throw erro.requisicao('Informe o usuário.');
  if (d.perfilId === undefined) throw erro.requisicao('Escolha o perfil.');
  if (!d.senha) throw erro.requisicao('Informe a senha inicial do usuário.');
}

/** The tenant (matriz) a stored user belongs to: the profile they get must be offered there. */
async function matrizDoUsuario(tx: Executor, id: number): Promise<number | null> {
  const [l] = await tx.select({ empresaId: usuario.empresaId }).from(usuario).where(eq(usuario.id, id)).limit(1);
  return l?.empresaId ?? null;
}

/**
 * Create, or change only the fields sent. Who may change whom, and grant what, is decided in
 * lib/privilegios.ts; a save that shrinks the user's rights, deactivates them or sets their
 * password ends their other sessions and remember-me tokens.
 */
export async function gravarUsuario(
  tx: Executor,
  u: UsuarioContexto,
  d: UsuarioSave,
  antes: UsuarioResumo | null,
  argon2: ParametrosArgon2,
  sessaoAtual: { sessaoIdHash?: string | null; rememberSerie?: string | null } = {},
): Promise<UsuarioResumo> {
  if (!antes) exigirCamposDeCriacao(d);
  const proprio = antes?.id === u.id;
  if (proprio && d.ativo === false) throw erro.requisicao('Você não pode desativar o seu próprio usuário.');
  const direitosAntes = antes ? await exigirGerenciarUsuario(tx, u, antes.id, 'alterar') : null;

  const valores: Partial<typeof usuario.$inferInsert> = { atualizadoEm: new Date() };
  if (d.nome !== undefined) valores.nome = d.nome;
  if (d.username !== undefined) valores.username = d.username.toLowerCase();
  if (d.email !== undefined) valores.email = d.email;
  if (d.ativo !== undefined) valores.ativo = d.ativo;
  if (d.administradorFaturamento !== undefined) valores.administradorFaturamento = d.administradorFaturamento;
  if (d.perfilId !== undefined) valores.perfilId = d.perfilId;
  if (d.senha) Object.assign(valores, { senhaHash: await gerarHashSenha(d.senha, argon2), senhaAlteradaEm: new Date() });
  if (!antes || d.empresaId !== undefined) Object.assign(valores, await resolverEmpresa(tx, u, d.empresaId));

  const perfilId = d.perfilId ?? antes?.perfilId ?? null;
  if (perfilId !== null && (d.perfilId !== undefined || d.empresaId !== undefined)) {
    const matriz = valores.empresaId !== undefined ? valores.empresaId : await matrizDoUsuario(tx, antes!.id);
    await validarPerfil(tx, u, perfilId, matriz);
  }
  const direitosDepois = await exigirAtribuir(tx, u, direitosAntes, { perfilId, administradorFaturamento: d.administradorFaturamento ?? antes?.administradorFaturamento ?? false }, proprio);

  let id: number;
  try {
    if (antes) {
      await tx.update(usuario).set(valores).where(eq(usuario.id, antes.id));
      id = antes.id;
    } else {
      const [novo] = await tx
        .insert(usuario)
        .values({ ...valores, nome: d.nome!, username: d.username!.toLowerCase(), senhaHash: valores.senhaHash ?? '' })
        .returning({ id: usuario.id });
      id = novo!.id;
    }
  } catch (e) {
    if (violouUnicidade(e)) throw erro.conflito('Este nome de usuário já está em uso.');
    throw e;
  }
  if (antes && direitosAntes && (encolheu(direitosAntes, direitosDepois) || d.ativo === false || d.senha)) {
    // One's own password set here keeps the session that set it, as user/changePassword does.
    await encerrarAcessos(tx, [antes.id], proprio ? sessaoAtual : {});
  }
  return (await buscarUsuario(tx, u, id))!;
}

/** Users are deactivated, never deleted: the audit trail and history keep pointing at them. */
export async function desativarUsuario(tx: Executor, u: UsuarioContexto, id: number) {
  if (id === u.id) throw erro.requisicao('Você não pode excluir o seu próprio usuário.');
  await exigirGerenciarUsuario(tx, u, id, 'desativar');
  await tx.update(usuario).set({ ativo: false, atualizadoEm: new Date() }).where(eq(usuario.id, id));
  await encerrarAcessos(tx, [id]);
  return 'DESATIVAR' as const;
}

export async function usernameExiste(tx: Executor, username: string): Promise<boolean> {
  const [l] = await tx.select({ n: count() }).from(usuario).where(sql`lower(${usuario.username}) = lower(${username})`);
  return (l?.n ?? 0) > 0;
}

export async function usernamesParecidos(tx: Executor, base: string): Promise<Set<string>> {
  const linhas = await tx.select({ u: usuario.username }).from(usuario).where(sql`${usuario.username} like ${base + '%'}`);
  return new Set(linhas.map((l) => l.u));
}

