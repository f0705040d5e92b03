import { z } from 'zod';
import { numeroCartaoSchema } from './cartao-numero.js';
import { codigoCupomSchema } from './cupomdesconto-codigo.js';
import { percentualCashback, reais } from './valores.js';

export const VALOR_MAXIMO_VENDA = 1_000_000;

export const IDENTIFICACOES_VENDA = ['CARTAO', 'CPF', 'CELULAR', 'BUSCA'] as const;
export type IdentificacaoVenda = (typeof IDENTIFICACOES_VENDA)[number];

/** POST transacao/venda — a sale at the counter; `resgate` is cashback used as payment. */
export const vendaSchema = z
  .object({
    clienteId: z.number({ message: 'Informe o cliente.' }).int('Cliente inválido.').positive('Informe o cliente.'),
    valor: reais('o valor da venda')
      .refine((v) => v > 0, 'O valor da venda deve ser maior que zero.')
      .refine((v) => v <= VALOR_MAXIMO_VENDA, 'O valor da venda não pode passar de R$ 1.000.000,00.'),
    resgate: reais('o resgate').refine((v) => v >= 0, 'O resgate não pode ser negativo.').default(0),
    filialId: z.number({ message: 'Filial inválida.' }).int('Filial inválida.').positive('Filial inválida.').optional(),
    /** How the attendant found the customer (kept on the sale for the reports). */
    identificacao: z.enum(IDENTIFICACOES_VENDA, { message: 'Identificação inválida: use CARTAO, CPF, CELULAR ou BUSCA.' }).optional(),
    /** The card passed at the counter: it must be the customer's active card; the sale records it (card use reports). */
    cartao: numeroCartaoSchema.optional(),
    /** A coupon code typed or scanned at the counter (docs/areas/cupons.md): its discount or bonus goes with the sale. */
    cupom: codigoCupomSchema.optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.resgate > v.valor) ctx.addIssue({ code: 'custom', path: ['resgate'], message: 'O resgate não pode ser maior que o valor da venda.' });
    if (v.cartao !== undefined && v.identificacao !== undefined && v.identificacao !== 'CARTAO') {
      ctx.addIssue({ code: 'custom', path: ['identificacao'], message: 'Venda com cartão: a identificação é CARTAO.' });
    }
  });
export type Venda = z.infer<typeof vendaSchema>;

/** GET/POST config/configuracaoprograma — the company's accrual rule; percent on the wire (5.5 = 5,50%). */
export const regraProgramaSchema = z
  .object({
    cashbackPercentual: percentualCashback('Informe o percentual de cashback.'),
    pontosPorReal: z
      .number({ message: 'Informe os pontos por real.' })
      .int('Pontos por real devem ser um número inteiro.')
      .min(0, 'Pontos por real devem ficar entre 0 e 1000.')
      .max(1000, 'Pontos por real devem ficar entre 0 e 1000.'),
    compraMinima: reais('a compra mínima').refine((v) => v >= 0, 'A compra mínima não pode ser negativa.').refine((v) => v <= VALOR_MAXIMO_VENDA, 'Compra mínima acima do limite.'),
    maximoCashbackPorVenda: reais('o máximo de cashback por venda')
      .refine((v) => v > 0, 'O máximo de cashback por venda deve ser maior que zero (ou vazio, sem limite).')
      .refine((v) => v <= VALOR_MAXIMO_VENDA, 'Máximo de cashback acima do limite.')
      .nullable(),
    // Credit lots (docs/areas/razao.md): absent = keep what is saved, so older clients do not reset them.
    validadeDias: z
      .number({ message: 'Informe a validade em dias (ou vazio, sem validade).' })
      .int('A validade deve ser um número inteiro de dias.')
      .min(1, 'A validade deve ficar entre 1 e 3650 dias (ou vazia, sem validade).')
      .max(3650, 'A validade deve ficar entre 1 e 3650 dias (ou vazia, sem validade).')
      .nullable()
      .optional(),
    carenciaDias: z
      .number({ message: 'Informe a carência em dias.' })
      .int('A carência deve ser um número inteiro de dias.')
      .min(0, 'A carência deve ficar entre 0 e 365 dias.')
      .max(365, 'A carência deve ficar entre 0 e 365 dias.')
      .optional(),
  })
  .strict();
export type RegraPrograma = z.infer<typeof regraProgramaSchema>;

export const STATUS_TRANSACAO = ['CONFIRMADA', 'CANCELADA'] as const;
export type StatusTransacao = (typeof STATUS_TRANSACAO)[number];

