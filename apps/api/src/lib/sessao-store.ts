import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { empresa, perfil, sessao, usuario } from '../db/schema/index.js';
import { criarAgrupador, type Agrupador } from './agrupador.js';
import type { UsuarioContexto } from './contexto.js';
import { sha256, tokenAleatorio } from './tokens.js';

export type SessaoCriada = { id: string; xsrf: string };

export type SessaoCarregada = { idHash: string; xsrf: string; rememberSerie: string | null; usuario: UsuarioContexto };

export type LimitesSessao = { idleMs: number; absoluteMs: number };

/** A new id on every login (no fixation); only the hash is stored so a leaked table opens nothing. */
export async function criarSessao(
  db: Db,
  usuarioId: number,
  limites: LimitesSessao,
  extra: { ip?: string; userAgent?: string; rememberSerie?: string | null } = {},
): Promise<SessaoCriada> {
  const id = tokenAleatorio();
  const xsrf = tokenAleatorio();
  await db.insert(sessao).values({
    idHash: sha256(id),
    usuarioId,
    xsrfToken: xsrf,
    rememberSerie: extra.rememberSerie ?? null,
    expiraEm: new Date(Date.now() + limites.absoluteMs),
    ip: extra.ip?.slice(0, 64),
    userAgent: extra.userAgent?.slice(0, 300),
  });
  return { id, xsrf };
}

/** Touching the row at most once a minute keeps the idle clock honest without a write per request. */
const TOQUE_MS = 60_000;

/**
 * Session and user context in one query, for many sessions at once: it runs for every
 * authenticated request, and the requests that arrive together share one query (lib/agrupador.ts)
 * instead of paying a round-trip and a transaction of the database each. Prepared once per
 * database: on PostgreSQL a named statement is parsed and planned once per connection.
 */
function consultaSessoes(db: Db) {
  return db
    .select({
      idHash: sessao.idHash,
      xsrf: sessao.xsrfToken,
      rememberSerie: sessao.rememberSerie,
      ultimoAcesso: sessao.ultimoAcesso,
      expiraEm: sessao.expiraEm,
      ...COLUNAS_CONTEXTO,
    })
    .from(sessao)
    .innerJoin(usuario, eq(usuario.id, sessao.usuarioId))
    .leftJoin(perfil, eq(perfil.id, usuario.perfilId))
    .leftJoin(empresa, eq(empresa.id, usuario.empresaId))
    .where(sql`${sessao.idHash} = any(${sql.placeholder('hashes')})`)
    .prepare('sessao_contexto');
}

type LinhaSessao = Awaited<ReturnType<ReturnType<typeof consultaSessoes>['execute']>>[number];

const leitoresSessao = new WeakMap<Db, Agrupador<string, LinhaSessao | null>>();

function leitorDeSessoes(db: Db): Agrupador<string, LinhaSessao | null> {
  let leitor = leitoresSessao.get(db);
  if (!leitor) {
    const consulta = consultaSessoes(db);
    leitor = criarAgrupador<string, LinhaSessao | null>({
      async executar(hashes) {
        const linhas = await consulta.execute({ hashes: [...new Set(hashes)] });
        const porHash = new Map(linhas.map((l) => [l.idHash, l]));
        return hashes.map((h) => porHash.get(h) ?? null);
      },
      grupo: () => 'sessao',
      // Reads only: the same session may appear twice in a batch (a page's parallel calls).
      chaves: () => [],
      maximoLote: 64,
      maximoEmVoo: 2,
    });
    leitoresSessao.set(db, leitor);
  }
  return leitor;
}

/** Waits for the session reads already taken (the app closes before the database). */
export async function esvaziarLeitorDeSessoes(db: Db): Promise<void> {
  await leitoresSessao.get(db)?.esvaziar();
}

