import { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import { setImmediate as cederVez } from 'node:timers/promises';
import { CsvError, parse } from 'csv-parse';
import { LINHAS_AMOSTRA_IMPORTACAO, type Codificacao } from '@bonifica/contracts';
import { erro } from '../../lib/erros.js';

/**
 * Reading an uploaded CSV as people produce them in Brazil: Excel pt-BR saves `;`-separated
 * Windows-1252 (Latin-1) text, Google Sheets and most systems `,`-separated UTF-8.
 * Nothing here parses a whole file at once: the job reads it in pieces that give the event loop
 * back between them (docs/decisions/020-upload-fora-do-pedido.md).
 */

export type Separador = ';' | ',';
export type Registro = { linha: number; campos: string[] };

/**
 * Characters handed to the CSV parser at once. The parser handles a piece synchronously: 4 K
 * characters are at most ~2 K records (a file of `;` lines), a few ms; then the loop turns.
 */
const CARACTERES_POR_PEDACO = 4 * 1024;
/** Records read between two turns of the event loop (records already parsed are handed out in microtasks). */
const REGISTROS_POR_VEZ = 500;

export const MENSAGEM_ARQUIVO_VAZIO = 'O arquivo está vazio: envie um CSV com uma linha de cabeçalho e os dados abaixo dela.';
export const MENSAGEM_SO_CABECALHO = 'O arquivo só tem o cabeçalho: não há linhas para importar.';

/** The separator is the one of `;` and `,` found more often in the header line, outside quotes. */
export function detectarSeparador(texto: string): Separador {
  const fim = texto.search(/\r?\n/);
  const cabecalho = fim === -1 ? texto : texto.slice(0, fim);
  let pontoEVirgula = 0;
  let virgula = 0;
  let entreAspas = false;
  for (const c of cabecalho) {
    if (c === '"') entreAspas = !entreAspas;
    else if (!entreAspas && c === ';') pontoEVirgula++;
    else if (!entreAspas && c === ',') virgula++;
  }
  return pontoEVirgula >= virgula && pontoEVirgula > 0 ? ';' : virgula > 0 ? ',' : ';';
}

/** The file's bytes as text pieces of at most CARACTERES_POR_PEDACO, with a turn of the event loop between them. */
export async function* textoEmPedacos(partes: AsyncIterable<Buffer>, codificacao: Codificacao): AsyncGenerator<string> {
  const decodificador = new TextDecoder(codificacao === 'UTF-8' ? 'utf-8' : 'windows-1252');
  const emPedacos = function* (texto: string) {
    for (let i = 0; i < texto.length; i += CARACTERES_POR_PEDACO) yield texto.slice(i, i + CARACTERES_POR_PEDACO);
  };
  for await (const parte of partes) {
    for (const pedaco of emPedacos(decodificador.decode(parte, { stream: true }))) {
      yield pedaco;
      await cederVez();
    }
  }
  yield* emPedacos(decodificador.decode());
}

/**
 * Every record of the text with the line it starts on (line 1 is the header, as a spreadsheet
 * numbers rows), header included; fields trimmed, blank lines skipped; a broken quote stops with a
 * 400. Lines are counted here rather than with csv-parse's `info` option, which triples the cost.
 */
export async function* registros(pedacos: AsyncIterable<string>, separador: Separador): AsyncGenerator<Registro> {
  const leitor = parse({ delimiter: separador, relax_column_count: true, bom: true });
  // The pieces flow into the parser as it is read (backpressure): one piece parsed at a time.
  pipeline(Readable.from(pedacos), leitor, () => undefined);
  let linha = 1;
  let lidos = 0;
  try {
    for await (const bruto of leitor as AsyncIterable<string[]>) {
      if (++lidos % REGISTROS_POR_VEZ === 0) await cederVez();
      const inicio = linha;
      // A quoted field may span lines: the next record starts after them.
      for (const campo of bruto) for (let i = campo.indexOf('\n'); i !== -1; i = campo.indexOf('\n', i + 1)) linha++;
      linha++;
      const campos = bruto.map((c) => c.trim());
      if (campos.every((c) => c === '')) continue;
      yield { linha: inicio, campos };
    }
  } catch (e) {
    if (!(e instanceof CsvError)) throw e;
    const onde = (e as { lines?: number }).lines;
    throw erro.requisicao(`Arquivo CSV inválido${onde ? ` perto da linha ${onde}` : ''}: verifique as aspas e o separador.`);
  } finally {
    leitor.destroy();
  }
}

export type LeituraArquivo = {
  codificacao: Codificacao;
  separador: Separador;
  cabecalhos: string[];
  amostra: string[][];
  totalLinhas: number;
  /** True when the file is longer than what the upload reads: `totalLinhas` counts its non-blank lines, the job counts records. */
  totalLinhasEstimado: boolean;
};

/** Bytes of the file's beginning read during the upload: header, sample and, for a small file, all of it. */
export const BYTES_LIDOS_NO_ENVIO = 16 * 1024;

async function* umSo(texto: string) {
  yield texto;
}

/**
 * What the upload tells about the file from its beginning only (bounded work in the request):
 * a file that fits in BYTES_LIDOS_NO_ENVIO is read whole (exact count; a broken one is refused
 * here); a longer one gives its header and sample, and the count of its non-blank lines stands
 * for the rows until the job reads them (a broken quote further down ends the job with the message).
 */
export async function lerInicio(inicio: Buffer, completo: boolean, codificacao: Codificacao, linhasNaoVazias: number): Promise<LeituraArquivo> {
  // A longer file is cut after its last whole line in the window (never inside a character).
  const fimDaUltimaLinha = inicio.lastIndexOf(0x0a) + 1;
  if (!completo && fimDaUltimaLinha === 0) throw erro.requisicao(`A primeira linha do arquivo passa de ${BYTES_LIDOS_NO_ENVIO / 1024} KB: confira se é um CSV com uma linha de cabeçalho.`);
  const bytes = completo ? inicio : inicio.subarray(0, fimDaUltimaLinha);
  const texto = new TextDecoder(codificacao === 'UTF-8' ? 'utf-8' : 'windows-1252').decode(bytes);
  const separador = detectarSeparador(texto);
  let cabecalhos: string[] | null = null;
  const amostra: string[][] = [];
  let totalLinhas = 0;
  try {
    for await (const r of registros(umSo(texto), separador)) {
      if (!cabecalhos) {
        cabecalhos = r.campos;
        continue;
      }
      totalLinhas++;
      if (amostra.length < LINHAS_AMOSTRA_IMPORTACAO) amostra.push(r.campos);
    }
  } catch (e) {
    // A quoted field may run past the window's end: only a whole file is judged here.
    if (completo || !cabecalhos) throw e;
  }
  if (!cabecalhos || cabecalhos.every((c) => c === '')) throw erro.requisicao(MENSAGEM_ARQUIVO_VAZIO);
  if (completo && totalLinhas === 0) throw erro.requisicao(MENSAGEM_SO_CABECALHO);
  return { codificacao, separador, cabecalhos, amostra, totalLinhas: completo ? totalLinhas : Math.max(linhasNaoVazias - 1, 0), totalLinhasEstimado: !completo };
}
