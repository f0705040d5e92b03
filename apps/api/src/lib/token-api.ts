import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ESCOPO_PARCEIRO, MENSAGENS, type EscopoToken } from '@bonifica/contracts';
import type { Db } from '../db/client.js';
import { empresa, tokenApi } from '../db/schema/index.js';
import { criarAgrupador, type Agrupador } from './agrupador.js';
import type { UsuarioContexto } from './contexto.js';
import { ErroApi, erro } from './erros.js';
import { sha256, tokenAleatorio } from './tokens.js';

/** Who is calling through the integration API (docs/areas/integracao.md): a token of one company. */
export type TokenContexto = { id: number; nome: string; empresaId: number; filialId: number | null; redeCredenciadaId: number | null; escopos: EscopoToken[] };

/** Marks the secrets of Bonifica: a leaked one is recognisable by secret scanners and by people. */
const MARCA = 'bnf_';

/** 32 random bytes: guessing is hopeless, so sha256 (not a slow password hash) is enough to store it. */
export function novoSegredo(): { segredo: string; prefixo: string; hash: string } {
  const segredo = `${MARCA}${tokenAleatorio(32)}`;
  return { segredo, prefixo: segredo.slice(0, 12), hash: sha256(segredo) };
}

export const MENSAGEM_TOKEN_INVALIDO = 'Token de API inválido, revogado ou vencido.';
export const MENSAGEM_SEM_ESCOPO = (e: EscopoToken) => `Este token não tem o escopo ${e}.`;

/** Touching `ultimo_uso` at most once a minute tells the manager it is in use without a write per sale. */
const TOQUE_MS = 60_000;

function consultaTokens(db: Db) {
  return db
    .select({
      id: tokenApi.id,
      nome: tokenApi.nome,
      empresaId: tokenApi.empresaId,
      filialId: tokenApi.filialId,
      redeCredenciadaId: tokenApi.redeCredenciadaId,
      escopos: tokenApi.escopos,
      hash: tokenApi.segredoHash,
      expiraEm: tokenApi.expiraEm,
      revogadoEm: tokenApi.revogadoEm,
      ultimoUso: tokenApi.ultimoUso,
      empresaAtiva: empresa.ativa,
    })
    .from(tokenApi)
    .innerJoin(empresa, eq(empresa.id, tokenApi.empresaId))
    .where(sql`${tokenApi.segredoHash} = any(${sql.placeholder('hashes')})`)
    .prepare('token_api_contexto');
}

type LinhaToken = Awaited<ReturnType<ReturnType<typeof consultaTokens>['execute']>>[number];

const leitores = new WeakMap<Db, Agrupador<string, LinhaToken | null>>();

/**
 * Read from the database on every call — never cached — so a revoked or expired token is refused
 * at once by every API process; the calls that arrive together share one query, as the sessions
 * do (lib/sessao-store.ts), so a busy till does not pay a round-trip per sale for it.
 */
function leitorDeTokens(db: Db): Agrupador<string, LinhaToken | null> {
  let leitor = leitores.get(db);
  if (!leitor) {
    const consulta = consultaTokens(db);
    leitor = criarAgrupador<string, LinhaToken | null>({
      async executar(hashes) {
        const linhas = await consulta.execute({ hashes: [...new Set(hashes)] });
        const porHash = new Map(linhas.map((l) => [l.hash, l]));
        return hashes.map((h) => porHash.get(h) ?? null);
      },
      grupo: () => 'token',
      chaves: () => [],
      maximoLote: 64,
      maximoEmVoo: 2,
    });
    leitores.set(db, leitor);
  }
  return leitor;
}

export async function esvaziarLeitorDeTokens(db: Db): Promise<void> {
  await leitores.get(db)?.esvaziar();
}

function segredoDoCabecalho(request: FastifyRequest): string | null {
  const v = request.headers.authorization;
  if (typeof v !== 'string') return null;
  const m = /^Bearer\s+(\S{10,200})$/i.exec(v.trim());
  return m ? m[1]! : null;
}

/** The token of the `Authorization: Bearer` header, or a 401 (absent, unknown, revoked, expired, company blocked). */
export async function autenticarToken(db: Db, request: FastifyRequest): Promise<TokenContexto> {
  const segredo = segredoDoCabecalho(request);
  if (!segredo) throw new ErroApi(401, MENSAGENS.naoAutenticado);
  const linha = await leitorDeTokens(db)(sha256(segredo));
  const agora = Date.now();
  if (!linha || linha.revogadoEm !== null || (linha.expiraEm !== null && linha.expiraEm.getTime() <= agora) || !linha.empresaAtiva) {
    throw new ErroApi(401, MENSAGEM_TOKEN_INVALIDO);
  }
  if (linha.ultimoUso === null || agora - linha.ultimoUso.getTime() > TOQUE_MS) {
    await db.update(tokenApi).set({ ultimoUso: new Date(agora) }).where(eq(tokenApi.id, linha.id));
  }
  return { id: linha.id, nome: linha.nome, empresaId: linha.empresaId, filialId: linha.filialId, redeCredenciadaId: linha.redeCredenciadaId, escopos: linha.escopos as EscopoToken[] };
}

export const MENSAGEM_TOKEN_DE_PARCEIRO = 'Este é o token de um parceiro da rede credenciada: ele só identifica clientes e lança resgates no parceiro.';

/**
 * A partner store's token reaches only the partner routes, whatever scopes a row might hold (the
 * contract already refuses mixing them), and the partner routes only take a partner's token.
 */
export function exigirEscopo(t: TokenContexto, escopo: EscopoToken): void {
  if (t.redeCredenciadaId !== null && escopo !== ESCOPO_PARCEIRO) throw erro.proibido(MENSAGEM_TOKEN_DE_PARCEIRO);
  if (!t.escopos.includes(escopo)) throw erro.proibido(MENSAGEM_SEM_ESCOPO(escopo));
  if (escopo === ESCOPO_PARCEIRO && t.redeCredenciadaId === null) throw erro.proibido(MENSAGEM_SEM_ESCOPO(escopo));
}

export function tokenDe(request: FastifyRequest): TokenContexto {
  if (!request.tokenApi) throw erro.naoAutenticado();
  return request.tokenApi;
}

/**
 * The tenant binding of a token's calls (lib/tenant.ts wants a caller): the token's company, no
 * permissions. Never written as an author — the token's sales carry usuario_id null and its audit
 * rows carry token_api_id.
 */
export function contextoTenantDoToken(t: TokenContexto): UsuarioContexto {
  return {
    id: 0,
    nome: `Token ${t.nome}`,
    username: `token:${t.id}`,
    email: null,
    empresaId: t.empresaId,
    empresaAtualId: t.filialId ?? t.empresaId,
    perfilId: null,
    perfilNome: null,
    permissoes: [],
    administradorFaturamento: false,
  };
}
