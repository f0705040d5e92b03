import { z } from 'zod';
import { reais } from './valores.js';
import { emUnidadesInteiras } from './br/dinheiro.js';
import { dataFiltro } from './transacao.js';
import { codigoCupomSchema } from './cupomdesconto-codigo.js';
import { mensagemVariavelDesconhecida, variaveisDesconhecidas } from './mensagem.js';

export { codigoCupomSchema };

/**
 * Coupons (issue 15 §3; spec §3 "Duplicating a coupon", §7 "Coupons": all under cupomdesconto/;
 * docs/areas/cupons.md, decision 038). Money on the wire in reais (centavos in the database),
 * percentages with 2 decimals (basis points in the database).
 */

export const TIPOS_CUPOM = ['IMPRESSO', 'ONLINE', 'LOTE'] as const;
export type TipoCupom = (typeof TIPOS_CUPOM)[number];
export const ROTULOS_TIPO_CUPOM: Record<TipoCupom, string> = { IMPRESSO: 'Impresso', ONLINE: 'Online', LOTE: 'Lote de códigos' };

/** What a coupon gives: a discount on the sale (percent or reais) or a cashback bonus (percent of the sale or reais). */
export const BENEFICIOS_CUPOM = ['PERCENTUAL', 'VALOR', 'BONUS_PERCENTUAL', 'BONUS_VALOR'] as const;
export type BeneficioCupom = (typeof BENEFICIOS_CUPOM)[number];
export const ROTULOS_BENEFICIO_CUPOM: Record<BeneficioCupom, string> = {
  PERCENTUAL: 'Desconto em %',
  VALOR: 'Desconto em R$',
  BONUS_PERCENTUAL: 'Bônus de cashback em %',
  BONUS_VALOR: 'Bônus de cashback em R$',
};
export const beneficioPercentual = (b: BeneficioCupom) => b === 'PERCENTUAL' || b === 'BONUS_PERCENTUAL';
export const beneficioBonus = (b: BeneficioCupom) => b === 'BONUS_PERCENTUAL' || b === 'BONUS_VALOR';

/** Characters of the generated codes. No 0/O, 1/I/L in the mixed sets: a code is read aloud and typed at the counter. */
export const ALFABETOS_CUPOM = {
  ALFANUMERICO: '23456789ABCDEFGHJKMNPQRSTUVWXYZ',
  LETRAS: 'ABCDEFGHJKMNPQRSTUVWXYZ',
  NUMERICO: '0123456789',
} as const;
export type AlfabetoCupom = keyof typeof ALFABETOS_CUPOM;
export const ALFABETOS_CUPOM_LISTA = Object.keys(ALFABETOS_CUPOM) as AlfabetoCupom[];

export const QUANTIDADE_MAXIMA_CODIGOS = 200_000;

/**
 * Unique codes a pattern can hold before drawing a new one gets slow: the batch is refused when it
 * asks for more than a tenth of the space (the draws of the last codes would keep colliding).
 */
export function capacidadePadrao(alfabeto: AlfabetoCupom, tamanho: number): number {
  return Math.floor(ALFABETOS_CUPOM[alfabeto].length ** tamanho / 10);
}

const id = (mensagem: string) => z.number({ message: mensagem }).int(mensagem).positive(mensagem);
const limiteUsos = (rotulo: string) =>
  z.number({ message: `${rotulo} inválido.` }).int(`${rotulo} deve ser um número inteiro.`).min(1, `${rotulo} deve ser pelo menos 1.`).max(10_000_000, `${rotulo} acima do limite.`).nullable().default(null);

