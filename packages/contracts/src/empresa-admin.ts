import { z } from 'zod';
import { cnpjValido } from './br/documento.js';
import { FUSOS_HORARIOS } from './company.js';
import { emailSchema, senhaSchema, usernameSchema } from './user.js';

/**
 * The platform's client companies, for the system administrator (issue 13 §4, docs/areas/sistema.md).
 * The spec names only the block removal (`DELETE empresabloqueio/{id}`); the list, save and detail
 * live under `company/admin/` following the generic resource pattern of spec §7.
 */
export const filtroEmpresaAdminSchema = z
  .object({
    busca: z.string().trim().max(120).optional(),
    situacao: z.enum(['ATIVA', 'BLOQUEADA']).optional(),
    ordenarPor: z.enum(['nome', 'criadoEm']).optional(),
    direcao: z.enum(['asc', 'desc']).optional(),
  })
  .strict();
export type FiltroEmpresaAdmin = z.infer<typeof filtroEmpresaAdminSchema>;

const cnpjSchema = z
  .string()
  .trim()
  .max(18)
  .refine((v) => v === '' || cnpjValido(v), 'CNPJ inválido.')
  .transform((v) => (v === '' ? null : v));

const slugSchema = z
  .string({ message: 'Informe o endereço da página pública.' })
  .trim()
  .min(3, 'O endereço da página pública deve ter pelo menos 3 caracteres.')
  .max(60, 'O endereço da página pública deve ter no máximo 60 caracteres.')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use no endereço apenas letras minúsculas sem acento, números e hífens.');

const dadosEmpresaSchema = z.object({
  nome: z.string({ message: 'Informe a razão social.' }).trim().min(2, 'Informe a razão social.').max(160, 'Razão social longa demais.'),
  nomeCurto: z.string({ message: 'Informe o nome fantasia.' }).trim().min(2, 'Informe o nome fantasia.').max(80, 'Nome fantasia longo demais.'),
  cnpj: cnpjSchema.nullable().optional(),
  slug: slugSchema,
  fusoHorario: z.enum(FUSOS_HORARIOS).optional(),
});

/**
 * The first manager of a new company. Without `senha` the manager gets an e-mail (outbox) with a
 * link to create the password — the forgot-password mechanism with a longer validity; with `senha`
 * the administrator hands the initial password over by other means.
 */
export const gerenteInicialSchema = z
  .object({
    nome: z.string({ message: 'Informe o nome do gerente.' }).trim().min(2, 'Informe o nome do gerente.').max(120, 'Nome longo demais.'),
    username: usernameSchema,
    email: emailSchema.nullable().optional(),
    senha: senhaSchema.optional(),
  })
  .strict()
  .refine((g) => g.senha !== undefined || !!g.email, { message: 'Informe a senha inicial ou o e-mail para o convite.', path: ['email'] });

/**
 * POST company/admin/save: with `id` edits the company (a `gerente` is then refused); without it creates
 * the company and its first manager.
 */
export const empresaAdminSaveSchema = dadosEmpresaSchema
  .extend({ id: z.number().int().positive().optional(), gerente: gerenteInicialSchema.optional() })
  .strict()
  .refine((d) => d.id !== undefined || d.gerente !== undefined, { message: 'Informe o gerente da nova empresa.', path: ['gerente'] })
  .refine((d) => d.id === undefined || d.gerente === undefined, { message: 'O gerente só é informado ao cadastrar a empresa.', path: ['gerente'] });
export type EmpresaAdminSave = z.input<typeof empresaAdminSaveSchema>;

export const motivoBloqueioSchema = z
  .string({ message: 'Informe o motivo.' })
  .trim()
  .min(5, 'Informe o motivo (pelo menos 5 caracteres).')
  .max(500, 'Motivo longo demais (até 500 caracteres).');

/** POST empresabloqueio/save blocks; DELETE empresabloqueio/{id} (spec §7) unblocks, with the same body. */
export const bloqueioEmpresaSchema = z.object({ empresaId: z.number().int().positive(), motivo: motivoBloqueioSchema }).strict();
export const desbloqueioEmpresaSchema = z.object({ motivo: motivoBloqueioSchema }).strict();

export type UsoEmpresa = {
  clientes: number;
  vendasMes: number;
  valorVendasMes: number;
  usuarios: number;
  filiais: number;
  ultimaAtividade: string | null;
};

export type EmpresaAdmin = {
  id: number;
  nome: string;
  shortName: string;
  cnpj: string | null;
  slug: string;
  fusoHorario: string;
  ativa: boolean;
  criadoEm: string;
  experimentalAte: string | null;
  motivoBloqueio: string | null;
  uso: UsoEmpresa;
};

export type EmpresaAdminCriada = { id: number; gerenteId: number; convite: 'SENHA_INICIAL' | 'EMAIL' };

