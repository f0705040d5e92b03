import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { contaSistema, lancar, type Unidade } from './razao.js';
import { instante } from './lotes.js';

/** Accounts per transaction of the expiry job: short transactions, no long locks on hot customers. */
const LOTE_DE_CONTAS = 200;

export type ResultadoExpiracao = { contas: number; lancamentos: number; valores: Record<Unidade, number> };

type Candidata = { id: number; empresa_id: number; tipo: Unidade };

/**
 * Lapsed credit lots become one EXPIRACAO posting per account, debiting what is left of them to the
 * company's system account (docs/areas/razao.md "Validade e carência"). Safe to run twice or on two
 * workers at once: each account is taken with FOR UPDATE SKIP LOCKED and its lapsed lots are read
 * again under the lock, so a second runner finds nothing left. An account busy in a sale at that
 * instant is picked up on a later pass; its lapsed lots cannot be spent meanwhile (lancar's USO mode).
 * Runs as the database owner across tenants, like the other scheduled jobs.
 */
export async function expirarCreditos(db: Db, agora: Date = new Date()): Promise<ResultadoExpiracao> {
  const total: ResultadoExpiracao = { contas: 0, lancamentos: 0, valores: { CASHBACK: 0, PONTOS: 0, PREPAGO: 0 } };
  for (;;) {
    const feitas = await db.transaction((tx) => expirarUmLote(tx, agora));
    // Nothing expired in a pass: the rest (if any) is locked by a sale or another runner right now.
    if (feitas.contas === 0) break;
    total.contas += feitas.contas;
    total.lancamentos += feitas.contas;
    for (const u of Object.keys(feitas.valores) as Unidade[]) total.valores[u] += feitas.valores[u];
  }
  return total;
}

async function expirarUmLote(tx: Executor, agora: Date) {
  const t = instante(agora);
  // The lapsed amount is read AFTER the lock, in its own statement (READ COMMITTED: a fresh snapshot).
  const r = await tx.execute(sql`
    select c.id, c.empresa_id, c.tipo from conta c
    where c.cliente_id is not null
      and c.id in (select k.conta_id from credito k where k.restante > 0 and k.expira_em <= ${t})
    order by c.id limit ${LOTE_DE_CONTAS}
    for update of c skip locked`);
  const travadas = (r as unknown as { rows: Candidata[] }).rows;
  const valores: Record<Unidade, number> = { CASHBACK: 0, PONTOS: 0, PREPAGO: 0 };
  if (travadas.length === 0) return { contas: 0, valores };
  const v = await tx.execute(sql`
    select k.conta_id as id, sum(k.restante)::bigint as vencido from credito k
    where k.conta_id in (${sql.join(travadas.map((c) => sql`${c.id}`), sql`, `)}) and k.restante > 0 and k.expira_em <= ${t}
    group by k.conta_id`);
  const vencidos = new Map((v as unknown as { rows: { id: number; vencido: number | string }[] }).rows.map((x) => [Number(x.id), Number(x.vencido)]));
  let contas = 0;
  for (const c of travadas) {
    const valor = vencidos.get(Number(c.id)) ?? 0;
    if (valor <= 0) continue;
    const empresaId = Number(c.empresa_id);
    const sistema = await contaSistema(tx, empresaId, c.tipo);
    await lancar(tx, {
      empresaId,
      tipo: 'EXPIRACAO',
      descricao: 'Expiração de créditos vencidos',
      partidas: [
        { contaId: Number(c.id), valor: -valor },
        { contaId: sistema, valor },
      ],
      criadoEm: agora,
      referencia: { expiradoEm: agora.toISOString() },
    });
    valores[c.tipo] += valor;
    contas++;
  }
  return { contas, valores };
}
