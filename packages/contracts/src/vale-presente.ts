import { z } from 'zod';
import { numeroCartaoSchema, numeroCartaoValido } from './cartao-numero.js';
import { dataFiltro, vendaSchema, type ResultadoVenda } from './transacao.js';
import { reais } from './valores.js';

/**
 * Gift cards (vale-presente) and prepaid (issue 15 §4; docs/areas/vale-presente.md, decision 039).
 * Money on the wire in reais with 2 decimals (centavos in the database).
 */

// Who sells and manages gift cards lives in permissoes.ts (PODE_*_VALE_PRESENTE): the route table of the
// first load reads it, and a constant exported here would bring these zod schemas into the login page.

export const VALOR_MINIMO_VALE = 10;
export const VALOR_MAXIMO_VALE = 5000;
/** Validity in days: 1 year by default, at least 6 months (decision 039). */
export const VALIDADE_PADRAO_DIAS = 365;
export const VALIDADE_MINIMA_DIAS = 180;
export const VALIDADE_MAXIMA_DIAS = 1825;
export const DIGITOS_PIN = 6;
export const TENTATIVAS_PIN = 5;
export const MINUTOS_BLOQUEIO_PIN = 30;

export const STATUS_VALE_PRESENTE = ['ATIVO', 'CANCELADO'] as const;
export type StatusValePresente = (typeof STATUS_VALE_PRESENTE)[number];
/** What the screens show: an ATIVO card may be used up or past its validity. */
export type SituacaoValePresente = 'ATIVO' | 'ESGOTADO' | 'VENCIDO' | 'CANCELADO';
export const ROTULOS_SITUACAO_VALE: Record<SituacaoValePresente, string> = { ATIVO: 'Ativo', ESGOTADO: 'Esgotado', VENCIDO: 'Vencido', CANCELADO: 'Cancelado' };

const id = (mensagem: string) => z.number({ message: mensagem }).int(mensagem).positive(mensagem);

/**
 * The code typed or scanned: 16 digits, the last a Luhn check digit; spaces, dots and dashes dropped.
 * A physical card of the card module sold as a gift card has its number as the code (same layout).
 */
export const codigoValeSchema = z
  .string({ message: 'Informe o código do vale-presente.' })
  .max(40, 'Código do vale-presente inválido.')
  .transform((v) => v.replace(/[\s.-]/g, ''))
  .refine((v) => /^\d{16}$/.test(v), 'O código do vale-presente tem 16 dígitos.')
  .refine(numeroCartaoValido, 'Código do vale-presente inválido: confira os dígitos (dígito verificador não confere).');

export const pinValeSchema = z
  .string({ message: 'Informe a senha (PIN) do vale-presente.' })
  .regex(new RegExp(`^\\d{${DIGITOS_PIN}}$`), `A senha (PIN) do vale-presente tem ${DIGITOS_PIN} dígitos.`);

const valorVale = reais('o valor do vale-presente')
  .refine((v) => v >= VALOR_MINIMO_VALE, `O valor do vale-presente deve ser de pelo menos R$ ${VALOR_MINIMO_VALE},00.`)
  .refine((v) => v <= VALOR_MAXIMO_VALE, `O valor do vale-presente não pode passar de R$ ${VALOR_MAXIMO_VALE.toLocaleString('pt-BR')},00.`);

/** POST valepresente/vender — a card sold at the counter. */
export const venderValeSchema = z
  .object({
    valor: valorVale,
    validadeDias: z
      .number({ message: 'Validade inválida.' })
      .int('A validade deve ser um número inteiro de dias.')
      .min(VALIDADE_MINIMA_DIAS, `A validade deve ser de pelo menos ${VALIDADE_MINIMA_DIAS} dias.`)
      .max(VALIDADE_MAXIMA_DIAS, `A validade pode ser de até ${VALIDADE_MAXIMA_DIAS} dias.`)
      .default(VALIDADE_PADRAO_DIAS),
    compradorClienteId: id('Comprador inválido.').nullable().default(null),
    beneficiarioClienteId: id('Presenteado inválido.').nullable().default(null),
    beneficiarioNome: z.string({ message: 'Nome do presenteado inválido.' }).trim().max(120, 'O nome do presenteado pode ter até 120 caracteres.').nullable().default(null),
    mensagem: z.string({ message: 'Mensagem inválida.' }).trim().max(200, 'A mensagem pode ter até 200 caracteres.').nullable().default(null),
    /** A physical card (DISPONIVEL, of the company) to carry the gift card: its number becomes the code. Without it, a code is drawn. */
    cartao: numeroCartaoSchema.nullable().default(null),
  })
  .strict();
