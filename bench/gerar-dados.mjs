// Bench data generator (issue 3 §10): a fresh database with the app's migrations and demo seed, then
// customers with their default accounts and a year of sales with their ledger postings, in set-based SQL.
//
//   node bench/gerar-dados.mjs --pg postgres://postgres@127.0.0.1:5432/bonifica_bench            (1M clientes, 5M vendas)
//   node bench/gerar-dados.mjs --pglite /tmp/bonifica-bench-pglite --clientes 50000 --vendas 200000 [--substituir]
//
// Invariants kept (and checked at the end): every posting sums to zero per unit; each customer account's
// balance is the sum of its entries and never negative; the credit lots of an account add up to its
// balance (FIFO: debits consume the oldest credits). See docs/areas/dashboard.md "Dados do bench".
import { parseArgs } from 'node:util';
import { abrir, migrarESemear, recriar } from './dados/banco.mjs';
import { arraySql, PRENOMES, SOBRENOMES } from './dados/nomes.mjs';

const { values: op } = parseArgs({
  options: {
    pg: { type: 'string' },
    pglite: { type: 'string' },
    clientes: { type: 'string' },
    vendas: { type: 'string' },
    substituir: { type: 'boolean', default: false },
  },
});
if (!op.pg === !op.pglite) {
  console.error('Use --pg <url do banco novo> ou --pglite <pasta>.');
  process.exit(2);
}
const N = Number(op.clientes ?? (op.pg ? 1_000_000 : 50_000));
const M = Number(op.vendas ?? (op.pg ? 5_000_000 : 200_000));
const EMPRESA = 1;
const alvo = op.pg ? { url: op.pg } : { dir: op.pglite };

const inicio = Date.now();
async function etapa(nome, fn) {
  const t0 = Date.now();
  const r = await fn();
  console.log(`${nome.padEnd(52, '.')} ${((Date.now() - t0) / 1000).toFixed(1).padStart(7)} s`);
  return r;
}

await etapa('banco novo', () => recriar({ ...alvo, substituir: op.substituir }));
await etapa('migrações e dados de demonstração (pelo app)', () => migrarESemear(alvo));
const db = await abrir(alvo);
const q = db.q;
const um = async (s) => (await q(s))[0];

// Bulk load: no FK checks nor the per-row deferred "posting sums to zero" trigger (both are
// re-established below and the same rules are verified set-wise at the end).
await q('set session_replication_role = replica');
if (db.engine === 'postgres') {
  for (const s of ["set maintenance_work_mem = '1GB'", "set work_mem = '256MB'", 'set synchronous_commit = off', 'set statement_timeout = 0']) await q(s);
}
await q('select setseed(0.42)');

const base = await um(`select (select coalesce(max(id), 0) from cliente)::int as cliente, (select coalesce(max(id), 0) from lancamento)::int as lancamento,
  (select coalesce(max(id), 0) from transacao)::int as transacao`);
const filiais = (await q(`select id from empresa where matriz_id = ${EMPRESA} order by id`)).map((r) => r.id);
const usuarios = (await q(`select id from usuario where empresa_id in (${filiais.join(',')}) order by id`)).map((r) => r.id);
const regra = await um(`select cashback_percentual_bp as bp, pontos_por_real as ppr, compra_minima_centavos as minimo,
  coalesce(maximo_cashback_por_venda_centavos, 2147483647) as teto from regra_programa where empresa_id = ${EMPRESA} and filial_id is null`);
if (!regra || filiais.length === 0 || usuarios.length === 0) throw new Error('O banco não tem a empresa de demonstração (empresa 1, regra, usuários).');

const TABELAS = ['cliente', 'conta', 'lancamento', 'partida', 'transacao', 'credito'];
const indices = await etapa('índices secundários removidos (recriados no fim)', async () => {
  const defs = await q(`select indexname, indexdef from pg_indexes i where schemaname = 'public' and tablename in (${TABELAS.map((t) => `'${t}'`).join(',')})
    and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`);
  for (const d of defs) await q(`drop index ${d.indexname}`);
  return defs;
});

