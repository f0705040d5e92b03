/**
 * NUL (PostgreSQL text cannot hold it: "invalid byte sequence") and a lone UTF-16 surrogate (JSON
 * escapes such as "\ud800" parse into one; jsonb refuses it) reach the database as a 500. Without
 * the u flag the classes match code units: one native scan each, whatever the string's length.
 */
const SURROGATE_ISOLADO = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function textoInvalido(s: string): boolean {
  return s.includes('\u0000') || SURROGATE_ISOLADO.test(s);
}

/**
 * The path ('contas.0.nome', as the validation errors show it) of the first string — value or
 * property name — holding a character the database refuses; undefined when all are clean. Iterative:
 * a JSON nested thousands deep must not blow the stack.
 */
export function primeiroTextoInvalido(valor: unknown, raiz = ''): string | undefined {
  const pendentes: [unknown, string][] = [[valor, raiz]];
  while (pendentes.length) {
    const [v, caminho] = pendentes.pop()!;
    if (typeof v === 'string') {
      if (textoInvalido(v)) return caminho;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) pendentes.push([v[i], caminho ? `${caminho}.${i}` : String(i)]);
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) {
      const entradas = Object.entries(v);
      for (let i = entradas.length - 1; i >= 0; i--) {
        const [k, x] = entradas[i]!;
        if (textoInvalido(k)) return caminho;
        pendentes.push([x, caminho ? `${caminho}.${k}` : k]);
      }
    }
  }
  return undefined;
}
