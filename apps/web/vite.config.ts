import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const api = process.env.API_URL ?? 'http://localhost:8080';
const contratos = fileURLToPath(new URL('../../packages/contracts/src/', import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^@bonifica\/contracts$/, replacement: `${contratos}index.ts` },
      // Subpath imports let the login path pull a catalogue without the zod schemas of the index.
      { find: /^@bonifica\/contracts\/(.+)$/, replacement: `${contratos}$1.ts` },
    ],
    // The workspace hoists a second React (pulled by peer ranges) next to apps/web's pinned one; one copy only.
    dedupe: ['react', 'react-dom'],
  },
  server: {
    port: 5173,
    proxy: {
      '/services': api,
      '/login': api,
      '/logout': api,
      '/arquivo': api,
      '/p/': api,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 800,
  },
});
