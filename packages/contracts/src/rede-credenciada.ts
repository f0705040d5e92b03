import { z } from 'zod';
import { reais } from './valores.js';
import { cnpjFilialSchema, telefoneFilialSchema } from './filial.js';
import { textoOpcionalSchema, ufOpcionalSchema } from './client.js';

/** Units a partner store may accept (prepaid stays in the network's own stores). */
export const UNIDADES_CREDENCIADA = ['CASHBACK', 'PONTOS'] as const;
export type UnidadeCredenciada = (typeof UNIDADES_CREDENCIADA)[number];

/**
 * POST convenio/save — a partner store of the accredited network (the spec's "conveniados"), with its
 * rules: which units it accepts and the most a customer may redeem there per sale (null = no limit).
 */
export const redeCredenciadaSaveSchema = z
  .object({
    id: z.number().int().positive().optional(),
    nome: z.string({ message: 'Informe o nome do parceiro.' }).trim().min(2, 'Informe o nome do parceiro.').max(120, 'Nome longo demais.'),
    cnpj: cnpjFilialSchema,
    telefone: telefoneFilialSchema,
    cidade: textoOpcionalSchema(80, 'Cidade longa demais.'),
    uf: ufOpcionalSchema,
    unidades: z
      .array(z.enum(UNIDADES_CREDENCIADA, { message: 'Unidade inválida: use CASHBACK ou PONTOS.' }))
      .min(1, 'Escolha ao menos uma unidade aceita.')
      .max(2)
      .transform((l) => [...new Set(l)]),
    resgateMaximo: reais('o resgate máximo por venda').positive('O resgate máximo deve ser maior que zero.').nullable().default(null),
    ativo: z.boolean().default(true),
  })
  .strict();
export type RedeCredenciadaSave = z.input<typeof redeCredenciadaSaveSchema>;
export type RedeCredenciadaDados = z.output<typeof redeCredenciadaSaveSchema>;

export const filtroRedeCredenciadaSchema = z.object({ busca: z.string().trim().max(120).optional(), ativo: z.boolean().optional() }).strict();
export type FiltroRedeCredenciada = z.infer<typeof filtroRedeCredenciadaSchema>;

export type RedeCredenciada = {
  id: number;
  nome: string;
  cnpj: string | null;
  telefone: string | null;
  cidade: string | null;
  uf: string | null;
  unidades: UnidadeCredenciada[];
  /** Reais, 2 decimals; null = no limit. */
  resgateMaximo: number | null;
  ativo: boolean;
  criadoEm: string;
};
