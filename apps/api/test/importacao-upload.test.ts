import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as esperar } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { MetadadosImportacao, StatusImportacao } from '@bonifica/contracts';
import { tarefa, tarefaEntradaParte } from '../src/db/schema/index.js';
import { cpfDeBase } from '../src/db/seed-clientes.js';
import { MENSAGEM_EM_RECEBIMENTO } from '../src/modules/importacao/importacao.routes.js';
import { LIMITES_IMPORTACAO, MENSAGEM_ARQUIVO_DESCARTADO, MENSAGEM_EM_ANDAMENTO, MENSAGEM_LIMITE_BYTES, MENSAGEM_LIMITE_LINHAS } from '../src/modules/importacao/limites.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';
import { enviarArquivo } from './apoio/importacao.js';

let t: AppDeTeste;
let gerente: Cliente;
let outra: Cliente;

beforeAll(async () => {
  t = await criarAppDeTeste();
  [gerente, outra] = await Promise.all([t.entrar('gerente'), t.entrar('outra')]);
});
afterAll(() => t.fechar());

/**
 * Sends light requests of another company, one after the other, while `trabalho` runs, and
 * answers how long each took. With app.inject the event loop is the test's own: a synchronous
 * parse of the file anywhere (request or job) shows up as the wait of the request in flight.
 */
async function latenciasDurante<T>(trabalho: () => Promise<T>): Promise<{ resultado: T; latencias: number[]; duracao: number }> {
  let terminou = false;
  const inicio = performance.now();
  const emCurso = trabalho().finally(() => {
    terminou = true;
  });
  const latencias: number[] = [];
  while (!terminou) {
    const t0 = performance.now();
    const r = await outra.get('/services/importacao/metadados/empresa/0/5');
    latencias.push(performance.now() - t0);
    expect(r.statusCode).toBe(200);
    await esperar(20);
  }
  const resultado = await emCurso;
  return { resultado, latencias, duracao: performance.now() - inicio };
}

describe('um arquivo grande não para o servidor', () => {
  it('800 mil linhas: enviar, importar e processar sem que outra empresa espere mais de 1 s por uma resposta', { timeout: 300_000 }, async () => {
    // One real customer and 800k blank records: the parser pays for every record (the cost that
    // stalled the server); blank records are skipped afterwards, so the test does not time the writes.
    const arquivo = Buffer.from(`nome;cpf\r\nAna Grande Souza;\r\n${';\r\n'.repeat(800_000)}`, 'latin1');
    const { resultado: s, latencias, duracao } = await latenciasDurante(async () => {
      const r = await enviarArquivo(gerente, '/services/importacao/arquivo', 'grande.csv', arquivo);
      expect(r.statusCode, r.body).toBe(200);
      const m = env<MetadadosImportacao>(r).result;
      expect(m.cabecalhos).toEqual(['nome', 'cpf']);
      expect(m.amostra[0]).toEqual(['Ana Grande Souza', '']);
      const i = await gerente.post('/services/importacao/importar', { tarefaId: m.tarefaId, mapeamento: m.sugestao });
      expect(i.statusCode, i.body).toBe(200);
      await t.app.tarefas.executar(m.tarefaId);
      return env<StatusImportacao>(await gerente.get(`/services/importacao/status/${m.tarefaId}`)).result;
    });
    expect(s).toMatchObject({ status: 'CONCLUIDA', total: 1, processados: 1 });
    expect(s.resultado).toMatchObject({ inseridos: 1, comErro: 0 });
    // A generous bound (a loaded 2-core machine): before the fix one request waited the whole parse, seconds.
    expect(Math.max(...latencias), `latências: ${latencias.map((l) => l.toFixed(0)).join(' ')}`).toBeLessThan(1_000);
    expect(latencias.length).toBeGreaterThanOrEqual(5);
    expect(duracao).toBeGreaterThan(Math.max(...latencias));
  });
});

