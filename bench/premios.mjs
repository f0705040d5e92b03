// Prize redemptions over HTTP (issue 15 §6 target on PostgreSQL: ≥ 500/s with p99 ≤ 50 ms), on a data
// set made by gerar-dados.mjs:  node bench/premios.mjs --pg postgres://…/bonifica_bench | --pglite <pasta> [--conexoes 32] [--segundos 10] [--taxa 500] [--aquecer 3]
//
// As the counter redeems: the attendant's session (POST premio/resgate/save), one Idempotency-Key per
// redemption, customers drawn from those whose available cashback covers a few R$ 0,10 prizes. Two
// cases: a prize without stock control (the usual "always available" prize) and one with stock (each
// redemption takes a unit: the prize's row is the shared point every redemption writes).
import { parseArgs } from 'node:util';
import { abrir } from './dados/banco.mjs';
import { alvoDosArgumentos, cargaDasOpcoes, entrar, iniciarApi, OPCOES_DE_CARGA, postarEmCarga } from './dados/medir.mjs';

const { values: op } = parseArgs({ options: { pg: { type: 'string' }, pglite: { type: 'string' }, perfil: { type: 'string' }, ...OPCOES_DE_CARGA } });
const carga = cargaDasOpcoes(op);
const alvo = alvoDosArgumentos();

// Read before the API starts (PGlite has one connection): customers with R$ 5,00 or more available.
const db = await abrir(alvo);
const comSaldo = (
  await db.q(`select c.cliente_id as id from conta c join cliente cl on cl.id = c.cliente_id and cl.status = 'ATIVO'
    where c.empresa_id = 1 and c.tipo = 'CASHBACK' and not c.bloqueada
      and (select coalesce(sum(k.restante), 0) from credito k
           where k.empresa_id = 1 and k.conta_id = c.id and k.restante > 0 and k.disponivel_em <= now() and (k.expira_em is null or k.expira_em > now())) >= 500
      -- from a random point of the ids: repeated runs do not wear out the same customers' lots.
      and c.cliente_id > (select (random() * 0.8 * max(id))::int from cliente) order by c.cliente_id limit 20000`)
).map((r) => r.id);
await db.fechar();
if (comSaldo.length === 0) throw new Error('Nenhum cliente com R$ 5,00 disponíveis: gere os dados de novo.');

const api = await iniciarApi({ ...alvo, porta: alvo.engine === 'postgres' ? 8370 : 8371, perfil: op.perfil });
try {
  const gerente = await entrar(api.base, 'gerente');
  const novoPremio = async (corpo) => {
    const r = await fetch(`${api.base}/services/premio/save`, { method: 'POST', headers: gerente, body: JSON.stringify({ custoCashback: 0.1, ...corpo }) });
    const j = await r.json();
    if (!j.result?.id) throw new Error(`Prêmio não criado: ${r.status} ${JSON.stringify(j)}`);
    return j.result.id;
  };
  const cabecalhos = await entrar(api.base, 'atendente');
  let i = 0;
  const casos = [
    ['resgate de prêmio sem controle de estoque', await novoPremio({ nome: `Bench sem estoque ${Date.now()}` })],
    ['resgate de prêmio com estoque', await novoPremio({ nome: `Bench com estoque ${Date.now()}`, estoque: 10_000_000 })],
  ];
  for (const [nome, premioId] of casos) {
    const r = await postarEmCarga({ ...carga, pidApi: api.pid, url: `${api.base}/services/premio/resgate/save`, cabecalhos, corpo: () => ({ premioId, clienteId: comSaldo[i++ % comSaldo.length] }) });
    console.log(JSON.stringify({ engine: alvo.engine, caso: nome, clientes: comSaldo.length, ...r }));
  }
} finally {
  await api.parar();
}
