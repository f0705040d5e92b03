import { z } from 'zod';

/** Default zod messages in Brazilian Portuguese, for the fields our own messages do not cover. */
export function configurarZodPtBr(): void {
  z.config(z.locales.ptBR());
}
