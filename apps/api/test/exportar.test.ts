import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { MENSAGENS_PRODUTO, type ClienteResumo, type Pagina, type StatusTarefaResposta, type TarefaCriada } from '@bonifica/contracts';
import { auditoria, cliente, conta } from '../src/db/schema/index.js';
import { creditarCliente } from '../src/modules/account/razao.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';
import { idDoUsuario } from './apoio/consultas.js';

let t: AppDeTeste;
let gerente: Cliente;
let atendente: Cliente;
let outra: Cliente;
let maria: { id: number; documento: string | null };
let saldos: Record<string, number>;
/** The reference format, written independently of the code under test: Excel pt-BR reads "1.234,56". */
const brl = (centavos = 0) => (centavos / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** The file's stamp as a person in Brasília reads the clock (the demo company's zone), AAAAMMDD-HHmm. */
function carimboBrasilia(d: Date): string {
  const [dia, hora] = d.toLocaleString('sv-SE', { timeZone: 'America/Sao_Paulo' }).split(' ');
  return `${dia!.replaceAll('-', '')}-${hora!.slice(0, 5).replace(':', '')}`;
}
/** The stamps a request made between `antes` and now may carry (a minute may turn meanwhile). */
const carimbosPossiveis = (antes: Date) => [...new Set([carimboBrasilia(antes), carimboBrasilia(new Date())])];

beforeAll(async () => {
  t = await criarAppDeTeste();
  [gerente, atendente, outra] = await Promise.all([t.entrar('gerente'), t.entrar('atendente'), t.entrar('outra')]);
  [maria] = (await t.banco.db.select({ id: cliente.id, documento: cliente.documento }).from(cliente).where(eq(cliente.nome, 'Maria José da Silva'))) as [typeof maria];
  // A cashback balance in the thousands, so the money format shows its thousands separator.
  await t.banco.db.transaction((tx) => creditarCliente(tx, { empresaId: 1, tipo: 'AJUSTE', descricao: 'Teste de exportação', clienteId: maria.id, unidade: 'CASHBACK', valor: 123456 }));
  const contas = await t.banco.db.select({ tipo: conta.tipo, saldo: conta.saldo }).from(conta).where(eq(conta.clienteId, maria.id));
  saldos = Object.fromEntries(contas.map((c) => [c.tipo, c.saldo]));
});
afterAll(() => t.fechar());

