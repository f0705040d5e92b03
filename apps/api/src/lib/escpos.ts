/**
 * ESC/POS for 80 mm thermal printers (Epson TM-T20 and the Brazilian Elgin, Bematech, Daruma,
 * Tanca and Control iD models in ESC/POS mode): 48 columns of Font A, accents in code page PC860
 * (Portuguese), the one table every one of them has (docs/decisions/ on the receipt's code page).
 */

export const COLUNAS_80MM = 48;

const ESC = 0x1b;
const GS = 0x1d;
const LF = 0x0a;

/** PC860 bytes 0x80–0xFF, in order (the table printed in the Epson ESC/POS reference, page 3). */
const PC860_ALTO =
  'ÇüéâãàÁçêÊèÍÔìÃÂÉÀÈôõòÚùÌÕÜ¢£Ù₧ÓáíóúñÑªº¿Ò¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0';
const PARA_PC860 = new Map<string, number>([...PC860_ALTO].map((c, i) => [c, 0x80 + i]));

/** What PC860 lacks but a receipt may carry (names typed on phones, pasted text). */
const SUBSTITUTOS: Record<string, string> = {
  '\u2013': '-',
  '\u2014': '-',
  '\u2018': "'",
  '\u2019': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u2026': '...',
  '\u20ac': 'EUR',
  '\u00b4': "'",
  '\u202f': ' ',
};

/**
 * Text → PC860 bytes. A letter the table lacks keeps its base letter (Ŷ → Y, õ stays õ), anything
 * else becomes "?", so a receipt never prints the garbage a wrong byte would give.
 */
export function codificarPc860(texto: string): number[] {
  const bytes: number[] = [];
  for (const original of texto) {
    for (const c of SUBSTITUTOS[original] ?? original) {
      const codigo = c.codePointAt(0)!;
      if (codigo >= 0x20 && codigo < 0x7f) bytes.push(codigo);
      else if (PARA_PC860.has(c)) bytes.push(PARA_PC860.get(c)!);
      else {
        const base = c.normalize('NFD').replace(/\p{M}/gu, '');
        const b = base.codePointAt(0) ?? 0;
        bytes.push(base.length === 1 && b >= 0x20 && b < 0x7f ? b : PARA_PC860.get(base) ?? 0x3f);
      }
    }
  }
  return bytes;
}

export type LinhaImpressa = { texto: string; destaque?: boolean };

/** Cuts to the paper width: longer text would wrap on the printer and break the columns. */
export function cortar(texto: string, colunas = COLUNAS_80MM): string {
  const t = [...texto.replace(/[\r\n\t]+/g, ' ')];
  return t.length > colunas ? t.slice(0, colunas).join('') : t.join('');
}

export function centralizar(texto: string, colunas = COLUNAS_80MM): string {
  const t = cortar(texto, colunas);
  return ' '.repeat(Math.floor((colunas - [...t].length) / 2)) + t;
}

/** "Rótulo ........ valor" across the line; a long label gives way to the value. */
export function colunasDuas(rotulo: string, valor: string, colunas = COLUNAS_80MM): string {
  const v = cortar(valor, colunas);
  const espaco = colunas - [...v].length - 1;
  const r = espaco > 0 ? cortar(rotulo, espaco) : '';
  return r + ' '.repeat(Math.max(1, colunas - [...r].length - [...v].length)) + v;
}

export const separador = (colunas = COLUNAS_80MM) => '-'.repeat(colunas);

/**
 * The printer bytes: ESC @ (reset), ESC t 3 (PC860), lines in Font A — a `destaque` line in bold
 * and double height (GS ! 0x01: same width, so the 48 columns still hold) — then feed and a
 * partial cut (GS V 66 n, which feeds to the cutter first).
 */
export function gerarEscPos(linhas: LinhaImpressa[]): Buffer {
  const bytes: number[] = [ESC, 0x40, ESC, 0x74, 3];
  for (const l of linhas) {
    if (l.destaque) bytes.push(ESC, 0x45, 1, GS, 0x21, 0x01);
    bytes.push(...codificarPc860(l.texto.replace(/\s+$/, '')), LF);
    if (l.destaque) bytes.push(ESC, 0x45, 0, GS, 0x21, 0x00);
  }
  bytes.push(LF, LF, GS, 0x56, 66, 3);
  return Buffer.from(bytes);
}
