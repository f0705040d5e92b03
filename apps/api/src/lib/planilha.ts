import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { formatarCnpj, formatarCpf, formatarTelefone, tipoDocumento, type FormatoExportacao } from '@bonifica/contracts';
import { celulaSegura } from './csv.js';

/**
 * Spreadsheets written as streams (CSV for Excel pt-BR, or XLSX), for the exportar calls and the
 * async reports. Rows are pulled lazily from an async iterable, so a generator that reads the
 * database by keyset keeps memory flat however many rows there are.
 */

/**
 * texto: free text (formula-neutralised); data: 'YYYY-MM-DD'; dinheiro: centavos; inteiro: a count or points;
 * documento: a CPF/CNPJ and telefone: a phone, both as digits, written punctuated (below).
 */
export type TipoColuna = 'texto' | 'data' | 'dinheiro' | 'inteiro' | 'documento' | 'telefone';
export type ColunaPlanilha = { titulo: string; tipo?: TipoColuna; largura?: number };
export type Celula = string | number | boolean | null | undefined;

export const TIPOS_MIME: Record<FormatoExportacao, string> = {
  CSV: 'text/csv; charset=utf-8',
  XLSX: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
export const EXTENSOES: Record<FormatoExportacao, string> = { CSV: 'csv', XLSX: 'xlsx' };

/** 123456 → "1.234,56": what Excel pt-BR reads back as a number. Written by hand: Intl is slow at a million rows. */
export function valorBR(centavos: number): string {
  const abs = Math.abs(centavos);
  const inteiro = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${centavos < 0 ? '-' : ''}${inteiro},${(abs % 100).toString().padStart(2, '0')}`;
}

/** 'YYYY-MM-DD' → 'DD/MM/YYYY' (a calendar date: no time zone to shift). */
export function dataBR(iso: string): string {
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

/** attachment; filename="…" with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function disposicaoAnexo(nome: string): string {
  const ascii = nome.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(nome)}`;
}

/**
 * CPF/CNPJ and phones leave punctuated (123.456.789-09, (11) 98765-4321): as bare digits Excel read
 * them as numbers, dropped the leading zeros of a CPF and showed a CNPJ as 1,12223E+13. Punctuated
 * text stays text in every spreadsheet, and it is how people read and type them. A value that is
 * not a whole document or phone (a masked or legacy one) goes as it is.
 */
export function documentoPlanilha(v: string): string {
  const tipo = tipoDocumento(v);
  return tipo === 'CPF' ? formatarCpf(v) : tipo === 'CNPJ' ? formatarCnpj(v) : v;
}
export function telefonePlanilha(v: string): string {
  return formatarTelefone(v) || v;
}

/** A file name's time stamp (AAAAMMDD-HHmm) on the company's clock (an IANA zone, `zonaIana`), not UTC: a 22:00 export in Brasília is still that day. */
export function carimboArquivo(zona: string, agora = new Date()): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: zona, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(agora)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}${p.month}${p.day}-${p.hour}${p.minute}`;
}

function textoCelula(tipo: TipoColuna, v: Celula): Celula {
  if (tipo === 'documento') return documentoPlanilha(String(v));
  if (tipo === 'telefone') return telefonePlanilha(String(v));
  return v;
}

function celulaCsv(tipo: TipoColuna, v: Celula): string {
  if (v === null || v === undefined || v === '') return '';
  if (tipo === 'data') return dataBR(String(v));
  if (tipo === 'dinheiro') return valorBR(Number(v));
  if (tipo === 'inteiro') return String(v);
  return celulaSegura(textoCelula(tipo, v));
}

function celulaXlsx(tipo: TipoColuna, v: Celula): ExcelJS.CellValue {
  if (v === null || v === undefined || v === '') return null;
  if (tipo === 'data') return new Date(`${String(v)}T00:00:00Z`);
  if (tipo === 'dinheiro') return Number(v) / 100;
  if (tipo === 'inteiro') return Number(v);
  // XLSX stores strings as strings, but a copy pasted or saved as CSV must not turn into a formula either.
  return celulaSegura(textoCelula(tipo, v));
}

const FORMATO_XLSX: Partial<Record<TipoColuna, string>> = { data: 'dd/mm/yyyy', dinheiro: '#,##0.00', inteiro: '0' };

/**
 * Rows per chunk of CSV text. The rows are turned into text a chunk at a time (one csv-stringify
 * call, one write to the socket), instead of travelling one by one through an object stream: a
 * row then lives a few microseconds, never long enough to be promoted to the old generation, whose
 * garbage is what grew the process by 200 MB on a million rows. 500 rows (~75 KB) also stay under
 * V8's large-object size, which only the full collector frees.
 */
const LINHAS_POR_BLOCO_CSV = 500;

function csv(colunas: readonly ColunaPlanilha[], linhas: AsyncIterable<readonly Celula[]>): Readable {
  const tipos = colunas.map((c) => c.tipo ?? 'texto');
  const opcoes = { delimiter: ';', record_delimiter: '\r\n' } as const;
  return Readable.from(
    (async function* () {
      yield stringify([colunas.map((c) => c.titulo)], { ...opcoes, bom: true });
      let bloco: string[][] = [];
      for await (const linha of linhas) {
        bloco.push(linha.map((v, i) => celulaCsv(tipos[i]!, v)));
        if (bloco.length === LINHAS_POR_BLOCO_CSV) {
          yield stringify(bloco, opcoes);
          bloco = [];
        }
      }
      if (bloco.length > 0) yield stringify(bloco, opcoes);
    })(),
    { objectMode: false },
  );
}

function xlsx(colunas: readonly ColunaPlanilha[], linhas: AsyncIterable<readonly Celula[]>, aba: string): Readable {
  const saida = new PassThrough();
  const livro = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: saida, useStyles: true, useSharedStrings: false });
  const planilha = livro.addWorksheet(aba);
  const tipos = colunas.map((c) => c.tipo ?? 'texto');
  planilha.columns = colunas.map((c, i) => ({
    header: c.titulo,
    key: `c${i}`,
    width: c.largura ?? 18,
    ...(FORMATO_XLSX[tipos[i]!] ? { style: { numFmt: FORMATO_XLSX[tipos[i]!] } } : {}),
  }));
  (async () => {
    for await (const linha of linhas) {
      planilha.addRow(linha.map((v, i) => celulaXlsx(tipos[i]!, v))).commit();
      // Wait for the reader (the HTTP client, or the buffer of a job) instead of piling rows up in memory.
      if (saida.writableNeedDrain) await once(saida, 'drain');
    }
    planilha.commit();
    await livro.commit();
  })().catch((e: unknown) => saida.destroy(e as Error));
  return saida;
}

export function gerarPlanilha(formato: FormatoExportacao, colunas: readonly ColunaPlanilha[], linhas: AsyncIterable<readonly Celula[]>, aba = 'Planilha'): Readable {
  return formato === 'XLSX' ? xlsx(colunas, linhas, aba) : csv(colunas, linhas);
}

/** For jobs, whose result is stored in the `tarefa` row. */
export async function lerTudo(fluxo: Readable): Promise<Buffer> {
  const partes: Buffer[] = [];
  for await (const parte of fluxo) partes.push(Buffer.isBuffer(parte) ? parte : Buffer.from(parte as string));
  return Buffer.concat(partes);
}
