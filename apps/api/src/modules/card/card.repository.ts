import { and, asc, count, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { somenteDigitos, type Cartao, type CartaoResumo, type FiltroCartao } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { cartao, cartaoImpressao, cliente, empresa, usuario, valePresente } from '../../db/schema/index.js';
import { padraoContem } from '../../lib/busca.js';
import { condicaoBusca } from '../client/index.js';
import type { UsuarioContexto } from '../../lib/contexto.js';
import { erro } from '../../lib/erros.js';

export const MENSAGEM_CARTAO_NAO_ENCONTRADO = 'Cartão não encontrado.';

const filial = alias(empresa, 'cartao_filial');
const substituto = alias(cartao, 'cartao_substituto');
const substituido = alias(cartao, 'cartao_substituido');

/**
 * Promise.all for queries of one transaction, run one after the other: a transaction holds one
 * connection, and node-postgres deprecates overlapping queries on a client (drizzle builders are
 * lazy, so nothing starts before its turn).
 */
export async function emSequencia<T extends readonly unknown[] | []>(consultas: T): Promise<{ -readonly [P in keyof T]: Awaited<T[P]> }> {
  const resultados: unknown[] = [];
  for (const c of consultas) resultados.push(await c);
  return resultados as { -readonly [P in keyof T]: Awaited<T[P]> };
}

/** Cards belong to a network; a user without one (system administrator, analyst) has none to work on. */
export function empresaDo(u: UsuarioContexto): number {
  if (u.empresaId === null) throw erro.proibido('Operação disponível apenas para usuários de uma empresa.');
  return u.empresaId;
}

const naFila = sql<boolean>`exists (select 1 from ${cartaoImpressao} where ${cartaoImpressao.empresaId} = ${cartao.empresaId} and ${cartaoImpressao.cartaoId} = ${cartao.id} and ${cartaoImpressao.status} = 'PENDENTE')`;

const colunasResumo = {
  id: cartao.id,
  numero: cartao.numero,
  status: cartao.status,
  motivoStatus: cartao.motivoStatus,
  clienteId: cartao.clienteId,
  clienteNome: cliente.nome,
  filialId: cartao.filialId,
  filialNome: filial.nomeCurto,
  emitidoEm: cartao.emitidoEm,
  vinculadoEm: cartao.vinculadoEm,
  bloqueadoEm: cartao.bloqueadoEm,
  naFila,
};

type DatasResumo = { emitidoEm: Date; vinculadoEm: Date | null; bloqueadoEm: Date | null };
function comDatasIso<L extends DatasResumo>(l: L) {
  return { ...l, emitidoEm: l.emitidoEm.toISOString(), vinculadoEm: l.vinculadoEm?.toISOString() ?? null, bloqueadoEm: l.bloqueadoEm?.toISOString() ?? null };
}

/**
 * Digits (spaces allowed, as printed) search the number — the whole of it or a part, e.g. the last
 * four read over the phone; anything else searches the holder as the customer lists do.
 */
export function condicaoBuscaCartao(empresaId: number, busca: string | undefined): SQL | undefined {
  const termo = busca?.trim();
  if (!termo) return undefined;
  const digitos = somenteDigitos(termo);
  if (/^[\d\s.-]+$/.test(termo) && digitos.length > 0) return sql`${cartao.numero} like ${padraoContem(digitos)}`;
  return condicaoBusca(empresaId, termo);
}

export async function listarCartoes(tx: Executor, u: UsuarioContexto, f: FiltroCartao, page: number, size: number) {
  const empresaId = empresaDo(u);
  const where = and(
    eq(cartao.empresaId, empresaId),
    condicaoBuscaCartao(empresaId, f.busca),
    f.status ? eq(cartao.status, f.status) : undefined,
    f.clienteId ? eq(cartao.clienteId, f.clienteId) : undefined,
  );
  const dir = f.direcao === 'asc' ? asc : desc;
  const ordem =
    f.ordenarPor === 'numero' ? [dir(cartao.numero)] : f.ordenarPor === 'clienteNome' ? [dir(sql`busca_normalizada(${cliente.nome})`)] : [dir(cartao.emitidoEm), dir(cartao.id)];
  const [itens, [total]] = await emSequencia([
    tx
      .select(colunasResumo)
      .from(cartao)
      .leftJoin(cliente, eq(cliente.id, cartao.clienteId))
      .leftJoin(filial, eq(filial.id, cartao.filialId))
      .where(where)
      .orderBy(...ordem, asc(cartao.id))
      .limit(size)
      .offset(page * size),
    tx.select({ n: count() }).from(cartao).leftJoin(cliente, eq(cliente.id, cartao.clienteId)).where(where),
  ]);
  return { itens: itens.map(comDatasIso) as CartaoResumo[], total: total?.n ?? 0 };
}

/** Null for an id of another company: the caller answers 404 and leaks nothing. */
export async function buscarCartao(tx: Executor, u: UsuarioContexto, id: number): Promise<Cartao | null> {
  const empresaId = empresaDo(u);
  const [l] = await tx
    .select({
      ...colunasResumo,
      clienteDocumento: cliente.documento,
      emitidoPorNome: usuario.nome,
      substituidoPorId: cartao.substituidoPorId,
      substituidoPorNumero: substituto.numero,
      substituiId: substituido.id,
      substituiNumero: substituido.numero,
      valePresenteId: valePresente.id,
      valePresenteCancelado: sql<boolean>`coalesce(${valePresente.status} = 'CANCELADO', false)`,
      atualizadoEm: cartao.atualizadoEm,
    })
    .from(cartao)
    .leftJoin(cliente, eq(cliente.id, cartao.clienteId))
    .leftJoin(filial, eq(filial.id, cartao.filialId))
    .leftJoin(usuario, eq(usuario.id, cartao.emitidoPorId))
    .leftJoin(substituto, and(eq(substituto.id, cartao.substituidoPorId), eq(substituto.empresaId, empresaId)))
    .leftJoin(substituido, and(eq(substituido.substituidoPorId, cartao.id), eq(substituido.empresaId, empresaId)))
    .leftJoin(valePresente, and(eq(valePresente.cartaoId, cartao.id), eq(valePresente.empresaId, empresaId)))
    .where(and(eq(cartao.id, id), eq(cartao.empresaId, empresaId)))
    .limit(1);
  if (!l) return null;
  return { ...comDatasIso(l), atualizadoEm: l.atualizadoEm.toISOString() } as Cartao;
}

export type CartaoTravado = typeof cartao.$inferSelect;

/** Locks one card of the caller's company (by id or by number) for a change of state. */
export async function travarCartao(tx: Executor, empresaId: number, chave: { id: number } | { numero: string }): Promise<CartaoTravado> {
  const [c] = await tx
    .select()
    .from(cartao)
    .where(and(eq(cartao.empresaId, empresaId), 'id' in chave ? eq(cartao.id, chave.id) : eq(cartao.numero, chave.numero)))
    .limit(1)
    .for('update');
  if (!c) throw erro.naoEncontrado(MENSAGEM_CARTAO_NAO_ENCONTRADO);
  return c;
}

/** The customer's ATIVO card, other than `exceto` (the one-per-customer rule). */
export async function cartaoAtivoDoCliente(tx: Executor, empresaId: number, clienteId: number, exceto?: number) {
  const [c] = await tx
    .select({ id: cartao.id, numero: cartao.numero })
    .from(cartao)
    .where(and(eq(cartao.empresaId, empresaId), eq(cartao.clienteId, clienteId), eq(cartao.status, 'ATIVO'), exceto ? sql`${cartao.id} <> ${exceto}` : undefined))
    .limit(1);
  return c ?? null;
}

/** The ids of the caller's cards after `depoisDe`, for keyset-paged exports. */
export async function paginaExportacao(tx: Executor, empresaId: number, f: FiltroCartao, depoisDe: number | null, limite: number) {
  return tx
    .select({
      id: cartao.id,
      numero: cartao.numero,
      status: cartao.status,
      clienteNome: cliente.nome,
      documento: cliente.documento,
      celular: cliente.celular,
      email: cliente.email,
      filialNome: filial.nomeCurto,
      emitidoEm: cartao.emitidoEm,
      vinculadoEm: cartao.vinculadoEm,
    })
    .from(cartao)
    .leftJoin(cliente, eq(cliente.id, cartao.clienteId))
    .leftJoin(filial, eq(filial.id, cartao.filialId))
    .where(
      and(
        eq(cartao.empresaId, empresaId),
        condicaoBuscaCartao(empresaId, f.busca),
        f.status ? eq(cartao.status, f.status) : undefined,
        f.clienteId ? eq(cartao.clienteId, f.clienteId) : undefined,
        depoisDe === null ? undefined : gt(cartao.id, depoisDe),
      ),
    )
    .orderBy(asc(cartao.id))
    .limit(limite);
}
