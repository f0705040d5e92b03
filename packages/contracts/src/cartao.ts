import { z } from 'zod';
import { dataFiltro, periodoValido } from './transacao.js';
import { numeroCartaoSchema, MAXIMO_EMISSAO, MAXIMO_IMPRESSAO } from './cartao-numero.js';

/** Loyalty cards (segment `card/`). Model and rules: docs/areas/cartoes.md. */

/** VALE_PRESENTE: the card carries a gift card's balance (decision 039 §10); final, like SUBSTITUIDO. */
export const STATUS_CARTAO = ['DISPONIVEL', 'ATIVO', 'BLOQUEADO', 'SUBSTITUIDO', 'VALE_PRESENTE'] as const;
export type StatusCartao = (typeof STATUS_CARTAO)[number];

export const ROTULOS_STATUS_CARTAO: Record<StatusCartao, string> = {
  DISPONIVEL: 'Disponível',
  ATIVO: 'Ativo',
  BLOQUEADO: 'Bloqueado',
  SUBSTITUIDO: 'Substituído',
  VALE_PRESENTE: 'Vale-presente',
};

export const STATUS_IMPRESSAO = ['PENDENTE', 'IMPRESSO', 'CANCELADO'] as const;
export type StatusImpressao = (typeof STATUS_IMPRESSAO)[number];

export const ROTULOS_STATUS_IMPRESSAO: Record<StatusImpressao, string> = {
  PENDENTE: 'Pendente',
  IMPRESSO: 'Impresso',
  CANCELADO: 'Cancelado',
};

export * from './cartao-numero.js';

const id = (rotulo: string, invalido: string) => z.number({ message: `Informe ${rotulo}.` }).int(invalido).positive(invalido);
const motivo = z
  .string({ message: 'Informe o motivo.' })
  .trim()
  .min(3, 'Informe o motivo (ao menos 3 letras).')
  .max(200, 'Motivo longo demais (até 200 caracteres).');

const listaIds = (singular: string, plural: string, maximo: number) =>
  z
    .array(z.number({ message: `${singular} inválido.` }).int(`${singular} inválido.`).positive(`${singular} inválido.`), { message: `Informe os ${plural}.` })
    .min(1, `Escolha ao menos um ${singular.toLowerCase()}.`)
    .max(maximo, `No máximo ${maximo} ${plural} de uma vez.`)
    .refine((ids) => new Set(ids).size === ids.length, `${singular} repetido na lista.`);

/** POST card/filterpaginated/{page}/{size} and POST card/exportar/clientes/csv. */
export const filtroCartaoSchema = z
  .object({
    /** Card number (all 16 digits, or part of them) or customer name. */
    busca: z.string().trim().max(120, 'Busca longa demais.').optional(),
    status: z.enum(STATUS_CARTAO, { message: 'Situação inválida.' }).optional(),
    clienteId: id('o cliente', 'Cliente inválido.').optional(),
    ordenarPor: z.enum(['numero', 'emitidoEm', 'clienteNome']).optional(),
    direcao: z.enum(['asc', 'desc']).optional(),
  })
  .strict();
export type FiltroCartao = z.infer<typeof filtroCartaoSchema>;

export type CartaoResumo = {
  id: number;
  numero: string;
  status: StatusCartao;
  motivoStatus: string | null;
  clienteId: number | null;
  clienteNome: string | null;
  filialId: number | null;
  filialNome: string | null;
  emitidoEm: string;
  vinculadoEm: string | null;
  bloqueadoEm: string | null;
  /** Waiting in the print queue (an item PENDENTE). */
  naFila: boolean;
};

/** GET card/findbyid/{id}. */
export type Cartao = CartaoResumo & {
  clienteDocumento: string | null;
  emitidoPorNome: string | null;
  substituidoPorId: number | null;
  substituidoPorNumero: string | null;
  /** The card this one replaced, when it was issued as a replacement. */
  substituiId: number | null;
  substituiNumero: string | null;
  /** The gift card this card carries (status VALE_PRESENTE), and whether it was cancelled since. */
  valePresenteId: number | null;
  valePresenteCancelado: boolean;
  atualizadoEm: string;
};

