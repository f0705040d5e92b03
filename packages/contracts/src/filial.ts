import { z } from 'zod';
import { cnpjValido } from './br/documento.js';
import { somenteDigitos } from './br/telefone.js';
import { camposEnderecoSchema, vazioComoNulo, type CamposEnderecoLidos } from './client.js';
import { FUSOS_HORARIOS, type FusoHorario } from './company.js';

/** CNPJ of the branch, numeric or alphanumeric (2026), typed with or without the mask; kept bare and upper-case. */
export const cnpjFilialSchema = z
  .preprocess(vazioComoNulo, z.string({ message: 'CNPJ inválido.' }).max(30, 'CNPJ inválido.').nullable().optional())
  .transform((v) => (v ? v.replace(/[\s./-]/g, '').toUpperCase() : null))
  .refine((v) => v === null || v.length === 14, 'CNPJ inválido. Informe os 14 caracteres do CNPJ.')
  // 14 characters typed: then it is a typo, and "inform the 14 characters" would send the person looking in the wrong place.
  .refine((v) => v === null || v.length !== 14 || cnpjValido(v), 'CNPJ inválido: confira os dígitos verificadores.');

/** Landline or mobile with DDD, kept as digits. */
export const telefoneFilialSchema = z
  .preprocess(vazioComoNulo, z.string({ message: 'Telefone inválido.' }).max(30, 'Telefone inválido.').nullable().optional())
  .transform((v) => (v ? somenteDigitos(v) : null))
  .refine((v) => v === null || /^[1-9]{2}\d{8,9}$/.test(v), 'Telefone inválido. Informe o DDD e o número (10 ou 11 dígitos).');

/** A logo as a data URL (PNG, JPEG or WebP, up to 300 KB); null removes it, absent keeps it. */
export const LOGO_MAXIMO_BYTES = 300 * 1024;
export const logoSchema = z
  .string({ message: 'Logo inválido.' })
  .max(Math.ceil((LOGO_MAXIMO_BYTES * 4) / 3) + 40, 'O logo deve ter no máximo 300 KB.')
  .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+=*$/, 'Logo inválido: envie uma imagem PNG, JPEG ou WebP.')
  .nullable()
  .optional();

/**
 * POST company/save — create (no id) or update (id) a branch of the caller's network. The spec has
 * no save path for branches; the generic resource pattern of §7 under `company/` is used
 * (docs/areas/filiais.md).
 */
export const filialSaveSchema = z
  .object({
    id: z.number().int().positive().optional(),
    nome: z.string({ message: 'Informe a razão social.' }).trim().min(2, 'Informe a razão social.').max(160, 'Razão social longa demais.'),
    shortName: z.string({ message: 'Informe o nome da filial.' }).trim().min(2, 'Informe o nome da filial.').max(80, 'Nome da filial longo demais.'),
    cnpj: cnpjFilialSchema,
    telefone: telefoneFilialSchema,
    ...camposEnderecoSchema,
    fusoHorario: z.enum(FUSOS_HORARIOS, { message: 'Fuso horário inválido.' }).default('UTC_3_BRASIL'),
    ativa: z.boolean().default(true),
    logo: logoSchema,
  })
  .strict();
export type FilialSave = z.input<typeof filialSaveSchema>;
export type FilialDados = z.output<typeof filialSaveSchema>;

export const filtroFilialSchema = z
  .object({
    busca: z.string().trim().max(120).optional(),
    ativa: z.boolean().optional(),
    ordenarPor: z.enum(['nome', 'criadoEm']).optional(),
    direcao: z.enum(['asc', 'desc']).optional(),
  })
  .strict();
export type FiltroFilial = z.infer<typeof filtroFilialSchema>;

export type Filial = {
  id: number;
  tipo: 'MATRIZ' | 'FILIAL';
  nome: string;
  shortName: string;
  cnpj: string | null;
  telefone: string | null;
} & CamposEnderecoLidos & {
  fusoHorario: FusoHorario;
  ativa: boolean;
  logoUrl: string | null;
  criadoEm: string;
};

/** POST company/imprimir/qrcode — the poster of one company of the network (the caller's own when absent). */
export const qrcodeImpressaoSchema = z.object({ empresaId: z.number({ message: 'Empresa inválida.' }).int().positive('Empresa inválida.').optional() }).strict();

/** POST computers/save. `identificador` is a label the manager reads on the machine (e.g. "CAIXA-01"). */
export const dispositivoSaveSchema = z
  .object({
    id: z.number().int().positive().optional(),
    nome: z.string({ message: 'Informe o nome do dispositivo.' }).trim().min(2, 'Informe o nome do dispositivo.').max(80, 'Nome longo demais.'),
    identificador: z
      .string({ message: 'Informe o identificador.' })
      .trim()
      .min(2, 'Informe o identificador.')
      .max(60, 'Identificador longo demais.'),
    filialId: z.number({ message: 'Escolha a filial.' }).int().positive('Escolha a filial.'),
    ativo: z.boolean().default(true),
  })
  .strict();
export type DispositivoSave = z.input<typeof dispositivoSaveSchema>;
export type DispositivoDados = z.output<typeof dispositivoSaveSchema>;

export const filtroDispositivoSchema = z
  .object({
    busca: z.string().trim().max(120).optional(),
    filialId: z.number().int().positive().optional(),
    ativo: z.boolean().optional(),
  })
  .strict();
export type FiltroDispositivo = z.infer<typeof filtroDispositivoSchema>;

export type Dispositivo = {
  id: number;
  nome: string;
  identificador: string;
  filialId: number;
  filialNome: string;
  ativo: boolean;
  ultimoAcesso: string | null;
  criadoEm: string;
  /** Only in the reply that creates it (or pairs it again): stored hashed, never shown twice. */
  token?: string;
};
