import { z } from 'zod';

/** Reply of every /services call (spec §3 "Generic reply envelope"). */
export type Envelope<R = unknown, RS = unknown> = {
  hasError: boolean;
  messageError: string | null;
  result: R | null;
  results: RS[] | null;
};

/** `result` of every paginated call (ARCHITECTURE §5). */
export type Pagina<T> = {
  content: T[];
  totalElements: number;
  totalPages: number;
  number: number;
  size: number;
  /** The count stopped at `totalElements`: there are more (the screen says "mais de"). */
  totalLimitado?: boolean;
};

export const TAMANHO_PAGINA_MAXIMO = 100;

export const paginaParamsSchema = z.object({
  page: z.coerce
    .number({ message: 'Página inválida.' })
    .int('Página inválida.')
    .min(0, 'A página começa em 0.'),
  size: z.coerce
    .number({ message: 'Tamanho de página inválido.' })
    .int('Tamanho de página inválido.')
    .min(1, 'O tamanho da página deve ficar entre 1 e 100.')
    .max(TAMANHO_PAGINA_MAXIMO, 'O tamanho da página deve ficar entre 1 e 100.'),
});

export const idParamSchema = z.object({
  id: z.coerce.number({ message: 'Identificador inválido.' }).int('Identificador inválido.').positive('Identificador inválido.'),
});

export const ordenacaoSchema = z
  .object({
    campo: z.string().max(60),
    direcao: z.enum(['asc', 'desc']),
  })
  .strict();

export function envelopeSchema<T extends z.ZodType>(result: T) {
  return z.object({
    hasError: z.boolean(),
    messageError: z.string().nullable(),
    result: result.nullable(),
    results: z.array(z.unknown()).nullable(),
  });
}
