import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const contratos = fileURLToPath(new URL('./packages/contracts/src/index.ts', import.meta.url));
const alias = { '@bonifica/contracts': contratos };

/** API suite on PGlite always, and again on PostgreSQL when TEST_DATABASE_URL is set (ARCHITECTURE §8). */
const api = (engine: 'pglite' | 'postgres') => ({
  resolve: { alias },
  test: {
    name: `api:${engine}`,
    root: './apps/api',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    env: { TEST_ENGINE: engine },
    sequence: { groupOrder: 0 },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The database each file copies, migrated and seeded once per run.
    globalSetup: ['./test/apoio/banco-modelo.ts'],
    // Each process imports the server once for all its files: none of them mocks a module or touches the
    // environment, and module state is per database (docs/decisions/044, revision of 29/11).
    isolate: false,
  },
});

export default defineConfig({
  test: {
    // vitest's default is cores − 1 (one file at a time on the 2-core CI machine): an API file waits on its
    // database half the time, so three keep both cores busy; the web's files come after, two at a time
    // (docs/decisions/044-suite-em-paralelo.md).
    maxWorkers: 3,
    projects: [
      { resolve: { alias }, test: { name: 'contracts', root: './packages/contracts', include: ['src/**/*.test.ts'], environment: 'node', sequence: { groupOrder: 1 }, maxWorkers: 2 } },
      api('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [api('postgres')] : []),
      ...(existsSync('./apps/web/vitest.config.ts') ? ['./apps/web/vitest.config.ts'] : []),
    ],
  },
});