/** POST cupomdesconto/save. Spec fields verbatim; the server fills usuario, dataCriacao, token and the URLs. */
export const cupomSaveSchema = z
  .object({
    id: z.number().int().positive().optional(),
    nome: z.string({ message: 'Informe o nome do cupom.' }).trim().min(2, 'Informe o nome do cupom.').max(120, 'O nome pode ter até 120 caracteres.'),
    tipo: z.enum(TIPOS_CUPOM, { message: 'Tipo inválido: use IMPRESSO, ONLINE ou LOTE.' }),
    beneficio: z.enum(BENEFICIOS_CUPOM, { message: 'Benefício inválido: use PERCENTUAL, VALOR, BONUS_PERCENTUAL ou BONUS_VALOR.' }),
    /** Percent, 10 = 10%, for PERCENTUAL and BONUS_PERCENTUAL. */
    percentual: z
      .number({ message: 'Percentual inválido.' })
      .finite('Percentual inválido.')
      .gt(0, 'O percentual deve ficar entre 0,01 e 100.')
      .max(100, 'O percentual deve ficar entre 0,01 e 100.')
      .refine((v) => emUnidadesInteiras(v, 2), 'Use no máximo 2 casas decimais no percentual.')
      .nullable()
      .default(null),
    /** Reais, for VALOR and BONUS_VALOR. */
    valor: reais('o valor do benefício').refine((v) => v > 0, 'O valor do benefício deve ser maior que zero.').refine((v) => v <= 100_000, 'Valor do benefício acima do limite.').nullable().default(null),
    compraMinima: reais('a compra mínima').refine((v) => v >= 0, 'A compra mínima não pode ser negativa.').refine((v) => v <= 1_000_000, 'Compra mínima acima do limite.').default(0),
    usosPorCliente: limiteUsos('Usos por cliente'),
    usosTotal: limiteUsos('Total de usos'),
    /** Last day of validity (inclusive, Brasília); null = no end. */
    dataVencimento: dataFiltro('de vencimento').nullable().default(null),
    /** Weekdays on which the coupon is valid (0 = domingo … 6 = sábado); empty = every day. */
    vencimentoDiaSemana: z
      .array(z.number({ message: 'Dia da semana inválido.' }).int('Dia da semana inválido.').min(0, 'Dia da semana inválido: use 0 (domingo) a 6 (sábado).').max(6, 'Dia da semana inválido: use 0 (domingo) a 6 (sábado).'))
      .max(7, 'Dias da semana demais.')
      .default([])
      .transform((l) => [...new Set(l)].sort()),
    /** A word any customer may type instead of a code (a campaign shared by radio or a poster). */
    palavraChave: z
      .string()
      .trim()
      .max(30, 'A palavra-chave pode ter até 30 caracteres.')
      .regex(/^[0-9A-Za-z-]*$/, 'A palavra-chave deve ter só letras e números.')
      .transform((s) => (s ? s.toUpperCase() : null))
      .nullable()
      .default(null),
    /** The message of the WhatsApp sends: {cupom} is each customer's code, {vencimento} the coupon's expiry; the templates' other variables too. */
    whatsAppLote: z.string().trim().max(1000, 'A mensagem do WhatsApp pode ter até 1000 caracteres.').nullable().default(null),
    /** Branches where it is accepted (ids of the network's companies); empty = all. */
    filiais: z.array(id('Filial inválida.')).max(200, 'Filiais demais.').default([]).transform((l) => [...new Set(l)]),
    /** Pattern of the generated codes (printed sheets and batches). */
    alfabeto: z.enum(ALFABETOS_CUPOM_LISTA as [AlfabetoCupom, ...AlfabetoCupom[]], { message: 'Alfabeto inválido: use ALFANUMERICO, LETRAS ou NUMERICO.' }).default('ALFANUMERICO'),
    prefixo: z
      .string()
      .trim()
      .max(10, 'O prefixo pode ter até 10 caracteres.')
      .regex(/^[0-9A-Za-z]*$/, 'O prefixo deve ter só letras e números.')
      .transform((s) => s.toUpperCase())
      .default(''),
    tamanho: z.number({ message: 'Tamanho inválido.' }).int('O tamanho deve ser um número inteiro.').min(4, 'O tamanho deve ficar entre 4 e 20.').max(20, 'O tamanho deve ficar entre 4 e 20.').default(8),
    /** How many codes to generate (printed and batch kinds). */
    quantidade: z.number({ message: 'Quantidade inválida.' }).int('A quantidade deve ser um número inteiro.').min(0, 'A quantidade não pode ser negativa.').max(QUANTIDADE_MAXIMA_CODIGOS, `A quantidade pode ser de até ${QUANTIDADE_MAXIMA_CODIGOS.toLocaleString('pt-BR')} códigos.`).default(0),
    ativo: z.boolean({ message: 'Ativo inválido.' }).default(true),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (beneficioPercentual(c.beneficio) && c.percentual === null) ctx.addIssue({ code: 'custom', path: ['percentual'], message: 'Informe o percentual do benefício.' });
    if (!beneficioPercentual(c.beneficio) && c.valor === null) ctx.addIssue({ code: 'custom', path: ['valor'], message: 'Informe o valor do benefício.' });
    if (c.tipo !== 'ONLINE' && c.quantidade > capacidadePadrao(c.alfabeto, c.tamanho)) {
      ctx.addIssue({ code: 'custom', path: ['tamanho'], message: 'Padrão pequeno demais para essa quantidade de códigos únicos: aumente o tamanho.' });
    }
    if (c.usosPorCliente !== null && c.usosTotal !== null && c.usosPorCliente > c.usosTotal) {
      ctx.addIssue({ code: 'custom', path: ['usosPorCliente'], message: 'Os usos por cliente não podem passar do total de usos.' });
    }
    // Caught here, not at the send: a message sent to a whole audience with "{codigo}" or "até ." cannot be taken back.
    const desconhecidas = c.whatsAppLote ? variaveisDesconhecidas(c.whatsAppLote) : [];
    if (desconhecidas.length) ctx.addIssue({ code: 'custom', path: ['whatsAppLote'], message: mensagemVariavelDesconhecida(desconhecidas) });
    if (c.whatsAppLote?.includes('{vencimento}') && !c.dataVencimento) {
      ctx.addIssue({ code: 'custom', path: ['whatsAppLote'], message: 'A mensagem usa {vencimento}, mas o cupom não tem data de vencimento: informe a data ou tire a variável.' });
    }
  });
