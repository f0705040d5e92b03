import type { FastifyInstance } from 'fastify';
import cronParser from 'cron-parser';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { agendamento } from '../db/schema/index.js';
import { expirarCreditos } from '../modules/account/validade.js';
import { consolidarTodas } from '../modules/empresadashboard/resumo.js';
import { monitorarAgendado, reprocessarAcksPendentes } from '../modules/servidorwhatsapp/index.js';
import { reconciliarMensagens, rodarAutomaticasDevidas, rodarEntregador } from '../modules/mensagem/index.js';
import { atualizarResumos, recomporResumos } from '../modules/publico/index.js';
import { FUSO } from './fuso.js';

/** The zone every schedule is read in (pg-boss `tz`). */
export const FUSO_AGENDAMENTOS = FUSO;

/**
 * Scheduled jobs (pg-boss cron, time zone America/Sao_Paulo). pg-boss keeps one schedule per name
 * in the database, so N API processes still run each of these once per occurrence. `cron` is the
 * default; the system administrator may store another (sistema/tarefa, table `agendamento`).
 */
export type Agendamento = { nome: string; titulo: string; descricao: string; cron: string; executar: (app: FastifyInstance) => Promise<void> };

export const AGENDAMENTOS: Agendamento[] = [
  // Credit validity (issue 3 §3): daily at 03:00, when few sales happen. Safe to run twice (validade.ts).
  {
    nome: 'validade-creditos',
    titulo: 'Validade dos créditos',
    descricao: 'Baixa o que resta dos lotes de cashback e pontos vencidos, com um lançamento de expiração por conta. Pode rodar duas vezes sem efeito a mais.',
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
    titulo: 'Resumo das vendas do dia',
    descricao: 'Consolida nos intervalos de 5 minutos do dashboard as vendas gravadas desde a última consolidação, de todas as empresas.',
    cron: '* * * * *',
    executar: async (app) => {
      await consolidarTodas(app.db);
    },
  },
  // Automatic messages (docs/areas/mensageria.md "Modelos e mensagens automáticas"): every minute the
  // event triggers (new customers, sales with cashback) and the daily ones whose hour came in each
  // company's zone. Safe to run twice: a unique key per customer and reason (modules/mensagem/rodada.ts).
  {
    nome: 'mensagens-automaticas',
    titulo: 'Mensagens automáticas',
    descricao:
      'Enfileira as mensagens automáticas ligadas: boas-vindas e cashback ganho desde a última rodada, e as diárias (saldo a vencer, aniversário, inatividade) quando chega o horário de cada empresa, no fuso dela. Nunca manda duas vezes a mesma mensagem ao mesmo cliente pelo mesmo motivo.',
    cron: '* * * * *',
    executar: async (app) => {
      const r = await rodarAutomaticasDevidas(app.db);
      if (r.enfileiradas > 0) app.log.info({ automaticas: r }, 'mensagens automáticas enfileiradas');
    },
  },
  // WhatsApp servers and instances (docs/areas/mensageria.md § Monitoramento): every 5 minutes, so a
  // number that stopped delivering is seen within MINUTOS_SEM_ACK_ALERTA + 5. Skipped while one runs.
  {
    nome: 'monitoramento-whatsapp',
    titulo: 'Monitoramento do WhatsApp',
    descricao: 'Consulta cada servidor de WhatsApp ativo e cada instância, grava o resultado e alerta quando algo está fora do ar ou parou de entregar.',
    cron: '*/5 * * * *',
    executar: async (app) => {
      await monitorarAgendado(app);
    },
  },
  // The message outbox (docs/areas/mensageria.md "Caixa de saída"): each run delivers for ~55 s at the
  // instances' pace, so one run follows the other; the pacing lock keeps overlapping runs in step.
  {
    nome: 'entregar-mensagens',
    titulo: 'Envio de mensagens',
    descricao: 'Entrega as mensagens da caixa de saída no ritmo de cada número de WhatsApp (por minuto, teto do dia, aquecimento, horário de silêncio). Cada execução envia por quase um minuto.',
    cron: '* * * * *',
    executar: (app) => rodarEntregador(app),
  },
  // After a crash (docs/decisions/029): never a blind re-send. Also runs within a minute of a start.
  {
    nome: 'reconciliar-mensagens',
    titulo: 'Reconciliação de mensagens',
    descricao: 'Pergunta ao gateway o destino das mensagens presas em ENVIANDO há mais de 2 minutos (queda do processo); o que ele não conhece vai para REVISAR, para uma pessoa decidir. Marca como concluídos os lotes terminados.',
    cron: '* * * * *',
    // Also applies acks that arrived before their message's gateway id was written (webhook.ts).
    executar: async (app) => {
      await reprocessarAcksPendentes(app);
      await reconciliarMensagens(app);
    },
  },
  // The customer summary of the audience count (docs/decisions/033): the changes since the last run,
  // read from the sources, never written by the sale. Safe to run twice or side by side (resumo.ts).
  {
    nome: 'resumo-clientes',
    titulo: 'Resumo dos clientes para públicos',
    descricao:
      'Atualiza o resumo por cliente que a contagem de públicos usa (compras, última compra, saldos, consentimentos, cadastro) com o que mudou desde a última rodada. Na primeira vez, carrega todos os clientes em lotes. A tela de públicos mostra de quando são os dados.',
    cron: '*/2 * * * *',
    executar: async (app) => {
      const r = await atualizarResumos(app.db);
      if (r.carregados > 0 || r.mudados > 0) app.log.info({ resumoClientes: r }, 'resumo de clientes atualizado');
    },
  },
  // What change detection could miss (a long job writing old instants) lasts at most a day.
  {
    nome: 'resumo-clientes-conferencia',
    titulo: 'Conferência do resumo dos clientes',
    descricao: 'Uma vez por noite, o resumo dos clientes é recalculado por inteiro a partir das vendas, saldos e cadastros, nas rodadas seguintes do resumo. A contagem continua funcionando enquanto isso.',
    cron: '30 4 * * *',
    executar: (app) => recomporResumos(app.db),
  },
];