/** POST card/emitir — a batch of unlinked cards (DISPONIVEL). */
export const emitirCartoesSchema = z
  .object({
    quantidade: z
      .number({ message: 'Informe a quantidade.' })
      .int('A quantidade deve ser um número inteiro.')
      .min(1, `A quantidade deve ficar entre 1 e ${MAXIMO_EMISSAO}.`)
      .max(MAXIMO_EMISSAO, `A quantidade deve ficar entre 1 e ${MAXIMO_EMISSAO}.`),
    filialId: id('a filial', 'Filial inválida.').optional(),
    adicionarFila: z.boolean().default(false),
  })
  .strict();
export type EmitirCartoes = z.input<typeof emitirCartoesSchema>;
export type ResultadoEmissao = { quantidade: number; primeiro: string; ultimo: string; ids: number[] };

/** POST card/vincular — by id (back office) or by the number read from the card (counter). */
export const vincularCartaoSchema = z
  .object({
    cartaoId: id('o cartão', 'Cartão inválido.').optional(),
    numero: numeroCartaoSchema.optional(),
    clienteId: id('o cliente', 'Cliente inválido.'),
  })
  .strict()
  .refine((v) => (v.cartaoId === undefined) !== (v.numero === undefined), { message: 'Informe o cartão pelo id ou pelo número (só um dos dois).', path: ['numero'] });
export type VincularCartao = z.input<typeof vincularCartaoSchema>;

/** POST card/substituir — the old card becomes SUBSTITUIDO; the new one (given, or issued now) becomes ATIVO. */
export const substituirCartaoSchema = z
  .object({
    cartaoId: id('o cartão', 'Cartão inválido.'),
    /** An available card to hand over; without it a new number is issued. */
    novoNumero: numeroCartaoSchema.optional(),
    motivo,
    adicionarFila: z.boolean().default(false),
  })
  .strict();
export type SubstituirCartao = z.input<typeof substituirCartaoSchema>;

/** POST card/{id}/bloquear. */
export const bloquearCartaoSchema = z.object({ motivo }).strict();
/** POST card/{id}/desbloquear. */
export const desbloquearCartaoSchema = z.object({ motivo: motivo.optional() }).strict();

/** POST card/print and card/print/back. */
export const imprimirCartaoSchema = z.object({ id: id('o cartão', 'Cartão inválido.') }).strict();
/** POST card/printcardlist and card/printcardlist/back. */
export const imprimirListaCartoesSchema = z.object({ ids: listaIds('Cartão', 'cartões', MAXIMO_IMPRESSAO) }).strict();
/** POST card/addcardprintqueue. */
export const adicionarFilaSchema = z.object({ ids: listaIds('Cartão', 'cartões', MAXIMO_EMISSAO) }).strict();
/** POST card/createcardlistprint — the chosen queue items, or every pending one (oldest first, up to the limit). */
export const criarLoteImpressaoSchema = z.object({ itens: listaIds('Item', 'itens', MAXIMO_IMPRESSAO).optional() }).strict();
export type LoteImpressao = { lote: string; quantidade: number; cartaoIds: number[]; itemIds: number[]; impressoEm: string };

/** POST card/filaimpressao/filter/{page}/{size}. */
export const filtroFilaImpressaoSchema = z
  .object({
    status: z.enum(STATUS_IMPRESSAO, { message: 'Situação inválida.' }).optional(),
    lote: z.string().trim().max(40, 'Lote inválido.').optional(),
    busca: z.string().trim().max(120, 'Busca longa demais.').optional(),
  })
  .strict();
export type FiltroFilaImpressao = z.infer<typeof filtroFilaImpressaoSchema>;

