import { parse } from 'csv-parse';
import { LINHAS_AMOSTRA_IMPORTACAO, type Codificacao } from '@bonifica/contracts';
import { erro } from '../../lib/erros.js';

/**
 * Reading an uploaded CSV as people produce them in Brazil: Excel pt-BR saves `;`-separated
 * Windows-1252 (Latin-1) text, Google Sheets and most systems `,`-separated UTF-8.
 */

export type Separador = ';' | ',';
export type Registro = { linha: number; campos: string[] };

/** Valid UTF-8 (with or without BOM) is UTF-8; anything else is read as Windows-1252, a superset of Latin-1. */
export function decodificar(conteudo: Buffer): { texto: string; codificacao: Codificacao } {
  try {
    return { texto: new TextDecoder('utf-8', { fatal: true }).decode(conteudo), codificacao: 'UTF-8' };
  } catch {
    return { texto: new TextDecoder('windows-1252').decode(conteudo), codificacao: 'WINDOWS-1252' };
  }
}

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

/**
 * Every record of the file with the line it starts on (line 1 is the header, as a spreadsheet
 * numbers rows), header included; fields trimmed, blank lines skipped; a broken quote stops with a
 * 400. Lines are counted here rather than with csv-parse's `info` option, which triples the cost.
 */
export async function* registros(texto: string, separador: Separador): AsyncGenerator<Registro> {
  const leitor = parse(texto, { delimiter: separador, relax_column_count: true, bom: true });
  let linha = 1;
  try {
    for await (const bruto of leitor as AsyncIterable<string[]>) {
      const inicio = linha;
      // A quoted field may span lines: the next record starts after them.
      for (const campo of bruto) for (let i = campo.indexOf('\n'); i !== -1; i = campo.indexOf('\n', i + 1)) linha++;
      linha++;
      const campos = bruto.map((c) => c.trim());
      if (campos.every((c) => c === '')) continue;
      yield { linha: inicio, campos };
    }
  } catch (e) {
    const onde = (e as { lines?: number }).lines;
    throw erro.requisicao(`Arquivo CSV inválido${onde ? ` perto da linha ${onde}` : ''}: verifique as aspas e o separador.`);
  }
}

export type LeituraArquivo = {
  codificacao: Codificacao;
  separador: Separador;
  cabecalhos: string[];
  amostra: string[][];
  totalLinhas: number;
};

/** Reads the whole file once at upload: a broken file is refused there, not halfway through the job. */
export async function lerArquivo(conteudo: Buffer): Promise<LeituraArquivo> {
  const { texto, codificacao } = decodificar(conteudo);
  const separador = detectarSeparador(texto);
  let cabecalhos: string[] | null = null;
  const amostra: string[][] = [];
  let totalLinhas = 0;
  for await (const r of registros(texto, separador)) {
    if (!cabecalhos) {
      cabecalhos = r.campos;
      continue;
    }
    totalLinhas++;
    if (amostra.length < LINHAS_AMOSTRA_IMPORTACAO) amostra.push(r.campos);
  }
  if (!cabecalhos || cabecalhos.every((c) => c === '')) throw erro.requisicao('O arquivo está vazio: envie um CSV com uma linha de cabeçalho e os dados abaixo dela.');
  if (totalLinhas === 0) throw erro.requisicao('O arquivo só tem o cabeçalho: não há linhas para importar.');
  return { codificacao, separador, cabecalhos, amostra, totalLinhas };
}