// CPF check digits (módulo 11) from the 9-digit base `b`, in SQL.
const dig = (i) => `substr(b, ${i}, 1)::int`;
const dv1 = `((${[...Array(9)].map((_, i) => `${dig(i + 1)} * ${10 - i}`).join(' + ')}) * 10 % 11 % 10)`;
const dv2 = (d1) => `((${[...Array(9)].map((_, i) => `${dig(i + 1)} * ${11 - i}`).join(' + ')} + ${d1} * 2) * 10 % 11 % 10)`;
const semAcento = (e) => `translate(lower(${e}), 'áàâãéêíóôõúüç', 'aaaaeeiooouuc')`;

await etapa(`${N.toLocaleString('pt-BR')} clientes`, () =>
  q(`insert into cliente (empresa_id, filial_origem_id, nome, documento, tipo_documento, data_nascimento, celular, celular_whatsapp, email, cidade, uf, status, criado_em, atualizado_em)
    select ${EMPRESA}, (array[${filiais.join(',')}])[1 + g % ${filiais.length}],
      p || ' ' || s1 || ' ' || s2, b || d1 || ${dv2('d1')}, 'CPF', date '1950-01-01' + floor(r1 * 20000)::int,
      (array['11','21','31','41','51','61','71','81'])[1 + g % 8] || '9' || lpad(((g::bigint * 7919) % 100000000)::text, 8, '0'),
      g % 3 <> 0,
      case when g % 4 <> 0 then ${semAcento('p')} || '.' || ${semAcento('s1')} || g || '@exemplo.com.br' end,
      'São Paulo', 'SP', 'ATIVO', criado, criado
    from (
      select g, b, ${dv1} as d1, random() as r1,
        (${arraySql(PRENOMES)})[1 + floor(random() * ${PRENOMES.length})::int] as p,
        (${arraySql(SOBRENOMES)})[1 + floor(random() * ${SOBRENOMES.length})::int] as s1,
        (${arraySql(SOBRENOMES)})[1 + floor(random() * ${SOBRENOMES.length})::int] as s2,
        -- One in ten signed up during the last year (the dashboard's "novos clientes"), the others before.
        case when random() < 0.1 then now() - random() * interval '365 days' else now() - interval '365 days' - random() * interval '730 days' end as criado
      from (select g, (200000000 + g)::text as b from generate_series(1, ${N}) g) x
    ) y
    order by g`),
);

// The triggers that keep the search words are off during the bulk load (replica role): the same
// words, from the same function, in one statement (docs/areas/clientes.md "Busca").
await etapa('palavras de busca dos clientes', () =>
  q(`insert into cliente_palavra (empresa_id, palavra, ordem, cliente_id)
    select c.empresa_id, p, c.ordem, c.id
    from (select empresa_id, id, email, documento, celular, busca_normalizada(nome) as ordem from cliente
          where empresa_id = ${EMPRESA} and id > ${base.cliente} and status <> 'ANONIMIZADO' offset 0) c
    cross join lateral palavras_do_cliente(c.ordem, c.email, c.documento, c.celular) p`),
);

await etapa('contas padrão (CASHBACK e PONTOS)', async () => {
  await q(`insert into conta (empresa_id, cliente_id, tipo, saldo, criado_em)
    select ${EMPRESA}, c.id, t.tipo, 0, c.criado_em from cliente c cross join (values ('CASHBACK'), ('PONTOS')) t(tipo)
    where c.empresa_id = ${EMPRESA} and c.id > ${base.cliente} order by c.id, t.tipo`);
  await q(`insert into conta (empresa_id, cliente_id, tipo) values (${EMPRESA}, null, 'SISTEMA_CASHBACK'), (${EMPRESA}, null, 'SISTEMA_PONTOS') on conflict do nothing`);
});
const sistema = await um(`select max(id) filter (where tipo = 'SISTEMA_CASHBACK') as cb, max(id) filter (where tipo = 'SISTEMA_PONTOS') as pt
  from conta where empresa_id = ${EMPRESA} and cliente_id is null`);

