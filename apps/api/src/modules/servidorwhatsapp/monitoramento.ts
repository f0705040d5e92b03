import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, gt, ne, sql } from 'drizzle-orm';
import { parouDeEntregar, MINUTOS_SEM_ACK_ALERTA, type AlertaMonitoramento, type ExecucaoMonitoramento, type SituacaoVerificacao } from '@bonifica/contracts';
import { execucaoMonitoramento, instanciaWhatsapp, servidorWhatsapp, verificacaoMonitoramento } from '../../db/schema/index.js';
import { FalhaGateway } from '../../adapters/whatsapp/gateway.js';
import { descreverFalha, enderecoDo, gatewayDo } from './gateways.js';

/** An instance name no server holds: asking its state proves the server answers and takes our key. */
const SONDA = 'bonifica-sonda-monitoramento';

/** A run older than this still EXECUTANDO died with its process: a new one may start. */
const MINUTOS_EXECUCAO_PRESA = 10;

type Servidor = typeof servidorWhatsapp.$inferSelect;

/**
 * Whether a server answers: a state query for an instance it does not hold. "Does not exist" is
 * the healthy answer; a refused key, a timeout or a 5xx is not.
 */
export async function testarServidor(app: FastifyInstance, s: Pick<Servidor, 'tipo' | 'baseUrl' | 'chave'>): Promise<{ ok: boolean; mensagem: string; latenciaMs: number }> {
  const inicio = performance.now();
  try {
    await gatewayDo(app, s.tipo).estado(enderecoDo(s), SONDA);
    return { ok: true, mensagem: 'O servidor respondeu.', latenciaMs: Math.round(performance.now() - inicio) };
  } catch (e) {
    const latenciaMs = Math.round(performance.now() - inicio);
    if (e instanceof FalhaGateway && e.motivo === 'INSTANCIA_INEXISTENTE') return { ok: true, mensagem: 'O servidor respondeu.', latenciaMs };
    return { ok: false, mensagem: `O servidor não respondeu como esperado: ${descreverFalha(e)}.`, latenciaMs };
  }
}

type Verificacao = { alvo: 'SERVIDOR' | 'INSTANCIA'; servidorId: number; instanciaId: number | null; situacao: SituacaoVerificacao; detalhe: string; latenciaMs: number | null };

async function verificarServidor(app: FastifyInstance, s: Servidor, agora: Date): Promise<Verificacao[]> {
  const teste = await testarServidor(app, s);
  await app.db
    .update(servidorWhatsapp)
    .set({ situacao: teste.ok ? 'OK' : 'FALHA', ultimoErro: teste.ok ? null : teste.mensagem, verificadoEm: sql`now()` })
    .where(eq(servidorWhatsapp.id, s.id));
  const out: Verificacao[] = [{ alvo: 'SERVIDOR', servidorId: s.id, instanciaId: null, situacao: teste.ok ? 'OK' : 'FALHA', detalhe: teste.mensagem, latenciaMs: teste.latenciaMs }];
  const instancias = await app.db
    .select()
    .from(instanciaWhatsapp)
    .where(and(eq(instanciaWhatsapp.servidorId, s.id), eq(instanciaWhatsapp.ativa, true)))
    .orderBy(asc(instanciaWhatsapp.id));
  for (const i of instancias) {
    if (!teste.ok) {
      out.push({ alvo: 'INSTANCIA', servidorId: s.id, instanciaId: i.id, situacao: 'FALHA', detalhe: 'Servidor fora do ar: não foi possível consultar.', latenciaMs: null });
      continue;
    }
    const inicio = performance.now();
    try {
      const estado = await gatewayDo(app, s.tipo).estado(enderecoDo(s), i.nome);
      const latenciaMs = Math.round(performance.now() - inicio);
      if (estado !== i.estado) await app.db.update(instanciaWhatsapp).set({ estado }).where(eq(instanciaWhatsapp.id, i.id));
      const atual = { ...i, estado };
      if (estado === 'DESCONECTADA') out.push({ alvo: 'INSTANCIA', servidorId: s.id, instanciaId: i.id, situacao: 'FALHA', detalhe: 'Desconectada: precisa parear de novo.', latenciaMs });
      else if (parouDeEntregar(atual, agora))
        out.push({ alvo: 'INSTANCIA', servidorId: s.id, instanciaId: i.id, situacao: 'ALERTA', detalhe: `Conectada, mas sem confirmação de entrega há mais de ${MINUTOS_SEM_ACK_ALERTA} minutos depois do último envio.`, latenciaMs });
      else if (estado === 'CONECTANDO') out.push({ alvo: 'INSTANCIA', servidorId: s.id, instanciaId: i.id, situacao: 'ALERTA', detalhe: 'Aguardando pareamento.', latenciaMs });
      else out.push({ alvo: 'INSTANCIA', servidorId: s.id, instanciaId: i.id, situacao: 'OK', detalhe: 'Conectada e entregando.', latenciaMs });
    } catch (e) {
      out.push({ alvo: 'INSTANCIA', servidorId: s.id, instanciaId: i.id, situacao: 'FALHA', detalhe: `Consulta falhou: ${descreverFalha(e)}.`, latenciaMs: Math.round(performance.now() - inicio) });
    }
  }
  return out;
}

