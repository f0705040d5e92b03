import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { clientePlano, plano } from '../../db/schema/index.js';
import type { Regra } from '../transacao/venda.js';

export type BeneficioPlano = { clientePlanoId: number; cashbackPercentualBp: number | null; pontosPorReal: number | null };

/**
 * The customer's contract whose benefit applies on `dia` (a calendar day in Brasília): ATIVO and
 * covering the day. With two plans at once, the richer cashback wins, then the richer points, then
 * the older contract — a sale never mixes the rates of two plans.
 */
export async function beneficioVigente(tx: Executor, empresaId: number, clienteId: number, dia: string): Promise<BeneficioPlano | null> {
  const [b] = await tx
    .select({ clientePlanoId: clientePlano.id, cashbackPercentualBp: plano.cashbackPercentualBp, pontosPorReal: plano.pontosPorReal })
    .from(clientePlano)
    .innerJoin(plano, eq(plano.id, clientePlano.planoId))
    .where(
      and(
        eq(clientePlano.empresaId, empresaId),
        eq(clientePlano.clienteId, clienteId),
        eq(clientePlano.status, 'ATIVO'),
        lte(clientePlano.inicio, dia),
        gte(clientePlano.fim, dia),
      ),
    )
    .orderBy(desc(sql`coalesce(${plano.cashbackPercentualBp}, -1)`), desc(sql`coalesce(${plano.pontosPorReal}, -1)`), asc(clientePlano.id))
    .limit(1);
  return b ?? null;
}

/**
 * The rule a sale uses under a plan: the plan's rate replaces the programme's for each benefit it
 * defines (null keeps the programme's); the minimum purchase and the cap per sale stay the
 * company's, since they bound its risk whatever the customer pays for.
 */
export function regraComPlano(regra: Regra | null, b: BeneficioPlano | null): Regra | null {
  if (!b) return regra;
  const base: Regra = regra?.ativo ? regra : { cashbackPercentualBp: 0, pontosPorReal: 0, compraMinimaCentavos: 0, maximoCashbackPorVendaCentavos: null, ativo: true };
  return {
    ...base,
    cashbackPercentualBp: b.cashbackPercentualBp ?? base.cashbackPercentualBp,
    pontosPorReal: b.pontosPorReal ?? base.pontosPorReal,
  };
}
