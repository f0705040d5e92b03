import { z } from 'zod';
import { cepValido } from './br/cep.js';
import { documentoValido, formatarCnpj, formatarCpf, tipoDocumento, type TipoDocumento } from './br/documento.js';
import { somenteDigitos } from './br/telefone.js';
import { ufValida } from './br/uf.js';
import { emailSchema } from './user.js';

/** Customers of the programme (segment `client/`). Field model: docs/areas/clientes.md. */

export const STATUS_CLIENTE = ['ATIVO', 'BLOQUEADO', 'ANONIMIZADO'] as const;
export type StatusCliente = (typeof STATUS_CLIENTE)[number];

export const ROTULOS_STATUS_CLIENTE: Record<StatusCliente, string> = {
  ATIVO: 'Ativo',
  BLOQUEADO: 'Bloqueado',
  ANONIMIZADO: 'Anonimizado',
};

export const CANAIS_CONSENTIMENTO = ['WHATSAPP', 'EMAIL', 'SMS'] as const;
export type CanalConsentimento = (typeof CANAIS_CONSENTIMENTO)[number];

export const ROTULOS_CANAL_CONSENTIMENTO: Record<CanalConsentimento, string> = {
  WHATSAPP: 'WhatsApp',
  EMAIL: 'E-mail',
  SMS: 'SMS',
};

/** Where a consent row came from; free text in the database so imports and the terminal can add theirs. */
export const ORIGENS_CONSENTIMENTO = {
  backoffice: 'BACKOFFICE',
  anonimizacao: 'LGPD_ANONIMIZACAO',
} as const;

export const NOME_CLIENTE_MAXIMO = 160;
export const DATA_NASCIMENTO_MINIMA = '1900-01-01';

/** Today as a calendar date in Brasília, so "not in the future" does not depend on the machine's zone. */
const DIA_EM_BRASILIA = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today's date of the last call without `agora`, and until when it is reused (one second). */
let ultimoDia = { ate: 0, dia: '' };

export function hojeISO(agora?: Date): string {
  // One formatter for the module: building one costs ~150 µs, which an import of 100k rows pays per
  // row; and formatting still costs ~4 µs, so the current day is reused for a second (an import
  // checks every birth date against it).
  if (agora) return DIA_EM_BRASILIA.format(agora);
  const t = Date.now();
  if (t >= ultimoDia.ate || t < ultimoDia.ate - 1_000) ultimoDia = { ate: t + 1_000, dia: DIA_EM_BRASILIA.format(t) };
  return ultimoDia.dia;
}

function dataCalendarioValida(iso: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return false;
  const [a, m, d] = iso.split('-').map(Number) as [number, number, number];
  const data = new Date(Date.UTC(a, m - 1, d));
  return data.getUTCFullYear() === a && data.getUTCMonth() === m - 1 && data.getUTCDate() === d;
}

/** '' and whitespace mean "not informed": the form sends them, the database keeps null. */
export const vazioComoNulo = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

function textoOpcional(maximo: number, mensagem: string) {
  return z.preprocess(vazioComoNulo, z.string().trim().max(maximo, mensagem).nullable().optional()).transform((v) => v ?? null);
}

/** CPF or CNPJ (numeric or the alphanumeric CNPJ of 2026), typed with or without the mask; kept bare and upper-case. */
export const documentoClienteSchema = z
  .preprocess(vazioComoNulo, z.string({ message: 'CPF/CNPJ inválido.' }).max(30, 'CPF/CNPJ inválido.').nullable().optional())
  .transform((v) => (v ? v.replace(/[\s./-]/g, '').toUpperCase() : null))
  .superRefine((v, ctx) => {
    if (v === null) return;
    const tipo = tipoDocumento(v);
    if (!tipo) ctx.addIssue({ code: 'custom', message: 'CPF/CNPJ inválido. Informe os 11 dígitos do CPF ou os 14 caracteres do CNPJ.' });
    else if (!documentoValido(v)) ctx.addIssue({ code: 'custom', message: tipo === 'CPF' ? 'CPF inválido.' : 'CNPJ inválido.' });
  });

/** Mobile with DDD, 10 or 11 digits, typed with any mask (a leading +55 is dropped); kept as digits. */
export const celularSchema = z
  .preprocess(vazioComoNulo, z.string({ message: 'Celular inválido.' }).max(30, 'Celular inválido.').nullable().optional())
  .transform((v) => {
    if (!v) return null;
    const d = somenteDigitos(v);
    return (d.length === 12 || d.length === 13) && d.startsWith('55') ? d.slice(2) : d;
  })
  .refine((v) => v === null || /^[1-9]{2}\d{8,9}$/.test(v), 'Celular inválido. Informe o DDD e o número (10 ou 11 dígitos).');