/** Opens a run, or returns the one already running (one at a time). */
export async function abrirExecucao(app: FastifyInstance, origem: 'AGENDADA' | 'MANUAL', usuarioId: number | null): Promise<{ id: number; nova: boolean }> {
  return app.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('monitoramento-whatsapp'))`);
    const [emCurso] = await tx
      .select({ id: execucaoMonitoramento.id })
      .from(execucaoMonitoramento)
      .where(and(eq(execucaoMonitoramento.status, 'EXECUTANDO'), gt(execucaoMonitoramento.iniciadoEm, sql`now() - make_interval(mins => ${MINUTOS_EXECUCAO_PRESA})`)))
      .limit(1);
    if (emCurso) return { id: emCurso.id, nova: false };
    const [e] = await tx.insert(execucaoMonitoramento).values({ origem, usuarioId }).returning({ id: execucaoMonitoramento.id });
    return { id: e!.id, nova: true };
  });
}

/** Checks every active server and its instances, records each finding and the run's totals. */
export async function executarMonitoramento(app: FastifyInstance, execucaoId: number, agora = new Date()): Promise<void> {
  try {
    const servidores = await app.db.select().from(servidorWhatsapp).where(eq(servidorWhatsapp.ativo, true)).orderBy(asc(servidorWhatsapp.ordem), asc(servidorWhatsapp.id));
    const todas = (await Promise.all(servidores.map((s) => verificarServidor(app, s, agora)))).flat();
    if (todas.length) await app.db.insert(verificacaoMonitoramento).values(todas.map((v) => ({ ...v, execucaoId })));
    const falhas = todas.filter((v) => v.situacao === 'FALHA').length;
    const alertas = todas.filter((v) => v.situacao === 'ALERTA').length;
    await app.db
      .update(execucaoMonitoramento)
      .set({
        status: falhas ? 'FALHA' : alertas ? 'ALERTA' : 'OK',
        servidores: servidores.length,
        instancias: todas.filter((v) => v.alvo === 'INSTANCIA').length,
        falhas,
        alertas,
        concluidoEm: sql`now()`,
      })
      .where(eq(execucaoMonitoramento.id, execucaoId));
  } catch (e) {
    app.log.error({ err: e, execucaoId }, 'monitoramento do WhatsApp falhou');
    await app.db.update(execucaoMonitoramento).set({ status: 'FALHA', concluidoEm: sql`now()` }).where(eq(execucaoMonitoramento.id, execucaoId));
  }
}

/** The scheduled run (lib/agendamentos.ts): skipped while another is running, or with no active server (no empty rows every 5 minutes). */
export async function monitorarAgendado(app: FastifyInstance): Promise<void> {
  const [algum] = await app.db.select({ id: servidorWhatsapp.id }).from(servidorWhatsapp).where(eq(servidorWhatsapp.ativo, true)).limit(1);
  if (!algum) return;
  const { id, nova } = await abrirExecucao(app, 'AGENDADA', null);
  if (nova) await executarMonitoramento(app, id);
}

export function paraExecucao(e: typeof execucaoMonitoramento.$inferSelect): ExecucaoMonitoramento {
  return {
    id: e.id,
    origem: e.origem,
    status: e.status,
    servidores: e.servidores,
    instancias: e.instancias,
    falhas: e.falhas,
    alertas: e.alertas,
    iniciadoEm: e.iniciadoEm.toISOString(),
    concluidoEm: e.concluidoEm?.toISOString() ?? null,
  };
}

/** The banner of the admin screens: the latest finished run, when it found something down. */
export async function alertaAtual(app: FastifyInstance): Promise<AlertaMonitoramento> {
  const [e] = await app.db
    .select()
    .from(execucaoMonitoramento)
    .where(ne(execucaoMonitoramento.status, 'EXECUTANDO'))
    .orderBy(desc(execucaoMonitoramento.id))
    .limit(1);
  if (!e || (e.falhas === 0 && e.alertas === 0)) return null;
  return { execucaoId: e.id, falhas: e.falhas, alertas: e.alertas, em: (e.concluidoEm ?? e.iniciadoEm).toISOString() };
}
