export type Email = { para: string; assunto: string; corpo: string };

/** Delivers one message; throws on failure so the outbox keeps it for another try. */
export type EmailAdapter = { tipo: 'smtp' | 'caixa-de-saida' | 'arquivo'; enviar: (e: Email) => Promise<void> };
