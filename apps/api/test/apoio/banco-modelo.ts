import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { carregarConfig } from '../../src/config.js';
import { abrirBanco } from '../../src/db/client.js';
import { migrar } from '../../src/db/migrate.js';
import { semearDemo } from '../../src/db/seed.js';

/**
 * The database every test file starts from, migrated and seeded ONCE per run (vitest globalSetup of
 * each API project): on PostgreSQL a template database that `CREATE DATABASE … TEMPLATE` copies; on
 * PGlite a dump of the data directory that each file loads. Migrating and seeding cost ~1 s per file
 * on PostgreSQL and ~3 s on PGlite, times ~75 files per engine. A file that needs another start
 * (a migration test, an empty database) still builds its own (app-de-teste.ts).
 */
export type BancoModelo = { engine: 'pglite' | 'postgres'; nome: string; publicUrl: string };

declare module 'vitest' {
  // Declaration merging (vitest's documented way to type `inject`) needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    bancoModelo: BancoModelo;
  }
}

/** The seed's only input that a test could change: app-de-teste.ts uses the model only when its config agrees. */
export const PUBLIC_URL_DO_MODELO = carregarConfig({}).publicUrl;

export default async function preparar(projeto: TestProject): Promise<() => Promise<void>> {
  const engine = projeto.config.env?.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';
  if (engine === 'postgres') {
    const base = process.env.TEST_DATABASE_URL!;
    const nome = `bonifica_modelo_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${nome}`);
    const u = new URL(base);
    u.pathname = `/${nome}`;
    const banco = await abrirBanco({ databaseUrl: u.toString(), poolMax: 2 });
    await migrar(banco);
    await semearDemo(banco.db, { publicUrl: PUBLIC_URL_DO_MODELO });
    await banco.close();
    // Nobody may connect to a template while it is copied: marking it one keeps stray clients out.
    await admin.query(`alter database ${nome} is_template true allow_connections false`);
    projeto.provide('bancoModelo', { engine, nome, publicUrl: PUBLIC_URL_DO_MODELO });
    return async () => {
      await admin.query(`alter database ${nome} is_template false`);
      await admin.query(`drop database if exists ${nome} with (force)`);
      await admin.end();
    };
  }
  const pasta = mkdtempSync(path.join(tmpdir(), 'bonifica-modelo-'));
  const arquivo = path.join(pasta, 'dados.tar');
  const banco = await abrirBanco({ dataDir: 'memory://' });
  await migrar(banco);
  await semearDemo(banco.db, { publicUrl: PUBLIC_URL_DO_MODELO });
  const cliente = (banco.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  writeFileSync(arquivo, Buffer.from(await (await cliente.dumpDataDir('none')).arrayBuffer()));
  await banco.close();
  projeto.provide('bancoModelo', { engine, nome: arquivo, publicUrl: PUBLIC_URL_DO_MODELO });
  return async () => rmSync(pasta, { recursive: true, force: true });
}
