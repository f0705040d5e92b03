import { z } from 'zod';
import { reais } from './valores.js';
import { dataFiltro } from './transacao.js';

/**
 * Prize catalogue and redemption (issue 15 §1; docs/areas/premios.md, decision 036). Money on the
 * wire in reais with 2 decimals (centavos in the database); points are whole numbers.
 */

export const PERIODOS_LIMITE = ['DIA', 'SEMANA', 'MES', 'ANO', 'SEMPRE'] as const;
export type PeriodoLimite = (typeof PERIODOS_LIMITE)[number];
export const ROTULOS_PERIODO_LIMITE: Record<PeriodoLimite, string> = { DIA: 'por dia', SEMANA: 'por semana', MES: 'por mês', ANO: 'por ano', SEMPRE: 'no total' };

const id = (mensagem: string) => z.number({ message: mensagem }).int(mensagem).positive(mensagem);
const inteiroOpcional = (rotulo: string, maximo: number) =>
  z
    .number({ message: `${rotulo} deve ser um número inteiro.` })
    .int(`${rotulo} deve ser um número inteiro.`)
    .min(0, `${rotulo} não pode ser negativo.`)
    .max(maximo, `${rotulo} acima do limite.`)
    .nullable()
    .default(null);

/** POST premio/save — a prize of the catalogue. At least one cost (points or cashback). */
export const premioSaveSchema = z
  .object({
    id: z.number().int().positive().optional(),
    nome: z.string({ message: 'Informe o nome do prêmio.' }).trim().min(1, 'Informe o nome do prêmio.').min(2, 'O nome do prêmio precisa de pelo menos 2 caracteres.').max(120, 'O nome pode ter até 120 caracteres.'),
    descricao: z.string().trim().max(1000, 'A descrição pode ter até 1000 caracteres.').nullable().default(null),
    /** An image uploaded by `arquivo/upload` (decision 026). */
    fotoArquivoId: id('Foto inválida.').nullable().default(null),
    custoPontos: inteiroOpcional('Custo em pontos', 100_000_000),
    custoCashback: reais('o custo em cashback').min(0, 'O custo em cashback não pode ser negativo.').max(1_000_000, 'Custo em cashback acima do limite.').nullable().default(null),
    /** null = no stock control (a service, a voucher). */
    estoque: inteiroOpcional('Estoque', 10_000_000),
    limitePorCliente: z.number({ message: 'O limite por cliente deve ser um número inteiro.' }).int('O limite por cliente deve ser um número inteiro.').min(1, 'O limite por cliente deve ser pelo menos 1.').max(1000, 'Limite por cliente acima do limite.').nullable().default(null),
    limitePeriodo: z.enum(PERIODOS_LIMITE, { message: 'Período do limite inválido: use DIA, SEMANA, MES, ANO ou SEMPRE.' }).default('SEMPRE'),
    validoDe: dataFiltro('de início da validade').nullable().default(null),
    validoAte: dataFiltro('de fim da validade').nullable().default(null),
    /** Branches where it may be collected (ids of the network's companies); empty = all. */
    filiais: z.array(id('Filial inválida.')).max(200, 'Filiais demais.').default([]).transform((l) => [...new Set(l)]),
    ativo: z.boolean({ message: 'Ativo inválido.' }).default(true),
  })
  .strict()
  .superRefine((p, ctx) => {
    if (!(p.custoPontos ?? 0) && !(p.custoCashback ?? 0)) ctx.addIssue({ code: 'custom', path: ['custoPontos'], message: 'Informe o custo do prêmio em pontos, em cashback ou nos dois.' });
    if (p.validoDe && p.validoAte && p.validoAte < p.validoDe) ctx.addIssue({ code: 'custom', path: ['validoAte'], message: 'O fim da validade não pode ser antes do início.' });
  });
export type PremioSave = z.input<typeof premioSaveSchema>;
export type PremioDados = z.output<typeof premioSaveSchema>;

export const filtroPremioSchema = z
  .object({
    busca: z.string().trim().max(120, 'Busca longa demais.').optional(),
    ativo: z.boolean({ message: 'Filtro "ativo" inválido.' }).optional(),
    filialId: id('Filial inválida.').optional(),
  })
  .strict();
export type FiltroPremio = z.infer<typeof filtroPremioSchema>;

export type Premio = {
  id: number;
  nome: string;
  descricao: string | null;
  fotoArquivoId: number | null;
  custoPontos: number | null;
  /** Reais. */
  custoCashback: number | null;
  estoque: number | null;
  limitePorCliente: number | null;
  limitePeriodo: PeriodoLimite;
  validoDe: string | null;
  validoAte: string | null;
  filiais: number[];
  ativo: boolean;
  resgates: number;
  criadoEm: string;
};

/** POST premio/imprimir — the catalogue as an A4 PDF for the counter wall. */
export const imprimirCatalogoSchema = z.object({ filialId: id('Filial inválida.').optional() }).strict();

export const STATUS_RESGATE_PREMIO = ['SOLICITADO', 'SEPARADO', 'DISPONIVEL', 'RETIRADO', 'CANCELADO'] as const;
export type StatusResgatePremio = (typeof STATUS_RESGATE_PREMIO)[number];
export const ROTULOS_STATUS_RESGATE_PREMIO: Record<StatusResgatePremio, string> = {
  SOLICITADO: 'Solicitado',
  SEPARADO: 'Separado',
  DISPONIVEL: 'Disponível para retirada',
  RETIRADO: 'Retirado',
  CANCELADO: 'Cancelado',
};
/**
 * Where each status may go by `premio/resgate/alterar/status` (decision 036). CANCELADO is accepted
 * from any live status and does what `cancelar/{id}` does (balance and stock back, once); RETIRADO
 * only through `retirar/{id}/{codigo}` — the code is the proof of delivery — so it is not listed here.
 */
