import { sql, type SQL } from 'drizzle-orm';
import { FAIXAS_SALDO, reaisParaCentavos, type CondicoesPublico, type ContagemPublico, type EstatisticasPublico } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { origemPublico, selecaoContatosDoPublico, sqlBloqueado, sqlConsentimento } from './compilador.js';
import { contagemAgregada, origemResumo, origemResumoComCliente } from './compilador-resumo.js';
import { linhas } from './consulta.js';
import { dadosDoResumo } from './resumo.js';
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

/**
 * The live count of the builder. Once the company's customer summary is ready (docs/decisions/033)
 * the count is one pass over it and `dadosDe` says which instant it reflects; before that (a new
 * company, the first load still running) it reads the tables, and `dadosDe` is null.
 */
export function contarPublico(tx: Executor, empresaId: number, f: CondicoesPublico): Promise<ContagemPublico> {
  return comLimite(tx, () => contar(tx, empresaId, f));
}

async function contar(tx: Executor, empresaId: number, f: CondicoesPublico): Promise<ContagemPublico> {
  const dadosDe = await dadosDoResumo(tx, empresaId);
  const consulta = dadosDe ? (contagemAgregada(empresaId, f) ?? sql`select count(*)::int as n ${origemResumo(empresaId, f)}`) : sql`select count(*)::int as n ${origemPublico(empresaId, f)}`;
  const [l] = await linhas<{ n: number }>(tx, consulta);
  return { clientes: l?.n ?? 0, contatos: await contarContatos(tx, empresaId, f), dadosDe };
}

/**
 * The audience with what the statistics need, from the same source as the count: the summary's
 * consent and balance when it is ready, the tables otherwise. Mobile, e-mail and the block list
 * are read live from the customer row.
 */
function publicoComDados(empresaId: number, f: CondicoesPublico, resumo: boolean): SQL {
  if (resumo) {
    return sql`select c.id, c.filial_origem_id, (c.celular is not null) as tem_celular, (c.email is not null) as tem_email,
        r.whatsapp as wa, r.email as em, ${sqlBloqueado(empresaId)} as bloq, r.saldo_cashback as saldo
      ${origemResumoComCliente(empresaId, f)}`;
  }
  return sql`select c.id, c.filial_origem_id, (c.celular is not null) as tem_celular, (c.email is not null) as tem_email,
      ${sqlConsentimento(empresaId, 'WHATSAPP')} as wa, ${sqlConsentimento(empresaId, 'EMAIL')} as em,
      ${sqlBloqueado(empresaId)} as bloq,
      coalesce((select k.saldo from conta k where k.empresa_id = ${empresaId} and k.cliente_id = c.id and k.tipo = 'CASHBACK'), 0) as saldo
    ${origemPublico(empresaId, f)}`;
}

/**
 * Statistics of an audience: who marketing can reach per channel (consent, a number/address, not
 * blocked), how many are blocked, by branch and by cashback balance band. The audience is
 * materialised once (a CTE with its flags) and every figure is an aggregate over it.
 */
export function estatisticasPublico(tx: Executor, empresaId: number, f: CondicoesPublico): Promise<EstatisticasPublico> {
  return comLimite(tx, () => estatisticas(tx, empresaId, f));
}

async function estatisticas(tx: Executor, empresaId: number, f: CondicoesPublico): Promise<EstatisticasPublico> {
  const dadosDe = await dadosDoResumo(tx, empresaId);
  const casos = FAIXAS_SALDO.map((b, i) =>
    b.max === null ? sql`when saldo >= ${reaisParaCentavos(b.min)} then ${i}` : sql`when saldo <= ${reaisParaCentavos(b.max)} then ${i}`,
  );
  const [l] = await linhas<{ n: number; wa: number; em: number; awa: number; aem: number; bloq: number; filiais: { filial_id: number | null; nome: string | null; n: number }[]; faixas: { faixa: number; n: number }[] }>(
    tx,
    sql`with p as materialized (${publicoComDados(empresaId, f, dadosDe !== null)})
      select count(*)::int as n, count(*) filter (where wa)::int as wa, count(*) filter (where em)::int as em,
        count(*) filter (where wa and tem_celular and not bloq)::int as awa, count(*) filter (where em and tem_email and not bloq)::int as aem,
        count(*) filter (where bloq)::int as bloq,
        (select coalesce(json_agg(json_build_object('filial_id', x.filial_origem_id, 'nome', e.nome_curto, 'n', x.n) order by x.n desc, e.nome_curto), '[]')
          from (select filial_origem_id, count(*)::int as n from p group by 1) x left join empresa e on e.id = x.filial_origem_id) as filiais,
        (select coalesce(json_agg(json_build_object('faixa', x.faixa, 'n', x.n)), '[]') from (
          select case ${sql.join(casos, sql` `)} else ${FAIXAS_SALDO.length - 1} end as faixa, count(*)::int as n from p group by 1) x) as faixas
      from p`,
  );
  const porFaixa = new Map((l?.faixas ?? []).map((x) => [Number(x.faixa), x.n]));
  return {
    clientes: l?.n ?? 0,
    contatos: await contarContatos(tx, empresaId, f),
    dadosDe,
    consentimentoWhatsapp: l?.wa ?? 0,
    consentimentoEmail: l?.em ?? 0,
    alcancaveisWhatsapp: l?.awa ?? 0,
    alcancaveisEmail: l?.aem ?? 0,
    bloqueados: l?.bloq ?? 0,
    porFilial: (l?.filiais ?? []).map((x) => ({ filialId: x.filial_id, nome: x.nome ?? 'Sem filial de origem', clientes: x.n })),
    porFaixaSaldo: FAIXAS_SALDO.map((b, i) => ({ rotulo: b.rotulo, clientes: porFaixa.get(i) ?? 0 })),
  };
}
