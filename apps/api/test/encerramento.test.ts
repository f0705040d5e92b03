import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { cliente } from '../src/db/schema/index.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';

/**
 * A stop (SIGTERM: server.ts closes the app, then the database) while sales wait in the batcher
 * (lib/agrupador.ts). The app's close does not wait for requests whose connection is gone — a
 * counter that dropped, or `inject` here — so the batcher itself must be empty before the database
 * closes; before the fix the queued sales met "Cannot use a pool after calling end on the pool".
 */

let t: AppDeTeste;
let gerente: Cliente;
const naoPg = process.env.TEST_ENGINE !== 'postgres';

beforeAll(async () => {
  t = await criarAppDeTeste();
  gerente = await t.entrar('gerente');
});
afterAll(async () => {
  // The test closed the app and the database itself; only the PostgreSQL test database is left to drop.
  if (!t.banco.databaseUrl) return;
  const nome = new URL(t.banco.databaseUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${nome} with (force)`);
  await admin.end();
});

/** On PostgreSQL, another connection holds the sales' table until `soltar`, so the sales wait inside the batcher. */
async function segurarVendas(): Promise<{ esperando: () => Promise<number>; soltar: () => Promise<void> }> {
  if (naoPg) return { esperando: async () => 0, soltar: async () => undefined };
  const c = new pg.Client({ connectionString: t.banco.databaseUrl });
  await c.connect();
  await c.query('begin');
  await c.query('lock table transacao in exclusive mode');
  return {
    esperando: async () => (await c.query<{ n: number }>(`select count(*)::int n from pg_locks where not granted and relation = 'transacao'::regclass`)).rows[0]!.n,
    soltar: async () => {
      await c.query('commit');
      await c.end();
    },
  };
}

describe('encerramento com vendas na fila do agrupador', () => {
  it('cada venda recebe a sua resposta (200 ou 503 limpo), nada pela metade, nenhum erro de pool', async () => {
    const N = 150;
    const clientes = await t.banco.db
      .insert(cliente)
      .values(Array.from({ length: N }, (_, i) => ({ empresaId: 1, nome: `Cliente do encerramento ${i}` })))
      .returning({ id: cliente.id });
    const trava = await segurarVendas();
    const respostas = clientes.map((c) => gerente.post('/services/transacao/venda', { clienteId: c.id, valor: 10 }));
    // PostgreSQL: wait until the first batches block on the table (the rest queue behind them).
    if (!naoPg) while ((await trava.esperando()) === 0) await new Promise((ok) => setTimeout(ok, 10));
    else await new Promise((ok) => setImmediate(ok));

    // What server.ts does on SIGTERM; the table is let go only once the stop has begun.
    const parada = t.app.close().then(() => t.banco.close());
    await new Promise((ok) => setTimeout(ok, 50));
    await trava.soltar();
    await parada;

    const rs = await Promise.all(respostas);
    const problemas = rs.filter((r) => r.statusCode !== 200 && r.statusCode !== 503).map((r) => `${r.statusCode} ${r.body}`);
    expect(problemas).toEqual([]);
    const vendidos = clientes.filter((_, i) => rs[i]!.statusCode === 200).map((c) => c.id);
    for (const r of rs.filter((x) => x.statusCode === 200)) expect(env<{ transacaoId: number }>(r).result.transacaoId).toBeGreaterThan(0);
    for (const r of rs.filter((x) => x.statusCode === 503)) expect(r.body).not.toMatch(/pool|stack/i);

    if (naoPg) return; // PGlite in memory is gone with its close; PostgreSQL is read again below.
    expect(vendidos.length).toBeGreaterThan(0);
    const c = new pg.Client({ connectionString: t.banco.databaseUrl });
    await c.connect();
    try {
      // Nothing half-written: exactly the answered sales exist, each with its posting and the customer's cashback.
      const { rows } = await c.query<{ cliente_id: number; lancamento_id: number | null; cashback: number }>(
        `select t.cliente_id, t.lancamento_id,
                (select coalesce(sum(saldo), 0)::int from conta where cliente_id = t.cliente_id and tipo = 'CASHBACK') cashback
           from transacao t where t.cliente_id = any($1::int[])`,
        [clientes.map((x) => x.id)],
      );
      expect(rows.map((r) => r.cliente_id).sort((a, b) => a - b)).toEqual([...vendidos].sort((a, b) => a - b));
      for (const r of rows) {
        expect(r.lancamento_id).not.toBeNull();
        expect(r.cashback).toBe(50);
      }
    } finally {
      await c.end();
    }
  });
});
