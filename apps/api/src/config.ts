import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { z } from 'zod';
import type { LimitesTentativas } from './lib/tentativas-login.js';

const booleano = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1'));

const esquema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  CLIENT_APP_TOKEN: z.string().min(8).default('bonifica-backoffice-web'),
  PUBLIC_URL: z.string().url().optional(),
  COOKIE_SECURE: booleano,
  TRUST_PROXY: booleano,
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(12),
  REMEMBER_ME_DAYS: z.coerce.number().int().min(1).max(30).default(30),
  LOGIN_FREE_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).default(900),
  LOGIN_MAX_FAILURES_IP: z.coerce.number().int().min(1).default(50),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  RESET_MAX_PER_USER_HOUR: z.coerce.number().int().min(1).default(3),
  RESET_MAX_PER_IP: z.coerce.number().int().min(1).default(10),
  CEP_PROVIDER: z.enum(['http', 'sandbox']).default('http'),
  CEP_BASE_URL: z.string().url().default('https://brasilapi.com.br/api/cep/v1/'),
  CEP_TIMEOUT_MS: z.coerce.number().int().min(100).default(4000),
  SMTP_URL: z.string().optional(),
  SMTP_FROM: z.string().default('Bonifica <nao-responda@bonifica.local>'),
  /** Without SMTP: write each sent message to this folder (development, end-to-end tests). */
  EMAIL_SANDBOX_DIR: z.string().optional(),
  /** Gateway of a WhatsApp server registered without a type (docs/areas/mensageria.md "Gateways"). */
  WHATSAPP_GATEWAY: z.enum(['sandbox', 'evolution']).default('sandbox'),
  /** Time limit of each call to an Evolution server. */
  WHATSAPP_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  /** Sandbox: time between a send and each ack (ENVIADA 1×, ENTREGUE 2×, LIDA 3×), and the share of failed sends. */
  WHATSAPP_SANDBOX_ATRASO_MS: z.coerce.number().int().min(0).default(1500),
  WHATSAPP_SANDBOX_FALHA: z.coerce.number().min(0).max(1).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  DEMO_SEED: booleano,
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  // 2,000 calls a second per token and process: above the sales target of a whole company (bench/RESULTS.md).
  API_TOKEN_LIMITE_POR_MINUTO: z.coerce.number().int().min(1).default(120_000),
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(19_456).default(19_456),
  ARGON2_TIME_COST: z.coerce.number().int().min(2).default(2),
  /** pgboss: background jobs run by pg-boss; manual: they wait for an explicit call (tests). */
  TAREFAS: z.enum(['pgboss', 'manual']).default('pgboss'),
  TAREFAS_INTERVALO_SEGUNDOS: z.coerce.number().min(0.5).max(60).default(2),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  clientAppToken: string;
  publicUrl: string;
  cookieSecure: boolean;
  trustProxy: boolean;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  rememberMeMs: number;
  /** Password and reset-token attempts (docs/decisions/021). */
  tentativas: LimitesTentativas;
  /** Forgot-password e-mails: per user per hour, per IP per `tentativas.janelaMs` (decision 021). */
  redefinicao: { maxPorUsuarioHora: number; maxPorIp: number };
  cep: { provider: 'http' | 'sandbox'; baseUrl: string; timeoutMs: number };
  smtp: { url: string | undefined; from: string; pastaSandbox: string | undefined };
  whatsapp: { gateway: 'sandbox' | 'evolution'; timeoutMs: number; sandbox: { atrasoMs: number; taxaFalha: number } };
  logLevel: string;
  webDist: string | undefined;
  /** Demo data on the first start: default on the embedded database only (issue 2 §2). */
  demoSeed: boolean;
  bodyLimit: number;
  /** Integration calls per API token per minute, per process (docs/areas/integracao.md). */
  limiteTokenPorMinuto: number;
  argon2: { memoryCost: number; timeCost: number };
  tarefas: { modo: 'pgboss' | 'manual'; intervaloSegundos: number };
};

/** Reads the environment once; an invalid value stops the start with a clear message. */
export function carregarConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const r = esquema.safeParse(env);
  if (!r.success) {
    const linhas = r.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Configuração inválida:\n${linhas}`);
  }
  const e = r.data;
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    clientAppToken: e.CLIENT_APP_TOKEN,
    publicUrl,
    cookieSecure: e.COOKIE_SECURE ?? publicUrl.startsWith('https://'),
    trustProxy: e.TRUST_PROXY ?? false,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000,
    rememberMeMs: e.REMEMBER_ME_DAYS * 86_400_000,
    tentativas: {
      livresPorPar: e.LOGIN_FREE_FAILURES,
      esperaMaximaMs: e.LOGIN_MAX_DELAY_SECONDS * 1000,
      maxFalhasPorIp: e.LOGIN_MAX_FAILURES_IP,
      janelaMs: e.LOGIN_WINDOW_MINUTES * 60_000,
    },
    redefinicao: { maxPorUsuarioHora: e.RESET_MAX_PER_USER_HOUR, maxPorIp: e.RESET_MAX_PER_IP },
    cep: { provider: e.CEP_PROVIDER, baseUrl: e.CEP_BASE_URL, timeoutMs: e.CEP_TIMEOUT_MS },
    smtp: { url: e.SMTP_URL, from: e.SMTP_FROM, pastaSandbox: e.EMAIL_SANDBOX_DIR ? resolve(e.EMAIL_SANDBOX_DIR) : undefined },
    whatsapp: {
      gateway: e.WHATSAPP_GATEWAY,
      timeoutMs: e.WHATSAPP_TIMEOUT_MS,
      sandbox: { atrasoMs: e.WHATSAPP_SANDBOX_ATRASO_MS, taxaFalha: e.WHATSAPP_SANDBOX_FALHA },
    },
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    demoSeed: e.DEMO_SEED ?? !e.DATABASE_URL,
    bodyLimit: e.BODY_LIMIT_BYTES,
    limiteTokenPorMinuto: e.API_TOKEN_LIMITE_POR_MINUTO,
    argon2: { memoryCost: e.ARGON2_MEMORY_KIB, timeCost: e.ARGON2_TIME_COST },
    tarefas: { modo: e.TAREFAS, intervaloSegundos: e.TAREFAS_INTERVALO_SEGUNDOS },
  };
}

/** Random secret for values that need one but are not configured; fine because sessions live in the database. */
export function segredoAleatorio(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
