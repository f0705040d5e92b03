import { z } from 'zod';
import { reais } from './valores.js';
import { celularSchema } from './client.js';
import { dataFiltro } from './transacao.js';
import { emailSchema } from './user.js';

/**
 * Audiences (públicos, issue 14 §3; docs/areas/publicos.md): saved filters over the customers of a
 * company. Every condition is optional; the conditions present are combined with AND. Lists inside a
 * condition (branches, plans, months, tags) match any of their items (OR).
 */
const idLista = (rotulo: string) =>
  z
    .array(z.number({ message: `${rotulo} inválida.` }).int(`${rotulo} inválida.`).positive(`${rotulo} inválida.`), { message: `${rotulo} inválida.` })
    .min(1, `Escolha ao menos uma opção em ${rotulo.toLowerCase()}.`)
    .max(100, `Escolha no máximo 100 opções em ${rotulo.toLowerCase()}.`)
    .transform((l) => [...new Set(l)]);

const inteiroNaoNegativo = (rotulo: string) =>
  z.number({ message: `Informe ${rotulo}.` }).int(`${rotulo} deve ser um número inteiro.`).min(0, `${rotulo} não pode ser negativo.`).max(1_000_000_000, `${rotulo} está fora do limite.`);

const faixa = <T extends z.ZodTypeAny>(min: T, max: T, mensagem: string) =>
  z
    .object({ min: min.optional(), max: max.optional() })
    .strict()
    .refine((f) => f.min !== undefined || f.max !== undefined, mensagem)
    .refine((f) => f.min === undefined || f.max === undefined || (f.min as number) <= (f.max as number), 'O mínimo não pode ser maior que o máximo.');

export const condicoesPublicoSchema = z
  .object({
    /** Branch where the customer signed up (filial de origem). */
    filiais: idLista('Filial').optional(),
    /** Last confirmed purchase: after `depoisDe` and/or before `antesDe` (calendar days, inclusive); `nunca` = never bought. */
    ultimaCompra: z
      .object({ depoisDe: dataFiltro('inicial da última compra').optional(), antesDe: dataFiltro('final da última compra').optional(), nunca: z.boolean().optional() })
      .strict()
      .refine((u) => u.nunca || u.depoisDe || u.antesDe, 'Informe a data da última compra (antes, depois ou entre) ou "nunca comprou".')
      .refine((u) => !u.depoisDe || !u.antesDe || u.depoisDe <= u.antesDe, 'Na última compra, a data inicial não pode ser depois da final.')
      .refine((u) => !u.nunca || (!u.depoisDe && !u.antesDe), 'Escolha "nunca comprou" ou um período de última compra, não os dois.')
      .optional(),
    /** Confirmed purchases between `de` and `ate`: how many and how much (reais). */
    compras: z
      .object({
        de: dataFiltro('inicial das compras'),
        ate: dataFiltro('final das compras'),
        quantidade: faixa(inteiroNaoNegativo('a quantidade de compras'), inteiroNaoNegativo('a quantidade de compras'), 'Informe a quantidade mínima ou máxima de compras.').optional(),
        valor: faixa(reais('o valor das compras').min(0, 'O valor das compras não pode ser negativo.'), reais('o valor das compras').min(0, 'O valor das compras não pode ser negativo.'), 'Informe o valor mínimo ou máximo das compras.').optional(),
      })
      .strict()
      .refine((c) => c.de <= c.ate, 'Nas compras, a data inicial não pode ser depois da final.')
      .refine((c) => c.quantidade || c.valor, 'Nas compras, informe a quantidade ou o valor.')
      .optional(),
    /** Balance between min and max: reais for CASHBACK, whole points for PONTOS. */
    saldo: z
      .object({
        unidade: z.enum(['CASHBACK', 'PONTOS'], { message: 'Saldo inválido: use CASHBACK ou PONTOS.' }),
        min: z.number({ message: 'Saldo mínimo inválido.' }).finite('Saldo mínimo inválido.').min(0, 'O saldo não pode ser negativo.').max(1e12, 'Saldo fora do limite.').optional(),
        max: z.number({ message: 'Saldo máximo inválido.' }).finite('Saldo máximo inválido.').min(0, 'O saldo não pode ser negativo.').max(1e12, 'Saldo fora do limite.').optional(),
      })
      .strict()
      .refine((s) => s.min !== undefined || s.max !== undefined, 'Informe o saldo mínimo ou máximo.')
      .refine((s) => s.min === undefined || s.max === undefined || s.min <= s.max, 'O saldo mínimo não pode ser maior que o máximo.')
      .refine((s) => s.unidade === 'CASHBACK' || ((s.min ?? 0) % 1 === 0 && (s.max ?? 0) % 1 === 0), 'Pontos são números inteiros.')
      .optional(),
    /** An active contract of one of these plans. */
    planos: idLista('Plano').optional(),
    /** Birthday in one of these months (1 = January). */
    mesesAniversario: z
      .array(z.number({ message: 'Mês inválido.' }).int('Mês inválido.').min(1, 'Mês inválido: use 1 a 12.').max(12, 'Mês inválido: use 1 a 12.'), { message: 'Mês inválido.' })
      .min(1, 'Escolha ao menos um mês de aniversário.')
      .max(12)
      .transform((l) => [...new Set(l)])
      .optional(),
    /** Current LGPD consent per channel: true = granted, false = not granted (never asked counts as not granted). */
    consentimento: z
      .object({ whatsapp: z.boolean({ message: 'Consentimento inválido.' }).optional(), email: z.boolean({ message: 'Consentimento inválido.' }).optional() })
      .strict()
      .refine((c) => c.whatsapp !== undefined || c.email !== undefined, 'Escolha o canal do consentimento.')
      .optional(),
    /** Customers with any of these tags. */
    etiquetas: idLista('Etiqueta').optional(),
    /** Also reach the imported contacts (leads) that are not customers; the customer conditions do not apply to them. */
    incluirContatos: z.boolean({ message: 'Opção de contatos inválida.' }).optional(),
  })
  .strict();
