import { z } from 'zod';
import { reais } from './valores.js';
import { cnpjFilialSchema, telefoneFilialSchema } from './filial.js';
import { textoOpcionalSchema, ufOpcionalSchema } from './client.js';
import { dataFiltro } from './transacao.js';
import { emUnidadesInteiras } from './br/dinheiro.js';

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

/**
 * A redemption at a partner (POST convenio/conta; integracao/v1/parceiro/resgates). `valor` is in
 * reais for CASHBACK (2 decimals) and whole points for PONTOS. `documento` is the partner's receipt
 * or order number, unique among the partner's live redemptions.
 */
const camposResgate = {
  clienteId: z.number({ message: 'Informe o cliente.' }).int('Informe o cliente.').positive('Informe o cliente.'),
  unidade: z.enum(UNIDADES_CREDENCIADA, { message: 'Saldo inválido: use CASHBACK ou PONTOS.' }),
  valor: z
    .number({ message: 'Informe o valor do resgate.' })
    .finite('Valor do resgate inválido.')
    .positive('O valor do resgate deve ser maior que zero.')
    .max(10_000_000, 'Valor do resgate acima do limite.'),
  documento: z
    .string({ message: 'Informe o nº do documento do parceiro.' })
    .trim()
    .min(1, 'Informe o nº do documento do parceiro.')
    .max(60, 'O nº do documento pode ter até 60 caracteres.'),
  observacao: z.string().trim().max(200, 'A observação pode ter até 200 caracteres.').optional(),
};

const valorNaUnidade = (v: { unidade: UnidadeCredenciada; valor: number }, ctx: z.RefinementCtx) => {
  if (v.unidade === 'PONTOS' && !Number.isInteger(v.valor)) ctx.addIssue({ code: 'custom', path: ['valor'], message: 'Pontos são números inteiros.' });
  if (v.unidade === 'CASHBACK' && !emUnidadesInteiras(v.valor, 2))
    ctx.addIssue({ code: 'custom', path: ['valor'], message: 'O valor do resgate deve ter no máximo 2 casas decimais (centavos).' });
};

/** POST convenio/conta — the back office types in a redemption the partner reported. */
export const resgateParceiroSchema = z
  .object({ redeCredenciadaId: z.number({ message: 'Informe o parceiro.' }).int('Informe o parceiro.').positive('Informe o parceiro.'), ...camposResgate })
  .strict()
  .superRefine(valorNaUnidade);
export type ResgateParceiroNovo = z.input<typeof resgateParceiroSchema>;

/** POST integracao/v1/parceiro/resgates — the partner is the token's. */
export const integracaoResgateParceiroSchema = z.object(camposResgate).strict().superRefine(valorNaUnidade);

export const SITUACOES_RESGATE_PARCEIRO = ['LANCADO', 'ESTORNADO'] as const;
export type SituacaoResgateParceiro = (typeof SITUACOES_RESGATE_PARCEIRO)[number];

/** POST convenio/conta/filtrar/{parceiroId}/{page}/{size}; `de`/`ate` are days in Brasília, inclusive. */
export const filtroResgatesParceiroSchema = z
  .object({
    de: dataFiltro('inicial').optional(),
    ate: dataFiltro('final').optional(),
    situacao: z.enum(SITUACOES_RESGATE_PARCEIRO, { message: 'Situação inválida: use LANCADO ou ESTORNADO.' }).optional(),
    clienteId: z.number({ message: 'Cliente inválido.' }).int('Cliente inválido.').positive('Cliente inválido.').optional(),
  })
  .strict()
  .refine((f) => !f.de || !f.ate || f.de <= f.ate, { message: 'A data inicial deve ser anterior à final.', path: ['ate'] });
export type FiltroResgatesParceiro = z.infer<typeof filtroResgatesParceiroSchema>;

/** GET convenio/conta/{parceiroId}/totalizador?de&ate */
export const periodoResgatesParceiroSchema = z
  .object({ de: dataFiltro('inicial').optional(), ate: dataFiltro('final').optional() })
  .strict()
  .refine((f) => !f.de || !f.ate || f.de <= f.ate, { message: 'A data inicial deve ser anterior à final.', path: ['ate'] });

/** DELETE convenio/conta/{parceiroId}/excluir/{resgateId} and the API's cancellation. */
export const estornoResgateParceiroSchema = z
  .object({ motivo: z.string({ message: 'Informe o motivo do estorno.' }).trim().min(3, 'Descreva o motivo do estorno.').max(200, 'Motivo longo demais.') })
  .strict();

export type ResgateParceiro = {
  id: number;
  redeCredenciadaId: number;
  clienteId: number;
  clienteNome: string;
  unidade: UnidadeCredenciada;
  /** Reais for CASHBACK, points for PONTOS. */
  valor: number;
  documento: string;
  observacao: string | null;
  situacao: SituacaoResgateParceiro;
  lancamentoId: number;
  estornoLancamentoId: number | null;
  motivoEstorno: string | null;
  /** Who typed it: a user's name, or "Token <nome>" for the partner's integration. */
  origem: string;
  criadoEm: string;
  estornadoEm: string | null;
};

/** The reply of a redemption: the record and what the customer has left in that unit. */
export type ResultadoResgateParceiro = { resgate: ResgateParceiro; saldoDisponivel: number };

/** GET convenio/conta/{parceiroId}/totalizador: live redemptions per unit (what the company owes the partner). */
export type TotalizadorParceiro = {
  parceiro: { id: number; nome: string; ativo: boolean; unidades: UnidadeCredenciada[]; resgateMaximo: number | null };
  de: string | null;
  ate: string | null;
  /** Live (not reversed) redemptions in the period: the amount to settle with the partner. */
  aAcertar: { CASHBACK: number; PONTOS: number };
  quantidade: number;
  estornados: { quantidade: number; CASHBACK: number; PONTOS: number };
};

/** GET integracao/v1/parceiro/clientes — the customer as a partner sees them: name and what may be used there now. */
export type ClienteNoParceiro = { id: number; nome: string; disponivel: Partial<Record<UnidadeCredenciada, number>> };