export const TRANSICOES_RESGATE_PREMIO: Record<StatusResgatePremio, readonly StatusResgatePremio[]> = {
  SOLICITADO: ['SEPARADO', 'DISPONIVEL'],
  SEPARADO: ['DISPONIVEL'],
  DISPONIVEL: [],
  RETIRADO: [],
  CANCELADO: [],
};
/** Live statuses: the prize can still be handed over or cancelled. */
export const STATUS_RESGATE_VIVOS: readonly StatusResgatePremio[] = ['SOLICITADO', 'SEPARADO', 'DISPONIVEL'];

/** POST premio/resgate/save — a customer redeems a prize (terminal or back office); Idempotency-Key accepted. */
export const resgatePremioSchema = z
  .object({
    premioId: id('Informe o prêmio.'),
    clienteId: id('Informe o cliente.'),
    /** Where the customer collects it; defaults to the caller's branch. */
    filialId: id('Filial inválida.').optional(),
  })
  .strict();
export type ResgatePremioPedido = z.infer<typeof resgatePremioSchema>;

const motivo = z.string({ message: 'Informe o motivo.' }).trim().min(3, 'Informe o motivo (pelo menos 3 caracteres).').max(200, 'O motivo pode ter até 200 caracteres.');

/** POST premio/resgate/alterar/status. */
export const alterarStatusResgateSchema = z
  .object({
    id: id('Resgate inválido.'),
    status: z.enum(STATUS_RESGATE_PREMIO, { message: 'Status inválido: use SOLICITADO, SEPARADO, DISPONIVEL, RETIRADO ou CANCELADO.' }),
    observacao: z.string().trim().max(200, 'A observação pode ter até 200 caracteres.').optional(),
  })
  .strict();

/** GET premio/resgate/cancelar/{id}?motivo=… (a GET that changes: XSRF required, decision 006). */
export const cancelarResgateQuerySchema = z.object({ motivo: motivo.optional() }).strict();

/** The channels the voucher can be re-sent on (GET premio/resgate/reenviar/resgate/{id}?canal=). */
export const CANAIS_COMPROVANTE = ['WHATSAPP', 'EMAIL'] as const;
export type CanalComprovante = (typeof CANAIS_COMPROVANTE)[number];
/** Without `canal`: WhatsApp when it can go, else e-mail (docs/areas/premios.md). */
export const reenviarResgateQuerySchema = z.object({ canal: z.enum(CANAIS_COMPROVANTE, { message: 'Canal inválido: use WHATSAPP ou EMAIL.' }).optional() }).strict();
export type ReenvioComprovante = { canal: CanalComprovante };

export const retirarResgateParamsSchema = z.object({
  a: z.coerce.number({ message: 'Resgate inválido.' }).int('Resgate inválido.').positive('Resgate inválido.').max(2_147_483_647, 'Resgate inválido.'),
  b: z.string().trim().min(4, 'Código do resgate inválido.').max(20, 'Código do resgate inválido.').regex(/^[0-9A-Za-z-]+$/, 'Código do resgate inválido.'),
});

/** POST premio/resgate/imprimir — the 80 mm voucher of one redemption. */
export const imprimirResgateSchema = z.object({ id: id('Resgate inválido.') }).strict();

export const filtroResgatePremioSchema = z
  .object({
    status: z.enum(STATUS_RESGATE_PREMIO, { message: 'Status inválido.' }).optional(),
    premioId: id('Prêmio inválido.').optional(),
    filialId: id('Filial inválida.').optional(),
    clienteId: id('Cliente inválido.').optional(),
    codigo: z.string().trim().max(20, 'Código inválido.').optional(),
    de: dataFiltro('inicial').optional(),
    ate: dataFiltro('final').optional(),
  })
  .strict()
  .refine((f) => !f.de || !f.ate || f.de <= f.ate, { message: 'A data inicial não pode ser depois da final.', path: ['ate'] });
export type FiltroResgatePremio = z.infer<typeof filtroResgatePremioSchema>;

export const relatorioResgatePremioSchema = z
  .object({ de: dataFiltro('inicial'), ate: dataFiltro('final'), premioId: id('Prêmio inválido.').optional(), filialId: id('Filial inválida.').optional() })
  .strict()
  .refine((f) => f.de <= f.ate, { message: 'A data inicial não pode ser depois da final.', path: ['ate'] });

export type ResgatePremio = {
  id: number;
  codigo: string;
  status: StatusResgatePremio;
  premioId: number;
  premioNome: string;
  fotoArquivoId: number | null;
  clienteId: number;
  clienteNome: string;
  filialId: number | null;
  filialNome: string | null;
  custoPontos: number;
  /** Reais. */
  custoCashback: number;
  usuarioNome: string | null;
  criadoEm: string;
  retiradoEm: string | null;
  canceladoEm: string | null;
  motivoCancelamento: string | null;
};

export type HistoricoResgatePremio = { de: StatusResgatePremio | null; para: StatusResgatePremio; usuarioNome: string | null; observacao: string | null; criadoEm: string };

/** A prize offered to a customer at the counter: whether the balance reaches it and how many more the limit allows. */
export type PremioParaCliente = Premio & { alcanca: boolean; motivo: string | null };

export type LinhaRelatorioPremio = { premioId: number; premioNome: string; quantidade: number; retirados: number; pontos: number; cashback: number };
export type RelatorioResgatePremio = { linhas: LinhaRelatorioPremio[]; total: { quantidade: number; retirados: number; pontos: number; cashback: number }; cancelados: number };
