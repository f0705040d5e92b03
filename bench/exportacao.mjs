// Customer export over HTTP (issue 3 target on PostgreSQL: 1,000,000 customers as CSV in ≤ 30 s with the
// API's memory growing ≤ 100 MB), on a data set made by gerar-dados.mjs:
//
//   node bench/exportacao.mjs --pg postgres://postgres@127.0.0.1:5432/bonifica_bench | --pglite /tmp/bonifica-bench-pglite
//   [--xlsx-completo] [--perfil <pasta para o perfil de CPU da API>]
//
// POST client/exportar streams the file; the time is from the request to the last byte received, and the
// API's RSS is sampled from /proc every 100 ms (growth = peak − RSS before the request). The body is saved
// to a temporary file as it arrives (cheap, so the client takes little CPU from the API on the same cores)
// and checked afterwards: one line per customer the filter selects plus the header, UTF-8 with BOM, `;`,
// 14 columns, and no cell that a spreadsheet would run as a formula.
//
// Cases: CSV of every customer; XLSX of the customers born in one month (~1/12 of them: the streaming
// writer is far slower per row); with --xlsx-completo, XLSX of everyone too.
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, TextDecoder } from 'node:util';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { abrir } from './dados/banco.mjs';
import { acompanharMemoria, alvoDosArgumentos, entrar, iniciarApi } from './dados/medir.mjs';

const { values: op } = parseArgs({
  options: { pg: { type: 'string' }, pglite: { type: 'string' }, 'xlsx-completo': { type: 'boolean', default: false }, perfil: { type: 'string' } },
});
const alvo = alvoDosArgumentos();
const MES = 3;
const COLUNAS = 14;
const FORMULA = /^[=+\-@\t\r]/;

// What each case must bring, counted before the API starts (PGlite has one connection). The
// list's default filter leaves anonymised customers out (client.repository.ts filtrosDaLista).
const db = await abrir(alvo);
const contar = async (extra) =>
  Number((await db.q(`select count(*)::int as n from cliente where empresa_id = 1 and status <> 'ANONIMIZADO' ${extra}`))[0].n);
const todos = await contar('');
const doMes = await contar(`and extract(month from data_nascimento) = ${MES}`);
await db.fechar();

const casos = [
  { caso: 'CSV, todos os clientes', corpo: { formato: 'CSV' }, esperado: todos },
  { caso: `XLSX, nascidos no mês ${MES}`, corpo: { formato: 'XLSX', aniversarioMes: MES }, esperado: doMes },
  ...(op['xlsx-completo'] ? [{ caso: 'XLSX, todos os clientes', corpo: { formato: 'XLSX' }, esperado: todos }] : []),
];

/** POST with node:http (less client CPU than fetch), the body written to `arquivo` as it arrives. */
function baixar(base, cabecalhos, corpo, arquivo) {
  return new Promise((ok, falha) => {
    const t0 = performance.now();
    const req = http.request(`${base}/services/client/exportar`, { method: 'POST', headers: cabecalhos }, (res) => {
      let primeiroByte = null;
      let bytes = 0;
      const saida = createWriteStream(arquivo);
      res.on('data', (parte) => {
        primeiroByte ??= performance.now();
        bytes += parte.length;
      });
      res.pipe(saida);
      saida.on('finish', () =>
        ok({ status: res.statusCode, tipo: res.headers['content-type'], bytes, primeiroByteMs: Math.round(primeiroByte - t0), ms: performance.now() - t0 }),
      );
      res.on('error', falha);
    });
    req.on('error', falha);
    req.end(JSON.stringify(corpo));
  });
}

/** Lines, UTF-8 validity, BOM, columns and formulas of the saved CSV. */
async function conferirCsv(arquivo) {
  const r = { bom: false, utf8: true, linhas: 0, colunasErradas: 0, formulas: 0, neutralizadas: 0, cabecalho: null };
  const decodificador = new TextDecoder('utf-8', { fatal: true });
  const entrada = createReadStream(arquivo);
  const leitor = parse({ delimiter: ';', bom: true, relax_quotes: false });
  let inicio = true;
  entrada.on('data', (parte) => {
    if (inicio) r.bom = parte[0] === 0xef && parte[1] === 0xbb && parte[2] === 0xbf;
    inicio = false;
    try {
      decodificador.decode(parte, { stream: true });
    } catch {
      r.utf8 = false;
    }
  });
  entrada.pipe(leitor);
  for await (const campos of leitor) {
    if (r.cabecalho === null) r.cabecalho = campos;
    else r.linhas++;
    if (campos.length !== COLUNAS) r.colunasErradas++;
    for (const c of campos) {
      if (FORMULA.test(c)) r.formulas++;
      else if (c.startsWith("'") && FORMULA.test(c.slice(1))) r.neutralizadas++;
    }
  }
  return r;
}

/** Rows and formulas of the saved XLSX, read back with exceljs's streaming reader. */
async function conferirXlsx(arquivo) {
  const r = { linhas: 0, colunasErradas: 0, formulas: 0, neutralizadas: 0, cabecalho: null };
  const leitor = new ExcelJS.stream.xlsx.WorkbookReader(arquivo, { sharedStrings: 'cache', styles: 'ignore', worksheets: 'emit' });
  for await (const planilha of leitor) {
    for await (const linha of planilha) {
      const valores = linha.values.slice(1);
      if (r.cabecalho === null) r.cabecalho = valores;
      else r.linhas++;
      if (valores.length > COLUNAS) r.colunasErradas++;
      for (const v of valores) {
        if (v && typeof v === 'object' && 'formula' in v) r.formulas++;
        else if (typeof v === 'string' && FORMULA.test(v)) r.formulas++;
        else if (typeof v === 'string' && v.startsWith("'") && FORMULA.test(v.slice(1))) r.neutralizadas++;
      }
    }
  }
  return r;
}

const pasta = mkdtempSync(join(tmpdir(), 'bonifica-exportacao-'));
const api = await iniciarApi({ ...alvo, porta: alvo.engine === 'postgres' ? 8372 : 8373, perfil: op.perfil });
try {
  const cabecalhos = await entrar(api.base);
  for (const { caso, corpo, esperado } of casos) {
    const arquivo = join(pasta, `exportacao.${corpo.formato.toLowerCase()}`);
    const carga = loadavg().map((v) => Math.round(v * 100) / 100);
    const memoria = acompanharMemoria(api.pid);
    const d = await baixar(api.base, cabecalhos, corpo, arquivo);
    const m = memoria.parar();
    const conferido = corpo.formato === 'CSV' ? await conferirCsv(arquivo) : await conferirXlsx(arquivo);
    const { cabecalho, ...resto } = conferido;
    const confere =
      d.status === 200 &&
      conferido.linhas === esperado &&
      conferido.colunasErradas === 0 &&
      conferido.formulas === 0 &&
      cabecalho?.[0] === 'Código' &&
      (corpo.formato === 'XLSX' || (conferido.bom && conferido.utf8));
    console.log(
      JSON.stringify({
        engine: alvo.engine,
        caso,
        esperado,
        segundos: Math.round(d.ms / 10) / 100,
        primeiroByteMs: d.primeiroByteMs,
        mb: Math.round((statSync(arquivo).size / 2 ** 20) * 10) / 10,
        linhasPorSeg: Math.round(esperado / (d.ms / 1000)),
        ...m,
        ...resto,
        tipo: d.tipo,
        confere,
        carga,
      }),
    );
    rmSync(arquivo, { force: true });
  }
} finally {
  await api.parar();
  rmSync(pasta, { recursive: true, force: true });
}
