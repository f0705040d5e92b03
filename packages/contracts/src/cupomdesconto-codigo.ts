import { z } from 'zod';

// Apart from cupomdesconto.ts, which imports transacao.ts: the sale's schema takes the code from here without a cycle.
/**
 * A code as typed or scanned at the counter: letters and digits (a dash allowed), upper-cased. Spaces
 * anywhere are dropped: the printed coupon and the claim page space the letters out for reading.
 */
export const codigoCupomSchema = z
  .string({ message: 'Informe o código do cupom.' })
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(3, 'Código do cupom inválido.')
      .max(40, 'Código do cupom inválido.')
      .regex(/^[0-9A-Za-z-]+$/, 'Código do cupom inválido: use letras e números.'),
  )
  .transform((s) => s.toUpperCase());