await etapa(`${M.toLocaleString('pt-BR')} vendas (cálculo em tabela temporária)`, async () => {
  await q('drop table if exists bench_contas, bench_conta_ids, bench_venda_bruta, bench_venda, bench_cancel');
  await q(`create unlogged table bench_contas as select cliente_id, max(id) filter (where tipo = 'CASHBACK') as cb, max(id) filter (where tipo = 'PONTOS') as pt, min(criado_em) as criado_em
    from conta where empresa_id = ${EMPRESA} and cliente_id > ${base.cliente} group by cliente_id`);
  await q(`create unlogged table bench_conta_ids as select id from conta where empresa_id = ${EMPRESA} and cliente_id > ${base.cliente}`);
  // Customers with low ids buy more often (power law); each sale falls between the customer's
  // sign-up (or a year ago) and now.
  await q(`create unlogged table bench_venda_bruta as
    select x.g, k.cliente_id, k.cb as conta_cb, k.pt as conta_pt,
      (array[${filiais.join(',')}])[1 + floor(random() * ${filiais.length})::int] as filial_id,
      (array[${usuarios.join(',')}])[1 + floor(random() * ${usuarios.length})::int] as usuario_id,
      ini + random() * (now() - ini) as criado_em,
      1000 + floor(power(random(), 2) * 30000)::int as valor
    from (select g, ${base.cliente} + 1 + floor(${N} * power(random(), 1.3))::int as cid from generate_series(1, ${M}) g) x
    join bench_contas k on k.cliente_id = x.cid
    cross join lateral (select greatest(now() - interval '365 days', k.criado_em) as ini) i`);
  const acumula = (base) => `case when ${base} >= ${regra.minimo} then least(floor((${base})::bigint * ${regra.bp} / 10000), ${regra.teto}) else 0 end`;
  // Every 5th sale of a customer pays with the cashback of the 4 before it (capped at the sale's
  // value); those 4 never redeem, so no balance goes below zero at any point in time. The last
  // sale of one customer in 50 is cancelled: nothing later has used its cashback.
  await q(`create unlogged table bench_venda as
    with a as (
      select *, ${acumula('valor')} as cb_bruto,
        row_number() over (partition by cliente_id order by criado_em, g) as rk,
        count(*) over (partition by cliente_id) as total_cliente
      from bench_venda_bruta
    ), b as (
      select *, case when rk % 5 = 0 then least(valor, coalesce(sum(cb_bruto) over (partition by cliente_id order by criado_em, g rows between 4 preceding and 1 preceding), 0)) else 0 end as resgate
      from a
    )
    select row_number() over (order by criado_em, g) as n, cliente_id, conta_cb, conta_pt, filial_id, usuario_id, criado_em, valor, resgate::int as resgate,
      ${acumula('valor - resgate')}::int as cashback,
      case when valor >= ${regra.minimo} then (floor((valor - resgate) / 100) * ${regra.ppr})::int else 0 end as pontos,
      (rk = total_cliente and hashint4(cliente_id) % 50 = 0) as cancelada
    from b`);
  await q('create unlogged table bench_cancel as select n, row_number() over (order by n) as k from bench_venda where cancelada');
});
const { canceladas } = await um('select count(*)::int as canceladas from bench_cancel');
const L = base.lancamento;
const T = base.transacao;

await etapa('lançamentos (vendas e estornos)', async () => {
  await q(`insert into lancamento (id, empresa_id, tipo, descricao, filial_id, usuario_id, referencia, criado_em)
    select ${L} + n, ${EMPRESA}, 'VENDA', 'Venda', filial_id, usuario_id,
      jsonb_build_object('valorCentavos', valor, 'resgateCentavos', resgate, 'cashbackCentavos', cashback, 'pontos', pontos), criado_em
    from bench_venda order by n`);
  await q(`insert into lancamento (id, empresa_id, tipo, descricao, estorno_de_id, filial_id, usuario_id, criado_em)
    select ${L} + ${M} + c.k, ${EMPRESA}, 'ESTORNO', 'Cancelamento da venda ' || (${T} + v.n), ${L} + v.n, v.filial_id, v.usuario_id, v.criado_em + interval '20 minutes'
    from bench_cancel c join bench_venda v using (n) order by c.k`);
});

