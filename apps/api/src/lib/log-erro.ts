/**
 * What an error log keeps: the statement and the SQLSTATE, never the values (issue 12 §8). Drizzle's
 * DrizzleQueryError carries the parameters (and writes them into its message), and PostgreSQL's
 * `detail`/`where` quote the row ("Key (cpf)=(…) already exists", "Failing row contains (…)"): a
 * customer's name, CPF or phone would land in the logs. Every `{ err }` of the app's logger goes
 * through `serializarErro` (app.ts), so no call site has to remember it.
 */

const SQLSTATE = /^[0-9A-Z]{5}$/;
/** Where PostgreSQL's messages quote a value: `…: "valor"` at the end, and `value "valor" is out of range`. */
const VALOR_CITADO = /(:\s*|\bvalue\s+)"(?:[^"]|"")*"/g;
/** Fields of a PostgreSQL error that name things (a table, a constraint), not values. */
const CAMPOS_DO_BANCO = ['severity', 'table', 'column', 'constraint', 'schema', 'dataType', 'routine'] as const;
const PROFUNDIDADE_MAXIMA = 5;

export type ErroSerializado = {
  type: string;
  message: string;
  stack: string;
  code?: string;
  statusCode?: number;
  /** The SQL text as sent, with `$n` placeholders: the statement without its values. */
  query?: string;
  /** How many values the statement had (the values themselves are left out). */
  parametros?: number;
  cause?: ErroSerializado;
  [campo: string]: unknown;
};

type ErroDeConsulta = Error & { query: string; params: unknown[] };

function ehErroDeConsulta(e: Error): e is ErroDeConsulta {
  const x = e as Partial<ErroDeConsulta>;
  return typeof x.query === 'string' && Array.isArray(x.params);
}

function codigoDe(e: Error): string | undefined {
  const c = (e as { code?: unknown }).code;
  return typeof c === 'string' ? c : undefined;
}

export function semValoresCitados(mensagem: string): string {
  return mensagem.replace(VALOR_CITADO, '$1"…"');
}

/** The stack starts with the original message: its first lines are replaced by the clean one. */
function pilha(e: Error, mensagem: string): string {
  if (typeof e.stack !== 'string') return '';
  const i = e.stack.indexOf('\n    at ');
  return `${e.name}: ${mensagem}${i >= 0 ? e.stack.slice(i) : ''}`;
}

export function serializarErro(e: unknown, profundidade = 0): ErroSerializado {
  if (!(e instanceof Error)) return { type: typeof e, message: semValoresCitados(String(e)), stack: '' };
  const codigo = codigoDe(e);
  const doBanco = codigo !== undefined && SQLSTATE.test(codigo);
  let mensagem: string;
  const saida: ErroSerializado = { type: e.constructor?.name ?? e.name, message: '', stack: '' };
  if (ehErroDeConsulta(e)) {
    // Drizzle's error, and PGlite's own, which carries its statement and values too.
    saida.query = e.query;
    saida.parametros = e.params.length;
  }
  if (doBanco) mensagem = semValoresCitados(e.message);
  else if (ehErroDeConsulta(e)) {
    // Drizzle writes the values into its message; the SQLSTATE is on the driver's error underneath,
    // repeated here so that a search by code finds it.
    mensagem = `Failed query: ${e.query}`;
    const daCausa = e.cause instanceof Error ? codigoDe(e.cause) : undefined;
    if (daCausa !== undefined && SQLSTATE.test(daCausa)) saida.code = daCausa;
  } else mensagem = e.message;
  saida.message = mensagem;
  saida.stack = pilha(e, mensagem);
  if (codigo !== undefined) saida.code ??= codigo;
  const status = (e as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number') saida.statusCode = status;
  if (doBanco) {
    for (const campo of CAMPOS_DO_BANCO) {
      const v = (e as unknown as Record<string, unknown>)[campo];
      if (typeof v === 'string') saida[campo] = v;
    }
  }
  if (e.cause !== undefined && profundidade < PROFUNDIDADE_MAXIMA) saida.cause = serializarErro(e.cause, profundidade + 1);
  return saida;
}
