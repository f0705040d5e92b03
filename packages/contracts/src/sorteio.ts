import { z } from 'zod';
import { reais } from './valores.js';
import { dataFiltro } from './transacao.js';

/**
 * Prize draws verifiable by anyone (issue 15 §2; docs/areas/sorteios.md, decision 037). The algorithm
 * itself is in `sorteio-algoritmo.ts` (no imports: served as-is to the public page).
 */

export const STATUS_SORTEIO = ['RASCUNHO', 'CONGELADO', 'CONCLUIDO'] as const;
export type StatusSorteio = (typeof STATUS_SORTEIO)[number];
export const ROTULOS_STATUS_SORTEIO: Record<StatusSorteio, string> = { RASCUNHO: 'Em apuração', CONGELADO: 'Lista congelada', CONCLUIDO: 'Concluído' };

/** How a customer earns lucky numbers in the period: one per R$ X spent, or one per sale. */
export const REGRAS_NUMEROS = ['VALOR', 'VENDA'] as const;
export type RegraNumeros = (typeof REGRAS_NUMEROS)[number];
/** Where the seed comes from: typed in advance (FIXA) or the Loteria Federal result of the announced date. */
export const ORIGENS_SEMENTE = ['LOTERIA', 'FIXA'] as const;
export type OrigemSemente = (typeof ORIGENS_SEMENTE)[number];

const id = (mensagem: string) => z.number({ message: mensagem }).int(mensagem).positive(mensagem);
const semente = z
  .string({ message: 'Informe a semente.' })
  .trim()
  .min(1, 'Informe a semente.')
  .max(60, 'A semente pode ter até 60 caracteres.')
  .regex(/^[0-9A-Za-z .,/-]+$/, 'A semente aceita letras, números, espaço e . , / -');

/** POST sorteio/save — a draw while it is RASCUNHO (frozen draws cannot change). */
export const sorteioSaveSchema = z
  .object({
    id: z.number().int().positive().optional(),
    nome: z.string({ message: 'Informe o nome do sorteio.' }).trim().min(3, 'Informe o nome do sorteio (pelo menos 3 caracteres).').max(120, 'O nome pode ter até 120 caracteres.'),
    regulamento: z.string({ message: 'Informe o regulamento.' }).trim().min(10, 'Informe o regulamento (pelo menos 10 caracteres).').max(20000, 'O regulamento pode ter até 20000 caracteres.'),
    inicio: dataFiltro('de início'),
    fim: dataFiltro('de fim'),
    /** Prizes in order: 1st, 2nd, … */
    premios: z
      .array(z.string({ message: 'Prêmio inválido.' }).trim().min(2, 'Descreva cada prêmio (pelo menos 2 caracteres).').max(200, 'Cada prêmio pode ter até 200 caracteres.'), { message: 'Informe os prêmios.' })
      .min(1, 'Informe pelo menos um prêmio.')
      .max(100, 'No máximo 100 prêmios por sorteio.'),
    /** Eligible branches (ids of the network's companies); empty = the whole network. */
    filiais: z.array(id('Filial inválida.')).max(200, 'Filiais demais.').default([]).transform((l) => [...new Set(l)]),
    regra: z.enum(REGRAS_NUMEROS, { message: 'Regra inválida: use VALOR (um número a cada R$ X) ou VENDA (um número por compra).' }),
    /** Reais per lucky number, with regra VALOR. */
    valorPorNumero: reais('o valor por número').min(0.01, 'O valor por número deve ser maior que zero.').max(1_000_000, 'Valor por número acima do limite.').nullable().default(null),
    maximoPorCliente: z.number({ message: 'O máximo por cliente deve ser um número inteiro.' }).int('O máximo por cliente deve ser um número inteiro.').min(1, 'O máximo por cliente deve ser pelo menos 1.').max(1_000_000, 'Máximo por cliente acima do limite.').nullable().default(null),
    umPremioPorCliente: z.boolean({ message: 'Informe se cada cliente pode ganhar um só prêmio.' }).default(true),
    origemSemente: z.enum(ORIGENS_SEMENTE, { message: 'Origem da semente inválida: use LOTERIA ou FIXA.' }).default('LOTERIA'),
    /** The Loteria Federal draw date whose result will be the seed (origemSemente LOTERIA). */
    dataLoteria: dataFiltro('da Loteria Federal').nullable().default(null),
    /** The seed fixed in advance (origemSemente FIXA), public from the start. */
    semente: semente.nullable().default(null),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (s.fim < s.inicio) ctx.addIssue({ code: 'custom', path: ['fim'], message: 'O fim do período não pode ser antes do início.' });
    if (s.regra === 'VALOR' && !s.valorPorNumero) ctx.addIssue({ code: 'custom', path: ['valorPorNumero'], message: 'Informe o valor em reais que vale um número da sorte.' });
    if (s.origemSemente === 'LOTERIA' && !s.dataLoteria) ctx.addIssue({ code: 'custom', path: ['dataLoteria'], message: 'Informe a data da extração da Loteria Federal que dará a semente.' });
    if (s.origemSemente === 'LOTERIA' && s.dataLoteria && s.dataLoteria <= s.fim) ctx.addIssue({ code: 'custom', path: ['dataLoteria'], message: 'A extração da Loteria Federal deve ser depois do fim do período.' });
    if (s.origemSemente === 'LOTERIA' && s.semente) ctx.addIssue({ code: 'custom', path: ['semente'], message: 'Com a Loteria Federal, a semente é informada depois da extração.' });
    if (s.origemSemente === 'FIXA' && !s.semente) ctx.addIssue({ code: 'custom', path: ['semente'], message: 'Informe a semente fixada no regulamento.' });
  });
