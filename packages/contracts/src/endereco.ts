import { z } from 'zod';

/** Address of spec §3; `neighborhoord` is spelled so in the contract. */
export type Endereco = {
  street: string | null;
  number: string | null;
  neighborhoord: string | null;
  city: { name: string; state: { acronym: string } } | null;
  cep: string;
};

export const cepParamSchema = z.object({
  cep: z
    .string()
    .transform((v) => v.replace(/\D/g, ''))
    .refine((v) => v.length === 8, 'CEP inválido. Informe os 8 dígitos.'),
});

/** POST city/find */
export const cityFindSchema = z
  .object({
    name: z.string({ message: 'Informe o nome da cidade.' }).trim().min(1, 'Informe o nome da cidade.').max(80, 'Nome longo demais.'),
    maxResults: z.number().int().min(1, 'O número de resultados deve ser ao menos 1.').optional(),
  })
  .strict();

export type Cidade = { id: string; name: string; state: { acronym: string; name: string } };
