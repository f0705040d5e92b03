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
    restoreMocks: true,
    unstubGlobals: true,
  },
});