export const dataNascimentoSchema = z
  .preprocess(vazioComoNulo, z.string({ message: 'Data de nascimento inválida.' }).nullable().optional())
  .transform((v) => v ?? null)
  .superRefine((v, ctx) => {
    if (v === null) return;
    if (!dataCalendarioValida(v)) ctx.addIssue({ code: 'custom', message: 'Data de nascimento inválida.' });
    else if (v > hojeISO()) ctx.addIssue({ code: 'custom', message: 'A data de nascimento não pode estar no futuro.' });
    else if (v < DATA_NASCIMENTO_MINIMA) ctx.addIssue({ code: 'custom', message: 'A data de nascimento deve ser a partir de 01/01/1900.' });
  });

const emailClienteSchema = z
  .preprocess(vazioComoNulo, emailSchema.nullable().optional())
  .transform((v) => (v ? v.toLowerCase() : null));

const cepClienteSchema = z
  .preprocess(vazioComoNulo, z.string({ message: 'CEP inválido.' }).max(12, 'CEP inválido. Informe os 8 dígitos.').nullable().optional())
  .transform((v) => (v ? somenteDigitos(v) : null))
  .refine((v) => v === null || cepValido(v), 'CEP inválido. Informe os 8 dígitos.');

const ufSchema = z
  .preprocess(vazioComoNulo, z.string({ message: 'UF inválida.' }).max(2, 'UF inválida.').nullable().optional())
  .transform((v) => (v ? v.trim().toUpperCase() : null))
  .refine((v) => v === null || ufValida(v), 'UF inválida.');

/**
 * The address fields of a save, customer's and branch's alike (docs/areas/filiais.md): the same
 * names on the wire, rules and messages. Spread into each object schema.
 */
export const camposEnderecoSchema = {
  cep: cepClienteSchema,
  logradouro: textoOpcional(160, 'Logradouro longo demais.'),
  numero: textoOpcional(20, 'Número longo demais.'),
  complemento: textoOpcional(80, 'Complemento longo demais.'),
  bairro: textoOpcional(80, 'Bairro longo demais.'),
  cidade: textoOpcional(80, 'Cidade longa demais.'),
  uf: ufSchema,
};

/** The same fields as read back (findbyid of a customer or a branch). */
export type CamposEnderecoLidos = {
  cep: string | null;
  logradouro: string | null;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  cidade: string | null;
  uf: string | null;
};

export const consentimentoEntradaSchema = z
  .object({
    canal: z.enum(CANAIS_CONSENTIMENTO, { message: 'Canal de consentimento inválido: use WHATSAPP, EMAIL ou SMS.' }),
    concedido: z.boolean({ message: 'Informe se o consentimento foi concedido.' }),
  })
  .strict();

/**
 * POST client/save — create (no id) or update (id). An update replaces the customer's data; leaving
 * out `status`, `filialOrigemId` or `consentimentos` keeps what is there.
 */
export const clienteSaveSchema = z
  .object({
    id: z.number().int().positive().optional(),
    nome: z
      .string({ message: 'Informe o nome do cliente.' })
      .trim()
      .min(2, 'Informe o nome do cliente (ao menos 2 letras).')
      .max(NOME_CLIENTE_MAXIMO, `O nome deve ter no máximo ${NOME_CLIENTE_MAXIMO} caracteres.`),
    documento: documentoClienteSchema,
    dataNascimento: dataNascimentoSchema,
    celular: celularSchema,
    celularWhatsapp: z.boolean().default(false),
    email: emailClienteSchema,
    ...camposEnderecoSchema,
    filialOrigemId: z.number({ message: 'Filial de origem inválida.' }).int().positive('Filial de origem inválida.').nullable().optional(),
    status: z.enum(['ATIVO', 'BLOQUEADO'], { message: 'Situação inválida: use ATIVO ou BLOQUEADO.' }).optional(),
    observacoes: textoOpcional(2000, 'Observações longas demais (máximo 2000 caracteres).'),
    consentimentos: z
      .array(consentimentoEntradaSchema)
      .max(CANAIS_CONSENTIMENTO.length, 'Informe cada canal uma vez só.')
      .refine((l) => new Set(l.map((c) => c.canal)).size === l.length, 'Informe cada canal uma vez só.')
      .optional(),
  })
  .strict();
export type ClienteSave = z.output<typeof clienteSaveSchema>;
export type ClienteSaveEntrada = z.input<typeof clienteSaveSchema>;

