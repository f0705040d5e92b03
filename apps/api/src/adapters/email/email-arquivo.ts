import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EmailAdapter } from './email.js';

/**
 * Sandbox for development and the end-to-end run (EMAIL_SANDBOX_DIR): each message "sent" becomes a
 * JSON file in that folder. It is the only way to follow a password-reset link without SMTP, since the
 * outbox keeps that link redacted (docs/decisions/021); the folder is the developer's, not the admin's.
 */
export function emailArquivo(pasta: string): EmailAdapter {
  return {
    tipo: 'arquivo',
    async enviar(e) {
      await mkdir(pasta, { recursive: true });
      // Attachments as name, type and size: the file is for reading what went out, not for carrying PDFs.
      const registro = { ...e, anexos: e.anexos?.map((a) => ({ nome: a.nome, tipo: a.tipo, bytes: a.conteudo.length })) };
      await writeFile(join(pasta, `${Date.now()}-${randomUUID()}.json`), JSON.stringify(registro), { mode: 0o600 });
    },
  };
}
