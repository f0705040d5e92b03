// Customer import over HTTP (issue 3 target on PostgreSQL: 100,000 customers in ≤ 15 s), the real path:
// POST importacao/arquivo (multipart upload) → POST importacao/importar (mapping + options) → the pg-boss job
// in batches → GET importacao/status/{id} until it has finished. Timed from the upload to the status saying
// CONCLUIDA, with the API's peak RSS growth.
//
//   node bench/importacao.mjs --pg postgres://postgres@127.0.0.1:5432/bonifica_bench_importacao [--linhas 100000]
//   node bench/importacao.mjs --pglite /tmp/bonifica-bench-importacao [--linhas 10000]
//   [--fracao-saldo 0.25] [--manter] [--substituir] [--perfil <pasta para o perfil de CPU da API>]
//
// Each run starts from a known state: the database (or folder) is created with the app's migrations and demo
// seed, and dropped at the end (--manter keeps it, e.g. to export the imported base with bench/exportacao.mjs).
// An existing database with more than the demo data is refused unless --substituir: never a generated data set.
//
// Cases: the file into the demo company (IGNORAR), then the same file again with MESCLAR (everyone exists).
// Afterwards the ledger and search invariants of what was imported are checked in SQL.
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { abrir, apagar, migrarESemear, nomeDoBanco, recriar } from './dados/banco.mjs';
import { gerarArquivoImportacao } from './dados/arquivo-importacao.mjs';
import { acompanharMemoria, alvoDosArgumentos, entrar, iniciarApi } from './dados/medir.mjs';
import pg from 'pg';

const { values: op } = parseArgs({
  options: {
    pg: { type: 'string' },
    pglite: { type: 'string' },
    linhas: { type: 'string' },
    'fracao-saldo': { type: 'string' },
    manter: { type: 'boolean', default: false },
    substituir: { type: 'boolean', default: false },
    perfil: { type: 'string' },
  },
});
const alvo = alvoDosArgumentos();
const linhas = Number(op.linhas ?? (alvo.engine === 'postgres' ? 100_000 : 10_000));
const fracaoSaldo = Number(op['fracao-saldo'] ?? 0.25);

/** Refuses to recreate a database that holds more than the demo data (a generated data set, someone's work). */
async function conferirQueEDescartavel() {
  if (op.substituir) return;
  if (alvo.url) {
    const admin = new URL(alvo.url);
    admin.pathname = '/postgres';
    const c = new pg.Client({ connectionString: admin.toString() });
    await c.connect();
    const existe = (await c.query('select 1 from pg_database where datname = $1', [nomeDoBanco(alvo.url)])).rowCount > 0;
    await c.end();
    if (!existe) return;
  }
  let clientes = 0;
  try {
    const db = await abrir(alvo);
    clientes = Number((await db.q(`select count(*)::int as n from cliente`))[0].n);
    await db.fechar();
  } catch {
    return; // empty folder or database without the schema
  }
  if (clientes > 1_000) throw new Error(`O banco ${alvo.url ?? alvo.dir} já tem ${clientes} clientes: o bench o apagaria. Use outro nome ou --substituir.`);
}

/** multipart/form-data with the file in field "arquivo", as the upload screen sends it. */
function multipart(nome, conteudo) {
  const limite = `----bonifica${randomBytes(8).toString('hex')}`;
  const corpo = Buffer.concat([
    Buffer.from(`--${limite}\r\nContent-Disposition: form-data; name="arquivo"; filename="${nome}"\r\nContent-Type: text/csv\r\n\r\n`),
    conteudo,
    Buffer.from(`\r\n--${limite}--\r\n`),
  ]);
  return { corpo, tipo: `multipart/form-data; boundary=${limite}` };
}

async function json(r) {
  const corpo = await r.json();
  if (!r.ok || corpo.hasError) throw new Error(`${r.status} ${corpo.messageError ?? JSON.stringify(corpo)}`);
  return corpo.result;
}

/** One import through the API, timed from the upload to the job's end; polls the status every 100 ms. */
async function importar(api, cabecalhos, arquivo, duplicados) {
  const memoria = acompanharMemoria(api.pid);
  const t0 = performance.now();
  const { corpo, tipo } = multipart('clientes-migracao.csv', arquivo);
  const m = await json(await fetch(`${api.base}/services/importacao/arquivo`, { method: 'POST', headers: { ...cabecalhos, 'content-type': tipo }, body: corpo }));
  const tEnvio = performance.now();
  const s0 = await json(
    await fetch(`${api.base}/services/importacao/importar`, {
      method: 'POST',
      headers: cabecalhos,
      body: JSON.stringify({ tarefaId: m.tarefaId, mapeamento: m.sugestao, duplicados, unidadeSaldo: 'CASHBACK' }),
    }),
  );
  const tImportar = performance.now();
  let s = s0;
  let tInicio = null;
  while (s.status !== 'CONCLUIDA' && s.status !== 'ERRO') {
    await new Promise((ok) => setTimeout(ok, 100));
    s = await json(await fetch(`${api.base}/services/importacao/status/${m.tarefaId}`, { headers: cabecalhos }));
    if (tInicio === null && s.status !== 'PENDENTE') tInicio = performance.now();
  }
  const tFim = performance.now();
  return {
    m,
    s,
    tempos: {
      segundos: Math.round((tFim - t0) / 10) / 100,
      envioMs: Math.round(tEnvio - t0),
      importarMs: Math.round(tImportar - tEnvio),
      ateIniciarMs: tInicio === null ? null : Math.round(tInicio - tImportar),
      tarefaMs: Math.round(tFim - tImportar),
    },
    memoria: memoria.parar(),
  };
}

