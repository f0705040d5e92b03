// Sales over HTTP (issue 3 target on PostgreSQL: ≥ 1,500/s with p99 ≤ 50 ms), on a data set made by
// gerar-dados.mjs:  node bench/vendas.mjs --pg postgres://…/bonifica_bench | --pglite <pasta> [--conexoes 32] [--segundos 10] [--taxa 1500] [--aquecer 3] [--perfil <pasta>]
//
// With --token (bench/vendas-token.mjs), as a till posts them through the integration API: an API token
// created by the manager (Authorization: Bearer, no cookie, docs/integracao.md), POST integracao/v1/vendas.
//
// As the counter terminal posts them: the attendant's session, one Idempotency-Key per sale, customers
// drawn at random from the generated ones. Two cases: plain sales (accrual only) and sales that also
// redeem R$ 1,00 of cashback from customers whose available balance covers it.
import { parseArgs } from 'node:util';
import { abrir } from './dados/banco.mjs';
import { alvoDosArgumentos, cargaDasOpcoes, entrar, iniciarApi, OPCOES_DE_CARGA, postarEmCarga } from './dados/medir.mjs';

const { values: op } = parseArgs({ options: { pg: { type: 'string' }, pglite: { type: 'string' }, perfil: { type: 'string' }, token: { type: 'boolean' }, ...OPCOES_DE_CARGA } });
// 32 counters selling at once without a pause: sales go to the database in batches (decision 017), and
// with ~10 ms per round trip 16 connections alone cannot ask for more than ~1,600 sales/s.
const carga = cargaDasOpcoes(op);
const alvo = alvoDosArgumentos();

// The customers, read before the API starts (PGlite has one connection).
const db = await abrir(alvo);
// Customers a sale is for: active, and no blocked account (a sale to one is refused with a 409, as it should).
const ativos = (
  await db.q(`select c.id from cliente c where c.empresa_id = 1 and c.status = 'ATIVO'
    and not exists (select 1 from conta k where k.empresa_id = 1 and k.cliente_id = c.id and k.bloqueada) order by random() limit 200000`)
).map((r) => r.id);
const comSaldo = (
  await db.q(`select c.cliente_id as id from conta c
    where c.empresa_id = 1 and c.tipo = 'CASHBACK' and not c.bloqueada
      and (select coalesce(sum(k.restante), 0) from credito k
           where k.empresa_id = 1 and k.conta_id = c.id and k.restante > 0 and k.disponivel_em <= now() and (k.expira_em is null or k.expira_em > now())) >= 2000
      -- from a random point of the ids: repeated runs do not wear out the same customers' lots.
      and c.cliente_id > (select (random() * 0.8 * max(id))::int from cliente) order by c.cliente_id limit 5000`)
).map((r) => r.id);
await db.fechar();

/** A token of the company with the scopes of a till, created as the manager does on the screen. */
async function cabecalhosDeToken(base) {
  const r = await fetch(`${base}/services/company/api`, {
    method: 'PUT',
    headers: await entrar(base, 'gerente'),
    body: JSON.stringify({ nome: `bench ${Date.now()}`, escopos: ['vendas:lancar', 'resgates:lancar'] }),
  });
  const { result } = await r.json();
  if (!result?.segredo) throw new Error(`Token não criado: ${r.status}`);
  return { authorization: `Bearer ${result.segredo}`, 'content-type': 'application/json' };
}

const api = await iniciarApi({ ...alvo, porta: alvo.engine === 'postgres' ? 8368 : 8369, perfil: op.perfil });
try {
  const cabecalhos = op.token ? await cabecalhosDeToken(api.base) : await entrar(api.base, 'atendente');
  const url = `${api.base}/services/${op.token ? 'integracao/v1/vendas' : 'transacao/venda'}`;
  let i = 0;
  const casos = [
    ['venda com acúmulo', () => ({ clienteId: ativos[i++ % ativos.length], valor: 20 + (i % 400) / 4, identificacao: 'CPF' })],
    // Each of these customers redeems a few R$ 1,00 per run; their available balance covers R$ 20.
    ['venda com resgate de R$ 1,00', () => ({ clienteId: comSaldo[i++ % comSaldo.length], valor: 30 + (i % 400) / 4, resgate: 1, identificacao: 'CPF' })],
  ];
  if (comSaldo.length === 0) throw new Error('Nenhum cliente com R$ 20,00 disponíveis para o caso de resgate: gere os dados de novo.');
  for (const [nome, corpo] of casos) {
    const r = await postarEmCarga({ ...carga, pidApi: api.pid, url, cabecalhos, corpo });
    console.log(JSON.stringify({ engine: alvo.engine, caso: op.token ? `${nome} (token de API)` : nome, ...r }));
  }
} finally {
  await api.parar();
}
