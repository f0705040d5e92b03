import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
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
      // Written aside and renamed into place: whoever lists the folder (the e2e specs poll it) never
      // opens a half-written message (seen: "Unexpected end of JSON input" in senha.spec.ts).
      const nome = `${Date.now()}-${randomUUID()}.json`;
      await writeFile(join(pasta, `.${nome}.parcial`), JSON.stringify(registro), { mode: 0o600 });
      await rename(join(pasta, `.${nome}.parcial`), join(pasta, nome));
    },
  };
}
