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
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      { resolve: { alias }, test: { name: 'contracts', root: './packages/contracts', include: ['src/**/*.test.ts'], environment: 'node' } },
      api('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [api('postgres')] : []),
      ...(existsSync('./apps/web/vitest.config.ts') ? ['./apps/web/vitest.config.ts'] : []),
    ],
  },
});
