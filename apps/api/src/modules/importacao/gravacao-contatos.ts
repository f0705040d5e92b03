import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { contato, contatoConsentimento } from '../../db/schema/index.js';
import { ultimosConsentimentosDeContatos } from '../contato/index.js';
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
  const comConsentimento: { contatoId: number; l: LinhaValida }[] = [];
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
    comConsentimento.push({ contatoId: e.id, l });
    const preencher = {
      ...(e.celular === null && l.celular ? { celular: l.celular } : {}),
      ...(e.email === null && l.email ? { email: l.email } : {}),
      ...(e.observacoes === null && l.observacoes ? { observacoes: l.observacoes } : {}),
    };
    // Merges of contacts are rare next to inserts; one UPDATE each keeps this simple.
    if (Object.keys(preencher).length) await tx.update(contato).set(preencher).where(and(eq(contato.id, e.id), eq(contato.empresaId, ctx.empresaId)));
  }
  if (novos.length) {
    const inseridos = await tx
      .insert(contato)
      .values(novos.map((l) => ({ empresaId: ctx.empresaId, nome: l.nome, celular: l.celular, email: l.email, observacoes: l.observacoes, origem: ORIGEM_CONTATO_IMPORTACAO })))
      .returning({ id: contato.id, celular: contato.celular, email: contato.email });
    // Matched back by mobile or e-mail, unique within a file (verificarLinha), not by the order of RETURNING.
    const idPor = new Map(inseridos.flatMap((i) => [...(i.celular ? [[`c:${i.celular}`, i.id] as const] : []), ...(i.email ? [[`e:${i.email}`, i.id] as const] : [])]));
    for (const l of novos) {
      const id = (l.celular && idPor.get(`c:${l.celular}`)) || (l.email && idPor.get(`e:${l.email}`));
      if (id) comConsentimento.push({ contatoId: id, l });
    }
    c.inseridos = novos.length;
  }
  await gravarConsentimentosImportados(tx, ctx, comConsentimento);
  return c;
}

/**
 * The consent columns of the file (decision 040) become rows of the contact's consent history, origin
 * IMPORTACAO, dated by the import. A "não" is always recorded (unless it is already the latest); a "sim"
 * only where the channel has no decision yet or the latest one came from an import too: a file never
 * overrides what the person (unsubscribe link) or the staff (contacts screen) decided.
 */
async function gravarConsentimentosImportados(tx: Executor, ctx: ContextoLote, linhas: { contatoId: number; l: LinhaValida }[]) {
  const pedidos = linhas.flatMap(({ contatoId, l }) => [
    ...(l.aceitaWhatsapp !== null ? [{ contatoId, canal: 'WHATSAPP' as const, concedido: l.aceitaWhatsapp }] : []),
    ...(l.aceitaEmail !== null ? [{ contatoId, canal: 'EMAIL' as const, concedido: l.aceitaEmail }] : []),
  ]);
  if (pedidos.length === 0) return;
  const atuais = await ultimosConsentimentosDeContatos(tx, ctx.empresaId, [...new Set(pedidos.map((p) => p.contatoId))]);
  const novos = pedidos.filter((p) => {
    const atual = atuais.get(`${p.contatoId}:${p.canal}`);
    if (!atual) return true;
    if (atual.concedido === p.concedido) return false;
    return !p.concedido || atual.origem === ORIGEM_CONTATO_IMPORTACAO;
  });
  if (novos.length === 0) return;
  await tx
    .insert(contatoConsentimento)
    .values(novos.map((p) => ({ empresaId: ctx.empresaId, contatoId: p.contatoId, canal: p.canal, concedido: p.concedido, origem: ORIGEM_CONTATO_IMPORTACAO, usuarioId: ctx.usuarioId })));
}
