import { config } from 'zod/v4/core';
import ptBR from 'zod/v4/locales/pt-BR.js';

/**
 * Default zod messages in Brazilian Portuguese, for the fields our own messages do not cover.
 * Imported from zod's core and one locale, not from `z`: the web app calls this at start-up, and
 * `z.locales` would put every schema type and every language on the login page's first load.
 */
export function configurarZodPtBr(): void {
  config(ptBR());
}