async function contar(tabela: typeof tarefa | typeof tarefaEntradaParte) {
  const [l] = await t.banco.db.select({ n: sql<number>`count(*)::int` }).from(tabela);
  return l!.n;
}

async function subirOk(nome: string, conteudo: Buffer | string): Promise<MetadadosImportacao> {
  const r = await enviarArquivo(gerente, '/services/importacao/arquivo', nome, conteudo);
  expect(r.statusCode, r.body).toBe(200);
  return env<MetadadosImportacao>(r).result;
}

async function iniciar(m: MetadadosImportacao) {
  return gerente.post('/services/importacao/importar', { tarefaId: m.tarefaId, mapeamento: m.sugestao });
}

async function statusDe(id: string) {
  return env<StatusImportacao>(await gerente.get(`/services/importacao/status/${id}`)).result;
}

describe('arquivo longo: o envio lê só o começo, a tarefa lê o resto', () => {
  it('cabeçalho e amostra do começo, total estimado pelas linhas; a tarefa conta os registros e acha o Latin-1 do fim', async () => {
    const linhas = ['Nome;CPF;Observações'];
    for (let i = 1; i <= 2_000; i++) linhas.push(`Cliente Longo ${i};${cpfDeBase(String(830_000_000 + i))};`);
    // Past the first 16 KB the upload reads: a blank line, a quoted note over two lines, and a Windows-1252 "ç".
    linhas.push('', `Conceição Final;${cpfDeBase('830009999')};"linha um`, 'linha dois"');
    const m = await subirOk('longo.csv', Buffer.from(linhas.join('\r\n'), 'latin1'));
    expect(m).toMatchObject({ codificacao: 'WINDOWS-1252', separador: ';', cabecalhos: ['Nome', 'CPF', 'Observações'], totalLinhasEstimado: true });
    // 2.002 non-blank lines after the header; the quoted note makes two of them one record.
    expect(m.totalLinhas).toBe(2_002);
    expect(m.amostra[0]![0]).toBe('Cliente Longo 1');
    expect((await iniciar(m)).statusCode).toBe(200);
    await t.app.tarefas.executar(m.tarefaId);
    const s = await statusDe(m.tarefaId);
    expect(s).toMatchObject({ status: 'CONCLUIDA', total: 2_001, processados: 2_001, percentual: 100 });
    expect(s.resultado).toMatchObject({ inseridos: 2_001, comErro: 0 });
    const [final] = await t.banco.db.execute(sql`select nome, observacoes from cliente where documento = ${cpfDeBase('830009999')}`).then((r) => (r as unknown as { rows: { nome: string; observacoes: string }[] }).rows);
    expect(final).toEqual({ nome: 'Conceição Final', observacoes: 'linha um\r\nlinha dois' });
    // The file's parts are dropped with the job's end.
    expect(await t.banco.db.select().from(tarefaEntradaParte).where(sql`${tarefaEntradaParte.tarefaId} = ${m.tarefaId}`)).toEqual([]);
  });

  it('aspas quebradas depois do começo: a tarefa termina em ERRO com a linha, nada gravado', async () => {
    const linhas = ['nome;cpf'];
    for (let i = 1; i <= 3_000; i++) linhas.push(`Quebrado ${i};`);
    linhas.push('"Aspas sem fim;', 'Depois;');
    const m = await subirOk('quebrado-longo.csv', linhas.join('\n'));
    expect(m.totalLinhasEstimado).toBe(true);
    expect((await iniciar(m)).statusCode).toBe(200);
    await t.app.tarefas.executar(m.tarefaId);
    const s = await statusDe(m.tarefaId);
    expect(s).toMatchObject({ status: 'ERRO', etapa: 'ERRO' });
    expect(s.mensagem).toMatch(/^Arquivo CSV inválido perto da linha \d+: verifique as aspas e o separador\.$/);
    expect(await contar(tarefaEntradaParte)).toBe(0);
  });
});

