/**
 * The draw algorithm (docs/decisions/037-sorteio-verificavel.md), in ONE implementation used by the
 * server and by the public verification page: this file imports nothing, so its compiled JavaScript
 * (`dist/sorteio-algoritmo.js`) is served as-is to the browser (`/p/sorteio/algoritmo.js`), and the
 * SHA-256 comes from Web Crypto (`crypto.subtle`), which browsers and Node ≥ 20 both have.
 *
 * - Canonical list: one line per lucky number, `numero;participante;cpf-mascarado;nome-abreviado`,
 *   sorted by number (zero-padded, so text order = number order), each line ending in `\n`, UTF-8.
 * - Hash of the list: SHA-256 hex of those bytes.
 * - Winner of position k (1, 2, …): among the numbers still in the draw, in list order, the index
 *   SHA-256(`hash:seed:k`) read as a 256-bit integer, modulo how many remain — with rejection sampling
 *   (`hash:seed:k:1`, `:2`, …) when the integer falls in the last incomplete block, so every
 *   remaining number has exactly the same chance.
 * - Numbers still in the draw: all, minus those already drawn; with "one prize per customer", minus
 *   every number of a participant who already won (also by a manual winner).
 */

export const VERSAO_ALGORITMO_SORTEIO = 'bonifica-sorteio-v1';

export type LinhaSorteio = { numero: string; participante: string };
export type GanhadorAnterior = { numero: string | null; participante: string | null };

const encoder = new TextEncoder();
const DOIS_256 = 1n << 256n;

/** SHA-256 hex of a text's UTF-8 bytes. */
export async function sha256Hex(texto: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', encoder.encode(texto) as Uint8Array<ArrayBuffer>);
  let hex = '';
  for (const b of new Uint8Array(digest)) hex += b.toString(16).padStart(2, '0');
  return hex;
}

/** Index (0 ≤ i < restantes) of the winner of position k, unbiased (rejection sampling). */
export async function indiceSorteado(hashLista: string, semente: string, k: number, restantes: number): Promise<number> {
  if (!Number.isInteger(restantes) || restantes <= 0) throw new Error('Não há participantes restantes.');
  const n = BigInt(restantes);
  const limite = DOIS_256 - (DOIS_256 % n);
  for (let tentativa = 0; ; tentativa++) {
    const entrada = `${hashLista}:${semente}:${k}` + (tentativa ? `:${tentativa}` : '');
    const x = BigInt('0x' + (await sha256Hex(entrada)));
    if (x < limite) return Number(x % n);
  }
}

/** The lines of the canonical text (without the final empty piece). */
export function lerLista(texto: string): LinhaSorteio[] {
  const linhas: LinhaSorteio[] = [];
  for (const l of texto.split('\n')) {
    if (!l) continue;
    const [numero, participante] = l.split(';');
    linhas.push({ numero: numero!, participante: participante! });
  }
  return linhas;
}

/** Whether a line is still in the draw after the winners before it. */
export function aindaConcorre(l: LinhaSorteio, anteriores: readonly GanhadorAnterior[], umPorCliente: boolean): boolean {
  for (const g of anteriores) {
    if (g.numero === l.numero) return false;
    if (umPorCliente && g.participante !== null && g.participante === l.participante) return false;
  }
  return true;
}

/** The winner of position k given the earlier winners (automatic or manual), over the whole list. */
export async function sortearPosicao(
  linhas: readonly LinhaSorteio[],
  hashLista: string,
  semente: string,
  k: number,
  anteriores: readonly GanhadorAnterior[],
  umPorCliente: boolean,
): Promise<LinhaSorteio> {
  const restantes = anteriores.length ? linhas.filter((l) => aindaConcorre(l, anteriores, umPorCliente)) : linhas;
  return restantes[await indiceSorteado(hashLista, semente, k, restantes.length)]!;
}
