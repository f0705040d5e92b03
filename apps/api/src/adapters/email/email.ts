export type AnexoEmail = { nome: string; tipo: string; conteudo: Buffer };

export type Email = {
  para: string;
  assunto: string;
  corpo: string;
  /** Extra headers (List-Unsubscribe of marketing e-mail, RFC 2369 / RFC 8058). */
  cabecalhos?: Record<string, string>;
  anexos?: AnexoEmail[];
};

/**
 * Why a send failed, for the outbox's "never twice" rule (docs/decisions/034):
 * - REPETIVEL: the server refused before taking the message (could not connect, 4xx): try again later;
 * - DEFINITIVA: refused for good (5xx: no such mailbox, rejected): FALHOU;
 * - INCERTA: the connection broke while the message was being handed over: it may have gone — never resend
 *   blindly (REVISAR).
 */
export class FalhaEmail extends Error {
  constructor(
    message: string,
    readonly tipo: 'REPETIVEL' | 'DEFINITIVA' | 'INCERTA',
  ) {
    super(message);
    this.name = 'FalhaEmail';
  }
}

/** Delivers one message; throws on failure so the outbox keeps it for another try. */
export type EmailAdapter = { tipo: 'smtp' | 'caixa-de-saida' | 'arquivo'; enviar: (e: Email) => Promise<void> };