// The same entries as transacao/venda writes: redemption and accrual each balanced against the
// company's system account of the unit.
const partidasDaVenda = (sinal) => `(values (conta_cb, ${sinal} -resgate), (${sistema.cb}, ${sinal} resgate), (conta_cb, ${sinal} cashback),
  (${sistema.cb}, ${sinal} -cashback), (conta_pt, ${sinal} pontos), (${sistema.pt}, ${sinal} -pontos)) x(conta, valor)`;
await etapa('partidas', async () => {
  await q(`insert into partida (empresa_id, lancamento_id, conta_id, valor, criado_em)
    select ${EMPRESA}, ${L} + n, x.conta, x.valor, criado_em from bench_venda cross join lateral ${partidasDaVenda('')} where x.valor <> 0 order by n`);
  await q(`insert into partida (empresa_id, lancamento_id, conta_id, valor, criado_em)
    select ${EMPRESA}, ${L} + ${M} + c.k, x.conta, x.valor, v.criado_em + interval '20 minutes'
    from bench_cancel c join bench_venda v using (n) cross join lateral ${partidasDaVenda('-1 *')} where x.valor <> 0 order by c.k`);
});

await etapa('transações', () =>
  q(`insert into transacao (id, empresa_id, filial_id, cliente_id, identificacao, valor_centavos, resgate_centavos, cashback_centavos, pontos, status,
      lancamento_id, estorno_lancamento_id, usuario_id, criado_em, cancelada_em, cancelada_por_id, motivo_cancelamento)
    select ${T} + v.n, ${EMPRESA}, v.filial_id, v.cliente_id, (array['CARTAO', 'CPF', 'CELULAR'])[1 + v.n % 3], v.valor, v.resgate, v.cashback, v.pontos,
      case when c.k is null then 'CONFIRMADA' else 'CANCELADA' end, ${L} + v.n, ${L} + ${M} + c.k, v.usuario_id, v.criado_em,
      v.criado_em + case when c.k is not null then interval '20 minutes' end, case when c.k is not null then v.usuario_id end,
      case when c.k is not null then 'Venda registrada em duplicidade' end
    from bench_venda v left join bench_cancel c using (n) order by v.n`),
);

await etapa('saldos das contas (soma das partidas)', () =>
  q(`update conta c set saldo = s.total from (select conta_id, sum(valor) as total from partida where empresa_id = ${EMPRESA} group by conta_id) s
    where c.id = s.conta_id and c.cliente_id is not null`),
);

await etapa('lotes de crédito (FIFO: débitos consomem os mais antigos)', () =>
  q(`insert into credito (empresa_id, conta_id, lancamento_id, valor, restante, disponivel_em, expira_em, criado_em)
    with cred as (
      select p.conta_id, p.lancamento_id, p.valor, p.criado_em, sum(p.valor) over (partition by p.conta_id order by p.id) as acumulado
      from partida p join bench_conta_ids k on k.id = p.conta_id where p.valor > 0
    ), deb as (
      select p.conta_id, -sum(p.valor) as debitado from partida p join bench_conta_ids k on k.id = p.conta_id where p.valor < 0 group by 1
    )
    select ${EMPRESA}, conta_id, lancamento_id, valor, greatest(0, least(valor, acumulado - coalesce(debitado, 0))), criado_em, null, criado_em
    from cred left join deb using (conta_id)`),
);