/** Filter of POST client/filterpaginated/{page}/{size}. */
export const filtroClienteSchema = z
  .object({
    /** Name (accent and case-insensitive), CPF/CNPJ with or without mask, phone digits or e-mail. */
    busca: z.string().trim().max(120, 'Busca longa demais.').optional(),
    /** Without it, anonymised customers are left out. */
    status: z.enum(STATUS_CLIENTE, { message: 'Situação inválida.' }).optional(),
    filialOrigemId: z.number().int().positive().optional(),
    aniversarioMes: z.number({ message: 'Mês inválido.' }).int('Mês inválido.').min(1, 'Mês inválido.').max(12, 'Mês inválido.').optional(),
    ordenarPor: z.enum(['nome', 'criadoEm']).optional(),
    direcao: z.enum(['asc', 'desc']).optional(),
  })
  .strict();
export type FiltroCliente = z.infer<typeof filtroClienteSchema>;

/** One row of the list. */
export type ClienteResumo = {
  id: number;
  nome: string;
  documento: string | null;
  tipoDocumento: TipoDocumento | null;
  celular: string | null;
  celularWhatsapp: boolean;
  email: string | null;
  dataNascimento: string | null;
  filialOrigemId: number | null;
  filialOrigemNome: string | null;
  status: StatusCliente;
  criadoEm: string;
};

/** The state of one channel: the latest consent row. */
export type ConsentimentoAtual = { concedido: boolean; data: string; origem: string };

/** GET client/findbyid/{id} and the reply of client/save. */
export type Cliente = ClienteResumo &
  CamposEnderecoLidos & {
  observacoes: string | null;
  atualizadoEm: string;
  /** null: never asked on that channel (treated as not granted). */
  consentimentos: Record<CanalConsentimento, ConsentimentoAtual | null>;
};

export type ConsentimentoHistorico = { canal: CanalConsentimento; concedido: boolean; origem: string; data: string };

/** GET client/{id}/lgpd/exportar — the data-portability export (LGPD art. 18, V). */
export type ExportacaoLgpdCliente = {
  formato: 'bonifica.cliente.lgpd/1';
  geradoEm: string;
  controlador: { nome: string; cnpj: string | null };
  titular: Omit<Cliente, 'consentimentos' | 'filialOrigemId'>;
  consentimentos: ConsentimentoHistorico[];
  /** Staff notes about the customer (cliente_nota), oldest first. */
  notas: { texto: string; data: string }[];
};

export type MotivoDuplicidade = 'CELULAR' | 'EMAIL';

export type ClienteDuplicado = Pick<ClienteResumo, 'id' | 'nome' | 'documento' | 'celular' | 'email' | 'status'>;

/** GET client/duplicados → results: customers sharing a mobile or an e-mail. */
export type GrupoDuplicados = { motivo: MotivoDuplicidade; valor: string; clientes: ClienteDuplicado[] };

// ---------------------------------------------------------------------------------------------
// Birthday customers, printing, contract, activation e-mail, notes and payment forms (issue 3 §1).
// Rules: docs/areas/clientes.md, "Aniversariantes" and the sections after it.

/** 'MM-DD', a day of the calendar without a year; 02-29 is allowed (leap-day birthdays). */
const diaDoAnoSchema = (campo: string) =>
  z
    .string({ message: `Data ${campo} inválida: use MM-DD.` })
    .regex(/^\d{2}-\d{2}$/, `Data ${campo} inválida: use MM-DD.`)
    .refine((v) => {
      const [m, d] = v.split('-').map(Number) as [number, number];
      return m >= 1 && m <= 12 && d >= 1 && d <= [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!;
    }, `Data ${campo} inválida: use MM-DD.`);

const diaDoMesSchema = z.number({ message: 'Dia inválido.' }).int('Dia inválido.').min(1, 'Dia inválido.').max(31, 'Dia inválido.');

/**
 * Filter of POST client/aniversariantes/{page}/{size} and client/aniversariantes/impressao. Either a
 * month (optionally narrowed to a day range inside it) or a period `de`..`ate` of calendar days, which
 * may cross the new year (12-20 → 01-10). Neither: the current month in Brasília. `ano` is the year the
 * birthdays fall in (age turning, 29/02 on non-leap years); default the current year.
 */
export const filtroAniversariantesSchema = z
  .object({
    mes: z.number({ message: 'Mês inválido.' }).int('Mês inválido.').min(1, 'Mês inválido.').max(12, 'Mês inválido.').optional(),
    diaDe: diaDoMesSchema.optional(),
    diaAte: diaDoMesSchema.optional(),
    de: diaDoAnoSchema('inicial').optional(),
    ate: diaDoAnoSchema('final').optional(),
    ano: z.number({ message: 'Ano inválido.' }).int('Ano inválido.').min(1900, 'Ano inválido.').max(2200, 'Ano inválido.').optional(),
    filialOrigemId: z.number({ message: 'Filial inválida.' }).int('Filial inválida.').positive('Filial inválida.').optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    const periodo = v.de !== undefined || v.ate !== undefined;
    if (periodo && (v.mes !== undefined || v.diaDe !== undefined || v.diaAte !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['de'], message: 'Use o mês ou o período (de/até), não os dois.' });
    }
    if (periodo && (v.de === undefined || v.ate === undefined)) ctx.addIssue({ code: 'custom', path: ['ate'], message: 'Informe o início e o fim do período.' });
    if ((v.diaDe !== undefined || v.diaAte !== undefined) && v.mes === undefined) ctx.addIssue({ code: 'custom', path: ['mes'], message: 'Informe o mês dos dias escolhidos.' });
    if (v.diaDe !== undefined && v.diaAte !== undefined && v.diaDe > v.diaAte) ctx.addIssue({ code: 'custom', path: ['diaAte'], message: 'O dia final deve ser igual ou posterior ao inicial.' });
  });
