// Audience count (issue 14 §4 target on PostgreSQL: p95 ≤ 200 ms over 1,000,000 customers), on a data set
// made by gerar-dados.mjs:
//   node --import tsx bench/publicos.mjs --pg postgres://postgres@127.0.0.1:5432/bonifica_bench | --pglite <pasta>
//     [--carga]   first load of the customer summary (cliente_resumo, docs/decisions/033), timed; needs the
//                 0038 migration in the database (the API applies it at boot)
//     [--mudancas N]  cost of the summary job per sale: the mark goes back until N sales are "new", timed
//                 (both without the rest between batches, FOLGA: the work itself)
//     [--direto]  also the reference compiler straight on the tables (slow: seconds per case on 1 M)
// It runs the exact statements of the API (the compilers of apps/api/src/modules/publico, through drizzle's
// own dialect: same text, same parameters) straight on the database, one after another as a manager typing
// in the builder would cause them: the latency measured is the database's, the part that grows with the
// customers (the HTTP envelope adds about a millisecond). If the database predates the audience migration,
// the two tables the statements may touch (block list, tags) are stood in for by empty temporary tables.
import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { condicoesPublicoSchema, FAIXAS_SALDO } from '@bonifica/contracts';
import { origemPublico } from '../apps/api/src/modules/publico/compilador.ts';
import { contagemAgregada, origemResumo } from '../apps/api/src/modules/publico/compilador-resumo.ts';
import { arrumarResumo, atualizarResumoDaEmpresa } from '../apps/api/src/modules/publico/resumo.ts';
import { alvoDosArgumentos } from './dados/medir.mjs';

const EMPRESA = 1;
const REPETICOES = Number(process.env.REPETICOES ?? 15);
const alvo = alvoDosArgumentos();
const dialeto = new PgDialect();

const diasAtras = (n) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const CASOS = [
  ['todos os clientes ativos', {}],
  ['uma filial', { filiais: [2] }],
  ['aniversariantes de março', { mesesAniversario: [3] }],
  ['filial + aniversário', { filiais: [2, 3], mesesAniversario: [3, 4] }],
  ['saldo de cashback entre R$ 10 e R$ 100', { saldo: { unidade: 'CASHBACK', min: 10, max: 100 } }],
  ['consentimento de WhatsApp', { consentimento: { whatsapp: true } }],
  ['comprou nos últimos 30 dias', { ultimaCompra: { depoisDe: diasAtras(30) } }],
  ['sem comprar há 90 dias', { ultimaCompra: { antesDe: diasAtras(90) } }],
  ['3+ compras em 90 dias', { compras: { de: diasAtras(90), ate: diasAtras(0), quantidade: { min: 3 } } }],
  ['R$ 200+ em compras no ano', { compras: { de: diasAtras(365), ate: diasAtras(0), valor: { min: 200 } } }],
  ['combinação: filial, saldo, WhatsApp, comprou em 60 dias', { filiais: [2], saldo: { unidade: 'CASHBACK', min: 5 }, consentimento: { whatsapp: true }, ultimaCompra: { depoisDe: diasAtras(60) } }],
];

const argumento = (nome) => process.argv.includes(nome);
const valorDe = (nome) => {
  const i = process.argv.indexOf(nome);
  return i < 0 ? undefined : process.argv[i + 1];
};

