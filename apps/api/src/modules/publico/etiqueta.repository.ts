import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Etiqueta, FiltroEtiqueta } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { cliente, clienteEtiqueta, etiqueta } from '../../db/schema/index.js';
import type { UsuarioContexto } from '../../lib/contexto.js';
import { padraoContem } from '../../lib/busca.js';
import { erro } from '../../lib/erros.js';
import { violouUnicidade } from '../../lib/recurso.js';
import { tenant } from './consulta.js';

const clientes = sql<number>`(select count(*)::int from ${clienteEtiqueta} where ${clienteEtiqueta.empresaId} = ${etiqueta.empresaId} and ${clienteEtiqueta.etiquetaId} = ${etiqueta.id})`;
const colunas = { id: etiqueta.id, nome: etiqueta.nome, clientes };

export async function listarEtiquetas(tx: Executor, u: UsuarioContexto, f: FiltroEtiqueta, page: number, size: number) {
  const where = and(
    eq(etiqueta.empresaId, tenant(u)),
    f.busca ? sql`busca_normalizada(${etiqueta.nome}) like busca_normalizada(${padraoContem(f.busca)})` : undefined,
  );
  const [itens, [total]] = [
    await tx.select(colunas).from(etiqueta).where(where).orderBy(asc(etiqueta.nome), asc(etiqueta.id)).limit(size).offset(page * size),
    await tx.select({ n: count() }).from(etiqueta).where(where),
  ];
  return { itens: itens as Etiqueta[], total: total?.n ?? 0 };
}

export async function buscarEtiqueta(tx: Executor, u: UsuarioContexto, id: number): Promise<Etiqueta | null> {
  if (u.empresaId === null) return null;
  const [l] = await tx
    .select(colunas)
    .from(etiqueta)
    .where(and(eq(etiqueta.id, id), eq(etiqueta.empresaId, u.empresaId)))
    .limit(1);
  return l ?? null;
}

export async function gravarEtiqueta(tx: Executor, u: UsuarioContexto, d: { nome: string }, antes: Etiqueta | null): Promise<Etiqueta> {
  const empresaId = tenant(u);
  try {
    if (antes) {
      await tx
        .update(etiqueta)
        .set({ nome: d.nome })
        .where(and(eq(etiqueta.id, antes.id), eq(etiqueta.empresaId, empresaId)));
      return (await buscarEtiqueta(tx, u, antes.id))!;
    }
    const [l] = await tx.insert(etiqueta).values({ empresaId, nome: d.nome }).returning({ id: etiqueta.id });
    return (await buscarEtiqueta(tx, u, l!.id))!;
  } catch (e) {
    if (violouUnicidade(e)) throw erro.conflito(`Já existe a etiqueta "${d.nome}".`);
    throw e;
  }
}

/** Deleting a tag takes it off every customer (cascade); audiences that named it stop matching anyone by it. */
export async function excluirEtiqueta(tx: Executor, u: UsuarioContexto, id: number): Promise<'EXCLUIR'> {
  await tx.delete(etiqueta).where(and(eq(etiqueta.id, id), eq(etiqueta.empresaId, tenant(u))));
  return 'EXCLUIR';
}

export async function etiquetasDoCliente(tx: Executor, empresaId: number, clienteId: number): Promise<{ id: number; nome: string }[]> {
  const [c] = await tx
    .select({ id: cliente.id })
    .from(cliente)
    .where(and(eq(cliente.id, clienteId), eq(cliente.empresaId, empresaId)))
    .limit(1);
  if (!c) throw erro.naoEncontrado('Cliente não encontrado.');
  return tx
    .select({ id: etiqueta.id, nome: etiqueta.nome })
    .from(clienteEtiqueta)
    .innerJoin(etiqueta, eq(etiqueta.id, clienteEtiqueta.etiquetaId))
    .where(and(eq(clienteEtiqueta.empresaId, empresaId), eq(clienteEtiqueta.clienteId, clienteId)))
    .orderBy(asc(etiqueta.nome));
}

/** Replaces the customer's tags; every id must be a tag of the company. */
export async function definirEtiquetas(tx: Executor, empresaId: number, clienteId: number, ids: number[]) {
  const antes = await etiquetasDoCliente(tx, empresaId, clienteId);
  if (ids.length) {
    const [k] = await tx
      .select({ n: count() })
      .from(etiqueta)
      .where(and(eq(etiqueta.empresaId, empresaId), inArray(etiqueta.id, ids)));
    if ((k?.n ?? 0) !== ids.length) throw erro.requisicao('Etiqueta não encontrada.');
  }
  await tx.delete(clienteEtiqueta).where(and(eq(clienteEtiqueta.empresaId, empresaId), eq(clienteEtiqueta.clienteId, clienteId)));
  if (ids.length) await tx.insert(clienteEtiqueta).values(ids.map((etiquetaId) => ({ empresaId, etiquetaId, clienteId })));
  return { antes, depois: await etiquetasDoCliente(tx, empresaId, clienteId) };
}
