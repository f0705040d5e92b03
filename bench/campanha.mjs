// Campaigns (issue 14 §3, §4): firing a campaign to 100,000 customers — audience, consent, block list,
// the holdout draw, one rendered message per customer and every participant recorded — target ≤ 20 s.
//
//   node bench/campanha.mjs --pg postgres://postgres@127.0.0.1:5432/bonifica_bench_campanha [--clientes 100000]
//   node bench/campanha.mjs --pglite /tmp/bonifica-bench-campanha [--clientes 100000]
//
// Runs the built app code (npm run build) in this process on a fresh database of its own (migrations + demo
// seed), dropped at the end: never the 1-million-customer bonifica_bench.
import { parseArgs } from 'node:util';
import os from 'node:os';
import { apagar, exigirBuild, recriar } from './dados/banco.mjs';

const { values: op } = parseArgs({ options: { pg: { type: 'string' }, pglite: { type: 'string' }, clientes: { type: 'string' } } });
if (!op.pg && !op.pglite) throw new Error('Use --pg <url> ou --pglite <pasta>.');
exigirBuild();
const alvo = op.pg ? { url: op.pg } : { dir: op.pglite };
const clientes = Number(op.clientes ?? 100_000);

const { abrirBanco } = await import('../apps/api/dist/db/client.js');
const { migrar } = await import('../apps/api/dist/db/migrate.js');
const { semearDemo } = await import('../apps/api/dist/db/seed.js');
const { dispararCampanha } = await import('../apps/api/dist/modules/campanha/disparo.js');
const { sql } = await import('drizzle-orm');

await recriar({ ...alvo, substituir: true });
const banco = await abrirBanco({ databaseUrl: alvo.url, dataDir: alvo.dir, poolMax: 4 });
const linhas = async (q) => (await banco.db.execute(q)).rows;
try {
  await migrar(banco);
  await semearDemo(banco.db, { publicUrl: 'http://localhost' });
  const empresaId = 1;
  const [s] = await linhas(sql`insert into servidor_whatsapp (nome, tipo, base_url, chave, capacidade, situacao) values ('Bench', 'sandbox', 'sandbox://bench', 'chave', 100, 'OK') returning id`);
  await banco.db.execute(sql`insert into instancia_whatsapp (empresa_id, servidor_id, nome, estado, webhook_token_hash, pareada_em)
    values (${empresaId}, ${s.id}, 'bench', 'CONECTADA', ${'0'.repeat(64)}, '2020-01-01')`);
  // 100,000 customers, 80 % with WhatsApp consent, 1 % blocked; half with a cashback balance.
  await banco.db.execute(sql`insert into cliente (empresa_id, nome, celular)
    select ${empresaId}, 'Bench Cliente ' || g, '11' || lpad((900000000 + g)::text, 9, '0') from generate_series(1, ${clientes}) g`);
  await banco.db.execute(sql`insert into cliente_consentimento (empresa_id, cliente_id, canal, concedido, origem)
    select empresa_id, id, 'WHATSAPP', (id % 5 <> 0), 'BENCH' from cliente where nome like 'Bench %'`);
  await banco.db.execute(sql`insert into bloqueio_publico (empresa_id, cliente_id, motivo) select empresa_id, id, 'bench' from cliente where nome like 'Bench %' and id % 100 = 1`);
  await banco.db.execute(sql`analyze`);
  const [m] = await linhas(sql`insert into modelo_mensagem (empresa_id, nome, canal, texto)
    values (${empresaId}, 'Bench', 'WHATSAPP', 'Oi {primeiro_nome}! Seu saldo na {loja} é {saldo_cashback}. Use {cupom}.') returning id`);
  // Every active customer of the company: the audience compiler with no condition.
  const [p] = await linhas(sql`insert into publico (empresa_id, nome, condicoes) values (${empresaId}, 'Todos', '{}'::jsonb) returning id`);
  const [k] = await linhas(sql`insert into campanha (empresa_id, nome, publico_id, modelo_id, controle_percentual, cupom)
    values (${empresaId}, 'Bench', ${p.id}, ${m.id}, 10, 'BENCH10') returning id`);

  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const r = await banco.db.transaction((tx) => dispararCampanha(tx, empresaId, k.id, null));
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const [c] = await linhas(sql`select count(*)::int n from campanha_participante where campanha_id = ${k.id}`);
  console.log(
    JSON.stringify(
      {
        data: new Date().toISOString().slice(0, 10),
        maquina: `${os.cpus().length} núcleos (${os.cpus()[0]?.model}), Node ${process.version}, carga ${os.loadavg()[0].toFixed(1)}`,
        banco: banco.engine,
        clientes,
        envio: r.envio,
        controle: r.controle,
        participantes: c.n,
        dispararSegundos: +(ms / 1000).toFixed(2),
        cpuDoProcessoSegundos: +((cpu.user + cpu.system) / 1e6).toFixed(2),
      },
      null,
      2,
    ),
  );
} finally {
  await banco.close();
  await apagar(alvo);
}
