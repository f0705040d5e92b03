import { z } from 'zod';
import type { StatusCliente } from './client.js';
import { emUnidadesInteiras } from './br/dinheiro.js';

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
    if (v.unidade === 'PONTOS' && !Number.isInteger(v.valor)) ctx.addIssue({ code: 'custom', path: ['valor'], message: 'Pontos são números inteiros.' });
    if (v.unidade !== 'PONTOS' && !emUnidadesInteiras(v.valor, 2)) ctx.addIssue({ code: 'custom', path: ['valor'], message: 'O valor deve ter no máximo 2 casas decimais (centavos).' });
  });
export type Ajuste = z.infer<typeof ajusteSchema>;

export const estornoSchema = z
  .object({ motivo: z.string({ message: 'Informe o motivo.' }).trim().min(3, 'Descreva o motivo do estorno.').max(200, 'Motivo longo demais.') })
  .strict();

export const extratoFiltroSchema = z.object({ unidade: z.enum(UNIDADES, { message: 'Unidade inválida.' }) }).strict();

/**
 * GET account/saldos/{id}: `saldo` is the total (sum of entries); `disponivel` what may be used now;
 * `emCarencia` what still waits for the waiting period; `aExpirar` what lapses in the next 30 days.
 */
export type SaldoConta = {
  contaId: number;
  unidade: UnidadeConta;
  /** The company's name for the account (conta_padrao), e.g. "Cashback". */
  nome: string;
  saldo: number;
  disponivel: number;
  emCarencia: number;
  aExpirar: number;
  /** ISO instant of the next lot to lapse, if any. */
  proximaExpiracao: string | null;
  bloqueada: boolean;
};

export type LinhaExtrato = {
  partidaId: number;
  lancamentoId: number;
  tipo: string;
  descricao: string;
  valor: number;
  criadoEm: string;
  estornoDeId: number | null;
  estornado: boolean;
  /** A free posting (manual adjustment) not yet reversed: account/lancamento/estornar accepts it. */
  estornavel: boolean;
};

export type ResultadoLancamento = { lancamentoId: number; saldo: number };

const clienteIdCampo = (rotulo = 'o cliente') =>
  z.number({ message: `Informe ${rotulo}.` }).int(`Informe ${rotulo}.`).positive(`Informe ${rotulo}.`);

/** POST account/createAccount — one account of a unit for a customer. */
export const criarContaSchema = z
  .object({
    clienteId: clienteIdCampo(),
    unidade: z.enum(UNIDADES, { message: 'Unidade inválida: use CASHBACK, PONTOS ou PREPAGO.' }),
  })
  .strict();
export type CriarConta = z.infer<typeof criarContaSchema>;

/** A default account of the company: every customer gets one of each active type, in this order. */
export type ContaPadrao = { unidade: UnidadeConta; nome: string; ordem: number; ativo: boolean };

/** GET account/contapadrao — the configuration; `configurada` false means the built-in defaults. */
export type ConfiguracaoContasPadrao = { configurada: boolean; contas: ContaPadrao[] };

/** POST account/contapadrao/salvar/ordem — the whole list, in display order (index = order). */
export const contasPadraoSchema = z
  .object({
    contas: z
      .array(
        z
          .object({
            unidade: z.enum(UNIDADES, { message: 'Unidade inválida: use CASHBACK, PONTOS ou PREPAGO.' }),
            nome: z.string({ message: 'Informe o nome da conta.' }).trim().min(2, 'O nome da conta precisa de pelo menos 2 letras.').max(60, 'Nome da conta longo demais (até 60 caracteres).'),
            ativo: z.boolean({ message: 'Informe se a conta está ativa.' }),
          })
          .strict(),
        { message: 'Informe a lista de contas.' },
      )
      .min(1, 'Informe pelo menos uma conta.')
      .max(UNIDADES.length, 'Há mais contas do que tipos de conta.'),
  })
  .strict()
  .superRefine((v, ctx) => {
    const vistos = new Set<string>();
    const nomes = new Set<string>();
    v.contas.forEach((c, i) => {
      if (vistos.has(c.unidade)) ctx.addIssue({ code: 'custom', path: ['contas', i, 'unidade'], message: `A conta ${ROTULOS_UNIDADE[c.unidade]} aparece mais de uma vez.` });
      // Two accounts shown with one name would be indistinguishable on the statement and the terminal.
      const nome = c.nome.trim().toLocaleLowerCase('pt-BR');
      if (nomes.has(nome)) ctx.addIssue({ code: 'custom', path: ['contas', i, 'nome'], message: 'Já existe outra conta com este nome.' });
      vistos.add(c.unidade);
      nomes.add(nome);
    });
    if (!v.contas.some((c) => c.ativo)) ctx.addIssue({ code: 'custom', path: ['contas'], message: 'Deixe pelo menos uma conta ativa.' });
  });
export type ContasPadraoSave = z.infer<typeof contasPadraoSchema>;

/** GET account/criar/contaspadrao/{id} and POST account/contapadrao/atribuir. */
export type ResultadoContasPadrao = { criadas: number; clientes: number };

/** POST conta/unificacao/buscarcontas — one side or both; with only `busca`, the likely duplicates. */
export const unificacaoBuscaSchema = z
  .object({
    origemId: clienteIdCampo('o cliente de origem').optional(),
    destinoId: clienteIdCampo('o cliente de destino').optional(),
  })
  .strict()
  .refine((v) => v.origemId !== undefined || v.destinoId !== undefined, 'Informe pelo menos um dos clientes.');

/** POST conta/unificacao/quantidade and conta/unificacao/unificar. */
export const unificacaoSchema = z
  .object({
    origemId: clienteIdCampo('o cliente de origem (o duplicado)'),
    destinoId: clienteIdCampo('o cliente de destino (o que fica)'),
    observacao: z.string({ message: 'Observação inválida.' }).trim().max(300, 'Observação longa demais (até 300 caracteres).').optional(),
  })
  .strict()
  .refine((v) => v.origemId !== v.destinoId, { path: ['destinoId'], message: 'Escolha dois clientes diferentes: não é possível unificar um cliente com ele mesmo.' });
export type Unificacao = z.infer<typeof unificacaoSchema>;

export type LadoUnificacao = {
  clienteId: number;
  nome: string;
  documento: string | null;
  celular: string | null;
  email: string | null;
  status: StatusCliente;
  /** Set when this customer was already merged into another (it cannot be unified again). */
  unificadoEm: string | null;
  saldos: SaldoConta[];
};

export type BuscaUnificacao = { origem: LadoUnificacao | null; destino: LadoUnificacao | null; sugestoes: { clienteId: number; nome: string; motivo: string }[] };

/** What a unification would move: balances per unit and lots; cards and history stay with the origin. */
export type QuantidadeUnificacao = {
  contas: number;
  lotes: number;
  valores: { unidade: UnidadeConta; saldo: number }[];
  cartoes: number;
  vendas: number;
};

export type ResultadoUnificacao = QuantidadeUnificacao & { unificacaoId: number; lancamentoId: number | null };