export type SorteioSave = z.input<typeof sorteioSaveSchema>;
export type SorteioDados = z.output<typeof sorteioSaveSchema>;

export const filtroSorteioSchema = z
  .object({
    busca: z.string().trim().max(120, 'Busca longa demais.').optional(),
    status: z.enum(STATUS_SORTEIO, { message: 'Status inválido: use RASCUNHO, CONGELADO ou CONCLUIDO.' }).optional(),
  })
  .strict();
export type FiltroSorteio = z.infer<typeof filtroSorteioSchema>;

/** POST sorteio/semente — the Loteria Federal result typed by the manager (once, before the first winner). */
export const sementeSorteioSchema = z.object({ id: id('Sorteio inválido.'), semente }).strict();

/** addganhador when nobody is left for the next prize; the winners screen then offers sorteio/encerrar. */
export const MENSAGEM_SEM_PARTICIPANTES = 'Não há mais participantes para sortear: encerre o sorteio para deixar os prêmios restantes sem ganhador.';

/**
 * GET sorteio/addganhador/{id}?posicao=N — the prize the screen is drawing. A second click (or a second
 * manager) asking for a position already drawn is refused instead of drawing the next prize.
 */
export const sortearQuerySchema = z
  .object({ posicao: z.coerce.number({ message: 'Posição do prêmio inválida.' }).int('Posição do prêmio inválida.').min(1, 'Posição do prêmio inválida.').max(1000, 'Posição do prêmio inválida.').optional() })
  .strict();

/** POST sorteio/addganhadormanual — a winner chosen by hand (a lucky number of the frozen list), with the reason. */
export const ganhadorManualSchema = z
  .object({
    id: id('Sorteio inválido.'),
    numero: z.string({ message: 'Informe o número da sorte.' }).trim().min(1, 'Informe o número da sorte.').regex(/^\d{1,9}$/, 'Número da sorte inválido.'),
    motivo: z.string({ message: 'Informe o motivo.' }).trim().min(10, 'Informe o motivo do ganhador manual (pelo menos 10 caracteres).').max(300, 'O motivo pode ter até 300 caracteres.'),
  })
  .strict();

export type Sorteio = {
  id: number;
  nome: string;
  regulamento: string;
  inicio: string;
  fim: string;
  premios: string[];
  filiais: number[];
  regra: RegraNumeros;
  valorPorNumero: number | null;
  maximoPorCliente: number | null;
  umPremioPorCliente: boolean;
  origemSemente: OrigemSemente;
  dataLoteria: string | null;
  semente: string | null;
  /** When the seed was fixed (FIXA) or typed (LOTERIA); null before, and for draws saved before 2026-11-29. */
  sementeEm: string | null;
  status: StatusSorteio;
  /** For the public link `/p/sorteio/{codigoPublico}`. */
  codigoPublico: string;
  hashLista: string | null;
  totalNumeros: number | null;
  totalParticipantes: number | null;
  congeladoEm: string | null;
  ganhadores: number;
  criadoEm: string;
};

export type GanhadorSorteio = {
  id: number;
  posicao: number;
  premio: string;
  numero: string;
  participante: string;
  clienteId: number;
  clienteNome: string;
  /** Masked as on the public list (LGPD). */
  cpfMascarado: string;
  manual: boolean;
  motivo: string | null;
  notificado: boolean;
  criadoEm: string;
};
