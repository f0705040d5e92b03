import type { FastifyInstance } from 'fastify';
import { expirarCreditos } from '../modules/account/validade.js';
import { consolidarTodas } from '../modules/empresadashboard/resumo.js';

/**
 * Scheduled jobs (pg-boss cron, time zone America/Sao_Paulo). pg-boss keeps one schedule per name
 * in the database, so N API processes still run each of these once per occurrence.
 */
export type Agendamento = { nome: string; cron: string; executar: (app: FastifyInstance) => Promise<void> };

export const AGENDAMENTOS: Agendamento[] = [
  // Credit validity (issue 3 §3): daily at 03:00, when few sales happen. Safe to run twice (validade.ts).
  {
    nome: 'validade-creditos',
    cron: '0 3 * * *',
    executar: async (app) => {
      const r = await expirarCreditos(app.db);
      if (r.contas > 0) app.log.info({ expiracao: r }, 'créditos vencidos expirados');
    },
  },
  // The open day's dashboard figures (docs/decisions/018): what the sales wrote since the last fold.
  // Safe to run twice or beside a dashboard call: a fold deletes what it counts.
  {
    nome: 'resumo-vendas',
    cron: '* * * * *',
    executar: async (app) => {
      await consolidarTodas(app.db);
    },
  },
];