export function agendamentoPorNome(nome: string): Agendamento | undefined {
  return AGENDAMENTOS.find((a) => a.nome === nome);
}

/**
 * Why a cron expression is refused, or null when it is fine: five fields (minute, hour, day of
 * month, month, day of week) as pg-boss checks them once a minute — no seconds field.
 */
export function erroDoCron(cron: string): string | null {
  const campos = cron.trim().split(/\s+/);
  if (campos.length !== 5) return 'Use cinco campos: minuto, hora, dia do mês, mês e dia da semana (ex.: 0 3 * * *).';
  try {
    cronParser.parseExpression(cron.trim(), { tz: FUSO_AGENDAMENTOS });
    return null;
  } catch {
    return 'Expressão cron inválida. Exemplo: 0 3 * * * (todo dia às 03:00).';
  }
}

/** The next `n` occurrences of a valid expression, in ISO (UTC). */
export function proximasExecucoes(cron: string, n = 3, de = new Date()): string[] {
  const it = cronParser.parseExpression(cron.trim(), { tz: FUSO_AGENDAMENTOS, currentDate: de });
  return Array.from({ length: n }, () => it.next().toDate().toISOString());
}

/** The stored schedules that replace a default. */
export async function cronsGuardados(db: Db): Promise<Map<string, string>> {
  const linhas = await db.select({ nome: agendamento.nome, cron: agendamento.cron }).from(agendamento);
  return new Map(linhas.filter((l) => l.cron).map((l) => [l.nome, l.cron!]));
}

/**
 * Runs a scheduled job and records its start, end, outcome and counts (what sistema/tarefa shows).
 * A failure is recorded and thrown again, so pg-boss retries it as before.
 */
export async function executarAgendamento(app: FastifyInstance, a: Agendamento): Promise<void> {
  await app.db
    .insert(agendamento)
    .values({ nome: a.nome, ultimoInicio: sql`now()`, ultimoStatus: 'PROCESSANDO' })
    .onConflictDoUpdate({ target: agendamento.nome, set: { ultimoInicio: sql`now()`, ultimoStatus: 'PROCESSANDO' } });
  try {
    await a.executar(app);
  } catch (e) {
    app.log.error({ err: e, agendamento: a.nome }, 'agendamento falhou');
    await app.db
      .update(agendamento)
      .set({
        ultimoFim: sql`now()`,
        ultimoStatus: 'ERRO',
        ultimoErro: 'A execução falhou; detalhes no log do servidor.',
        execucoes: sql`${agendamento.execucoes} + 1`,
        falhas: sql`${agendamento.falhas} + 1`,
      })
      .where(eq(agendamento.nome, a.nome));
    throw e;
  }
  await app.db
    .update(agendamento)
    .set({ ultimoFim: sql`now()`, ultimoStatus: 'CONCLUIDA', ultimoErro: null, execucoes: sql`${agendamento.execucoes} + 1` })
    .where(eq(agendamento.nome, a.nome));
}
