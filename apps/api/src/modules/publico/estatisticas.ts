import { sql, type SQL } from 'drizzle-orm';
import { FAIXAS_SALDO, reaisParaCentavos, type CondicoesPublico, type ContagemPublico, type EstatisticasPublico } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { origemPublico, selecaoContatosDoPublico, sqlBloqueado, sqlConsentimento } from './compilador.js';
import { contagemAgregada, origemResumo } from './compilador-resumo.js';
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
 * The audience with what the statistics need, from the same source as the count: the summary's row
 * alone when it is ready (consents, balance, whether there is a mobile / an e-mail — no join with the
 * customers, decision 033 "Estatísticas"), the tables otherwise. The block list is read live.
 */
function publicoComDados(empresaId: number, f: CondicoesPublico, resumo: boolean): SQL {
  if (resumo) {
    return sql`select r.filial_origem_id, r.tem_celular, r.tem_email, r.whatsapp as wa, r.email as em,
        ${sqlBloqueado(empresaId, sql`r.cliente_id`)} as bloq, r.saldo_cashback as saldo
      ${origemResumo(empresaId, f)}`;
  }
  return sql`select c.filial_origem_id, (c.celular is not null) as tem_celular, (c.email is not null) as tem_email,
      ${sqlConsentimento(empresaId, 'WHATSAPP')} as wa, ${sqlConsentimento(empresaId, 'EMAIL')} as em,
      ${sqlBloqueado(empresaId)} as bloq,
      coalesce((select k.saldo from conta k where k.empresa_id = ${empresaId} and k.cliente_id = c.id and k.tipo = 'CASHBACK'), 0) as saldo
    ${origemPublico(empresaId, f)}`;
}

/**
 * Statistics of an audience: who marketing can reach per channel (consent, a number/address, not
 * blocked), how many are blocked, by branch and by cashback balance band. One pass: the audience
 * grouped by (branch, band) with every figure as a filtered count, summed here.
 */
export function estatisticasPublico(tx: Executor, empresaId: number, f: CondicoesPublico): Promise<EstatisticasPublico> {
  return comLimite(tx, () => estatisticas(tx, empresaId, f));
}

type Grupo = { filial: number | null; nome: string | null; faixa: number; n: number; wa: number; em: number; awa: number; aem: number; bloq: number };

async function estatisticas(tx: Executor, empresaId: number, f: CondicoesPublico): Promise<EstatisticasPublico> {
  const dadosDe = await dadosDoResumo(tx, empresaId);
  const casos = FAIXAS_SALDO.map((b, i) =>
    b.max === null ? sql`when saldo >= ${reaisParaCentavos(b.min)} then ${i}` : sql`when saldo <= ${reaisParaCentavos(b.max)} then ${i}`,
  );
  const grupos = await linhas<Grupo>(
    tx,
    sql`select g.*, e.nome_curto as nome from (
        select filial_origem_id as filial, case ${sql.join(casos, sql` `)} else ${FAIXAS_SALDO.length - 1} end as faixa,
          count(*)::int as n, count(*) filter (where wa)::int as wa, count(*) filter (where em)::int as em,
          count(*) filter (where wa and tem_celular and not bloq)::int as awa, count(*) filter (where em and tem_email and not bloq)::int as aem,
          count(*) filter (where bloq)::int as bloq
        from (${publicoComDados(empresaId, f, dadosDe !== null)}) p group by 1, 2) g
      left join empresa e on e.id = g.filial`,
  );
  const soma = (campo: 'n' | 'wa' | 'em' | 'awa' | 'aem' | 'bloq') => grupos.reduce((t, g) => t + g[campo], 0);
  const porFilial = new Map<number | null, { filialId: number | null; nome: string; clientes: number }>();
  const porFaixa = new Map<number, number>();
  for (const g of grupos) {
    const filial = porFilial.get(g.filial) ?? { filialId: g.filial, nome: g.nome ?? 'Sem filial de origem', clientes: 0 };
    filial.clientes += g.n;
    porFilial.set(g.filial, filial);
    porFaixa.set(Number(g.faixa), (porFaixa.get(Number(g.faixa)) ?? 0) + g.n);
  }
  return {
    clientes: soma('n'),
    contatos: await contarContatos(tx, empresaId, f),
    dadosDe,
    consentimentoWhatsapp: soma('wa'),
    consentimentoEmail: soma('em'),
    alcancaveisWhatsapp: soma('awa'),
    alcancaveisEmail: soma('aem'),
    bloqueados: soma('bloq'),
    // Largest branches first; ties by name, as the database's C collation orders them.
    porFilial: [...porFilial.values()].sort((a, b) => b.clientes - a.clientes || (a.nome < b.nome ? -1 : a.nome > b.nome ? 1 : 0)),
    porFaixaSaldo: FAIXAS_SALDO.map((b, i) => ({ rotulo: b.rotulo, clientes: porFaixa.get(i) ?? 0 })),
  };
}
