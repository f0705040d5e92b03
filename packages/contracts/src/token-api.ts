import { z } from 'zod';
import { dataFiltro } from './transacao.js';

/**
 * What an API token may do (docs/areas/integracao.md). A sale that redeems balance needs both
 * `vendas:lancar` and `resgates:lancar`, so a till may accrue without being able to spend.
 */
export const ESCOPOS_TOKEN = ['vendas:lancar', 'resgates:lancar', 'vendas:cancelar', 'clientes:consultar', 'parceiro:resgatar'] as const;
export type EscopoToken = (typeof ESCOPOS_TOKEN)[number];

export const ROTULOS_ESCOPO: Record<EscopoToken, string> = {
  'vendas:lancar': 'Lançar vendas',
  'resgates:lancar': 'Resgatar saldo na venda',
  'vendas:cancelar': 'Cancelar vendas',
  'clientes:consultar': 'Consultar clientes e saldos',
  'parceiro:resgatar': 'Resgatar saldo no parceiro (rede credenciada)',
};

/** The one scope of a partner store's token (docs/areas/rede-credenciada.md): nothing of the company's own. */
export const ESCOPO_PARCEIRO: EscopoToken = 'parceiro:resgatar';
export const MENSAGEM_TOKEN_PARCEIRO = 'O token de um parceiro da rede credenciada tem só o escopo "Resgatar saldo no parceiro".';
export const MENSAGEM_ESCOPO_SEM_PARCEIRO = 'O escopo "Resgatar saldo no parceiro" exige escolher o parceiro.';

const camposToken = {
  nome: z.string({ message: 'Informe o nome do token.' }).trim().min(1, 'Informe o nome do token.').max(80, 'O nome pode ter até 80 caracteres.'),
  /** The branch whose sales it posts; null = the whole network. */
  filialId: z.number({ message: 'Filial inválida.' }).int('Filial inválida.').positive('Filial inválida.').nullable().default(null),
  escopos: z
    .array(z.enum(ESCOPOS_TOKEN, { message: 'Escopo inválido.' }), { message: 'Escolha ao menos um escopo.' })
    .min(1, 'Escolha ao menos um escopo.')
    .transform((e) => [...new Set(e)]),
  /** Last day it works (inclusive, in Brasília); null = no expiry. */
  expiraEm: dataFiltro('de validade').nullable().default(null),
  /** A partner store's token: it only redeems at that partner; null = a token of the company's own tills. */
  redeCredenciadaId: z.number({ message: 'Parceiro inválido.' }).int('Parceiro inválido.').positive('Parceiro inválido.').nullable().default(null),
};

/** A partner's token has only the partner scope and no branch; that scope needs a partner. */
function tokenDeParceiroCoerente(t: { redeCredenciadaId: number | null; escopos: EscopoToken[]; filialId: number | null }, ctx: z.RefinementCtx) {
  const temEscopo = t.escopos.includes(ESCOPO_PARCEIRO);
  if (t.redeCredenciadaId !== null && (t.escopos.some((e) => e !== ESCOPO_PARCEIRO) || t.filialId !== null)) {
    ctx.addIssue({ code: 'custom', path: ['escopos'], message: MENSAGEM_TOKEN_PARCEIRO });
  } else if (t.redeCredenciadaId === null && temEscopo) {
    ctx.addIssue({ code: 'custom', path: ['redeCredenciadaId'], message: MENSAGEM_ESCOPO_SEM_PARCEIRO });
  }
}

/** PUT company/api — a new token; the reply carries the secret, once. */
export const tokenApiNovoSchema = z.object(camposToken).strict().superRefine(tokenDeParceiroCoerente);
export type TokenApiNovo = z.input<typeof tokenApiNovoSchema>;

/** POST company/api/save — name, branch, scopes and expiry of a token; its secret never changes. */
export const tokenApiSalvarSchema = z
  .object({ id: z.number({ message: 'Token inválido.' }).int('Token inválido.').positive('Token inválido.'), ...camposToken })
  .strict()
  .superRefine(tokenDeParceiroCoerente);
export type TokenApiSalvar = z.input<typeof tokenApiSalvarSchema>;

export const SITUACOES_TOKEN = ['ATIVO', 'VENCIDO', 'REVOGADO'] as const;
export type SituacaoToken = (typeof SITUACOES_TOKEN)[number];

export type TokenApiResumo = {
  id: number;
  nome: string;
  /** The visible start of the secret, to recognise it (`bnf_AbCd1234…`). */
  prefixo: string;
  filialId: number | null;
  filialNome: string | null;
  redeCredenciadaId: number | null;
  redeCredenciadaNome: string | null;
  escopos: EscopoToken[];
  expiraEm: string | null;
  revogadoEm: string | null;
  ultimoUso: string | null;
  criadoEm: string;
  situacao: SituacaoToken;
};

export type TokenApiCriado = TokenApiResumo & { segredo: string };

/** GET integracao/v1/clientes — exactly one way of finding the customer. */
export const integracaoClienteQuerySchema = z
  .object({
    cpf: z.string().trim().min(1).max(20).optional(),
    celular: z.string().trim().min(1).max(20).optional(),
    cartao: z.string().trim().min(1).max(30).optional(),
  })
  .strict()
  .refine((q) => [q.cpf, q.celular, q.cartao].filter((v) => v !== undefined).length === 1, 'Informe um só: cpf, celular ou cartao.');

export type IntegracaoCliente = {
  id: number;
  nome: string;
  status: 'ATIVO' | 'BLOQUEADO' | 'ANONIMIZADO';
  saldos: { CASHBACK: number; PONTOS: number };
};

/** POST integracao/v1/vendas/{id}/cancelamento */
export const integracaoCancelamentoSchema = z
  .object({ motivo: z.string().trim().max(200, 'Motivo longo demais.').optional() })
  .strict();
