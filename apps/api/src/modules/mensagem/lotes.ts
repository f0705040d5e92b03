import { and, eq, sql } from 'drizzle-orm';
import type { ProgressoLoteMensagem } from '@bonifica/contracts';
import type { Db, Executor } from '../../db/client.js';
import { loteMensagem, mensagemSaida } from '../../db/schema/index.js';
import { contagem } from './saida.js';

/**
 * Start, pause and cancel batches (spec §7 `servidorwhatsapp/iniciar`, `pausar`, `cancelar/{id}`). A
 * paused batch keeps its messages queued and the worker skips them; a cancelled one marks CANCELADA
 * what is still queued. What is already ENVIANDO is not recalled: it is in the gateway's hands.
 */


/** Pauses (or resumes) the company's batches: one when `loteId` is given, else every one that can change. */
export async function mudarLotes(tx: Executor, empresaId: number, para: 'PAUSADO' | 'ATIVO', loteId?: number): Promise<number[]> {
  const de = para === 'PAUSADO' ? 'ATIVO' : 'PAUSADO';
  const linhas = await tx
    .update(loteMensagem)
    .set({ status: para })
    .where(and(eq(loteMensagem.empresaId, empresaId), eq(loteMensagem.status, de), loteId === undefined ? undefined : eq(loteMensagem.id, loteId)))
    .returning({ id: loteMensagem.id });
  return linhas.map((l) => l.id);
}

/** Cancels a batch; returns how many queued messages were cancelled, or null when it is not the company's. */
export async function cancelarLote(tx: Executor, empresaId: number, loteId: number): Promise<{ canceladas: number; antes: string } | null> {
  const [l] = await tx
    .select({ status: loteMensagem.status })
    .from(loteMensagem)
    .where(and(eq(loteMensagem.id, loteId), eq(loteMensagem.empresaId, empresaId)))
    .limit(1)
    .for('update');
  if (!l) return null;
  const r = await tx.execute(sql`update mensagem_saida set status = 'CANCELADA', erro = 'Lote cancelado.'
    where lote_id = ${loteId} and empresa_id = ${empresaId} and status = 'FILA'`);
  await tx.update(loteMensagem).set({ status: 'CANCELADO', concluidoEm: sql`coalesce(${loteMensagem.concluidoEm}, now())` }).where(eq(loteMensagem.id, loteId));
  return { canceladas: contagem(r), antes: l.status };
}

/** Live counts of a batch (what the progress bar shows). */
export async function progressoLote(tx: Executor, empresaId: number, loteId: number): Promise<ProgressoLoteMensagem | null> {
  const [l] = await tx
    .select()
    .from(loteMensagem)
    .where(and(eq(loteMensagem.id, loteId), eq(loteMensagem.empresaId, empresaId)))
    .limit(1);
  if (!l) return null;
  const porStatus = await tx
    .select({ status: mensagemSaida.status, n: sql<number>`count(*)::int` })
    .from(mensagemSaida)
    .where(and(eq(mensagemSaida.loteId, loteId), eq(mensagemSaida.empresaId, empresaId)))
    .groupBy(mensagemSaida.status);
  const n = (s: string) => Number(porStatus.find((p) => p.status === s)?.n ?? 0);
  const pendentes = n('FILA') + n('ENVIANDO');
  // Shown as done as soon as nothing is pending; `concluirLotes` records it on its next run.
  const status = l.status === 'ATIVO' && pendentes === 0 ? 'CONCLUIDO' : l.status;
  const total = porStatus.reduce((s, p) => s + Number(p.n), 0);
  return {
    id: l.id,
    nome: l.nome,
    status,
    total,
    fila: n('FILA'),
    enviando: n('ENVIANDO'),
    enviadas: n('ENVIADA'),
    entregues: n('ENTREGUE'),
    lidas: n('LIDA'),
    falharam: n('FALHOU'),
    canceladas: n('CANCELADA'),
    revisar: n('REVISAR'),
    percentual: total === 0 ? 100 : Math.floor(((total - pendentes) * 100) / total),
    criadoEm: l.criadoEm.toISOString(),
    concluidoEm: l.concluidoEm ? l.concluidoEm.toISOString() : null,
  };
}

/** Active batches with nothing left queued or sending become CONCLUIDO (run with the reconciliation). */
export async function concluirLotes(db: Db): Promise<number> {
  const r = await db.execute(sql`update lote_mensagem l set status = 'CONCLUIDO', concluido_em = now()
    where l.status = 'ATIVO' and not exists (select 1 from mensagem_saida m where m.lote_id = l.id and m.status in ('FILA', 'ENVIANDO'))`);
  return contagem(r);
}
