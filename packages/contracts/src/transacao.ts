import { z } from 'zod';

/** Reais with at most 2 decimals, checked on the text that travelled (1.005 has 3 places). */
const casasDecimais = (v: number) => (String(v).split('.')[1] ?? '').length;

const reais = (rotulo: string) =>
  z
    .number({ message: `Informe ${rotulo}.` })
    .finite(`Valor inválido em ${rotulo}.`)
    .refine((v) => casasDecimais(v) <= 2, `Use no máximo 2 casas decimais em ${rotulo}.`);

export const VALOR_MAXIMO_VENDA = 1_000_000;

/** POST transacao/venda — a sale at the counter; `resgate` is cashback used as payment. */
export const vendaSchema = z
  .object({
    clienteId: z.number({ message: 'Informe o cliente.' }).int('Cliente inválido.').positive('Informe o cliente.'),
    valor: reais('o valor da venda')
      .refine((v) => v > 0, 'O valor da venda deve ser maior que zero.')
      .refine((v) => v <= VALOR_MAXIMO_VENDA, 'O valor da venda não pode passar de R$ 1.000.000,00.'),
    resgate: reais('o resgate').refine((v) => v >= 0, 'O resgate não pode ser negativo.').default(0),
    filialId: z.number({ message: 'Filial inválida.' }).int('Filial inválida.').positive('Filial inválida.').optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.resgate > v.valor) ctx.addIssue({ code: 'custom', path: ['resgate'], message: 'O resgate não pode ser maior que o valor da venda.' });
  });
export type Venda = z.infer<typeof vendaSchema>;

/** GET/POST config/configuracaoprograma — the company's accrual rule; percent on the wire (5.5 = 5,50%). */
export const regraProgramaSchema = z
  .object({
    cashbackPercentual: z
      .number({ message: 'Informe o percentual de cashback.' })
      .finite('Percentual inválido.')
      .min(0, 'O percentual de cashback deve ficar entre 0 e 100.')
      .max(100, 'O percentual de cashback deve ficar entre 0 e 100.')
      .refine((v) => casasDecimais(v) <= 2, 'Use no máximo 2 casas decimais no percentual.'),
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
  })
  .strict();
export type RegraPrograma = z.infer<typeof regraProgramaSchema>;

export const STATUS_TRANSACAO = ['CONFIRMADA', 'CANCELADA'] as const;
export type StatusTransacao = (typeof STATUS_TRANSACAO)[number];

const dataFiltro = (rotulo: string) =>
  z
    .string({ message: `Data ${rotulo} inválida.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `Data ${rotulo} inválida: use AAAA-MM-DD.`)
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), `Data ${rotulo} inválida.`);

/** POST transacao/filterpaginated/{page}/{size}; `de`/`ate` are calendar days in Brasília, inclusive. */
export const transacaoFiltroSchema = z
  .object({
    clienteId: z.number({ message: 'Cliente inválido.' }).int('Cliente inválido.').positive('Cliente inválido.').optional(),
    status: z.enum(STATUS_TRANSACAO, { message: 'Situação inválida: use CONFIRMADA ou CANCELADA.' }).optional(),
    de: dataFiltro('inicial').optional(),
    ate: dataFiltro('final').optional(),
    filialId: z.number({ message: 'Filial inválida.' }).int('Filial inválida.').positive('Filial inválida.').optional(),
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