export type CupomSave = z.input<typeof cupomSaveSchema>;
export type CupomDados = z.output<typeof cupomSaveSchema>;

export const filtroCupomSchema = z
  .object({
    busca: z.string().trim().max(120, 'Busca longa demais.').optional(),
    tipo: z.enum(TIPOS_CUPOM, { message: 'Tipo inválido: use IMPRESSO, ONLINE ou LOTE.' }).optional(),
    ativo: z.boolean({ message: 'Filtro "ativo" inválido.' }).optional(),
  })
  .strict();
export type FiltroCupom = z.infer<typeof filtroCupomSchema>;

export type Cupom = {
  id: number;
  /** Who created it (name). */
  usuario: string | null;
  nome: string;
  tipo: TipoCupom;
  dataCriacao: string;
  dataVencimento: string | null;
  vencimentoDiaSemana: number[];
  urlCompartilhamento: string | null;
  urlCurto: string | null;
  token: string | null;
  palavraChave: string | null;
  whatsAppLote: string | null;
  beneficio: BeneficioCupom;
  percentual: number | null;
  valor: number | null;
  compraMinima: number;
  usosPorCliente: number | null;
  usosTotal: number | null;
  filiais: number[];
  alfabeto: AlfabetoCupom;
  prefixo: string;
  tamanho: number;
  quantidade: number;
  ativo: boolean;
  /** Uses in force (cancelled sales give theirs back). */
  usos: number;
  codigosGerados: number;
  /** The generating job, while there is one to follow. */
  tarefaId: string | null;
};

/** GET cupomdesconto/duplicar/{id}: the copy to open in the form (spec §3: id and the fields below cleared, " (Cópia)"). */
export type CupomCopia = Omit<Cupom, 'id' | 'usuario' | 'dataCriacao' | 'dataVencimento' | 'urlCompartilhamento' | 'urlCurto' | 'token' | 'palavraChave' | 'whatsAppLote' | 'vencimentoDiaSemana'> & {
  id: null;
  usuario: null;
  dataCriacao: null;
  dataVencimento: null;
  vencimentoDiaSemana: null;
  urlCompartilhamento: null;
  urlCurto: null;
  token: null;
  palavraChave: null;
  whatsAppLote: null;
};

