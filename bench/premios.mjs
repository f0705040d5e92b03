// Prize redemptions over HTTP (issue 15 §6 target on PostgreSQL: ≥ 500/s with p99 ≤ 50 ms), on a data
// set made by gerar-dados.mjs:  node bench/premios.mjs --pg postgres://…/bonifica_bench | --pglite <pasta> [--conexoes 32] [--segundos 10]
//
// As the counter redeems: the attendant's session (POST premio/resgate/save), one Idempotency-Key per
// redemption, customers drawn from those whose available cashback covers a few R$ 0,10 prizes. Two
// cases: a prize without stock control (the usual "always available" prize) and one with stock (each
// redemption takes a unit: the prize's row is the shared point every redemption writes).
import { parseArgs } from 'node:util';
import { randomUUID } from 'node:crypto';
import { abrir } from './dados/banco.mjs';
import { alvoDosArgumentos, entrar, iniciarApi, resumo, rodar } from './dados/medir.mjs';

const { values: op } = parseArgs({ options: { pg: { type: 'string' }, pglite: { type: 'string' }, conexoes: { type: 'string' }, segundos: { type: 'string' }, perfil: { type: 'string' } } });
const conexoes = Number(op.conexoes ?? 32);
const segundos = Number(op.segundos ?? 10);
const alvo = alvoDosArgumentos();

// Read before the API starts (PGlite has one connection): customers with R$ 5,00 or more available.
const db = await abrir(alvo);
const comSaldo = (
  await db.q(`select c.cliente_id as id from conta c join cliente cl on cl.id = c.cliente_id and cl.status = 'ATIVO'
    where c.empresa_id = 1 and c.tipo = 'CASHBACK' and not c.bloqueada
      and (select coalesce(sum(k.restante), 0) from credito k
           where k.empresa_id = 1 and k.conta_id = c.id and k.restante > 0 and k.disponivel_em <= now() and (k.expira_em is null or k.expira_em > now())) >= 500
    limit 20000`)
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
    const recusas = new Map();
    const r = await rodar({
      url: `${api.base}/services/premio/resgate/save`,
      method: 'POST',
      connections: conexoes,
      duration: segundos,
      headers: cabecalhos,
      requests: [
        {
          setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'idempotency-key': randomUUID() }, body: JSON.stringify({ premioId, clienteId: comSaldo[i++ % comSaldo.length] }) }),
          onResponse: (status, body) => {
            if (status >= 300) recusas.set(`${status} ${body.slice(0, 200)}`, (recusas.get(`${status} ${body.slice(0, 200)}`) ?? 0) + 1);
          },
        },
      ],
    });
    console.log(JSON.stringify({ engine: alvo.engine, caso: nome, conexoes, clientes: comSaldo.length, ...resumo(r), ...(recusas.size > 0 ? { recusas: Object.fromEntries(recusas) } : {}) }));
  }
} finally {
  await api.parar();
}
