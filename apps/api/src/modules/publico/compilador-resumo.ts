import { sql, type SQL } from 'drizzle-orm';
import { somarDias, type CondicoesPublico } from '@bonifica/contracts';
import { comEtiqueta, comPlano, faixaDeSaldo, lista, termosDeCompras } from './compilador.js';

/**
 * The same conditions as `predicadosPublico` (compilador.ts, the reference), over the customer
 * summary `cliente_resumo r` (docs/decisions/033): every condition is a test on the row itself, so
 * the count is one pass with no join. Plans and tags are read live, as in the reference (small
 * tables, and a plan lapses by the calendar, not by a write). The test `publicos-resumo.test.ts`
 * compares both for many combinations.
 */
export function predicadosResumo(empresaId: number, f: CondicoesPublico): SQL[] {
  const p: SQL[] = [sql`r.empresa_id = ${empresaId}`, sql`r.ativo`];
  if (f.filiais) p.push(sql`r.filial_origem_id in (${lista(f.filiais)})`);
  if (f.ultimaCompra) {
    const u = f.ultimaCompra;
    if (u.nunca) p.push(sql`r.ultima_compra is null`);
    if (u.depoisDe) p.push(sql`r.ultima_compra >= ${u.depoisDe}::date`);
    // Null (never bought) fails the comparison: "before" means bought, and not since.
    if (u.antesDe) p.push(sql`r.ultima_compra <= ${u.antesDe}::date`);
  }
  if (f.compras) p.push(comprasNoPeriodo(f.compras));
  if (f.saldo) p.push(faixaDeSaldo(f.saldo, f.saldo.unidade === 'CASHBACK' ? sql`r.saldo_cashback` : sql`r.saldo_pontos`));
  if (f.planos) p.push(comPlano(empresaId, f.planos, sql`r.cliente_id`));
  if (f.mesesAniversario) p.push(sql`r.mes_nascimento in (${lista(f.mesesAniversario)})`);
  if (f.consentimento) {
    const { whatsapp, email } = f.consentimento;
    if (whatsapp !== undefined) p.push(whatsapp ? sql`r.whatsapp` : sql`not r.whatsapp`);
    if (email !== undefined) p.push(email ? sql`r.email` : sql`not r.email`);
  }
  if (f.etiquetas) p.push(comEtiqueta(empresaId, f.etiquetas, sql`r.cliente_id`));
  return p;
}

/**
 * Purchases of [de, ate] from the running totals: `width_bucket(dia, dias)` is how many purchase
 * days are ≤ dia (binary search, in C), so the period is totals[i(ate)] − totals[i(de − 1)]. An end
 * the customer's history lies wholly inside of needs no lookup: a period ending on or after the last
 * purchase takes the history's total, one starting on or before the first takes 0 before it — "in
 * the last 12 months" reads no array for a customer of this year (0048). A customer without
 * purchases has 0 and 0, which is what "at most N" admits in the reference.
 */
function comprasNoPeriodo(k: NonNullable<CondicoesPublico['compras']>): SQL {
  const ate = sql`${k.ate}::date`;
  const antes = sql`${somarDias(k.de, -1)}::date`;
  const posicao = (dia: SQL) => sql`coalesce(width_bucket(${dia}, r.dias), 0)`;
  // qtd_acum null: one sale per purchase day, the running count is the position.
  const qtdAte = (dia: SQL) => sql`(case when r.qtd_acum is null then ${posicao(dia)} else coalesce(r.qtd_acum[${posicao(dia)}], 0) end)`;
  const valorAte = (dia: SQL) => sql`coalesce(r.valor_acum[${posicao(dia)}], 0)`;
  // A never-buying customer has null days: both branches give 0.
  const noPeriodo = (total: SQL, acumulado: (dia: SQL) => SQL) =>
    sql`((case when r.ultima_compra <= ${ate} then ${total} else ${acumulado(ate)} end) - (case when r.primeira_compra > ${antes} then 0 else ${acumulado(antes)} end))`;
  const termos = termosDeCompras(k, noPeriodo(sql`r.qtd_total`, qtdAte), noPeriodo(sql`r.valor_total`, valorAte));
  // Who must have bought in the period has its last purchase on or after `de`: a cheap test on the
  // row first, so the arrays of those who have not are never read (exact either way).
  const precisaComprar = Boolean(k.quantidade?.min || k.valor?.min);
  return precisaComprar ? sql`(r.ultima_compra >= ${k.de}::date and ${termos})` : termos;
}

/**
 * Conditions only on branch, birthday month and consent (everyone, a branch, birthdays…) are a sum
 * over `cliente_resumo_contagem`, the summary's active customers already counted per those values
 * (rebuilt with the summary, same instant): a few hundred rows instead of a million. Null otherwise.
 */
export function contagemAgregada(empresaId: number, f: CondicoesPublico): SQL | null {
  const { filiais, mesesAniversario, consentimento, incluirContatos: _contatos, ...outras } = f;
  if (Object.values(outras).some((v) => v !== undefined)) return null;
  const p: SQL[] = [sql`g.empresa_id = ${empresaId}`];
  if (filiais) p.push(sql`g.filial_origem_id in (${lista(filiais)})`);
  if (mesesAniversario) p.push(sql`g.mes_nascimento in (${lista(mesesAniversario)})`);
  if (consentimento?.whatsapp !== undefined) p.push(consentimento.whatsapp ? sql`g.whatsapp` : sql`not g.whatsapp`);
  if (consentimento?.email !== undefined) p.push(consentimento.email ? sql`g.email` : sql`not g.email`);
  return sql`select coalesce(sum(g.clientes), 0)::int as n from cliente_resumo_contagem g where ${sql.join(p, sql` and `)}`;
}

/** `from cliente_resumo r where …` of an audience. */
export const origemResumo = (empresaId: number, f: CondicoesPublico): SQL => sql`from cliente_resumo r where ${sql.join(predicadosResumo(empresaId, f), sql` and `)}`;

/** The same, joined to the live customer row `c` (mobile, e-mail, block list, current status). */
export const origemResumoComCliente = (empresaId: number, f: CondicoesPublico): SQL =>
  sql`from cliente_resumo r join cliente c on c.id = r.cliente_id where ${sql.join(predicadosResumo(empresaId, f), sql` and `)}`;
