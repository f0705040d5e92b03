import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const contratos = fileURLToPath(new URL('../../packages/contracts/src/', import.meta.url));
const modulosRaiz = fileURLToPath(new URL('../../node_modules/', import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@bonifica\/contracts$/, replacement: `${contratos}index.ts` },
      { find: /^@bonifica\/contracts\/(.+)$/, replacement: `${contratos}$1.ts` },
      // Testing Library and Mantine load the hoisted React; app code must use that same copy (one React per test).
      { find: /^react(-dom)?(\/.*)?$/, replacement: `${modulosRaiz}react$1$2` },
    ],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // A user typing a form with user-event takes a few seconds on a loaded 2-core CI machine (the suite
    // runs in parallel with the API's); findBy waits up to 5 s (setup.ts), so the test itself gets more.
    testTimeout: 20_000,
    // After the API's group (vitest.config.ts), two at a time: a jsdom file keeps a core busy by itself,
    // and findBy's 5 s must hold on the 2-core CI machine (docs/decisions/044-suite-em-paralelo.md).
    sequence: { groupOrder: 1 },
    maxWorkers: 2,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
