import { z } from 'zod';

export const UNIDADES = ['CASHBACK', 'PONTOS', 'PREPAGO'] as const;
export type UnidadeConta = (typeof UNIDADES)[number];

export const ROTULOS_UNIDADE: Record<UnidadeConta, string> = {
  CASHBACK: 'Cashback',
  PONTOS: 'Pontos',
  PREPAGO: 'Pré-pago',
};

/** BRL units travel as reais with 2 decimals; points as whole numbers (ARCHITECTURE §5). */
export function unidadeEmReais(u: UnidadeConta): boolean {
  return u !== 'PONTOS';
}

/** POST account/lancamento/ajuste — a manual credit (> 0) or debit (< 0) with its reason. */
export const ajusteSchema = z
  .object({
    clienteId: z.number({ message: 'Informe o cliente.' }).int().positive('Informe o cliente.'),
    unidade: z.enum(UNIDADES, { message: 'Unidade inválida: use CASHBACK, PONTOS ou PREPAGO.' }),
    valor: z
      .number({ message: 'Informe o valor.' })
      .finite('Valor inválido.')
      .refine((v) => v !== 0, 'O valor não pode ser zero.')
      .refine((v) => Math.abs(v) <= 10_000_000, 'Valor acima do limite de um ajuste.'),
    motivo: z.string({ message: 'Informe o motivo.' }).trim().min(3, 'Descreva o motivo do ajuste.').max(200, 'Motivo longo demais.'),
  })
  .strict()
  .superRefine((v, ctx) => {
    const casas = (String(v.valor).split('.')[1] ?? '').length;
    if (v.unidade === 'PONTOS' && !Number.isInteger(v.valor)) ctx.addIssue({ code: 'custom', path: ['valor'], message: 'Pontos são números inteiros.' });
    if (v.unidade !== 'PONTOS' && casas > 2) ctx.addIssue({ code: 'custom', path: ['valor'], message: 'Use no máximo 2 casas decimais.' });
  });
export type Ajuste = z.infer<typeof ajusteSchema>;

export const estornoSchema = z
  .object({ motivo: z.string({ message: 'Informe o motivo.' }).trim().min(3, 'Descreva o motivo do estorno.').max(200, 'Motivo longo demais.') })
  .strict();

export const extratoFiltroSchema = z.object({ unidade: z.enum(UNIDADES, { message: 'Unidade inválida.' }) }).strict();

export type SaldoConta = { contaId: number; unidade: UnidadeConta; saldo: number; bloqueada: boolean };

export type LinhaExtrato = {
  partidaId: number;
  lancamentoId: number;
  tipo: string;
  descricao: string;
  valor: number;
  criadoEm: string;
  estornoDeId: number | null;
  estornado: boolean;
};

export type ResultadoLancamento = { lancamentoId: number; saldo: number };
