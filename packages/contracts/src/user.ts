import { z } from 'zod';

export const SENHA_MINIMO = 8;
export const SENHA_MAXIMO = 128;

export const senhaSchema = z
  .string({ message: 'Informe a senha.' })
  .min(SENHA_MINIMO, `A senha deve ter pelo menos ${SENHA_MINIMO} caracteres.`)
  .max(SENHA_MAXIMO, `A senha deve ter no máximo ${SENHA_MAXIMO} caracteres.`);

export const usernameSchema = z
  .string({ message: 'Informe o usuário.' })
  .trim()
  .min(3, 'O usuário deve ter pelo menos 3 caracteres.')
  .max(60, 'O usuário deve ter no máximo 60 caracteres.')
  .regex(/^[a-z0-9._-]+$/, 'Use apenas letras minúsculas sem acento, números, ponto, hífen e sublinhado.');

export const emailSchema = z.string({ message: 'Informe o e-mail.' }).trim().max(254, 'E-mail longo demais.').email('E-mail inválido.');

/** GET user/getUserInformations — "Logged user" of spec §3, plus what the shell needs. */
export type UsuarioLogado = {
  id: number;
  name: string;
  username: string;
  email: string | null;
  companyName: string | null;
  empresaId: number | null;
  matrizId: number | null;
  perfil: string | null;
  /** The profile's id and the billing-administrator flag: the user form offers only what the server grants (decision 019). */
  perfilId: number | null;
  administradorFaturamento: boolean;
  permissions: string[];
};

export const existeUsuarioSchema = z.object({ username: z.string().trim().min(1, 'Informe o usuário.').max(60) }).strict();

export const gerarUsernameSchema = z.object({ name: z.string().trim().min(1, 'Informe o nome.').max(120, 'Nome longo demais.') }).strict();

/** POST user/changePassword: logged in (senhaAtual) or from the e-mailed link (token). */
export const alterarSenhaSchema = z
  .object({
    senhaAtual: z.string().max(SENHA_MAXIMO).optional(),
    token: z.string().max(200).optional(),
    novaSenha: senhaSchema,
    confirmacaoSenha: z.string().max(SENHA_MAXIMO),
  })
  .strict()
  .refine((v) => v.novaSenha === v.confirmacaoSenha, {
    message: 'A confirmação não confere com a nova senha.',
    path: ['confirmacaoSenha'],
  });
export type AlterarSenha = z.infer<typeof alterarSenhaSchema>;

/** POST user/salvarperfil — Meu Perfil. */
export const salvarPerfilSchema = z
  .object({
    nome: z.string().trim().min(2, 'Informe o nome.').max(120, 'Nome longo demais.'),
    email: emailSchema.nullable().or(z.literal('').transform(() => null)),
  })
  .strict();
export type SalvarPerfil = z.infer<typeof salvarPerfilSchema>;

/** Filter of POST user/filter/user/client/{page}/{size} and user/filterpaginated. */
export const filtroUsuarioSchema = z
  .object({
    busca: z.string().trim().max(120).optional(),
    ativo: z.boolean().optional(),
    perfilId: z.number().int().positive().optional(),
    empresaId: z.number().int().positive().optional(),
    ordenarPor: z.enum(['nome', 'username', 'criadoEm']).optional(),
    direcao: z.enum(['asc', 'desc']).optional(),
  })
  .strict();
export type FiltroUsuario = z.infer<typeof filtroUsuarioSchema>;

export type UsuarioResumo = {
  id: number;
  nome: string;
  username: string;
  email: string | null;
  ativo: boolean;
  empresaId: number | null;
  empresaNome: string | null;
  perfilId: number | null;
  perfilNome: string | null;
  administradorFaturamento: boolean;
  criadoEm: string;
};

/**
 * POST user/save — create (no id) or update (id). On update only the fields sent change: an absent
 * field keeps its stored value (`email: null` erases the e-mail, an absent `email` keeps it), so no
 * field has a default here. On create the server asks for nome, username, perfilId and senha.
 */
export const usuarioSaveSchema = z
  .object({
    id: z.number().int().positive().optional(),
    nome: z.string().trim().min(2, 'Informe o nome.').max(120, 'Nome longo demais.').optional(),
    username: usernameSchema.optional(),
    email: emailSchema.nullable().optional(),
    empresaId: z.number().int().positive().nullable().optional(),
    perfilId: z.number({ message: 'Escolha o perfil.' }).int().positive('Escolha o perfil.').optional(),
    ativo: z.boolean().optional(),
    administradorFaturamento: z.boolean().optional(),
    senha: senhaSchema.optional(),
  })
  .strict();
export type UsuarioSave = z.infer<typeof usuarioSaveSchema>;

export type Perfil = {
  id: number;
  nome: string;
  descricao: string | null;
  referencia: string;
  empresaId: number | null;
  permissoes: string[];
  sistema: boolean;
};

export const perfilSaveSchema = z
  .object({
    id: z.number().int().positive().optional(),
    nome: z.string().trim().min(2, 'Informe o nome do perfil.').max(80, 'Nome longo demais.'),
    descricao: z.string().trim().max(255, 'Descrição longa demais.').nullable().optional(),
    permissoes: z.array(z.string().max(60)).max(200),
  })
  .strict();
export type PerfilSave = z.infer<typeof perfilSaveSchema>;

export const filtroPerfilSchema = z
  .object({ busca: z.string().trim().max(120).optional() })
  .strict();