/**
 * System settings (spec §7 "Configuration": `config/save`, `config/configs`) and white label. Each field
 * is one row of `config_sistema`; `config/save` changes only the fields sent. Keys in snake_case in
 * the table, camelCase on the wire (CHAVES_CONFIG maps them).
 */
const urlOpcional = z
  .string()
  .trim()
  .max(300, 'Endereço longo demais.')
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/.test(v), 'Informe um endereço começando por http:// ou https://.');

export const configSistemaSaveSchema = z
  .object({
    nomeSistema: z.string().trim().min(2, 'Informe o nome do sistema.').max(60, 'Nome do sistema longo demais (até 60 caracteres).').optional(),
    urlPublica: urlOpcional.optional(),
    urlAjuda: urlOpcional.optional(),
    emailSuporte: z.union([z.literal(''), emailSchema]).optional(),
    whatsSuporte: z
      .string()
      .trim()
      .refine((v) => v === '' || /^\d{10,13}$/.test(v.replace(/\D/g, '')), 'WhatsApp inválido: informe DDD e número.')
      .transform((v) => v.replace(/\D/g, ''))
      .optional(),
    telefoneSuporte: z
      .string()
      .trim()
      .refine((v) => v === '' || /^\d{10,13}$/.test(v.replace(/\D/g, '')), 'Telefone inválido: informe DDD e número.')
      .transform((v) => v.replace(/\D/g, ''))
      .optional(),
    diasExperimental: z.number({ message: 'Informe os dias de teste.' }).int('Use um número inteiro de dias.').min(0, 'Os dias de teste não podem ser negativos.').max(365, 'No máximo 365 dias de teste.').optional(),
    limiteImagemKb: z.number({ message: 'Informe o limite das imagens.' }).int('Use um número inteiro.').min(16, 'O limite mínimo é 16 KB.').max(700, 'O limite máximo é 700 KB.').optional(),
    // '' goes back to the product's own palette.
    corPrimaria: z
      .string()
      .trim()
      .refine((v) => v === '' || /^#[0-9a-fA-F]{6}$/.test(v), 'Cor inválida: use o formato #RRGGBB.')
      .transform((v) => v.toLowerCase())
      .optional(),
    textoLogin: z.string().trim().max(300, 'Texto da página de login longo demais (até 300 caracteres).').optional(),
  })
  .strict();
export type ConfigSistemaSave = z.input<typeof configSistemaSaveSchema>;
export type CampoConfigSistema = keyof ConfigSistemaSave;

/** Table key of each field, and whether the browser may read it without being the administrator. */
export const CHAVES_CONFIG: Readonly<Record<CampoConfigSistema, { chave: string; publica: boolean }>> = {
  nomeSistema: { chave: 'nome_sistema', publica: true },
  urlPublica: { chave: 'url_publica', publica: true },
  urlAjuda: { chave: 'url_ajuda', publica: true },
  emailSuporte: { chave: 'suporte_email', publica: true },
  whatsSuporte: { chave: 'suporte_whats', publica: true },
  telefoneSuporte: { chave: 'suporte_telefone', publica: true },
  diasExperimental: { chave: 'dias_experimental', publica: false },
  limiteImagemKb: { chave: 'limite_imagem_kb', publica: false },
  corPrimaria: { chave: 'cor_primaria', publica: true },
  textoLogin: { chave: 'texto_login', publica: true },
};

export const PADROES_CONFIG = { nomeSistema: 'Bonifica', corPrimaria: '#007f77', diasExperimental: 14, limiteImagemKb: 256 } as const;

/** GET config/whitelabel (public: the login page has no session). */
export type WhiteLabel = {
  nomeSistema: string;
  /** Null: the product's own palette (apps/web/src/app/tema.ts). */
  corPrimaria: string | null;
  textoLogin: string | null;
  logoUrl: string;
  faviconUrl: string | null;
  emailSuporte: string | null;
  whatsSuporte: string | null;
  telefoneSuporte: string | null;
  urlAjuda: string | null;
};

export const IMAGENS_SISTEMA = ['topoAngular', 'favicon'] as const;
export type ImagemSistema = (typeof IMAGENS_SISTEMA)[number];
/** No SVG: a document that may carry scripts (apps/api/src/lib/imagem.ts). */
export const MIMES_IMAGEM_SISTEMA = ['image/png', 'image/jpeg', 'image/webp', 'image/x-icon', 'image/vnd.microsoft.icon'] as const;
/** POST sistema/whitelabel/imagem/{tipo}: the image in base64 (no data: prefix). */
export const imagemSistemaSchema = z
  .object({
    mime: z.enum(MIMES_IMAGEM_SISTEMA, { message: 'Formato de imagem não aceito: use PNG, JPEG, WebP ou ICO.' }),
    base64: z.string().min(4, 'Envie a imagem.').max(1_000_000, 'Imagem grande demais.').regex(/^[A-Za-z0-9+/]+=*$/, 'Imagem inválida.'),
  })
  .strict();
export const imagemSistemaParamSchema = z.object({ tipo: z.enum(IMAGENS_SISTEMA) });
