import { defineConfig } from '@playwright/test';
import { PASTA_EMAILS } from './e2e/apoio';

const PORTA = Number(process.env.E2E_PORT ?? 8181);

/** End-to-end on the BUILT app (npm run build first), in the system Chromium (ARCHITECTURE §8). */
export default defineConfig({
  testDir: './e2e',
  // One folder per part (tools/e2e-em-partes.mjs): each part empties its own when it starts.
  outputDir: `./test-results/${PORTA}`,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORTA}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: `node e2e/servidor.mjs`,
    url: `http://127.0.0.1:${PORTA}/services/config/nomesistema`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(PORTA), HOST: '127.0.0.1', LOG_LEVEL: 'warn', CEP_PROVIDER: 'sandbox', PUBLIC_URL: `http://127.0.0.1:${PORTA}`, EMAIL_SANDBOX_DIR: PASTA_EMAILS },
  },
});