export type ItemFilaImpressao = {
  id: number;
  cartaoId: number;
  numero: string;
  cartaoStatus: StatusCartao;
  clienteNome: string | null;
  status: StatusImpressao;
  lote: string | null;
  solicitadoPorNome: string | null;
  criadoEm: string;
  impressoEm: string | null;
};

/** POST card/filaimpressao/salveall — several items' status at once, all or nothing. */
export const salvarFilaImpressaoSchema = z
  .object({
    itens: z
      .array(z.object({ id: id('o item', 'Item inválido.'), status: z.enum(STATUS_IMPRESSAO, { message: 'Situação inválida.' }) }).strict(), { message: 'Informe os itens.' })
      .min(1, 'Escolha ao menos um item.')
      .max(MAXIMO_EMISSAO, `No máximo ${MAXIMO_EMISSAO} itens de uma vez.`)
      .refine((l) => new Set(l.map((i) => i.id)).size === l.length, 'Item repetido na lista.'),
  })
  .strict();
export type SalvarFilaImpressao = z.infer<typeof salvarFilaImpressaoSchema>;

/** GET card/{id}/estatistica/vida — amounts in reais. */
export type EstatisticaVidaCartao = {
  cartaoId: number;
  numero: string;
  status: StatusCartao;
  clienteId: number | null;
  clienteNome: string | null;
  emitidoEm: string;
  vinculadoEm: string | null;
  bloqueadoEm: string | null;
  diasEmUso: number | null;
  vendas: number;
  valorVendas: number;
  cashback: number;
  pontos: number;
  primeiroUso: string | null;
  ultimoUso: string | null;
  impressoes: number;
};

const periodo = {
  de: dataFiltro('inicial').optional(),
  ate: dataFiltro('final').optional(),
};

/** POST card/relatorio/cliente — use of each card of one customer in the period (days in Brasília). */
export const relatorioUsoClienteSchema = z
  .object({ clienteId: id('o cliente', 'Cliente inválido.'), ...periodo })
  .strict()
  .superRefine(periodoValido);
export type RelatorioUsoClienteFiltro = z.infer<typeof relatorioUsoClienteSchema>;

export type UsoCartao = {
  cartaoId: number;
  numero: string;
  status: StatusCartao;
  vendas: number;
  valor: number;
  cashback: number;
  ultimoUso: string | null;
};
export type RelatorioUsoCliente = { clienteId: number; clienteNome: string; cartoes: UsoCartao[]; vendasSemCartao: number; valorSemCartao: number };

/** POST card/relatorio/empresa — card adoption and use across the network in the period. */
export const relatorioUsoEmpresaSchema = z
  .object({ ...periodo, filialId: id('a filial', 'Filial inválida.').optional() })
  .strict()
  .superRefine(periodoValido);
export type RelatorioUsoEmpresaFiltro = z.infer<typeof relatorioUsoEmpresaSchema>;

export type UsoFilial = { filialId: number | null; filialNome: string | null; vendasComCartao: number; valorComCartao: number; vendas: number; valor: number };
export type RelatorioUsoEmpresa = {
  cartoesPorStatus: Record<StatusCartao, number>;
  clientesComCartaoAtivo: number;
  vendasComCartao: number;
  valorComCartao: number;
  vendas: number;
  valor: number;
  porFilial: UsoFilial[];
};

/** GET/POST card/numeracao — the company's prefix; defaults start with 9, so chosen ones may not. */
export const numeracaoCartaoSchema = z
  .object({
    prefixo: z
      .string({ message: 'Informe o prefixo.' })
      .trim()
      .regex(/^\d{6}$/, 'O prefixo tem 6 dígitos.')
      .refine((p) => !p.startsWith('9'), 'Prefixos iniciados por 9 são reservados para a numeração automática.')
      .refine((p) => !p.startsWith('0'), 'O prefixo não pode começar por 0.'),
  })
  .strict();
export type NumeracaoCartao = { prefixo: string; proximaSequencia: number; proximoNumero: string; cartoesEmitidos: number; alteravel: boolean };