const cargaAgora = async () => (await import('node:os')).loadavg().map((v) => Math.round(v * 100) / 100);

await conferirQueEDescartavel();
await recriar({ ...alvo, substituir: true });
migrarESemear(alvo);
const { conteudo, esperado } = gerarArquivoImportacao({ linhas, fracaoSaldo });

const api = await iniciarApi({ ...alvo, porta: alvo.engine === 'postgres' ? 8370 : 8371, perfil: op.perfil });
const tarefas = [];
try {
  const cabecalhos = await entrar(api.base);
  const casos = [
    ['importação nova (IGNORAR)', 'IGNORAR', { inseridos: esperado.novos, ignorados: esperado.existentes, mesclados: 0, saldosLancados: esperado.saldosLancados, saldoTotal: esperado.saldoCentavos / 100 }],
    ['reimportação do mesmo arquivo (MESCLAR)', 'MESCLAR', { inseridos: 0, ignorados: 0, mesclados: esperado.novos + esperado.existentes, saldosLancados: 0, saldoTotal: 0 }],
  ];
  for (const [caso, duplicados, conta] of casos) {
    const carga = await cargaAgora();
    const { m, s, tempos, memoria } = await importar(api, cabecalhos, conteudo, duplicados);
    tarefas.push(m.tarefaId);
    const r = s.resultado ?? {};
    const confere =
      s.status === 'CONCLUIDA' &&
      m.totalLinhas === linhas &&
      m.codificacao === 'WINDOWS-1252' &&
      r.comErro === esperado.comErro &&
      Object.entries(conta).every(([k, v]) => Math.abs(r[k] - v) < 0.005);
    console.log(
      JSON.stringify({
        engine: alvo.engine,
        caso,
        linhas,
        mb: Math.round((conteudo.length / 2 ** 20) * 10) / 10,
        ...tempos,
        linhasPorSeg: Math.round(linhas / tempos.segundos),
        status: s.status,
        resultado: r,
        confere,
        ...memoria,
        carga,
      }),
    );
    if (!confere) console.log(JSON.stringify({ esperado: { ...conta, comErro: esperado.comErro }, mensagem: s.mensagem }));
  }
} finally {
  await api.parar();
}

// What every imported customer must have, checked in SQL on the database the import wrote. Joins
// with fresh statistics: a million-row account table does not forgive a nested loop.
const db = await abrir(alvo);
try {
  const um = async (s) => Number(Object.values((await db.q(s))[0])[0]);
  await db.q('analyze cliente, conta, partida, credito, lancamento, cliente_palavra');
  const importados = `select id from cliente where empresa_id = 1 and documento like '700%'`;
  const contas = `select k.* from conta k join (${importados}) c on c.id = k.cliente_id`;
  const conferencias = {
    clientesImportados: await um(`select count(*) from (${importados}) x`),
    // The company's default accounts (none configured in the demo: CASHBACK and PONTOS).
    clientesSemContasPadrao: await um(`select count(*) from (${importados}) c
      where (select count(*) from conta k where k.empresa_id = 1 and k.cliente_id = c.id and k.tipo in ('CASHBACK', 'PONTOS')) <> 2`),
    lancamentosSaldoInicial: await um(`select count(*) from lancamento where empresa_id = 1 and tipo = 'SALDO_INICIAL'`),
    // Postings that do not sum to zero, or that are not one customer entry and one system entry.
    lancamentosTortos: await um(`select count(*) from (select p.lancamento_id from partida p join lancamento l on l.id = p.lancamento_id
      where l.empresa_id = 1 and l.tipo = 'SALDO_INICIAL' group by 1 having sum(p.valor) <> 0 or count(*) <> 2) x`),
    // Customer accounts whose cached balance is not the sum of their entries, or not the sum of their lots.
    saldoDiferenteDasPartidas: await um(`select count(*) from (${contas}) k
      left join (select conta_id, sum(valor) as soma from partida where empresa_id = 1 group by 1) p on p.conta_id = k.id
      where k.saldo <> coalesce(p.soma, 0)`),
    saldoDiferenteDosLotes: await um(`select count(*) from (${contas}) k
      left join (select conta_id, sum(restante) as soma from credito where empresa_id = 1 group by 1) c on c.conta_id = k.id
      where k.saldo <> coalesce(c.soma, 0)`),
    saldoImportadoCentavos: await um(`select coalesce(sum(k.saldo), 0) from (${contas}) k where k.tipo = 'CASHBACK'`),
    // The search words the triggers on `cliente` write (migration 0015).
    clientesSemPalavrasDeBusca: await um(`select count(*) from (${importados}) c where not exists (select 1 from cliente_palavra w where w.cliente_id = c.id)`),
    auditoriasImportar: await um(`select count(*) from auditoria where acao = 'IMPORTAR' and entidade_id in (${tarefas.map((t) => `'${t}'`).join(',')})`),
  };
  const confere =
    conferencias.clientesImportados === esperado.novos &&
    conferencias.lancamentosSaldoInicial === esperado.saldosLancados &&
    conferencias.saldoImportadoCentavos === esperado.saldoCentavos &&
    conferencias.clientesSemContasPadrao + conferencias.lancamentosTortos + conferencias.saldoDiferenteDasPartidas + conferencias.saldoDiferenteDosLotes + conferencias.clientesSemPalavrasDeBusca === 0 &&
    conferencias.auditoriasImportar === tarefas.length;
  console.log(JSON.stringify({ engine: alvo.engine, caso: 'conferência do que foi gravado', ...conferencias, confere }));
} finally {
  await db.fechar();
}
if (!op.manter) await apagar(alvo);
