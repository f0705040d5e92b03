import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { arquivo } from '../../db/schema/index.js';
import { imagemParaPdf } from '../../lib/imagem-pdf.js';
import type { Foto } from './documentos.js';

/** What the prize PDFs show besides the prize and the company's name: the company's photos by id, as the PDFs can embed them (a WebP becomes PNG: lib/imagem-pdf.ts). */
export async function fotos(tx: Executor, empresaId: number, ids: number[]): Promise<Map<number, Foto>> {
  if (!ids.length) return new Map();
  const l = await tx.select({ id: arquivo.id, dados: arquivo.dados, tipo: arquivo.tipo }).from(arquivo).where(and(eq(arquivo.empresaId, empresaId), inArray(arquivo.id, ids)));
  const r = new Map<number, Foto>();
  for (const f of l) r.set(f.id, await imagemParaPdf({ dados: Buffer.from(f.dados), tipo: f.tipo }));
  return r;
}