export async function carregarSessao(db: Db, id: string, limites: LimitesSessao): Promise<SessaoCarregada | null> {
  const idHash = sha256(id);
  const linha = await leitorDeSessoes(db)(idHash);
  if (!linha) return null;
  const agora = Date.now();
  const u = contextoDe(linha);
  if (!u || linha.expiraEm.getTime() <= agora || agora - linha.ultimoAcesso.getTime() > limites.idleMs) {
    await db.delete(sessao).where(eq(sessao.idHash, idHash));
    return null;
  }
  if (agora - linha.ultimoAcesso.getTime() > TOQUE_MS) {
    await db.update(sessao).set({ ultimoAcesso: new Date(agora) }).where(eq(sessao.idHash, idHash));
  }
  return { idHash, xsrf: linha.xsrf, rememberSerie: linha.rememberSerie, usuario: u };
}

const COLUNAS_CONTEXTO = {
  id: usuario.id,
  nome: usuario.nome,
  username: usuario.username,
  email: usuario.email,
  empresaId: usuario.empresaId,
  filialId: usuario.filialId,
  perfilId: usuario.perfilId,
  perfilNome: perfil.nome,
  permissoes: perfil.permissoes,
  administradorFaturamento: usuario.administradorFaturamento,
  ativo: usuario.ativo,
  empresaAtiva: empresa.ativa,
  // A deactivated branch closes the door to the users who work at it (docs/areas/filiais.md).
  filialAtiva: sql<boolean | null>`(select f.ativa from empresa f where f.id = ${usuario.filialId})`,
};

type LinhaContexto = {
  id: number;
  nome: string;
  username: string;
  email: string | null;
  empresaId: number | null;
  filialId: number | null;
  perfilId: number | null;
  perfilNome: string | null;
  permissoes: string[] | null;
  administradorFaturamento: boolean;
  ativo: boolean;
  empresaAtiva: boolean | null;
  filialAtiva: boolean | null;
};

/** An inactive user, or a user of an inactive company, has no context: their sessions end. */
function contextoDe(u: LinhaContexto): UsuarioContexto | null {
  if (!u.ativo || u.empresaAtiva === false || u.filialAtiva === false) return null;
  return {
    id: u.id,
    nome: u.nome,
    username: u.username,
    email: u.email,
    empresaId: u.empresaId,
    empresaAtualId: u.filialId ?? u.empresaId,
    perfilId: u.perfilId,
    perfilNome: u.perfilNome,
    permissoes: u.permissoes ?? [],
    administradorFaturamento: u.administradorFaturamento,
  };
}

export async function carregarUsuarioContexto(db: Db, usuarioId: number): Promise<UsuarioContexto | null> {
  const [u] = await db
    .select(COLUNAS_CONTEXTO)
    .from(usuario)
    .leftJoin(perfil, eq(perfil.id, usuario.perfilId))
    .leftJoin(empresa, eq(empresa.id, usuario.empresaId))
    .where(eq(usuario.id, usuarioId))
    .limit(1);
  return u ? contextoDe(u) : null;
}

export async function apagarSessao(db: Db, idHash: string): Promise<void> {
  await db.delete(sessao).where(eq(sessao.idHash, idHash));
}

/** After a password change every other session of the user ends. */
export async function apagarSessoesDoUsuario(db: Pick<Db, 'delete'>, usuarioId: number, excetoIdHash?: string): Promise<void> {
  await db
    .delete(sessao)
    .where(excetoIdHash ? and(eq(sessao.usuarioId, usuarioId), sql`${sessao.idHash} <> ${excetoIdHash}`) : eq(sessao.usuarioId, usuarioId));
}

/**
 * Sessions past their absolute end or, when `idleMs` is given, idle longer than it: neither can be
 * used again (carregarSessao refuses and deletes them), so deleting them changes nothing for anyone.
 * Returns how many went.
 */
export async function limparSessoesVencidas(db: Db, idleMs?: number): Promise<number> {
  const agora = Date.now();
  const apagadas = await db
    .delete(sessao)
    .where(or(lt(sessao.expiraEm, new Date(agora)), idleMs === undefined ? undefined : lt(sessao.ultimoAcesso, new Date(agora - idleMs))))
    .returning({ idHash: sessao.idHash });
  return apagadas.length;
}