function lerCsv(corpo: Buffer): string[][] {
  expect(corpo.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  return parse(corpo.subarray(3).toString('utf8'), { delimiter: ';', record_delimiter: '\r\n' }) as string[][];
}

async function totalDaLista(filtro: object): Promise<number> {
  return env<Pagina<ClienteResumo>>(await gerente.post('/services/client/filterpaginated/0/1', filtro)).result.totalElements;
}

describe('client/exportar em CSV', () => {
  it('sai em UTF-8 com BOM, separado por ;, com os mesmos clientes da lista, datas dd/mm/aaaa e valores 1.234,56', async () => {
    const antes = new Date();
    const r = await gerente.post('/services/client/exportar', { formato: 'CSV' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    // Named on the company's clock, not UTC (a 22:00 export in Brasília is not tomorrow's file).
    const nome = /^attachment; filename="(clientes-\d{8}-\d{4})\.csv"/.exec(String(r.headers['content-disposition']))?.[1];
    expect(carimbosPossiveis(antes).map((c) => `clientes-${c}`)).toContain(nome);
    const linhas = lerCsv(r.rawPayload);
    expect(linhas[0]).toEqual([
      'Código',
      'Nome',
      'CPF/CNPJ',
      'Tipo de documento',
      'Celular',
      'WhatsApp',
      'E-mail',
      'Data de nascimento',
      'Filial de origem',
      'Situação',
      'Saldo cashback (R$)',
      'Pontos',
      'Saldo pré-pago (R$)',
      'Cadastrado em',
    ]);
    expect(linhas.length - 1).toBe(await totalDaLista({}));
    const linhaMaria = linhas.find((l) => l[1] === 'Maria José da Silva')!;
    // Punctuated, so a spreadsheet keeps them as text (bare digits lost leading zeros and became 1,1E+13).
    const cpf = maria.documento!.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
    expect(linhaMaria).toMatchObject({ 0: String(maria.id), 2: cpf, 3: 'CPF', 4: '(11) 97665-1212', 5: 'Sim', 6: 'mariajose.silva@exemplo.com.br', 7: '11/03/1976', 9: 'Ativo', 10: brl(saldos.CASHBACK), 11: String(saldos.PONTOS ?? 0), 12: brl(saldos.PREPAGO) });
    expect(saldos.CASHBACK).toBeGreaterThanOrEqual(123456);
    expect(linhaMaria[10]).toMatch(/^\d{1,3}(\.\d{3})+,\d{2}$/);
    expect(linhaMaria[13]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    // Keyset order: by code, ascending.
    const codigos = linhas.slice(1).map((l) => Number(l[0]));
    expect(codigos).toEqual([...codigos].sort((a, b) => a - b));
  });

  it('CPF com zero à esquerda e CNPJ saem pontuados, como texto', async () => {
    for (const [nome, documento, celular] of [
      ['Zero Esquerda Exportada', '01234567890', '11912345678'],
      ['Empresa Exportada Ltda', '11222333000181', '1133334444'],
    ] as const) {
      const r = await gerente.post('/services/client/save', { nome, documento, celular });
      expect(r.statusCode, r.body).toBe(200);
    }
    const linhas = lerCsv((await gerente.post('/services/client/exportar', { formato: 'CSV', busca: 'exportada' })).rawPayload);
    expect(linhas.slice(1).map((l) => [l[1], l[2], l[4]]).sort()).toEqual([
      ['Empresa Exportada Ltda', '11.222.333/0001-81', '(11) 3333-4444'],
      ['Zero Esquerda Exportada', '012.345.678-90', '(11) 91234-5678'],
    ]);
  });

  it('os filtros da lista valem na exportação (busca, situação)', async () => {
    const busca = lerCsv((await gerente.post('/services/client/exportar', { busca: 'maria' })).rawPayload);
    expect(busca.slice(1).map((l) => l[1]).sort()).toEqual(['Maria J. Silva', 'Maria José da Silva']);
    const bloqueados = lerCsv((await gerente.post('/services/client/exportar', { status: 'BLOQUEADO' })).rawPayload);
    expect(bloqueados.length - 1).toBe(await totalDaLista({ status: 'BLOQUEADO' }));
    expect(bloqueados.slice(1).every((l) => l[9] === 'Bloqueado')).toBe(true);
  });

  it('um texto que começa com = + - @ vira texto (apóstrofo na frente), nunca fórmula', async () => {
    for (const [nome, obs] of [
      ['=HYPERLINK("http://mal.example","clique")', 'a'],
      ['+5511 Cliente Mais', 'b'],
      ['-Cliente Menos', 'c'],
      ['@Cliente Arroba', 'd'],
    ] as const) {
      const r = await gerente.post('/services/client/save', { nome, observacoes: obs });
      expect(r.statusCode, r.body).toBe(200);
    }
    const linhas = lerCsv((await gerente.post('/services/client/exportar', { formato: 'CSV' })).rawPayload);
    const nomes = linhas.map((l) => l[1]);
    expect(nomes).toContain(`'=HYPERLINK("http://mal.example","clique")`);
    expect(nomes).toContain("'+5511 Cliente Mais");
    expect(nomes).toContain("'-Cliente Menos");
    expect(nomes).toContain("'@Cliente Arroba");
    expect(nomes.some((n) => /^[=+\-@]/.test(n!))).toBe(false);
  });

  it('a exportação fica na auditoria (quem, formato, filtros), sem os dados', async () => {
    const r = await gerente.post('/services/client/exportar', { formato: 'CSV', busca: 'auditoria' });
    expect(r.statusCode).toBe(200);
    const [ultimo] = await t.banco.db.select().from(auditoria).where(eq(auditoria.acao, 'EXPORTAR')).orderBy(desc(auditoria.id)).limit(1);
    expect(ultimo).toMatchObject({ entidade: 'cliente', usuarioId: await idDoUsuario(t, 'gerente'), depois: { formato: 'CSV', filtro: { busca: 'auditoria' } } });
  });
});

describe('client/exportar em XLSX', () => {
  it('é um XLSX válido (zip) que o Excel lê de volta: mesmas linhas, datas como data e valores como número', async () => {
    const r = await gerente.post('/services/client/exportar', { formato: 'XLSX' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(r.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const livro = new ExcelJS.Workbook();
    await livro.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const planilha = livro.getWorksheet('Clientes')!;
    expect(planilha.getRow(1).getCell(2).value).toBe('Nome');
    expect(planilha.actualRowCount - 1).toBe(await totalDaLista({}));
    let linhaMaria: ExcelJS.Row | undefined;
    planilha.eachRow((row) => {
      if (row.getCell(2).value === 'Maria José da Silva') linhaMaria = row;
    });
    expect(linhaMaria!.getCell(1).value).toBe(maria.id);
    expect(linhaMaria!.getCell(8).value).toEqual(new Date('1976-03-11T00:00:00Z'));
    expect(linhaMaria!.getCell(8).numFmt).toBe('dd/mm/yyyy');
    expect(linhaMaria!.getCell(11).value).toBe(saldos.CASHBACK! / 100);
    expect(linhaMaria!.getCell(11).numFmt).toBe('#,##0.00');
    expect(linhaMaria!.getCell(12).value).toBe(saldos.PONTOS ?? 0);
    const nomes: unknown[] = [];
    planilha.eachRow((row) => nomes.push(row.getCell(2).value));
    expect(nomes).toContain(`'=HYPERLINK("http://mal.example","clique")`);
  });
});

describe('client/relatorio/assincrono (tarefa executada aqui, sem esperar a fila)', () => {
  it('cria a tarefa PENDENTE, que ao rodar chega a CONCLUIDA com 100% e um XLSX para baixar', async () => {
    const r = await gerente.post('/services/client/relatorio/assincrono', { formato: 'XLSX', busca: 'maria' });
    expect(r.statusCode).toBe(200);
    const { id } = env<TarefaCriada>(r).result;
    const antes = env<StatusTarefaResposta>(await gerente.get(`/services/status/assincrono/${id}`)).result;
    expect(antes).toMatchObject({ status: 'PENDENTE', percentual: 0, urlArquivo: null, mensagem: 'Na fila, aguardando início.' });
    await t.app.tarefas.executar(id);
    const depois = env<StatusTarefaResposta>(await gerente.get(`/services/status/assincrono/${id}`)).result;
    expect(depois).toMatchObject({ status: 'CONCLUIDA', percentual: 100, total: 2, processados: 2, urlArquivo: `/services/tarefa/${id}/arquivo` });
    const arquivo = await gerente.get(depois.urlArquivo!);
    expect(arquivo.statusCode).toBe(200);
    const livro = new ExcelJS.Workbook();
    await livro.xlsx.load(arquivo.rawPayload as unknown as ArrayBuffer);
    expect(livro.getWorksheet('Clientes')!.actualRowCount).toBe(3);
    // Running it again does nothing: a finished job is not claimed twice.
    await t.app.tarefas.executar(id);
    expect(env<StatusTarefaResposta>(await gerente.get(`/services/status/assincrono/${id}`)).result.concluidoEm).toBe(depois.concluidoEm);
  });

  it('o atendente baixa só o que pediu: o arquivo de outro usuário não existe para ele (404)', async () => {
    const { id } = env<TarefaCriada>(await gerente.post('/services/client/relatorio/assincrono', { formato: 'CSV' })).result;
    await t.app.tarefas.executar(id);
    const r = await atendente.get(`/services/tarefa/${id}/arquivo`);
    expect(r.statusCode).toBe(404);
    expect(env(r).messageError).toBe('Tarefa não encontrada.');
    const pendente = env<TarefaCriada>(await gerente.post('/services/client/relatorio/assincrono', { formato: 'CSV' })).result;
    const cedo = await gerente.get(`/services/tarefa/${pendente.id}/arquivo`);
    expect(cedo.statusCode).toBe(404);
    expect(env(cedo).messageError).toBe('O arquivo desta tarefa ainda não está disponível.');
  });
});

describe('permissões e isolamento da exportação', () => {
  it('o atendente não exporta a base de clientes (403)', async () => {
    for (const url of ['/services/client/exportar', '/services/client/relatorio/assincrono']) {
      const r = await atendente.post(url, { formato: 'CSV' });
      expect(r.statusCode, url).toBe(403);
      expect(env(r).messageError).toBe(MENSAGENS_PRODUTO.acessoNegado);
    }
  });

  it('outra empresa exporta só os seus clientes, mesmo filtrando pelos nomes e filiais da demo', async () => {
    for (const filtro of [{}, { busca: 'Maria' }, { filialOrigemId: 2 }]) {
      const linhas = lerCsv((await outra.post('/services/client/exportar', filtro)).rawPayload);
      expect(linhas.slice(1).every((l) => l[8] === 'Padaria Pão Quente' || l[8] === '')).toBe(true);
      expect(linhas.map((l) => l.join(';')).join('\n')).not.toMatch(/Maria José|Bonifica/);
    }
  });

  it('filtro inválido e formato desconhecido → 400', async () => {
    expect((await gerente.post('/services/client/exportar', { formato: 'ODS' })).statusCode).toBe(400);
    const r = await gerente.post('/services/client/exportar', { aniversarioMes: 13 });
    expect(r.statusCode).toBe(400);
    expect(env(r).messageError).toContain('Mês inválido.');
  });
});

describe('exportação de muitas páginas (2.000 clientes por página, a seguinte lida enquanto a atual sai)', () => {
  it('4.100 clientes a mais: cada um sai uma vez, em ordem de código, em CSV e em XLSX', async () => {
    await t.banco.db.execute(sql`
      insert into cliente (empresa_id, nome, documento, tipo_documento)
      select 1, 'Cliente Página ' || g, lpad((90000000000 + g)::text, 11, '0'), 'CPF' from generate_series(1, 4100) g`);
    const total = await totalDaLista({});
    expect(total).toBeGreaterThan(4_100);
    const linhas = lerCsv((await gerente.post('/services/client/exportar', { formato: 'CSV' })).rawPayload).slice(1);
    expect(linhas).toHaveLength(total);
    const codigos = linhas.map((l) => Number(l[0]));
    expect(new Set(codigos).size).toBe(total);
    expect(codigos).toEqual([...codigos].sort((a, b) => a - b));
    expect(linhas.filter((l) => l[1]!.startsWith('Cliente Página '))).toHaveLength(4_100);

    const r = await gerente.post('/services/client/exportar', { formato: 'XLSX' });
    const livro = new ExcelJS.Workbook();
    await livro.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    expect(livro.getWorksheet('Clientes')!.actualRowCount - 1).toBe(total);
  });

  it('a busca vai ao banco como texto: apóstrofo ou SQL no termo não quebram nem escapam da consulta', async () => {
    for (const busca of ["d'Ávila", "'; drop table cliente; --", 'O\\Neil']) {
      const r = await gerente.post('/services/client/exportar', { formato: 'CSV', busca });
      expect(r.statusCode, busca).toBe(200);
      expect(lerCsv(r.rawPayload)).toHaveLength(1);
    }
    expect(await totalDaLista({})).toBeGreaterThan(4_100);
  });
});
