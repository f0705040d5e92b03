import { sql, type SQL } from 'drizzle-orm';

/** The programme's accrual rule of a sale (regra_programa); a plan's benefit changes it (regraComPlano). */
export type Regra = {
  cashbackPercentualBp: number;
  pontosPorReal: number;
  compraMinimaCentavos: number;
  maximoCashbackPorVendaCentavos: number | null;
  ativo: boolean;
};

export type BeneficioPlano = { clientePlanoId: number; cashbackPercentualBp: number | null; pontosPorReal: number | null };

/**
 * The customer's contract whose benefit applies on `dia` (a calendar day in Brasília), as a JSON
 * `BeneficioPlano` or null, for the sales' context statement (`clienteId` may be a column of it): ATIVO and covering the day. With two
 * plans at once, the richer cashback wins, then the richer points, then the older contract — a sale
 * never mixes the rates of two plans.
 */
export function sqlBeneficioVigente(empresaId: number, clienteId: number | SQL, dia: string): SQL {
  return sql`
    select json_build_object('clientePlanoId', cp.id, 'cashbackPercentualBp', p.cashback_percentual_bp, 'pontosPorReal', p.pontos_por_real)
    from cliente_plano cp join plano p on p.id = cp.plano_id
    where cp.empresa_id = ${empresaId} and cp.cliente_id = ${clienteId} and cp.status = 'ATIVO'
      and cp.inicio <= ${dia}::date and cp.fim >= ${dia}::date
    order by coalesce(p.cashback_percentual_bp, -1) desc, coalesce(p.pontos_por_real, -1) desc, cp.id
    limit 1`;
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
