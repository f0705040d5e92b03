// Message outbox (issue 14 §2, §4): queueing a campaign to 100,000 customers (one INSERT…SELECT with the
// consent rule; target ≤ 20 s) and the outbox worker's CPU cost per message with the sandbox gateway.
//
//   node bench/saida-mensagens.mjs --pg postgres://postgres@127.0.0.1:5432/bonifica_bench_saida [--clientes 100000] [--enviar 5000]
//   node bench/saida-mensagens.mjs --pglite /tmp/bonifica-bench-saida [--clientes 100000] [--enviar 2000]
//
// Runs the built app code (npm run build) in this process on a fresh database (migrations + demo seed),
// dropped at the end. CPU per message = process.cpuUsage() of the delivery loop / messages sent: the worker's
// JavaScript plus the sandbox gateway's (its two inserts per message go to the same database); on PGlite the
// database itself runs in this process too, so its figure includes the database's work.
import { parseArgs } from 'node:util';
import os from 'node:os';
import { apagar, exigirBuild, recriar } from './dados/banco.mjs';

const { values: op } = parseArgs({ options: { pg: { type: 'string' }, pglite: { type: 'string' }, clientes: { type: 'string' }, enviar: { type: 'string' } } });
if (!op.pg && !op.pglite) throw new Error('Use --pg <url> ou --pglite <pasta>.');
exigirBuild();
const alvo = op.pg ? { url: op.pg } : { dir: op.pglite };
const clientes = Number(op.clientes ?? 100_000);
const enviar = Number(op.enviar ?? (op.pg ? 5000 : 2000));
const INSTANCIAS = 4;

const { abrirBanco } = await import('../apps/api/dist/db/client.js');
const { migrar } = await import('../apps/api/dist/db/migrate.js');
const { semearDemo } = await import('../apps/api/dist/db/seed.js');
const { criarLote, entregarAte, garantirRitmos } = await import('../apps/api/dist/modules/mensagem/index.js');
const { whatsappSandbox } = await import('../apps/api/dist/adapters/whatsapp/whatsapp-sandbox.js');
const { sql } = await import('drizzle-orm');

await recriar({ ...alvo, substituir: true });
const banco = await abrirBanco({ databaseUrl: alvo.url, dataDir: alvo.dir, poolMax: 6 });
const linhas = async (q) => (await banco.db.execute(q)).rows;
try {
  await migrar(banco);
  await semearDemo(banco.db, { publicUrl: 'http://localhost' });
  const empresaId = 1;
  const sandbox = whatsappSandbox(banco.db, { automatico: false, atrasoMs: 1000, taxaFalha: 0 });
  const [s] = await linhas(sql`insert into servidor_whatsapp (nome, tipo, base_url, chave, capacidade, situacao) values ('Bench', 'sandbox', 'sandbox://bench', 'chave', 100, 'OK') returning id`);
  const instancias = [];
  for (let k = 0; k < INSTANCIAS; k++) {
    const nome = `bench-${k}`;
    const [i] = await linhas(sql`insert into instancia_whatsapp (empresa_id, servidor_id, nome, estado, webhook_token_hash, pareada_em, por_minuto, por_dia, silencio_inicio, silencio_fim)
      values (${empresaId}, ${s.id}, ${nome}, 'CONECTADA', ${'0'.repeat(64)}, '2020-01-01', 30000, 1000000, '00:00', '00:00') returning id`);
    const servidor = { baseUrl: 'sandbox://bench', chave: 'chave' };
    await sandbox.criarInstancia(servidor, nome, 'http://127.0.0.1:9/webhook');
    await sandbox.conectar(servidor, nome);
    await sandbox.simularLeitura(servidor, nome, `5511900000${k}01`);
    instancias.push(i.id);
  }

  // 100,000 customers, 80 % with WhatsApp consent, 1 % blocked: the consent rule has real work to do.
  await banco.db.execute(sql`insert into cliente (empresa_id, nome, celular)
    select ${empresaId}, 'Bench ' || g, '11' || lpad((900000000 + g)::text, 9, '0') from generate_series(1, ${clientes}) g`);
  await banco.db.execute(sql`insert into cliente_consentimento (empresa_id, cliente_id, canal, concedido, origem)
    select empresa_id, id, 'WHATSAPP', (id % 5 <> 0), 'BENCH' from cliente where nome like 'Bench %'`);
  await banco.db.execute(sql`insert into bloqueio_publico (empresa_id, cliente_id) select empresa_id, id from cliente where nome like 'Bench %' and id % 100 = 1`);
  await banco.db.execute(sql`analyze`);

  const t0 = performance.now();
  const r = await banco.db.transaction((tx) =>
    criarLote(tx, { empresaId, nome: 'Bench', origem: 'CAMPANHA', texto: 'Olá! Seu cashback está esperando.', marketing: true, instanciaId: instancias[0], clientes: sql`select id from cliente where nome like 'Bench %'` }),
  );
  const enfileirarMs = performance.now() - t0;
  // Spread the batch over the instances, as several companies' batches would be.
  await banco.db.execute(sql`update mensagem_saida set instancia_id = (array[${sql.raw(instancias.join(','))}])[1 + id % ${INSTANCIAS}] where lote_id = ${r.loteId}`);
  // Only `enviar` of them are sent: the rest are cancelled so the loop ends.
  await banco.db.execute(sql`update mensagem_saida set status = 'CANCELADA' where lote_id = ${r.loteId} and id not in (select id from mensagem_saida where lote_id = ${r.loteId} order by id limit ${enviar})`);
  await garantirRitmos(banco.db);

  const cpu0 = process.cpuUsage();
  const w0 = performance.now();
  const totais = await entregarAte(banco.db, { gateway: () => sandbox, continuar: () => true, paralelos: alvo.url ? 4 : 1, pararQuandoVazio: true, sonecaMaximaMs: 5 });
  const paredeMs = performance.now() - w0;
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const [dup] = await linhas(sql`select count(*)::int n from (select id_local from sandbox_whatsapp_mensagem group by id_local having count(*) > 1) x`);
  const resultado = {
    data: new Date().toISOString().slice(0, 10),
    maquina: `${os.cpus().length} núcleos (${os.cpus()[0]?.model}), Node ${process.version}, carga ${os.loadavg()[0].toFixed(1)}`,
    banco: banco.engine,
    clientes,
    enfileiradas: r.total,
    enfileirarSegundos: +(enfileirarMs / 1000).toFixed(2),
    enviadas: totais.ENVIADA,
    duplicadasNoGateway: dup.n,
    cpuMsPorMensagem: +(cpuMs / totais.ENVIADA).toFixed(3),
    mensagensPorSegundo: +((totais.ENVIADA * 1000) / paredeMs).toFixed(1),
  };
  console.log(JSON.stringify(resultado, null, 2));
} finally {
  await banco.close();
  await apagar(alvo);
}
