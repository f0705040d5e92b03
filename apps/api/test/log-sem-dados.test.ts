import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { cliente } from '../src/db/schema/index.js';
import { cpfDeBase } from '../src/db/seed-clientes.js';
import { criarAppDeTeste, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';

/**
 * Error logs keep the statement and the SQLSTATE, never the values: a customer's name, CPF or
 * phone must not reach the log files (issue 12 §8, lib/log-erro.ts). The app logs into a stream
 * read here, through its real logger configuration.
 */

const linhas: string[] = [];
let t: AppDeTeste;
let gerente: Cliente;
const NOME = 'Zuleica Reconhecivel Quintanilha';
const CPF = cpfDeBase('318774205');

/** The messages of an error and of its causes (PGlite's driver wraps the error once more than pg). */
function mensagens(e: Record<string, unknown> | undefined): string[] {
  return e ? [String(e.message), ...mensagens(e.cause as Record<string, unknown> | undefined)] : [];
}
const logado = () => linhas.join('');
const errosLogados = () => linhas.map((l) => JSON.parse(l) as { level: number; msg: string; err?: Record<string, unknown> }).filter((l) => l.err);

beforeAll(async () => {
  t = await criarAppDeTeste({ logger: { level: 'info', stream: { write: (l: string) => void linhas.push(l) } } });
  gerente = await t.entrar('gerente');
});
afterAll(() => t.fechar());
beforeEach(() => {
  linhas.length = 0;
});

describe('logs de erro sem os valores das instruções', () => {
  it('um erro do banco numa gravação de cliente: a instrução e o código no log, o nome e o CPF não', async () => {
    // A NUL in a text field reaches PostgreSQL with every other value of the insert as parameters.
    const r = await gerente.post('/services/client/save', { nome: NOME, documento: CPF, observacoes: 'a\u0000b' });
    expect(r.body).not.toContain(NOME);
    expect(logado()).not.toContain(NOME);
    expect(logado()).not.toContain(CPF);
    if (r.statusCode === 500) {
      const [l] = errosLogados();
      expect(l?.err?.code).toBe('22021');
      expect(String(l?.err?.query)).toMatch(/insert into "cliente"/);
    }
  });

  it('violação de unicidade (detail com a chave) e entrada inválida (valor citada na mensagem): nada dos valores', async () => {
    await t.banco.db.insert(cliente).values({ empresaId: 1, nome: NOME, documento: CPF });
    const erros: unknown[] = [];
    await t.banco.db.insert(cliente).values({ empresaId: 1, nome: NOME, documento: CPF }).catch((e: unknown) => erros.push(e));
    await t.banco.db.execute(sql`select ${NOME}::int`).catch((e: unknown) => erros.push(e));
    await t.banco.db.execute(sql`select ${CPF}::int`).catch((e: unknown) => erros.push(e));
    await t.banco.db.execute(sql`select ${NOME}::timestamptz`).catch((e: unknown) => erros.push(e));
    expect(erros).toHaveLength(4);
    for (const e of erros) t.app.log.error({ err: e }, 'erro não tratado');

    expect(logado()).not.toContain(NOME);
    expect(logado()).not.toContain(CPF);
    const [unico, inteiro, foraDaFaixa, data] = errosLogados().map((l) => l.err!);
    expect(unico).toMatchObject({ code: '23505', cause: { code: '23505', constraint: 'cliente_documento_uq' } });
    expect(unico!.parametros).toBeGreaterThan(2);
    expect(String(unico!.query)).toMatch(/^insert into "cliente"/);
    expect(String(unico!.message)).toMatch(/^Failed query: insert into "cliente"/);
    expect(inteiro).toMatchObject({ code: '22P02', query: 'select $1::int' });
    expect(mensagens(inteiro).join('\n')).toMatch(/invalid input syntax for type integer: "…"/);
    expect(foraDaFaixa).toMatchObject({ code: '22003' });
    expect(mensagens(foraDaFaixa).join('\n')).toMatch(/value "…" is out of range/);
    expect(data).toMatchObject({ code: '22007' });
  });
});
