import { and, eq, sql } from 'drizzle-orm';
import { type PremioParaCliente } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { cliente } from '../../db/schema/index.js';
import { erro } from '../../lib/erros.js';
import { saldosDetalhados } from '../account/index.js';
import { premiosAtivos } from './premio.repository.js';

/**
 * The counter's "Prêmios" step: the active prizes collected at this branch, each saying whether the
 * customer's usable balance reaches it now (and why not). The redemption checks all of it again under
 * the locks; this only decides what the attendant is offered.
 */
export async function premiosParaCliente(tx: Executor, empresaId: number, filialId: number | null, clienteId: number): Promise<PremioParaCliente[]> {
  const [c] = await tx.select({ id: cliente.id }).from(cliente).where(and(eq(cliente.id, clienteId), eq(cliente.empresaId, empresaId))).limit(1);
  if (!c) throw erro.naoEncontrado('Cliente não encontrado.');
  const saldos = (await saldosDetalhados(tx, empresaId, [clienteId])).get(clienteId) ?? [];
  const usavel = (u: 'PONTOS' | 'CASHBACK') => {
    const s = saldos.find((x) => x.unidade === u);
    return s && !s.bloqueada ? s.disponivel : 0;
  };
  const r = await tx.execute(sql`
    select r.premio_id, count(*)::int as n from premio_resgate r join premio p on p.id = r.premio_id
    where r.empresa_id = ${empresaId} and r.cliente_id = ${clienteId} and r.status <> 'CANCELADO' and p.limite_por_cliente is not null
      and (p.limite_periodo = 'SEMPRE' or r.criado_em >= date_trunc(case p.limite_periodo when 'DIA' then 'day' when 'SEMANA' then 'week' when 'MES' then 'month' else 'year' end,
        now() at time zone 'America/Sao_Paulo') at time zone 'America/Sao_Paulo')
    group by r.premio_id`);
  const usados = new Map((r as unknown as { rows: { premio_id: number; n: number }[] }).rows.map((l) => [Number(l.premio_id), Number(l.n)]));
  return (await premiosAtivos(tx, empresaId, filialId)).map((p) => {
    let motivo: string | null = null;
    if (p.estoque !== null && p.estoque <= 0) motivo = 'Esgotado';
    else if (p.limitePorCliente !== null && (usados.get(p.id) ?? 0) >= p.limitePorCliente) motivo = 'Limite do cliente atingido';
    else if ((p.custoPontos ?? 0) > usavel('PONTOS') || (p.custoCashback ?? 0) > usavel('CASHBACK')) motivo = 'Saldo insuficiente';
    return { ...p, alcanca: motivo === null, motivo };
  });
}
