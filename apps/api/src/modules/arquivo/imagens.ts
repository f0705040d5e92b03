import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.js';
import { arquivo, empresa } from '../../db/schema/index.js';

/**
 * Every image of the product lives in `arquivo` (docs/decisions/026-imagens-na-tabela-arquivo.md):
 * the white label's, by role (`papel`, a file of the service), and each company's logo, pointed at
 * by `empresa.logo_arquivo_id`. Replacing one deletes the old row in the same transaction: no orphans.
 */
export type ImagemGuardada = { id: number; tipo: string; sha256: string; dados: Buffer };
export type NovaImagem = { nome: string; tipo: string; dados: Buffer; usuarioId: number | null };

export const sha256Hex = (dados: Buffer) => createHash('sha256').update(dados).digest('hex');

const colunasImagem = { id: arquivo.id, tipo: arquivo.tipo, sha256: arquivo.sha256, dados: arquivo.dados };

async function inserir(tx: Executor, empresaId: number | null, papel: string | null, a: NovaImagem): Promise<number> {
  const [l] = await tx
    .insert(arquivo)
    .values({ empresaId, papel, nome: a.nome.slice(0, 160), tipo: a.tipo, tamanho: a.dados.length, sha256: sha256Hex(a.dados), dados: a.dados, usuarioId: a.usuarioId })
    .returning({ id: arquivo.id });
  return l!.id;
}

const doPapel = (papel: string) => and(eq(arquivo.papel, papel), isNull(arquivo.empresaId));

/** A file of the service by role (read as the database owner: these rows have no tenant). */
export async function lerImagemServico(db: Executor, papel: string): Promise<ImagemGuardada | null> {
  const [l] = await db.select(colunasImagem).from(arquivo).where(doPapel(papel)).limit(1);
  return l ?? null;
}

/** Its id only (the version the web adds to the address), without the bytes. */
export async function idImagemServico(db: Executor, papel: string): Promise<number | null> {
  const [l] = await db.select({ id: arquivo.id }).from(arquivo).where(doPapel(papel)).limit(1);
  return l?.id ?? null;
}

/** Replaces (or, with null, removes) the service's file of this role. */
export async function trocarImagemServico(tx: Executor, papel: string, nova: NovaImagem | null): Promise<number | null> {
  await tx.delete(arquivo).where(doPapel(papel));
  return nova ? inserir(tx, null, papel, nova) : null;
}

/** The logo of a company (head office or branch); `tx` under its tenant or the administrator's. */
export async function lerLogoEmpresa(tx: Executor, empresaId: number): Promise<ImagemGuardada | null> {
  const [l] = await tx
    .select(colunasImagem)
    .from(empresa)
    .innerJoin(arquivo, eq(arquivo.id, empresa.logoArquivoId))
    .where(eq(empresa.id, empresaId))
    .limit(1);
  return l ?? null;
}

/**
 * Points the company at a new logo (or none) and deletes the previous file. The file belongs to the
 * network (`tenantId`, the head office), as RLS on `arquivo` requires.
 */
export async function trocarLogoEmpresa(tx: Executor, empresaId: number, tenantId: number, nova: NovaImagem | null): Promise<void> {
  const [antes] = await tx.select({ id: empresa.logoArquivoId }).from(empresa).where(eq(empresa.id, empresaId)).limit(1);
  const novoId = nova ? await inserir(tx, tenantId, null, nova) : null;
  await tx.update(empresa).set({ logoArquivoId: novoId }).where(eq(empresa.id, empresaId));
  if (antes?.id) await tx.delete(arquivo).where(eq(arquivo.id, antes.id));
}

/**
 * The bytes with the headers every image route shares: the type sniffed at upload, `nosniff`, a
 * sandbox policy (an SVG stored before uploads refused SVG can run nothing if opened on its own) and
 * the sha256 as ETag, answering 304 when the browser already has it.
 */
export function enviarImagem(request: FastifyRequest, reply: FastifyReply, f: { tipo: string; sha256: string; dados: Buffer | Uint8Array }, cache: string) {
  const etag = `"${f.sha256}"`;
  reply
    .header('ETag', etag)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    // A PDF (template attachment) is downloaded, not shown: the sandbox policy would block the viewer anyway.
    .header('Content-Disposition', f.tipo === 'application/pdf' ? 'attachment' : 'inline')
    .header('Cache-Control', cache);
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.type(f.tipo).send(Buffer.from(f.dados));
}
