import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { auditoria, emailSaida, tarefa, usuario } from '../../src/db/schema/index.js';
import type { AppDeTeste } from './app-de-teste.js';

/** Straight reads of the database, outside the app, to check what a call really left behind. */

export async function idDoUsuario(t: AppDeTeste, username: string): Promise<number> {
  const [l] = await t.banco.db.select({ id: usuario.id }).from(usuario).where(eq(usuario.username, username)).limit(1);
  if (!l) throw new Error(`usuário ${username} não existe no banco de teste`);
  return l.id;
}

export async function auditoriasDe(t: AppDeTeste, filtro: { entidade: string; entidadeId: number | string; acao?: string }) {
  return t.banco.db
    .select()
    .from(auditoria)
    .where(
      and(
        eq(auditoria.entidade, filtro.entidade),
        eq(auditoria.entidadeId, String(filtro.entidadeId)),
        filtro.acao ? eq(auditoria.acao, filtro.acao) : undefined,
      ),
    )
    .orderBy(asc(auditoria.id));
}

export async function emailsPara(t: AppDeTeste, para: string) {
  return t.banco.db.select().from(emailSaida).where(sql`lower(${emailSaida.para}) = lower(${para})`).orderBy(asc(emailSaida.id));
}

export async function totalDeEmails(t: AppDeTeste): Promise<number> {
  const [l] = await t.banco.db.select({ n: sql<number>`count(*)::int` }).from(emailSaida);
  return l?.n ?? 0;
}

/** Runs the service's own jobs still waiting (TAREFAS=manual), as a worker would; returns how many ran. */
export async function executarTarefasDoSistema(t: AppDeTeste, tipo: string): Promise<number> {
  const pendentes = await t.banco.db
    .select({ id: tarefa.id })
    .from(tarefa)
    .where(and(isNull(tarefa.empresaId), eq(tarefa.tipo, tipo), eq(tarefa.status, 'PENDENTE')))
    .orderBy(asc(tarefa.criadoEm));
  for (const p of pendentes) await t.app.tarefas.executar(p.id);
  return pendentes.length;
}
