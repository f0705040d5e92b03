import { sql, type SQL } from 'drizzle-orm';
import type { CondicoesPublico } from '@bonifica/contracts';
import { origemPublico, sqlBloqueado } from './compilador.js';
import { origemResumoComCliente } from './compilador-resumo.js';

/**
 * The ids of the audience's customers, for a campaign's `insert … select` (docs/decisions/033).
 * Same source as the builder's count: the customer summary once the company's is ready, so the
 * campaign goes to the audience the manager counted (as of the summary's instant); the tables
 * while it is not. Either way the customer must still be ATIVO now, and `semBloqueados` leaves out
 * the audience block list as it is now (the outbox checks consent and block again when it queues).
 * Both branches are in the statement; the readiness test is a one-time filter, so only one runs.
 */
export function selecaoClientesDoPublico(empresaId: number, f: CondicoesPublico, opcoes: { semBloqueados?: boolean } = {}): SQL {
  const bloqueio = opcoes.semBloqueados ? sql` and not ${sqlBloqueado(empresaId)}` : sql``;
  const pronto = sql`coalesce((select e.dados_de is not null from cliente_resumo_estado e where e.empresa_id = ${empresaId}), false)`;
  return sql`select c.id as cliente_id ${origemResumoComCliente(empresaId, f)} and c.status = 'ATIVO' and ${pronto}${bloqueio}
    union all
    select c.id as cliente_id ${origemPublico(empresaId, f)} and not ${pronto}${bloqueio}`;
}