/** A raw client for the timings and a drizzle database over the same engine for the summary job. */
async function abrir() {
  if (alvo.url) {
    const pool = new pg.Pool({ connectionString: alvo.url, max: 2 });
    const c = await pool.connect();
    const { drizzle } = await import('drizzle-orm/node-postgres');
    return { q: async (texto, params = []) => (await c.query(texto, params)).rows, drizzle: drizzle(pool), fechar: async () => (c.release(), pool.end()) };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const db = await PGlite.create(alvo.dir, { extensions: { pg_trgm, unaccent } });
  const { drizzle } = await import('drizzle-orm/pglite');
  return { q: async (texto, params = []) => (await db.query(texto, params)).rows, drizzle: drizzle(db), fechar: () => db.close() };
}

const db = await abrir();
// What the API sets for each count's transaction (modules/publico/estatisticas.ts).
await db.q("set work_mem = '64MB'");
for (const tabela of ['bloqueio_publico', 'cliente_etiqueta']) {
  const [r] = await db.q(`select to_regclass($1) is not null as existe`, [`public.${tabela}`]);
  if (!r.existe) {
    const colunas = tabela === 'bloqueio_publico' ? 'empresa_id int, cliente_id int, celular varchar(11), email varchar(254)' : 'empresa_id int, etiqueta_id int, cliente_id int';
    await db.q(`create temp table ${tabela} (${colunas})`);
    console.log(`(${tabela} não existe neste banco: tabela temporária vazia nesta sessão)`);
  }
}
const [{ n: total }] = await db.q('select count(*)::int as n from cliente where empresa_id = $1', [EMPRESA]);
const [{ v: versao }] = await db.q('select version() as v');
console.log(`${alvo.engine}: ${total} clientes na empresa ${EMPRESA}; ${versao.split(',')[0]}`);

const pct = (l, p) => l[Math.min(l.length - 1, Math.ceil((p / 100) * l.length) - 1)];

async function medir(nome, consulta) {
  const { sql: texto, params } = dialeto.sqlToQuery(consulta);
  let resultado = null;
  await db.q(texto, params); // first run: warms the cache
  const tempos = [];
  for (let i = 0; i < REPETICOES; i++) {
    const t0 = performance.now();
    const [l] = await db.q(texto, params);
    tempos.push(performance.now() - t0);
    resultado = l?.n;
  }
  tempos.sort((a, b) => a - b);
  const linha = { engine: alvo.engine, caso: nome, clientes: resultado, p50ms: Math.round(pct(tempos, 50)), p95ms: Math.round(pct(tempos, 95)) };
  console.log(JSON.stringify(linha));
  return linha;
}

const [{ v: temResumo }] = await db.q(`select to_regclass('public.cliente_resumo') is not null as v`);
if (argumento('--carga')) {
  // From scratch: the first load of an existing base, then the changes made while it ran.
  await db.q('delete from cliente_resumo where empresa_id = $1', [EMPRESA]);
  await db.q('delete from cliente_resumo_estado where empresa_id = $1', [EMPRESA]);
  const t0 = performance.now();
  const r = await atualizarResumoDaEmpresa(db.drizzle, EMPRESA, { folga: 0 });
  await arrumarResumo(db.drizzle, r);
  const ms = performance.now() - t0;
  const [{ tamanho }] = await db.q(`select pg_size_pretty(pg_total_relation_size('cliente_resumo')) as tamanho`);
  console.log(JSON.stringify({ engine: alvo.engine, caso: 'carga inicial do resumo', clientes: total, lotes: r.carregados, segundos: +(ms / 1000).toFixed(1), msPorMilClientes: +((ms / total) * 1000).toFixed(1), tamanho }));
}
if (valorDe('--mudancas')) {
  // The job's cost per sale: the mark goes back until N sales (and their customers' postings) count as new.
  const n = Number(valorDe('--mudancas'));
  const [{ desde }] = await db.q(
    `select min(criado_em)::text as desde from (select criado_em from transacao where empresa_id = $1 order by criado_em desc limit $2) x`,
    [EMPRESA, n],
  );
  await db.q(`update cliente_resumo_estado set marca = $2::timestamptz + interval '2 minutes' where empresa_id = $1`, [EMPRESA, desde]);
  const t0 = performance.now();
  const r = await atualizarResumoDaEmpresa(db.drizzle, EMPRESA, { folga: 0 });
  await arrumarResumo(db.drizzle, r);
  const ms = performance.now() - t0;
  console.log(JSON.stringify({ engine: alvo.engine, caso: 'rodada da tarefa', vendas: n, clientesRecalculados: r.mudados, segundos: +(ms / 1000).toFixed(1), msPorVenda: +(ms / n).toFixed(3) }));
}
const [estado] = temResumo ? await db.q('select dados_de from cliente_resumo_estado where empresa_id = $1', [EMPRESA]) : [];
const pelaFonte = estado?.dados_de ? 'resumo' : 'tabelas';
console.log(`contagem pelo ${pelaFonte === 'resumo' ? `resumo (dados de ${new Date(estado.dados_de).toISOString()})` : 'compilador direto (resumo não carregado)'}`);

const linhas = [];
for (const [nome, bruto] of CASOS) {
  const f = condicoesPublicoSchema.parse(bruto);
  // What contarPublico runs (modules/publico/estatisticas.ts): the per-value counts when they answer, else the summary.
  if (pelaFonte === 'resumo') linhas.push(await medir(`contagem: ${nome}`, contagemAgregada(EMPRESA, f) ?? sql`select count(*)::int as n ${origemResumo(EMPRESA, f)}`));
  if (pelaFonte !== 'resumo' || argumento('--direto')) linhas.push(await medir(`direto: ${nome}`, sql`select count(*)::int as n ${origemPublico(EMPRESA, f)}`));
}
// The statistics of the builder's side panel, for the heaviest typical audience (everyone).
const { estatisticasPublico } = await import('../apps/api/src/modules/publico/estatisticas.ts');
const executor = {
  execute: async (consulta) => {
    const { sql: texto, params } = dialeto.sqlToQuery(consulta);
    return { rows: await db.q(texto, params) };
  },
};
for (const [nome, bruto] of [CASOS[0], CASOS[6]]) {
  const f = condicoesPublicoSchema.parse(bruto);
  await estatisticasPublico(executor, EMPRESA, f);
  const tempos = [];
  for (let i = 0; i < Math.min(REPETICOES, 5); i++) {
    const t0 = performance.now();
    await estatisticasPublico(executor, EMPRESA, f);
    tempos.push(performance.now() - t0);
  }
  tempos.sort((a, b) => a - b);
  console.log(JSON.stringify({ engine: alvo.engine, caso: `estatísticas: ${nome}`, p50ms: Math.round(pct(tempos, 50)), p95ms: Math.round(pct(tempos, 95)), faixas: FAIXAS_SALDO.length }));
}
await db.fechar();
