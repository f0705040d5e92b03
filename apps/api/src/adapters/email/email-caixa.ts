import type { EmailAdapter } from './email.js';

/** Without SMTP the message stays in the outbox table (status PENDENTE), readable by the administrator. */
export function emailCaixaDeSaida(): EmailAdapter {
  return {
    tipo: 'caixa-de-saida',
    async enviar() {
      throw new Error('SMTP não configurado: a mensagem permanece na caixa de saída.');
    },
  };
}
