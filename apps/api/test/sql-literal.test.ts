import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escaparTexto, textoComLiterais } from '../src/lib/sql-literal.js';
import { criarAppDeTeste, type AppDeTeste } from './apoio/app-de-teste.js';

/**
 * The values written into the grouped statements' text (transacao-agrupada.ts): escaped exactly as the
 * driver's escapeLiteral escapes them, and read back by the database as they were.
 */

const DIFICEIS = [
  '',
  'simples',
  "D'Ávila",
  "''",
  '\\',
  'C:\\pasta\\arquivo',
  "aspas ' e barra \\ juntas",
  '{"nome":"Padaria São João","obs":"diz \\"oi\\" e it\'s ok"}',
  'emoji 🎉 e acentuação çãõé',
  "fim com aspa'",
  'fim com barra\\',
  '$1 não é parâmetro',
];

/** Strings drawn from the characters that matter (quote, backslash, dollar, newline) and ordinary ones, seeded. */
function aleatorias(n: number): string[] {
  const letras = ["'", '\\', '$', '\n', '"', 'a', 'Z', 'ç', ' ', '0'];
  let semente = 42;
  const proximo = () => (semente = (semente * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: n }, () => Array.from({ length: Math.floor(proximo() * 30) }, () => letras[Math.floor(proximo() * letras.length)]).join(''));
}

let t: AppDeTeste;
beforeAll(async () => {
  t = await criarAppDeTeste();
});
afterAll(() => t.fechar());

describe('escaparTexto', () => {
  it('dá o mesmo texto que o escapeLiteral do driver, para qualquer texto', () => {
    for (const s of [...DIFICEIS, ...aleatorias(2000)]) expect(escaparTexto(s)).toBe(pg.escapeLiteral(s));
  });

  it('o banco lê de volta exatamente o que foi escrito', async () => {
    const textos = [...DIFICEIS, ...aleatorias(50)];
    for (const s of textos) {
      const r = (await t.banco.db.execute(sql.raw(textoComLiterais(sql`select ${s}::text as v`)))) as unknown as { rows: { v: string }[] };
      expect(r.rows[0]!.v).toBe(s);
    }
    const json = { nome: "D'Ávila \\ \"x\"", n: 1 };
    const r = (await t.banco.db.execute(sql.raw(textoComLiterais(sql`select (${JSON.stringify(json)}::jsonb ->> 'nome') as v`)))) as unknown as { rows: { v: string }[] };
    expect(r.rows[0]!.v).toBe(json.nome);
  });
});
