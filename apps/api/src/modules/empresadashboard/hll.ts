/**
 * HyperLogLog estimate of distinct buyers from the daily sketches of `resumo_venda_dia`
 * (docs/areas/dashboard.md). Distinct counts do not add up across days, and counting them exactly
 * over a year of millions of sales costs seconds; the union of HLL sketches is exact (register-wise
 * max) and its estimate has a standard error of 1.04/√1024 ≈ 3.25 %.
 *
 * The SQL that fills a sketch and this file must agree: register = hashint4(cliente_id) & 1023,
 * rank = leading zeros of the other 22 bits + 1 (1..23).
 */
export const REGISTROS_HLL = 1024;

/** SQL expressions of one customer's register and rank (kept beside the estimator on purpose). */
export const SQL_REGISTRO_HLL = (coluna: string) => `(hashint4(${coluna}) & ${REGISTROS_HLL - 1})`;
export const SQL_RANK_HLL = (coluna: string) => `(23 - length(ltrim(((hashint4(${coluna}) >> 10)::bit(22))::text, '0')))`;

export function novoSketch(): Uint8Array {
  return new Uint8Array(REGISTROS_HLL);
}

/** Union in place: the register-wise maximum. */
export function unir(alvo: Uint8Array, outro: Uint8Array | Buffer): void {
  const n = Math.min(alvo.length, outro.length);
  for (let i = 0; i < n; i++) if (outro[i]! > alvo[i]!) alvo[i] = outro[i]!;
}

export function estimar(sketch: Uint8Array): number {
  const m = REGISTROS_HLL;
  let soma = 0;
  let zeros = 0;
  for (let i = 0; i < m; i++) {
    soma += 2 ** -sketch[i]!;
    if (sketch[i] === 0) zeros++;
  }
  const alfa = 0.7213 / (1 + 1.079 / m);
  const bruta = (alfa * m * m) / soma;
  // Small cardinalities: linear counting is far more precise than the raw estimate.
  if (bruta <= 2.5 * m && zeros > 0) return Math.round(m * Math.log(m / zeros));
  return Math.round(bruta);
}
