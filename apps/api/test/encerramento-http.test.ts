import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { cliente } from '../src/db/schema/index.js';
import { criarAppDeTeste, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';

/**
 * A stop over real HTTP with a keep-alive client (a browser, a counter's terminal): the sale in
 * flight gets its reply, and the stop ends with it — the reply closes the connection instead of
 * leaving it open until keepAliveTimeout (72 s), past server.ts's 15 s limit (issue 12 §8).
 */

let t: AppDeTeste;
let gerente: Cliente;

beforeAll(async () => {
  t = await criarAppDeTeste();
  gerente = await t.entrar('gerente');
});
afterAll(async () => {
  await t.banco.close();
  if (!t.banco.databaseUrl) return;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${new URL(t.banco.databaseUrl).pathname.slice(1)} with (force)`);
  await admin.end();
});

describe('parada com cliente keep-alive', () => {
  it('a venda em curso é respondida, com Connection: close, e a parada termina', async () => {
    const [c] = await t.banco.db.insert(cliente).values({ empresaId: 1, nome: 'Cliente da parada' }).returning({ id: cliente.id });
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });

    // The sale waits on the table (PostgreSQL) or on the single connection (PGlite) until the stop has begun.
    let soltar!: () => void;
    const solto = new Promise<void>((ok) => (soltar = ok));
    let travada!: () => void;
    const travou = new Promise<void>((ok) => (travada = ok));
    const trava = t.banco.db.transaction(async (tx) => {
      await tx.execute(sql`lock table transacao in exclusive mode`);
      travada();
      await solto;
    });
    await travou;
    const chegou = new Promise<void>((ok) => t.app.server.once('request', () => ok()));
    const cookie = [...gerente.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const resposta = fetch(`${url}/services/transacao/venda`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': gerente.xsrf! },
      body: JSON.stringify({ clienteId: c!.id, valor: 10 }),
    });
    await chegou;

    const parada = t.app.close();
    await new Promise((ok) => setTimeout(ok, 50));
    soltar();
    await trava;
    const r = await resposta;
    expect(r.status, await r.clone().text()).toBe(200);
    expect(r.headers.get('connection')).toBe('close');
    await r.text();
    // Before the fix this waited for the client's keep-alive connection (72 s): the test timed out.
    await parada;
  });
});
