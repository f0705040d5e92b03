import { sql } from 'drizzle-orm';
import { FAIXAS_SALDO, reaisParaCentavos, type CondicoesPublico, type ContagemPublico, type EstatisticasPublico } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { origemPublico, selecaoContatosDoPublico, sqlBloqueado, sqlConsentimento } from './compilador.js';
import { linhas } from './consulta.js';
import { erro } from '../../lib/erros.js';

/**
 * Counting is set work over the whole company: more memory for its hash joins and aggregates (a
 * year of sales grouped by customer spills to disk at the default 4 MB), and a ceiling, so a heavy
 * audience never holds a connection for long (docs/areas/publicos.md "Desempenho").
 */
async function prepararContagem(tx: Executor) {
  await tx.execute(sql`select set_config('work_mem', '64MB', true), set_config('statement_timeout', '20s', true)`);
}

export const MENSAGEM_CONTAGEM_DEMORADA = 'A contagem deste público demorou demais: simplifique as condições (período de compras mais curto) e tente de novo.';

async function comLimite<T>(tx: Executor, fn: () => Promise<T>): Promise<T> {
  await prepararContagem(tx);
  try {
    return await fn();
  } catch (e) {
    const codigo = (e as { code?: string; cause?: { code?: string } }).code ?? (e as { cause?: { code?: string } }).cause?.code;
    if (codigo === '57014') throw erro.indisponivel(MENSAGEM_CONTAGEM_DEMORADA);
    throw e;
  }
}

async function contarContatos(tx: Executor, empresaId: number, f: CondicoesPublico): Promise<number> {
  const s = selecaoContatosDoPublico(empresaId, f);
  if (!s) return 0;
  const [l] = await linhas<{ n: number }>(tx, sql`select count(*)::int as n from (${s}) x`);
  return l?.n ?? 0;
}

/** The live count of the builder: one count over the compiled conditions. */
export function contarPublico(tx: Executor, empresaId: number, f: CondicoesPublico): Promise<ContagemPublico> {
  return comLimite(tx, () => contar(tx, empresaId, f));
}

async function contar(tx: Executor, empresaId: number, f: CondicoesPublico): Promise<ContagemPublico> {
  const [l] = await linhas<{ n: number }>(tx, sql`select count(*)::int as n ${origemPublico(empresaId, f)}`);
  return { clientes: l?.n ?? 0, contatos: await contarContatos(tx, empresaId, f) };
}

/**
 * Statistics of an audience: who marketing can reach per channel (consent, a number/address, not
 * blocked), how many are blocked, by branch and by cashback balance band. The audience is
 * materialised once (a CTE with its flags) and every figure is a filtered aggregate over it.
 */
export function estatisticasPublico(tx: Executor, empresaId: number, f: CondicoesPublico): Promise<EstatisticasPublico> {
  return comLimite(tx, () => estatisticas(tx, empresaId, f));
}

async function estatisticas(tx: Executor, empresaId: number, f: CondicoesPublico): Promise<EstatisticasPublico> {
  const casos = FAIXAS_SALDO.map((b, i) =>
    b.max === null ? sql`when coalesce(k.saldo, 0) >= ${reaisParaCentavos(b.min)} then ${i}` : sql`when coalesce(k.saldo, 0) <= ${reaisParaCentavos(b.max)} then ${i}`,
  );
  const base = sql`with p as materialized (
      select c.id, c.filial_origem_id,
        (c.celular is not null) as tem_celular, (c.email is not null) as tem_email,
        ${sqlConsentimento(empresaId, 'WHATSAPP')} as wa, ${sqlConsentimento(empresaId, 'EMAIL')} as em,
        ${sqlBloqueado(empresaId)} as bloq
      ${origemPublico(empresaId, f)})`;
  const [[totais], filiais, faixas, contatos] = [
    await linhas<{ n: number; wa: number; em: number; awa: number; aem: number; bloq: number }>(
      tx,
      sql`${base} select count(*)::int as n, count(*) filter (where wa)::int as wa, count(*) filter (where em)::int as em,
        count(*) filter (where wa and tem_celular and not bloq)::int as awa, count(*) filter (where em and tem_email and not bloq)::int as aem,
        count(*) filter (where bloq)::int as bloq from p`,
    ),
    await linhas<{ filial_id: number | null; nome: string | null; n: number }>(
      tx,
      sql`select x.filial_origem_id as filial_id, e.nome_curto as nome, x.n from (
          select c.filial_origem_id, count(*)::int as n ${origemPublico(empresaId, f)} group by c.filial_origem_id) x
        left join empresa e on e.id = x.filial_origem_id order by x.n desc, e.nome_curto`,
    ),
    await linhas<{ faixa: number; n: number }>(
      tx,
      sql`select case ${sql.join(casos, sql` `)} else ${FAIXAS_SALDO.length - 1} end as faixa, count(*)::int as n
        from (select c.id ${origemPublico(empresaId, f)}) c
        left join conta k on k.empresa_id = ${empresaId} and k.cliente_id = c.id and k.tipo = 'CASHBACK'
        group by 1`,
    ),
    await contarContatos(tx, empresaId, f),
  ];
  const porFaixa = new Map(faixas.map((l) => [Number(l.faixa), l.n]));
  return {
    clientes: totais?.n ?? 0,
    contatos,
    consentimentoWhatsapp: totais?.wa ?? 0,
    consentimentoEmail: totais?.em ?? 0,
    alcancaveisWhatsapp: totais?.awa ?? 0,
    alcancaveisEmail: totais?.aem ?? 0,
    bloqueados: totais?.bloq ?? 0,
    porFilial: filiais.map((l) => ({ filialId: l.filial_id, nome: l.nome ?? 'Sem filial de origem', clientes: l.n })),
    porFaixaSaldo: FAIXAS_SALDO.map((b, i) => ({ rotulo: b.rotulo, clientes: porFaixa.get(i) ?? 0 })),
  };
}