export type CondicoesPublico = z.output<typeof condicoesPublicoSchema>;
export type CondicoesPublicoEntrada = z.input<typeof condicoesPublicoSchema>;

/** POST publico/save */
export const publicoSaveSchema = z
  .object({
    id: z.number().int().positive().optional(),
    nome: z.string({ message: 'Informe o nome do público.' }).trim().min(2, 'Informe o nome do público.').max(80, 'Nome longo demais.'),
    descricao: z
      .string()
      .trim()
      .max(500, 'Descrição longa demais.')
      .nullish()
      .transform((v) => v || null),
    condicoes: condicoesPublicoSchema,
  })
  .strict();
export type PublicoSave = z.input<typeof publicoSaveSchema>;
export type PublicoDados = z.output<typeof publicoSaveSchema>;

export const filtroPublicoSchema = z.object({ busca: z.string().trim().max(80).optional() }).strict();
export type FiltroPublico = z.infer<typeof filtroPublicoSchema>;

export type Publico = {
  id: number;
  nome: string;
  descricao: string | null;
  condicoes: CondicoesPublico;
  criadoEm: string;
  atualizadoEm: string;
};

/** POST publico/contagem — the live count while the conditions are edited. */
export type ContagemPublico = {
  clientes: number;
  contatos: number;
  /**
   * The instant (ISO) of the customer summary the count came from (docs/decisions/033): changes after
   * it show up after the next run of the summary job. Null: counted straight from the tables, now.
   */
  dadosDe: string | null;
};

/** Bands of the statistics' balance distribution (reais of cashback). */
export const FAIXAS_SALDO = [
  { rotulo: 'Sem saldo', min: 0, max: 0 },
  { rotulo: 'Até R$ 10', min: 0.01, max: 10 },
  { rotulo: 'R$ 10 a R$ 50', min: 10.01, max: 50 },
  { rotulo: 'R$ 50 a R$ 200', min: 50.01, max: 200 },
  { rotulo: 'Acima de R$ 200', min: 200.01, max: null },
] as const;

/** POST publico/estatisticas (conditions being edited) and GET publico/estatisticas/{id} (a saved audience). */
export type EstatisticasPublico = ContagemPublico & {
  /** Customers with WhatsApp / e-mail consent and a number / address, not blocked: who marketing can reach. */
  alcancaveisWhatsapp: number;
  alcancaveisEmail: number;
  consentimentoWhatsapp: number;
  consentimentoEmail: number;
  /** Customers of the audience in the audience block list. */
  bloqueados: number;
  porFilial: { filialId: number | null; nome: string; clientes: number }[];
  porFaixaSaldo: { rotulo: string; clientes: number }[];
};

