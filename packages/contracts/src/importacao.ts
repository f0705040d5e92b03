import { z } from 'zod';
import { paginaParamsSchema } from './envelope.js';
import type { StatusTarefaResposta } from './tarefa.js';

/**
 * Import of customers and contacts from CSV (segments importacao/ and empresa/importacao/contato/).
 * Flow and rules: docs/areas/importacao.md.
 */

export const TIPOS_IMPORTACAO = ['CLIENTE', 'CONTATO'] as const;
export type TipoImportacao = (typeof TIPOS_IMPORTACAO)[number];

export const CAMPOS_IMPORTACAO_CLIENTE = ['nome', 'documento', 'celular', 'email', 'dataNascimento', 'cep', 'cidade', 'uf', 'observacoes', 'saldo'] as const;
/**
 * `aceitaWhatsapp` / `aceitaEmail`: the contact's marketing consent per channel (decision 040), read with
 * `lerConsentimentoImportado`; a blank cell records nothing.
 */
export const CAMPOS_IMPORTACAO_CONTATO = ['nome', 'celular', 'email', 'observacoes', 'aceitaWhatsapp', 'aceitaEmail'] as const;
/** Every field of either import (the mapping schema accepts them all; each import uses its own list). */
export const CAMPOS_IMPORTACAO = [...CAMPOS_IMPORTACAO_CLIENTE, 'aceitaWhatsapp', 'aceitaEmail'] as const;
export type CampoImportacao = (typeof CAMPOS_IMPORTACAO)[number];

/** Values accepted in a consent column (case and accents ignored); anything else is an error of the row. */
export const VALORES_CONSENTIMENTO_IMPORTADO = { sim: ['sim', 's', '1', 'x', 'true', 'verdadeiro', 'yes', 'y'], nao: ['nao', 'n', '0', 'false', 'falso', 'no'] } as const;

/** true / false for an accepted value, null for a blank cell, 'invalido' otherwise. */
export function lerConsentimentoImportado(texto: string): boolean | null | 'invalido' {
  const t = texto
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();
  if (t === '') return null;
  if ((VALORES_CONSENTIMENTO_IMPORTADO.sim as readonly string[]).includes(t)) return true;
  if ((VALORES_CONSENTIMENTO_IMPORTADO.nao as readonly string[]).includes(t)) return false;
  return 'invalido';
}

export const ROTULOS_CAMPO_IMPORTACAO: Record<CampoImportacao, string> = {
  nome: 'Nome',
  documento: 'CPF/CNPJ',
  celular: 'Celular',
  email: 'E-mail',
  dataNascimento: 'Data de nascimento',
  cep: 'CEP',
  cidade: 'Cidade',
  uf: 'UF',
  observacoes: 'Observações',
  saldo: 'Saldo inicial',
  aceitaWhatsapp: 'Aceita WhatsApp',
  aceitaEmail: 'Aceita e-mail',
};

export function camposDaImportacao(tipo: TipoImportacao): readonly CampoImportacao[] {
  return tipo === 'CLIENTE' ? CAMPOS_IMPORTACAO_CLIENTE : CAMPOS_IMPORTACAO_CONTATO;
}

/** What to do with a row whose customer (same CPF/CNPJ) or contact (same celular or e-mail) already exists. */
export const POLITICAS_DUPLICADOS = ['IGNORAR', 'MESCLAR'] as const;
export type PoliticaDuplicados = (typeof POLITICAS_DUPLICADOS)[number];

export const UNIDADES_SALDO_INICIAL = ['CASHBACK', 'PONTOS', 'PREPAGO'] as const;
export type UnidadeSaldoInicial = (typeof UNIDADES_SALDO_INICIAL)[number];

export const TAMANHO_MAXIMO_IMPORTACAO_MB = 20;
export const LINHAS_AMOSTRA_IMPORTACAO = 5;

