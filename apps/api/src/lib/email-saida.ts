import { eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.js';
import { emailSaida } from '../db/schema/index.js';
import type { Email, EmailAdapter } from '../adapters/email/email.js';
import { corpoComLinkNovo } from './redefinicao-senha.js';

export const MENSAGEM_LINK_VENCIDO = 'O link desta mensagem já venceu ou foi usado: quem pediu deve pedir outro em "Esqueci minha senha".';

/** Stored first, sent after: a mail is never lost to an SMTP outage (issue 2 §3). */
export async function enfileirarEmail(tx: Executor, e: Email & { empresaId?: number | null }): Promise<number> {
  const [linha] = await tx
    .insert(emailSaida)
    .values({ para: e.para, assunto: e.assunto, corpo: e.corpo, empresaId: e.empresaId ?? null })
    .returning({ id: emailSaida.id });
  return linha!.id;
}

export async function tentarEnviar(db: Db, adapter: EmailAdapter, id: number): Promise<boolean> {
  const [m] = await db.select().from(emailSaida).where(eq(emailSaida.id, id)).limit(1);
  if (!m || m.status === 'ENVIADO') return true;
  const segredo = await corpoComLinkNovo(db, id, m.corpo);
  if (segredo && 'vencido' in segredo) {
    await db.update(emailSaida).set({ status: 'FALHOU', erro: MENSAGEM_LINK_VENCIDO }).where(eq(emailSaida.id, id));
    return false;
  }
  try {
    // The real reset link (if any) exists only here, on its way to the adapter: the row keeps it redacted.
    await adapter.enviar({ para: m.para, assunto: m.assunto, corpo: segredo?.corpo ?? m.corpo });
    await db.update(emailSaida).set({ status: 'ENVIADO', enviadoEm: new Date(), tentativas: sql`${emailSaida.tentativas} + 1`, erro: null }).where(eq(emailSaida.id, id));
    return true;
  } catch (e) {
    const semSmtp = adapter.tipo === 'caixa-de-saida';
    await db
      .update(emailSaida)
      .set({ status: semSmtp ? 'PENDENTE' : 'FALHOU', tentativas: sql`${emailSaida.tentativas} + ${semSmtp ? 0 : 1}`, erro: (e as Error).message.slice(0, 500) })
      .where(eq(emailSaida.id, id));
    return false;
  }
}