describe('limites por empresa', () => {
  it(`mais de ${LIMITES_IMPORTACAO.linhasPorArquivo.toLocaleString('pt-BR')} linhas: 413 com a explicação, nada guardado`, async () => {
    const [tarefas, partes] = [await contar(tarefa), await contar(tarefaEntradaParte)];
    const r = await enviarArquivo(gerente, '/services/importacao/arquivo', 'linhas-demais.csv', `nome\n${'Ana\n'.repeat(LIMITES_IMPORTACAO.linhasPorArquivo + 1)}`);
    expect(r.statusCode).toBe(413);
    expect(env(r).messageError).toBe(MENSAGEM_LIMITE_LINHAS);
    expect(MENSAGEM_LIMITE_LINHAS).toBe('O arquivo passa do limite de 1.000.000 linhas por importação. Divida-o em arquivos menores.');
    expect([await contar(tarefa), await contar(tarefaEntradaParte)]).toEqual([tarefas, partes]);
    // Exactly the limit passes (blank lines do not count).
    const m = await subirOk('linhas-no-limite.csv', `nome\n\n${'Ana\n'.repeat(LIMITES_IMPORTACAO.linhasPorArquivo)}\r\n`);
    expect(m).toMatchObject({ totalLinhas: LIMITES_IMPORTACAO.linhasPorArquivo, totalLinhasEstimado: true });
  });

  it('acima de 20 MB sem Content-Length (em fluxo): 413 quando o fluxo passa do limite, e o que chegou é apagado', { timeout: 120_000 }, async () => {
    const [tarefas, partes] = [await contar(tarefa), await contar(tarefaEntradaParte)];
    // Long lines (few of them): the size limit is the one passed, not the rows'.
    const grande = Buffer.alloc(LIMITES_IMPORTACAO.bytesPorArquivo + 1024 * 1024, `Ana;${'x'.repeat(4_000)}\n`);
    const r = await enviarArquivo(gerente, '/services/importacao/arquivo', 'grande-em-fluxo.csv', grande, 'text/csv', { emFluxo: true });
    expect(r.statusCode).toBe(413);
    expect(env(r).messageError).toBe(MENSAGEM_LIMITE_BYTES);
    expect([await contar(tarefa), await contar(tarefaEntradaParte)]).toEqual([tarefas, partes]);
  });

  it(`${LIMITES_IMPORTACAO.emAndamentoPorEmpresa} importações em andamento: a próxima é recusada com 409 (envio e início); outra empresa não é afetada`, async () => {
    const arquivo = (n: number) => `nome;cpf\nFila ${n};${cpfDeBase(String(840_000_000 + n))}\n`;
    const esperando = await subirOk('esperando.csv', arquivo(0));
    const na_fila = [await subirOk('fila1.csv', arquivo(1)), await subirOk('fila2.csv', arquivo(2))];
    for (const m of na_fila) expect((await iniciar(m)).statusCode).toBe(200);

    const envio = await enviarArquivo(gerente, '/services/importacao/arquivo', 'fila3.csv', arquivo(3));
    expect(envio.statusCode).toBe(409);
    expect(env(envio).messageError).toBe(MENSAGEM_EM_ANDAMENTO);
    expect(MENSAGEM_EM_ANDAMENTO).toBe('Já há 2 importações em andamento nesta empresa. Aguarde uma delas terminar e tente de novo.');
    // Contacts count too: the limit is the company's.
    const contatos = await enviarArquivo(gerente, '/services/empresa/importacao/contato/arquivo', 'contatos.csv', 'nome;email\nLead;lead@x.com\n');
    expect(contatos.statusCode).toBe(409);
    const inicio = await iniciar(esperando);
    expect(inicio.statusCode).toBe(409);
    expect(env(inicio).messageError).toBe(MENSAGEM_EM_ANDAMENTO);
    expect((await statusDe(esperando.tarefaId)).etapa).toBe('AGUARDANDO_MAPEAMENTO');

    const daOutra = await enviarArquivo(outra, '/services/importacao/arquivo', 'outra.csv', 'nome\nCliente da Outra\n');
    expect(daOutra.statusCode, daOutra.body).toBe(200);

    await t.app.tarefas.executar(na_fila[0]!.tarefaId);
    expect((await iniciar(esperando)).statusCode).toBe(200);
    for (const m of [na_fila[1]!, esperando]) await t.app.tarefas.executar(m.tarefaId);
    expect((await statusDe(esperando.tarefaId)).status).toBe('CONCLUIDA');
  });

  it(`a empresa guarda até ${LIMITES_IMPORTACAO.aguardandoPorEmpresa} arquivos enviados sem importar: um envio novo descarta o mais antigo, que diz por quê`, async () => {
    const enviados: MetadadosImportacao[] = [];
    for (let i = 0; i <= LIMITES_IMPORTACAO.aguardandoPorEmpresa; i++) enviados.push(await subirOk(`aguardando-${i}.csv`, `nome\nAguardando ${i}\n`));
    const [primeiro, segundo] = enviados;
    const s = await statusDe(primeiro!.tarefaId);
    expect(s).toMatchObject({ status: 'ERRO', etapa: 'ERRO', mensagem: MENSAGEM_ARQUIVO_DESCARTADO });
    expect(MENSAGEM_ARQUIVO_DESCARTADO).toBe('Arquivo descartado: a empresa guarda até 5 arquivos enviados e não importados. Envie-o de novo.');
    expect(await t.banco.db.select().from(tarefaEntradaParte).where(sql`${tarefaEntradaParte.tarefaId} = ${primeiro!.tarefaId}`)).toEqual([]);
    const r = await iniciar(primeiro!);
    expect(r.statusCode).toBe(409);
    expect(env(r).messageError).toBe(MENSAGEM_ARQUIVO_DESCARTADO);
    for (const m of enviados.slice(1)) expect((await statusDe(m.tarefaId)).etapa).toBe('AGUARDANDO_MAPEAMENTO');
    expect((await iniciar(segundo!)).statusCode).toBe(200);
    await t.app.tarefas.executar(segundo!.tarefaId);
    expect((await statusDe(segundo!.tarefaId)).status).toBe('CONCLUIDA');
  });

  it('arquivos ainda chegando contam como em andamento (409 para o próximo) e não têm metadados; um envio caído há mais de 1 h deixa de contar', async () => {
    const chegando = await t.banco.db
      .insert(tarefa)
      .values([1, 2].map((i) => ({ empresaId: 1, tipo: 'IMPORTACAO_CLIENTE', parametros: { tipo: 'CLIENTE', arquivoNome: `chegando-${i}.csv`, recebendo: true } })))
      .returning({ id: tarefa.id });
    try {
      const r = await enviarArquivo(gerente, '/services/importacao/arquivo', 'terceiro.csv', 'nome\nTerceiro\n');
      expect(r.statusCode).toBe(409);
      expect(env(r).messageError).toBe(MENSAGEM_EM_ANDAMENTO);
      const meta = await gerente.get(`/services/importacao/metadados/${chegando[0]!.id}`);
      expect(meta.statusCode).toBe(409);
      expect(env(meta).messageError).toBe(MENSAGEM_EM_RECEBIMENTO);
      const inicio = await gerente.post('/services/importacao/importar', { tarefaId: chegando[0]!.id, mapeamento: { nome: 0 } });
      expect(inicio.statusCode).toBe(409);
      expect(env(inicio).messageError).toBe(MENSAGEM_EM_RECEBIMENTO);

      await t.banco.db.execute(sql`update tarefa set criado_em = now() - interval '2 hours' where parametros -> 'recebendo' is not null`);
      expect((await enviarArquivo(gerente, '/services/importacao/arquivo', 'terceiro.csv', 'nome\nTerceiro\n')).statusCode).toBe(200);
    } finally {
      await t.banco.db.execute(sql`delete from tarefa where parametros -> 'recebendo' is not null`);
    }
  });
});
