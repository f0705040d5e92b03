const FORMATADOR_BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

function exigirFinito(valor: number, nome: string): void {
  if (!Number.isFinite(valor)) throw new RangeError(`${nome} precisa ser um número finito: ${valor}`);
}

function semZeroNegativo(valor: number): number {
  return valor === 0 ? 0 : valor;
}

/**
 * Decimal places of the shortest text that round-trips `valor` — what the client typed or sent —
 * exponent form included: String(1e-7) is "1e-7", which has no dot but 7 places; 1.5e-7 has 8.
 */
export function casasDecimais(valor: number): number {
  if (!Number.isFinite(valor)) return Infinity;
  const [mantissa = '', expoente = '0'] = String(Math.abs(valor)).split('e');
  const fracao = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fracao - Number(expoente));
}

/**
 * A whole number of 10^-casas units (centavos: 2; basis points of a percentage: 2) whose count is
 * a safe integer: what the database keeps exactly. Rejects NaN, ±Infinity, 1e-7, 1.005 and 1e300;
 * -0 is zero.
 */
export function emUnidadesInteiras(valor: number, casas: number): boolean {
  return casasDecimais(valor) <= casas && Number.isSafeInteger(Math.round(Math.abs(valor) * 10 ** casas));
}

export function reaisParaCentavos(reais: number): number {
  exigirFinito(reais, 'reais');
  // String(n) is the shortest decimal that round-trips (what was typed or sent), so shifting the
  // point in that text avoids binary artefacts such as 1.005 * 100 === 100.49999999999999.
  const [mantissa, expoente = '0'] = String(Math.abs(reais)).split('e');
  const deslocado = Number(`${mantissa}e${Number(expoente) + 2}`);
  const centavos = Math.sign(reais) * Math.round(deslocado);
  if (!Number.isSafeInteger(centavos)) throw new RangeError(`Valor fora do intervalo seguro: ${reais}`);
  return semZeroNegativo(centavos);
}

export function centavosParaReais(centavos: number): number {
  exigirFinito(centavos, 'centavos');
  if (!Number.isSafeInteger(centavos)) throw new RangeError(`centavos precisa ser inteiro: ${centavos}`);
  return semZeroNegativo(centavos / 100);
}

export function formatarBRL(reais: number | null | undefined): string {
  if (reais === null || reais === undefined || !Number.isFinite(reais)) return '';
  // Rounds like reaisParaCentavos so the screen shows the same cents the API stores.
  const valor = centavosParaReais(reaisParaCentavos(reais));
  // Intl separates the symbol with a no-break space (U+00A0 or U+202F by ICU version); a plain space keeps UI and tests stable.
  return FORMATADOR_BRL.format(valor).replace(/[\u00a0\u202f]/g, ' ');
}

const VALOR_BRL = /^(-)?(?:R\$)?\s*(-)?(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/;

export function parseBRL(texto: string | null | undefined): number | null {
  if (!texto) return null;
  const correspondencia = VALOR_BRL.exec(texto.replace(/[\u00a0\u202f]/g, ' ').trim());
  if (!correspondencia) return null;
  const [, sinalAntes, sinalDepois, inteiro, fracao = ''] = correspondencia;
  if (sinalAntes && sinalDepois) return null;
  const centavos = Number(`${inteiro.replace(/\./g, '')}${fracao.padEnd(2, '0')}`);
  if (!Number.isSafeInteger(centavos)) return null;
  return semZeroNegativo(sinalAntes || sinalDepois ? -centavos : centavos);
}