/** GET cupomdesconto/cuponsdescontolotes: the batches with their generation progress. */
export type LoteCupons = Pick<Cupom, 'id' | 'nome' | 'tipo' | 'quantidade' | 'codigosGerados' | 'tarefaId' | 'dataCriacao' | 'usos'>;

/** POST cupomdesconto/validar — what a code gives on a sale, before the sale (the terminal's preview). */
export const validarCupomSchema = z
  .object({
    codigo: codigoCupomSchema,
    valor: reais('o valor da venda').refine((v) => v > 0, 'O valor da venda deve ser maior que zero.').refine((v) => v <= 1_000_000, 'O valor da venda não pode passar de R$ 1.000.000,00.'),
    clienteId: id('Cliente inválido.').optional(),
    filialId: id('Filial inválida.').optional(),
  })
  .strict();

export type CupomAplicado = {
  cupomId: number;
  nome: string;
  codigo: string;
  beneficio: BeneficioCupom;
  /** Reais taken off the sale. */
  desconto: number;
  /** Reais of cashback bonus. */
  bonus: number;
  /** What the customer pays (sale minus discount). */
  valorAPagar: number;
};

/** POST cupomdesconto/filtrar/{p}/{s} — the codes of the coupons. */
export const filtroCodigosSchema = z
  .object({
    cupomId: id('Cupom inválido.').optional(),
    codigo: z.string().trim().max(40, 'Código inválido.').optional(),
    /** LIVRE: still usable; USADO: used up. */
    situacao: z.enum(['LIVRE', 'USADO'], { message: 'Situação inválida: use LIVRE ou USADO.' }).optional(),
  })
  .strict();
export type FiltroCodigos = z.infer<typeof filtroCodigosSchema>;

export type CodigoCupom = { id: number; cupomId: number; cupomNome: string; codigo: string; clienteId: number | null; clienteNome: string | null; usos: number; maximoUsos: number | null; criadoEm: string };

/** POST cupomdesconto/filtrar/resgatados/{p}/{s} — the uses (coupons redeemed in sales). */
export const filtroResgatadosSchema = z
  .object({
    cupomId: id('Cupom inválido.').optional(),
    clienteId: id('Cliente inválido.').optional(),
    /** The start of the code, or part of the coupon's or the customer's name. */
    busca: z.string().trim().max(120, 'Busca longa demais.').optional(),
    status: z.enum(['USADO', 'CANCELADO'], { message: 'Situação inválida: use USADO ou CANCELADO.' }).optional(),
    de: dataFiltro('inicial').optional(),
    ate: dataFiltro('final').optional(),
  })
  .strict();
export type FiltroResgatados = z.infer<typeof filtroResgatadosSchema>;

export type StatusUsoCupom = 'USADO' | 'CANCELADO';
export type UsoCupom = {
  id: number;
  cupomId: number;
  cupomNome: string;
  codigo: string;
  transacaoId: number;
  clienteId: number;
  clienteNome: string;
  filialId: number | null;
  /** Reais: the sale before the discount, the discount and the bonus. */
  valorBruto: number;
  desconto: number;
  bonus: number;
  status: StatusUsoCupom;
  criadoEm: string;
  canceladoEm: string | null;
};

/** POST cupomdesconto/download/cupons — the codes of one coupon as CSV (same as GET download/cupons/csv/{x}). */
export const downloadCuponsSchema = z.object({ cupomId: id('Informe o cupom.') }).strict();

/** POST cupomdesconto/gerarimpressao{x} — the printed sheet (A4 PDF) of the coupon x's codes. */
export const gerarImpressaoParamsSchema = z.object({
  x: z.coerce.number({ message: 'Cupom inválido.' }).int('Cupom inválido.').positive('Cupom inválido.').max(2_147_483_647, 'Cupom inválido.'),
});
export const gerarImpressaoSchema = z
  .object({
    /** At most this many codes on the sheet (the first free ones). */
    limite: z.number({ message: 'Limite inválido.' }).int('Limite inválido.').min(1, 'O limite deve ficar entre 1 e 2000.').max(2000, 'O limite deve ficar entre 1 e 2000.').default(200),
  })
  .strict();
