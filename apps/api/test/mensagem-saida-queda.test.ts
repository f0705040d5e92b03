import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { criarLote, reconciliar } from '../src/modules/mensagem/index.js';
import { criarAppDeTeste } from './apoio/app-de-teste.js';
import { criarClientes, criarInstancia } from './apoio/mensageria.js';

/**
 * Crash test (issue 14 §4): a batch of 10,000 messages, the worker process killed with SIGKILL several
 * times mid-batch; afterwards every message was handed to the gateway exactly once or is flagged
 * REVISAR, none is lost, and the counts add up.
 *
 * PostgreSQL only: PGlite is a database inside one process, so a SIGKILL of the worker is a SIGKILL of
 * the database too — there is no surviving state to check. The same fates on PGlite (a worker dead after
 * ENVIANDO, before or after the gateway took the message) are covered in mensagem-saida.test.ts
 * ("reconciliação depois de uma queda").
 */
const FILHO = fileURLToPath(new URL('./apoio/entregador-filho.ts', import.meta.url));
const TOTAL = 10_000;
const INSTANCIAS = 5;

describe.skipIf(process.env.TEST_ENGINE !== 'postgres')('queda do entregador (SIGKILL, PostgreSQL)', () => {
  let t: Awaited<ReturnType<typeof criarAppDeTeste>>;
  let db: Db;
  beforeAll(async () => {
    t = await criarAppDeTeste();
    db = t.app.db;
  });
  afterAll(() => t.fechar());

  const rodar = (): { filho: ChildProcess; pronto: Promise<void>; fim: Promise<number | null> } => {
    const filho = spawn(process.execPath, ['--import', 'tsx', FILHO], { env: { ...process.env, DATABASE_URL: t.banco.databaseUrl! }, stdio: ['ignore', 'pipe', 'pipe'] });
    filho.stderr!.on('data', (d: Buffer) => process.stderr.write(d));
    const pronto = new Promise<void>((r) => filho.stdout!.on('data', (d: Buffer) => d.toString().includes('PRONTO') && r()));
    return { filho, pronto, fim: new Promise((r) => filho.on('exit', (code) => r(code))) };
  };

  it('10.000 mensagens, 4 mortes no meio: cada uma enviada uma vez ou em REVISAR, nenhuma perdida', { timeout: 600_000 }, async () => {
    const [g] = ((await db.execute(sql`select empresa_id from usuario where username = 'gerente'`)) as unknown as { rows: { empresa_id: number }[] }).rows;
    const empresaId = g!.empresa_id;
    const sandbox = t.app.adaptadores.whatsappSandbox;
    sandbox.configurar({ automatico: false });
    const lotes: number[] = [];
    for (let k = 0; k < INSTANCIAS; k++) {
      const nome = `queda-${k}`;
      const instanciaId = await criarInstancia(db, { empresaId, porMinuto: 30_000, porDia: 1_000_000, nome });
      const servidor = { baseUrl: 'sandbox://local', chave: 'chave' };
      await sandbox.criarInstancia(servidor, nome, 'http://127.0.0.1:9/webhook');
      await sandbox.conectar(servidor, nome);
      await sandbox.simularLeitura(servidor, nome, `55119000${String(k).padStart(4, '1')}`);
      const ids = await criarClientes(db, empresaId, TOTAL / INSTANCIAS, `Queda ${k}`, true);
      const { loteId, total } = await db.transaction((tx) =>
        criarLote(tx, { empresaId, nome: `Queda ${k}`, origem: 'CAMPANHA', texto: 'Oi', marketing: true, instanciaId, clientes: sql`select id from cliente where id between ${ids[0]} and ${ids.at(-1)}` }),
      );
      expect(total).toBe(TOTAL / INSTANCIAS);
      lotes.push(loteId);
    }
    const contar = async () =>
      ((await db.execute(sql`select status, count(*)::int n from mensagem_saida where lote_id in (${sql.raw(lotes.join(','))}) group by status`)) as unknown as {
        rows: { status: string; n: number }[];
      }).rows.reduce<Record<string, number>>((a, r) => ({ ...a, [r.status]: r.n }), {});

    // Kill it four times while it is sending: once it has sent something (on a loaded machine a child
    // may take seconds to get going), after a further random while of up to half a second.
    const progresso: number[] = [];
    for (let morte = 0; morte < 4; morte++) {
      const { filho, pronto, fim } = rodar();
      await pronto;
      const antes = progresso.at(-1) ?? 0;
      for (let espera = 0; espera < 600 && ((await contar()).ENVIADA ?? 0) <= antes; espera++) await new Promise((r) => setTimeout(r, 100));
      await new Promise((r) => setTimeout(r, Math.random() * 500));
      filho.kill('SIGKILL');
      await fim;
      const c = await contar();
      progresso.push(c.ENVIADA ?? 0);
    }
    // Progress was made between every two deaths (each worker was really killed mid-batch).
    for (let k = 1; k < progresso.length; k++) expect(progresso[k]).toBeGreaterThan(progresso[k - 1]!);
    expect(progresso.at(-1)).toBeLessThan(TOTAL);
    const ultimo = rodar();
    expect(await ultimo.fim).toBe(0);

    // Every worker is dead now: whatever is still ENVIANDO has an unknown fate.
    const r = await reconciliar(db, { gateway: () => sandbox, limiteMs: 0 });
    const c = await contar();
    expect(c.FILA ?? 0).toBe(0);
    expect(c.ENVIANDO ?? 0).toBe(0);
    const enviadas = (c.ENVIADA ?? 0) + (c.ENTREGUE ?? 0) + (c.LIDA ?? 0);
    expect(enviadas + (c.REVISAR ?? 0)).toBe(TOTAL);

    // The gateway's side: no message handed over twice; each sent row matches exactly one, each REVISAR none.
    const [dup] = ((await db.execute(sql`select count(*)::int n from (select id_local from sandbox_whatsapp_mensagem where id_local is not null
      group by id_local having count(*) > 1) x`)) as unknown as { rows: { n: number }[] }).rows;
    expect(dup!.n).toBe(0);
    const [cruz] = ((await db.execute(sql`
      select count(*) filter (where m.status in ('ENVIADA', 'ENTREGUE', 'LIDA') and s.id_local is not null)::int as enviadas_no_gateway,
             count(*) filter (where m.status = 'REVISAR' and s.id_local is not null)::int as revisar_no_gateway
      from mensagem_saida m left join sandbox_whatsapp_mensagem s on s.id_local = 'bonifica-' || m.id
      where m.lote_id in (${sql.raw(lotes.join(','))})`)) as unknown as { rows: { enviadas_no_gateway: number; revisar_no_gateway: number }[] }).rows;
    expect(cruz!.enviadas_no_gateway).toBe(enviadas);
    expect(cruz!.revisar_no_gateway).toBe(0);
    const [noGateway] = ((await db.execute(sql`select count(*)::int n from sandbox_whatsapp_mensagem where instancia like 'queda-%'`)) as unknown as { rows: { n: number }[] })
      .rows;
    expect(noGateway!.n).toBe(enviadas);
    console.log(`queda: ${JSON.stringify(c)}; reconciliação ${JSON.stringify(r)}; enviadas entre as mortes ${progresso.join(' → ')}`);
  });
});
