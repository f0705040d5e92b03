// Prize draw (issue 15 §2 target on PostgreSQL: freeze + hash + 10 winners over 1,000,000 lucky numbers ≤ 10 s):
//   node --import tsx bench/sorteio.mjs --pg postgres://postgres@127.0.0.1:5432/bonifica_bench_sorteio [--numeros 1000000]
//   node --import tsx bench/sorteio.mjs --pglite [--numeros 200000]
// A fresh database (migrated, demo seeded), then customers with consent and one sale each in a past month —
// 10 lucky numbers per customer (R$ 100,00 at R$ 10,00 a number) — and the API's own freeze and draw
// functions (modules/sorteio), timed: freeze (INSERT…SELECT of one row per participant with the range of their
// numbers + SHA-256 of the canonical text read in blocks by the key, in Node) and 10 automatic winners (walking
// the ranges out of the draw + the owner of the number by its key, one prize per customer).
import { sql } from 'drizzle-orm';
import { abrirBanco } from '../apps/api/src/db/client.ts';
import { migrar } from '../apps/api/src/db/migrate.ts';
import { semearDemo } from '../apps/api/src/db/seed.ts';
import { congelarSorteio } from '../apps/api/src/modules/sorteio/congelar.ts';
import { sortearProximo } from '../apps/api/src/modules/sorteio/ganhador.ts';
import { buscarSorteio } from '../apps/api/src/modules/sorteio/sorteio.repository.ts';

const valorDe = (nome, padrao) => {
  const i = process.argv.indexOf(nome);
  return i < 0 ? padrao : process.argv[i + 1];
};
const url = valorDe('--pg', null);
const numeros = Number(valorDe('--numeros', url ? 1_000_000 : 200_000));
const clientes = Math.ceil(numeros / 10);

const banco = await abrirBanco(url ? { databaseUrl: url, poolMax: 2 } : { dataDir: 'memory://' });
await migrar(banco);
await semearDemo(banco.db, { publicUrl: 'http://localhost' });
const db = banco.db;
const linhas = async (q) => (await db.execute(q)).rows;

let t0 = Date.now();
await db.execute(sql`insert into cliente (empresa_id, nome, documento, tipo_documento, status)
  select 1, 'Cliente Bench ' || g, lpad((50000000000 + g)::text, 11, '0'), 'CPF', 'ATIVO' from generate_series(1, ${clientes}) g`);
await db.execute(sql`insert into cliente_consentimento (empresa_id, cliente_id, canal, concedido, origem, criado_em)
  select 1, id, 'WHATSAPP', true, 'BENCH', '2021-01-01' from cliente where empresa_id = 1 and nome like 'Cliente Bench %'`);
await db.execute(sql`insert into transacao (empresa_id, filial_id, cliente_id, valor_centavos, criado_em)
  select 1, 2, id, 10000, '2021-03-15 15:00:00+00' from cliente where empresa_id = 1 and nome like 'Cliente Bench %'`);
await db.execute(sql`analyze`);
const preparo = Date.now() - t0;

const [{ id }] = await linhas(sql`insert into sorteio (empresa_id, nome, regulamento, inicio, fim, premios, regra, valor_por_numero_centavos, origem_semente, semente, codigo_publico)
  values (1, 'Bench', 'Regulamento do bench', '2021-03-01', '2021-03-31', ${JSON.stringify(Array.from({ length: 10 }, (_, i) => `Prêmio ${i + 1}`))}::jsonb, 'VALOR', 1000, 'FIXA', '48213', 'bench-sorteio-0001') returning id`);
const [{ gerente }] = await linhas(sql`select id as gerente from usuario where username = 'gerente'`);
const u = { empresaId: 1 };

t0 = Date.now();
await db.transaction(async (tx) => congelarSorteio(tx, await buscarSorteio(tx, u, id, true), 1));
const congelar = Date.now() - t0;
const tempos = [];
for (let k = 0; k < 10; k++) {
  const t = Date.now();
  await db.transaction(async (tx) => sortearProximo(tx, await buscarSorteio(tx, u, id, true), 1, gerente));
  tempos.push(Date.now() - t);
}
const s = await buscarSorteio(db, u, id);
const sorteio = tempos.reduce((a, b) => a + b, 0);
console.log(JSON.stringify({ engine: banco.engine, numeros: s.totalNumeros, participantes: s.totalParticipantes, preparoMs: preparo, congelarMs: congelar, dezGanhadoresMs: sorteio, porGanhadorMs: tempos, totalMs: congelar + sorteio, status: s.status }));
await banco.close();
