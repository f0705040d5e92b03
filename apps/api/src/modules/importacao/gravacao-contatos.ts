import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { contato } from '../../db/schema/index.js';
import { CONTAGEM_ZERO, type ContagemLote, type ContextoLote } from './lote.js';
import type { LinhaValida } from './validacao.js';

export const ORIGEM_CONTATO_IMPORTACAO = 'IMPORTACAO';

/**
 * Writes one batch of contacts (leads). A contact is the same person when the mobile or the
 * e-mail matches one the company already has; there is no document to go by.
 */
export async function gravarLoteContatos(tx: Executor, ctx: ContextoLote, lote: LinhaValida[]): Promise<ContagemLote> {
  const c: ContagemLote = { ...CONTAGEM_ZERO };
  const celulares = lote.flatMap((l) => (l.celular ? [l.celular] : []));
  const emails = lote.flatMap((l) => (l.email ? [l.email] : []));
  const existentes =
    celulares.length || emails.length
      ? await tx
          .select({ id: contato.id, celular: contato.celular, email: contato.email, observacoes: contato.observacoes })
          .from(contato)
          .where(
            and(
              eq(contato.empresaId, ctx.empresaId),
              or(celulares.length ? inArray(contato.celular, celulares) : undefined, emails.length ? inArray(sql`lower(${contato.email})`, emails) : undefined),
            ),
          )
      : [];
  const porCelular = new Map(existentes.filter((e) => e.celular).map((e) => [e.celular!, e]));
  const porEmail = new Map(existentes.filter((e) => e.email).map((e) => [e.email!.toLowerCase(), e]));

  const novos: LinhaValida[] = [];
  for (const l of lote) {
    const e = (l.celular && porCelular.get(l.celular)) || (l.email && porEmail.get(l.email)) || null;
    if (!e) {
      novos.push(l);
      continue;
    }
    if (ctx.duplicados === 'IGNORAR') {
      c.ignorados++;
      continue;
    }
    c.mesclados++;
    const preencher = {
      ...(e.celular === null && l.celular ? { celular: l.celular } : {}),
      ...(e.email === null && l.email ? { email: l.email } : {}),
      ...(e.observacoes === null && l.observacoes ? { observacoes: l.observacoes } : {}),
    };
    // Merges of contacts are rare next to inserts; one UPDATE each keeps this simple.
    if (Object.keys(preencher).length) await tx.update(contato).set(preencher).where(and(eq(contato.id, e.id), eq(contato.empresaId, ctx.empresaId)));
  }
  if (novos.length) {
    await tx.insert(contato).values(
      novos.map((l) => ({ empresaId: ctx.empresaId, nome: l.nome, celular: l.celular, email: l.email, observacoes: l.observacoes, origem: ORIGEM_CONTATO_IMPORTACAO })),
    );
    c.inseridos = novos.length;
  }
  return c;
}