export const dataFiltro = (rotulo: string) =>
  z
    .string({ message: `Data ${rotulo} inválida.` })
    // A form sends '' for a date left blank: say what is missing, not the wire format.
    .min(1, `Informe a data ${rotulo}.`)
    .regex(/^\d{4}-\d{2}-\d{2}$/, `Data ${rotulo} inválida: use AAAA-MM-DD.`)
    // Round trip, not Date.parse alone: V8 accepts 2026-02-30 (and the database then fails with a 500).
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s, `Data ${rotulo} inválida.`);

/** POST transacao/filterpaginated/{page}/{size}; `de`/`ate` are calendar days in Brasília, inclusive. */
export const transacaoFiltroSchema = z
  .object({
    clienteId: z.number({ message: 'Cliente inválido.' }).int('Cliente inválido.').positive('Cliente inválido.').optional(),
    status: z.enum(STATUS_TRANSACAO, { message: 'Situação inválida: use CONFIRMADA ou CANCELADA.' }).optional(),
    de: dataFiltro('inicial').optional(),
    ate: dataFiltro('final').optional(),
    filialId: z.number({ message: 'Filial inválida.' }).int('Filial inválida.').positive('Filial inválida.').optional(),
    /** The customer's name, CPF/CNPJ, phone or card number (the customers' search). */
    cliente: z.string({ message: 'Busca de cliente inválida.' }).trim().max(120, 'Busca de cliente longa demais.').optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.de && v.ate && v.de > v.ate) ctx.addIssue({ code: 'custom', path: ['ate'], message: 'A data final deve ser igual ou posterior à inicial.' });
  });
export type TransacaoFiltro = z.infer<typeof transacaoFiltroSchema>;

/** GET transacao/cancelar/{id} — the reason is optional (the spec's call is a bare GET). */
export const cancelarQuerySchema = z
  .object({ motivo: z.string().trim().max(200, 'Motivo longo demais.').optional() })
  .strict();

export type ResultadoVenda = {
  transacaoId: number;
  /** Reais accrued. */
  cashback: number;
  pontos: number;
  /** Reais redeemed as payment. */
  resgate: number;
  saldos: { CASHBACK: number; PONTOS: number };
  /** Accounts of the customer that are blocked and so did not receive this sale's accrual (decision 019). */
  contasBloqueadas: ('CASHBACK' | 'PONTOS')[];
  /** The coupon applied to the sale, when one was (docs/areas/cupons.md). */
  cupom?: { cupomId: number; nome: string; codigo: string; desconto: number; bonus: number; valorAPagar: number };
};

export type ResultadoCancelamento = { transacaoId: number; estornoLancamentoId: number | null; saldos: { CASHBACK: number; PONTOS: number } };

export type TransacaoResumo = {
  id: number;
  clienteId: number;
  clienteNome: string;
  filialId: number | null;
  filialNome: string | null;
  valor: number;
  resgate: number;
  cashback: number;
  pontos: number;
  status: StatusTransacao;
  criadoEm: string;
  canceladaEm: string | null;
  motivoCancelamento: string | null;
  usuarioNome: string | null;
};

// ——— Sales reports, receipts and duplicates (issue 3 §4; docs/areas/vendas.md) ———

/** The longest period a totals report or a duplicates search covers: a year and a day. */
export const PERIODO_RELATORIO_VENDAS_DIAS = 366;

const idPositivo = (mensagem: string) => z.number({ message: mensagem }).int(mensagem).positive(mensagem);

export function periodoValido(v: { de?: string; ate?: string }, ctx: z.RefinementCtx) {
  if (!v.de || !v.ate) return;
  if (v.de > v.ate) {
    ctx.addIssue({ code: 'custom', path: ['ate'], message: 'A data final deve ser igual ou posterior à inicial.' });
    return;
  }
  const dias = (Date.parse(`${v.ate}T00:00:00Z`) - Date.parse(`${v.de}T00:00:00Z`)) / 86_400_000;
  if (dias >= PERIODO_RELATORIO_VENDAS_DIAS) ctx.addIssue({ code: 'custom', path: ['de'], message: 'O período pode ter até 366 dias.' });
}

/** POST transacao/relatorio/totalizador/ and transacao/impressao/totalizador — days in Brasília, inclusive. */
export const totalizadorFiltroSchema = z
  .object({
    de: dataFiltro('inicial'),
    ate: dataFiltro('final'),
    filialId: idPositivo('Filial inválida.').optional(),
    /** The attendant who posted the sales. */
    usuarioId: idPositivo('Atendente inválido.').optional(),
  })
  .strict()
  .superRefine(periodoValido);
export type TotalizadorFiltro = z.infer<typeof totalizadorFiltroSchema>;

