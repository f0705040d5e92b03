import { defineConfig, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const api = process.env.API_URL ?? 'http://localhost:8080';
const contratos = fileURLToPath(new URL('../../packages/contracts/src/', import.meta.url));

export default defineConfig({
  // @vitejs/plugin-react is hoisted beside the root's Vite 8 and types itself against it; at run time it
  // supports this app's Vite 7, so only the type needs bridging.
  plugins: [react() as unknown as PluginOption],
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
    rollupOptions: {
      treeshake: {
        // The contracts package holds pure definitions (its one top-level effect, dayjs plugins, sits
        // beside the date helpers that need it). Saying so lets the login path skip the zod schemas and
        // date helpers that only lazy screens use; without it the first load carries ~30 KB gz of them.
        moduleSideEffects: (id, external) => external || !id.startsWith(contratos),
      },
    },
  },
});