export type FiltroAniversariantes = z.infer<typeof filtroAniversariantesSchema>;

/** One birthday: the date it falls on in the year asked (29/02 becomes 28/02 on non-leap years). */
export type Aniversariante = {
  id: number;
  nome: string;
  dataNascimento: string;
  /** 'YYYY-MM-DD' of the birthday in the year asked. */
  aniversario: string;
  /** Age the customer turns on that day. */
  idade: number;
  celular: string | null;
  celularWhatsapp: boolean;
  /** The latest WhatsApp consent is a grant: only then may the shop message them. */
  consentimentoWhatsapp: boolean;
  email: string | null;
  filialOrigemId: number | null;
  filialOrigemNome: string | null;
};

/** A PDF is for reading and printing; a larger list goes to the CSV/XLSX export. */
export const LIMITE_IMPRESSAO_CLIENTES = 2000;

/** POST client/solicitarativacaoemail */
export const solicitarAtivacaoEmailSchema = z
  .object({ clienteId: z.number({ message: 'Informe o cliente.' }).int('Cliente inválido.').positive('Cliente inválido.') })
  .strict();
export type SolicitarAtivacaoEmail = z.infer<typeof solicitarAtivacaoEmailSchema>;

/** Minutes between two activation e-mails to the same customer. */
export const INTERVALO_ATIVACAO_EMAIL_MINUTOS = 10;

export type AtivacaoEmailSolicitada = { clienteId: number; email: string; enviado: boolean; solicitadoEm: string };

export const NOTA_CLIENTE_MAXIMO = 2000;

/** POST client/{id}/nota — notes are only added, never edited (a new note corrects an old one). */
export const notaClienteSchema = z
  .object({
    texto: z
      .string({ message: 'Escreva a nota.' })
      .trim()
      .min(1, 'Escreva a nota.')
      .max(NOTA_CLIENTE_MAXIMO, `A nota deve ter no máximo ${NOTA_CLIENTE_MAXIMO} caracteres.`),
  })
  .strict();
export type NotaClienteEntrada = z.infer<typeof notaClienteSchema>;

export type NotaCliente = { id: number; clienteId: number; texto: string; usuarioId: number | null; usuarioNome: string | null; criadoEm: string };

/**
 * GET client/{id}/formapagamento/ativo → results. Plan billing arrives in a later issue: today the
 * only thing a customer pays is a plan contract, so each VIGENTE contract is listed with its price
 * and next due date; `meio` (card, PIX, boleto) stays null until billing records one.
 */
export type FormaPagamentoAtiva = {
  origem: 'PLANO';
  clientePlanoId: number;
  planoNome: string;
  periodicidade: string;
  /** Reais per period. */
  valor: number;
  /** Day after the contract's last covered day. */
  proximoVencimento: string;
  meio: null;
};

/** A customer's CPF or CNPJ with its mask, for print; '' when absent. */
export function formatarDocumentoCliente(documento: string | null | undefined): string {
  if (!documento) return '';
  return tipoDocumento(documento) === 'CNPJ' ? formatarCnpj(documento) : formatarCpf(documento);
}

/** Shared with other addresses (a partner's of the network): the same rules and messages. */
export { textoOpcional as textoOpcionalSchema, ufSchema as ufOpcionalSchema };
