/**
 * A whole number typed by a person: "1500" or "1.500" (a dot only as the thousands separator, in
 * groups of three). '' is null. Anything else is returned so that the contract refuses it with the
 * field's own message, never rewritten into another number: "2.5" and "1,5" become 2.5 ("deve ser
 * um número inteiro"), letters NaN. Stripping every dot turned "2.5" into 25.
 */
export function lerInteiro(texto: string): number | null {
  const t = texto.trim();
  if (t === '') return null;
  if (/^\d+$/.test(t) || /^\d{1,3}(\.\d{3})+$/.test(t)) return Number(t.replace(/\./g, ''));
  if (/^-?\d+([.,]\d+)?$/.test(t)) return Number(t.replace(',', '.'));
  return Number.NaN;
}