/** Column index (0-based) of the file for each field; null or absent: not imported. */
export const mapeamentoSchema = z.partialRecord(
  z.enum(CAMPOS_IMPORTACAO, { message: 'Campo de destino desconhecido.' }),
  z.number({ message: 'Coluna inválida.' }).int('Coluna inválida.').min(0, 'Coluna inválida.').nullable(),
);
export type Mapeamento = Partial<Record<CampoImportacao, number | null>>;

/** POST importacao/importar (and empresa/importacao/contato/importar): starts the job of an uploaded file. */
export const importarSchema = z
  .object({
    tarefaId: z.string({ message: 'Envie o arquivo antes de importar.' }).uuid('Identificador de importação inválido.'),
    mapeamento: mapeamentoSchema.refine((m) => typeof m.nome === 'number', 'Indique a coluna do nome.'),
    duplicados: z.enum(POLITICAS_DUPLICADOS, { message: 'Escolha o que fazer com duplicados: IGNORAR ou MESCLAR.' }).default('IGNORAR'),
    unidadeSaldo: z.enum(UNIDADES_SALDO_INICIAL, { message: 'Conta do saldo inicial inválida.' }).default('CASHBACK'),
  })
  .strict();
export type Importar = z.output<typeof importarSchema>;
export type ImportarEntrada = z.input<typeof importarSchema>;

export type Codificacao = 'UTF-8' | 'WINDOWS-1252';

/** GET importacao/metadados/{tarefaId}: what the file looks like, for the mapping step. */
export type MetadadosImportacao = {
  tarefaId: string;
  tipo: TipoImportacao;
  arquivoNome: string;
  codificacao: Codificacao;
  separador: ';' | ',';
  cabecalhos: string[];
  amostra: string[][];
  totalLinhas: number;
  /**
   * True for a file longer than what the upload reads (decision 020): `totalLinhas` is then its
   * count of non-blank lines, an upper bound; the job counts the records and reports the exact total.
   */
  totalLinhasEstimado: boolean;
  sugestao: Mapeamento;
  campos: { campo: CampoImportacao; rotulo: string; obrigatorio: boolean }[];
};

export type ResultadoImportacao = {
  inseridos: number;
  mesclados: number;
  ignorados: number;
  comErro: number;
  /** Opening balances posted (SALDO_INICIAL), count and sum: centavos as reais, or points. */
  saldosLancados: number;
  saldoTotal: number;
  /** Rows of customers that already existed: their balance column is not posted (it would double on a re-import). */
  saldosIgnorados: number;
  unidadeSaldo: UnidadeSaldoInicial | null;
  erros: number;
};

/** AGUARDANDO_MAPEAMENTO: uploaded, not started; the rest follow the job. */
export type EtapaImportacao = 'AGUARDANDO_MAPEAMENTO' | 'NA_FILA' | 'PROCESSANDO' | 'CONCLUIDA' | 'ERRO';

/** GET importacao/status/{id}: the job status plus the import's counts. */
export type StatusImportacao = StatusTarefaResposta & {
  etapa: EtapaImportacao;
  resultado: ResultadoImportacao | null;
  /** The per-row error report (CSV), when some row was refused. */
  urlRelatorioErros: string | null;
};

/** A row of GET importacao/metadados/empresa/{page}/{size}: the company's import history. */
export type ImportacaoResumo = {
  id: string;
  arquivoNome: string | null;
  etapa: EtapaImportacao;
  total: number;
  processados: number;
  usuarioNome: string | null;
  criadoEm: string;
  concluidoEm: string | null;
  resultado: ResultadoImportacao | null;
  urlRelatorioErros: string | null;
};

/** GET importacao/metadados/{x}: x is the id of the uploaded file's job. */
export const metadadosParamSchema = z.object({ x: z.string({ message: 'Identificador de importação inválido.' }).uuid('Identificador de importação inválido.') });

/** GET importacao/metadados/empresa/{a}/{b}: a is the page (0-based), b the page size (1–100) of the company's history. */
export const historicoImportacaoParamSchema = z.object({ a: paginaParamsSchema.shape.page, b: paginaParamsSchema.shape.size });