await etapa('índices recriados', async () => {
  for (const d of indices) await q(d.indexdef);
});
await etapa('sequências, gatilhos e estatísticas (vacuum analyze)', async () => {
  for (const t of TABELAS) await q(`select setval(pg_get_serial_sequence('${t}', 'id'), (select max(id) from ${t}))`);
  await q('set session_replication_role = origin');
  await q('drop table bench_contas, bench_conta_ids, bench_venda_bruta, bench_venda, bench_cancel');
  // The sales were written back-dated, without the sale path: the dashboard's daily summary is
  // rebuilt on first use, and the open days' pending rows are derived from the sales (decision 018).
  await q(`delete from resumo_venda_dia where empresa_id = ${EMPRESA}`);
  await q(`select resumo_venda_pendente_refazer(${EMPRESA}, now() - interval '2 days')`);
  // Also the search words: index-only scans need the visibility map, and servers without
  // autovacuum (this machine's) would leave the searches reading the heap of 7M rows.
  for (const t of [...TABELAS, 'cliente_palavra']) await q(`vacuum analyze ${t}`);
});

console.log('\nInvariantes (esperado 0 em todas):');
const contasGeradas = `c.empresa_id = ${EMPRESA} and c.cliente_id > ${base.cliente}`;
const verificacoes = [
  ['lançamentos que não somam zero', `select count(*)::int as n from (select lancamento_id from partida where empresa_id = ${EMPRESA} group by 1 having sum(valor) <> 0) x`],
  [
    'lançamentos que não somam zero por unidade',
    `select count(*)::int as n from (select p.lancamento_id, replace(c.tipo, 'SISTEMA_', '') from partida p join conta c on c.id = p.conta_id
      where p.empresa_id = ${EMPRESA} group by 1, 2 having sum(p.valor) <> 0) x`,
  ],
  [
    'contas de cliente com saldo ≠ soma das partidas',
    `select count(*)::int as n from conta c left join (select conta_id, sum(valor) as s from partida group by 1) p on p.conta_id = c.id
      where c.empresa_id = ${EMPRESA} and c.cliente_id is not null and c.saldo <> coalesce(p.s, 0)`,
  ],
  ['contas de cliente com saldo negativo', `select count(*)::int as n from conta c where c.cliente_id is not null and c.saldo < 0`],
  [
    'contas geradas com soma dos lotes ≠ saldo',
    `select count(*)::int as n from conta c left join (select conta_id, sum(restante) as r from credito group by 1) k on k.conta_id = c.id
      where ${contasGeradas} and c.saldo <> coalesce(k.r, 0)`,
  ],
  [
    'vendas sem o lançamento correspondente',
    `select count(*)::int as n from transacao t left join lancamento l on l.id = t.lancamento_id
      where t.empresa_id = ${EMPRESA} and t.id > ${T} and (l.id is null or (l.referencia->>'valorCentavos')::int <> t.valor_centavos)`,
  ],
];
let falhas = 0;
for (const [nome, s] of verificacoes) {
  const t0 = Date.now();
  const { n } = await um(s);
  if (n !== 0) falhas++;
  console.log(`  ${n === 0 ? 'ok ' : 'FALHOU'} ${nome}: ${n} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}
const demo = await um(`select count(*)::int as n from conta c left join (select conta_id, sum(restante) as r from credito group by 1) k on k.conta_id = c.id
  where c.empresa_id = ${EMPRESA} and c.cliente_id <= ${base.cliente} and c.saldo <> coalesce(k.r, 0)`);
if (demo.n > 0) console.log(`  (aviso) contas da demonstração com lotes ≠ saldo: ${demo.n} — a semente da demo ainda não grava lotes de crédito`);

const resumo = await um(`select (select count(*) from cliente)::int as clientes, (select count(*) from transacao)::int as vendas,
  (select count(*) from lancamento)::int as lancamentos, (select count(*) from partida)::int as partidas, (select count(*) from credito)::int as lotes`);
console.log(`\nTotal: ${JSON.stringify(resumo)}; vendas canceladas geradas: ${canceladas}`);
if (db.engine === 'postgres') console.log(`Tamanho do banco: ${(await um('select pg_size_pretty(pg_database_size(current_database())) as t')).t}`);
console.log(`Tempo total: ${((Date.now() - inicio) / 1000).toFixed(1)} s`);
await db.fechar();
process.exit(falhas ? 1 : 0);