// ---------------------------------------------------------------- audience blocking

export const ORIGENS_BLOQUEIO = ['MANUAL', 'IMPORTACAO', 'OPT_OUT'] as const;
export type OrigemBloqueio = (typeof ORIGENS_BLOQUEIO)[number];

const motivoSchema = z.string({ message: 'Informe o motivo do bloqueio.' }).trim().min(3, 'Informe o motivo do bloqueio.').max(200, 'Motivo longo demais.');

/** POST publico/bloqueio/save — a customer, or a loose mobile and/or e-mail. Blocking twice keeps the first row. */
export const bloqueioPublicoSaveSchema = z
  .object({
    clienteId: z.number({ message: 'Cliente inválido.' }).int('Cliente inválido.').positive('Cliente inválido.').optional(),
    celular: celularSchema,
    email: z
      .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), emailSchema.nullable().optional())
      .transform((v) => (v ? v.toLowerCase() : null)),
    motivo: motivoSchema,
  })
  .strict()
  .refine((b) => b.clienteId || b.celular || b.email, 'Informe o cliente, o celular ou o e-mail a bloquear.')
  .refine((b) => !b.clienteId || (!b.celular && !b.email), 'Bloqueie o cliente ou um celular/e-mail avulso, não os dois.');
export type BloqueioPublicoSave = z.input<typeof bloqueioPublicoSaveSchema>;
export type BloqueioPublicoDados = z.output<typeof bloqueioPublicoSaveSchema>;

export const filtroBloqueioPublicoSchema = z.object({ busca: z.string().trim().max(120).optional(), origem: z.enum(ORIGENS_BLOQUEIO, { message: 'Origem inválida.' }).optional() }).strict();
export type FiltroBloqueioPublico = z.infer<typeof filtroBloqueioPublicoSchema>;

export type BloqueioPublico = {
  id: number;
  clienteId: number | null;
  clienteNome: string | null;
  celular: string | null;
  email: string | null;
  /** Null only on rows written before the block list had its screen (the outbox's first rows). */
  motivo: string | null;
  origem: OrigemBloqueio;
  usuarioNome: string | null;
  criadoEm: string;
};

/** A CSV sent in the request: at most 1 MB (a bigger list goes through the import module). */
export const LIMITE_CSV_BLOQUEIO = 1024 * 1024;

/** POST publico/bloqueio/importar — one mobile or e-mail per line (a header line and extra columns are ignored). */
export const importarBloqueioSchema = z
  .object({
    csv: z.string({ message: 'Envie o conteúdo do arquivo CSV.' }).min(1, 'O arquivo está vazio.').max(LIMITE_CSV_BLOQUEIO, 'Arquivo grande demais para enviar aqui (máximo 1 MB): use a importação de contatos.'),
    motivo: motivoSchema,
  })
  .strict();
export type ImportarBloqueio = z.infer<typeof importarBloqueioSchema>;
export type ResultadoImportarBloqueio = { lidas: number; incluidos: number; jaBloqueados: number; invalidas: { linha: number; valor: string }[] };

// ---------------------------------------------------------------- tags

export const etiquetaSaveSchema = z
  .object({
    id: z.number().int().positive().optional(),
    nome: z.string({ message: 'Informe o nome da etiqueta.' }).trim().min(1, 'Informe o nome da etiqueta.').max(40, 'Nome da etiqueta longo demais.'),
  })
  .strict();
export type EtiquetaSave = z.input<typeof etiquetaSaveSchema>;
export const filtroEtiquetaSchema = z.object({ busca: z.string().trim().max(40).optional() }).strict();
export type FiltroEtiqueta = z.infer<typeof filtroEtiquetaSchema>;
export type Etiqueta = { id: number; nome: string; clientes: number };

/** POST client/etiquetas/{id} — the tags of one customer (replaces the set). */
export const etiquetasClienteSchema = z
  .object({ etiquetas: z.array(z.number({ message: 'Etiqueta inválida.' }).int('Etiqueta inválida.').positive('Etiqueta inválida.')).max(50, 'No máximo 50 etiquetas por cliente.').transform((l) => [...new Set(l)]) })
  .strict();