export type VenderVale = z.input<typeof venderValeSchema>;

/** POST valepresente/saldo — the balance, for whoever has the code and the PIN. */
export const consultarValeSchema = z.object({ codigo: codigoValeSchema, pin: pinValeSchema }).strict();
export type ConsultarVale = z.input<typeof consultarValeSchema>;

/** POST valepresente/venda — a terminal sale paid partly (or wholly) with a gift card. */
export const vendaComValeSchema = z
  .object({
    venda: vendaSchema,
    vale: z
      .object({
        codigo: codigoValeSchema,
        pin: pinValeSchema,
        valor: reais('o valor pago com o vale-presente').refine((v) => v > 0, 'O valor pago com o vale-presente deve ser maior que zero.'),
      })
      .strict(),
  })
  .strict()
  .superRefine((d, ctx) => {
    // Checked again by the sale against what is left to pay after a coupon's discount (decision 039 §11).
    if (d.vale.valor > Math.round((d.venda.valor - d.venda.resgate) * 100) / 100)
      ctx.addIssue({ code: 'custom', path: ['vale', 'valor'], message: 'O valor pago com o vale-presente não pode passar do valor a pagar da venda.' });
  });
export type VendaComVale = z.input<typeof vendaComValeSchema>;

export const filtroValeSchema = z
  .object({
    codigo: z.string().trim().max(40, 'Código longo demais.').optional(),
    situacao: z.enum(['ATIVO', 'ESGOTADO', 'VENCIDO', 'CANCELADO'], { message: 'Situação inválida: use ATIVO, ESGOTADO, VENCIDO ou CANCELADO.' }).optional(),
    de: dataFiltro('inicial').optional(),
    ate: dataFiltro('final').optional(),
  })
  .strict();
export type FiltroVale = z.infer<typeof filtroValeSchema>;

export const cancelarValeSchema = z
  .object({ motivo: z.string({ message: 'Informe o motivo do cancelamento.' }).trim().min(3, 'Informe o motivo do cancelamento.').max(200, 'O motivo pode ter até 200 caracteres.') })
  .strict();

/** POST valepresente/imprimir — the 80 mm receipt; the PIN only right after the sale (it is not stored). */
export const imprimirValeSchema = z.object({ id: id('Vale-presente inválido.'), pin: pinValeSchema.optional() }).strict();

export type UsoValePresente = { transacaoId: number; valor: number; criadoEm: string; cancelada: boolean };

export type ValePresente = {
  id: number;
  /** Digits; screens group them by four. */
  codigo: string;
  /** The physical card that carries it (its number is the code); null when the code was drawn. */
  cartaoId: number | null;
  valor: number;
  saldo: number;
  usado: number;
  devolvido: number;
  validoAte: string;
  status: StatusValePresente;
  situacao: SituacaoValePresente;
  compradorClienteId: number | null;
  compradorNome: string | null;
  beneficiarioClienteId: number | null;
  beneficiarioNome: string | null;
  mensagem: string | null;
  filialId: number | null;
  filialNome: string | null;
  criadoEm: string;
  canceladoEm: string | null;
  motivoCancelamento: string | null;
};

/** The reply of `vender`: the card and its PIN, shown this once (null on an Idempotency-Key replay: it is not stored). */
export type ValeVendido = ValePresente & { pin: string | null };

/** The reply of `saldo`: no buyer nor recipient (the bearer may not be either). */
export type SaldoVale = { codigo: string; saldo: number; validoAte: string; situacao: SituacaoValePresente };

/** The reply of `venda`: the terminal's sale reply plus the card's part and what is left on it. */
export type VendaComValeRegistrada = ResultadoVenda & { valePago: number; saldoVale: number };