/** Confirmed sales (what stands) and cancelled ones of the period, by the day the sale was made. */
export type TotaisVendas = {
  quantidade: number;
  /** Reais. */
  valor: number;
  resgate: number;
  cashback: number;
  pontos: number;
  canceladas: number;
  valorCanceladas: number;
};
export type TotaisDia = TotaisVendas & { dia: string };
export type TotaisFilial = TotaisVendas & { filialId: number | null; filialNome: string | null };
export type TotaisDiaFilial = TotaisDia & { filialId: number | null; filialNome: string | null };
export type Totalizador = { linhas: TotaisDiaFilial[]; porDia: TotaisDia[]; porFilial: TotaisFilial[]; total: TotaisVendas };

export const DUPLICADA_MINUTOS_PADRAO = 10;
const minutosDuplicada = z
  .number({ message: 'Informe o intervalo em minutos.' })
  .int('O intervalo deve ser um número inteiro de minutos.')
  .min(1, 'O intervalo deve ficar entre 1 e 1440 minutos.')
  .max(1440, 'O intervalo deve ficar entre 1 e 1440 minutos.')
  .default(DUPLICADA_MINUTOS_PADRAO);

/**
 * POST transacao/duplicada/relatorio — confirmed sales of one customer, same amount, same branch,
 * made within `minutos` of the first of them. Without a period: the last 30 days.
 */
export const duplicadaFiltroSchema = z
  .object({
    minutos: minutosDuplicada,
    de: dataFiltro('inicial').optional(),
    ate: dataFiltro('final').optional(),
    filialId: idPositivo('Filial inválida.').optional(),
  })
  .strict()
  .superRefine(periodoValido);
export type DuplicadaFiltro = z.infer<typeof duplicadaFiltroSchema>;

export const CORRIGIR_DUPLICADAS_MAXIMO = 200;

/** POST transacao/duplicada/corrigir — the copies to cancel; the original of each group must stay. */
export const corrigirDuplicadasSchema = z
  .object({
    ids: z
      .array(idPositivo('Venda inválida.'), { message: 'Informe as vendas a cancelar.' })
      .min(1, 'Escolha ao menos uma venda a cancelar.')
      .max(CORRIGIR_DUPLICADAS_MAXIMO, 'Corrija no máximo 200 vendas de cada vez.')
      .refine((ids) => new Set(ids).size === ids.length, 'A mesma venda foi informada mais de uma vez.'),
    minutos: minutosDuplicada,
  })
  .strict();
export type CorrigirDuplicadas = z.infer<typeof corrigirDuplicadasSchema>;

export type VendaDuplicada = { id: number; criadoEm: string; usuarioNome: string | null; resgate: number; cashback: number; pontos: number };
/** The first sale is the original; the others are the likely copies. */
export type GrupoDuplicadas = {
  clienteId: number;
  clienteNome: string;
  filialId: number | null;
  filialNome: string | null;
  valor: number;
  vendas: VendaDuplicada[];
};
export type ResultadoCorrecaoDuplicadas = { canceladas: ResultadoCancelamento[] };

/** One line of the 80 mm receipt, already cut to its columns; `destaque` is bold and double height. */
export type LinhaComprovante = { texto: string; destaque: boolean };

/** GET transacao/impressao/{id} — the receipt of one sale. */
export type ComprovanteVenda = {
  transacaoId: number;
  status: StatusTransacao;
  /** The trade name people know (title), the legal name and CNPJ below it. */
  empresa: { nome: string; razaoSocial: string; cnpj: string | null };
  filialNome: string | null;
  criadoEm: string;
  atendente: string | null;
  cliente: { id: number; nome: string; documento: string | null };
  /** The purchase's value before a coupon's discount. */
  valor: number;
  /** The coupon applied: its discount comes off `aPagar`, its bonus is cashback credited apart. */
  cupom: { codigo: string; desconto: number; bonus: number } | null;
  resgate: number;
  /** Paid with gift cards (docs/areas/vale-presente.md); already taken off `aPagar`. */
  valePresente: number;
  aPagar: number;
  cashback: number;
  pontos: number;
  /** The customer's balances when the receipt was made (a reprint shows today's balance, with its time). */
  saldos: { CASHBACK: number; PONTOS: number };
  saldosEm: string;
  canceladaEm: string | null;
  motivoCancelamento: string | null;
  /** Characters per line (Font A on 80 mm paper). */
  colunas: number;
  /** The plain-text preview, line by line, as it prints. */
  linhas: LinhaComprovante[];
  /** ESC/POS bytes for the printer, base64. */
  escpos: string;
  /** Character table the ESC/POS bytes use (docs/decisions). */
  codificacao: 'PC860';
};
