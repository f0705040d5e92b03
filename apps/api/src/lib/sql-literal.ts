import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/**
 * Drizzle statements as text with their values written in, for the simple query protocol (several
 * statements in one message: transacao-agrupada.ts, leitura-em-uma-ida.ts). Only for values the
 * driver would send as parameters; each is escaped as the driver's escapeLiteral does.
 */
export const dialeto = new PgDialect({ casing: 'snake_case' });

const ASPAS_OU_BARRA = /['\\]/;

/**
 * The driver's escapeLiteral, without its loop of one concatenation per character: every batch of
 * sales sends its rows as a JSON text of kilobytes, and that loop showed in the API's CPU profile
 * (bench/RESULTS.md, 28/11 manhã). Same output for every string (test/sql-literal.test.ts).
 */
export function escaparTexto(s: string): string {
  if (!ASPAS_OU_BARRA.test(s)) return `'${s}'`;
  const dobrado = `'${s.replaceAll("'", "''").replaceAll('\\', '\\\\')}'`;
  return s.includes('\\') ? ` E${dobrado}` : dobrado;
}

export function literal(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error(`Número inválido numa instrução: ${v}`);
    // In parentheses when negative: after a minus sign in the text ("saldo -$1") it would start a comment.
    return v < 0 ? `(${v})` : String(v);
  }
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  // Correct whatever standard_conforming_strings says (E'' when there are backslashes), as escapeLiteral.
  if (v instanceof Date) return escaparTexto(v.toISOString());
  if (typeof v === 'string') return escaparTexto(v);
  return escaparTexto(JSON.stringify(v));
}

/** The statement's text with each `$n` replaced by its value as a literal (replaced once: values are never re-scanned). */
export function comLiterais(texto: string, params: readonly unknown[]): string {
  return texto.replace(/\$(\d+)\b/g, (_, n: string) => literal(params[Number(n) - 1]));
}

export function textoComLiterais(instrucao: SQL): string {
  const { sql: texto, params } = dialeto.sqlToQuery(instrucao);
  return comLiterais(texto, params);
}
