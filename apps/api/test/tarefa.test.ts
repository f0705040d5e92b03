import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAGENS_PRODUTO, type StatusTarefaResposta, type TarefaCriada } from '@bonifica/contracts';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';

/**
 * Background jobs through the real pg-boss queue on this engine (PGlite via db.executeSql, or a
 * PostgreSQL pool): the app starts pg-boss on ready, a report job runs to the end, and the status
 * call and the download stay inside the company that asked.
 */

let t: AppDeTeste;
let gerente: Cliente;
let outra: Cliente;
let atendente: Cliente;

beforeAll(async () => {
  t = await criarAppDeTeste({ env: { TAREFAS: 'pgboss', TAREFAS_INTERVALO_SEGUNDOS: '0.5' } });
  [gerente, outra, atendente] = await Promise.all([t.entrar('gerente'), t.entrar('outra'), t.entrar('atendente')]);
});
afterAll(() => t.fechar());

async function aguardarFim(c: Cliente, id: string, limiteMs = 20_000): Promise<StatusTarefaResposta[]> {
  const vistos: StatusTarefaResposta[] = [];
  const fim = Date.now() + limiteMs;
  for (;;) {
    const s = env<StatusTarefaResposta>(await c.get(`/services/status/assincrono/${id}`)).result;
    vistos.push(s);
    if (s.status === 'CONCLUIDA' || s.status === 'ERRO') return vistos;
    if (Date.now() > fim) throw new Error(`tarefa ${id} não terminou: ${JSON.stringify(s)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

describe('tarefas em segundo plano pelo pg-boss', () => {
  let id: string;

  it('o relatório assíncrono de clientes entra na fila, é processado pelo pg-boss e chega a CONCLUIDA com 100%', async () => {
    const r = await gerente.post('/services/client/relatorio/assincrono', { formato: 'CSV' });
    expect(r.statusCode, r.body).toBe(200);
    id = env<TarefaCriada>(r).result.id;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const vistos = await aguardarFim(gerente, id);
    const fim = vistos.at(-1)!;
    expect(fim).toMatchObject({ status: 'CONCLUIDA', percentual: 100, mensagem: 'Concluída.', tipo: 'RELATORIO_CLIENTES' });
    expect(fim.total).toBe(25);
    expect(fim.processados).toBe(25);
    expect(fim.urlArquivo).toBe(`/services/tarefa/${id}/arquivo`);
    expect(fim.arquivoNome).toMatch(/^clientes-\d{8}-\d{4}\.csv$/);
    // Progress never runs backwards while the bar polls.
    const percentuais = vistos.map((v) => v.percentual);
    expect([...percentuais].sort((a, b) => a - b)).toEqual(percentuais);
  });

  it('o arquivo do relatório baixa como CSV com os clientes da empresa', async () => {
    const r = await gerente.get(`/services/tarefa/${id}/arquivo`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.headers['content-disposition']).toMatch(/^attachment; filename="clientes-\d{8}-\d{4}\.csv"/);
    expect(r.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const linhas = r.rawPayload.subarray(3).toString('utf8').trim().split('\r\n');
    expect(linhas[0]).toMatch(/^Código;Nome;CPF\/CNPJ;/);
    expect(linhas).toHaveLength(26);
    expect(r.body).toContain('Maria José da Silva');
  });

  it('outra empresa não vê o status nem baixa o arquivo da tarefa da demo (404, nada revelado)', async () => {
    for (const url of [`/services/status/assincrono/${id}`, `/services/tarefa/${id}/arquivo`]) {
      const r = await outra.get(url);
      expect(r.statusCode, url).toBe(404);
      expect(env(r)).toMatchObject({ hasError: true, messageError: 'Tarefa não encontrada.', result: null });
      expect(r.body).not.toMatch(/Maria|clientes-/);
    }
  });

  it('o atendente não pede relatórios de clientes, e um id que não é UUID é recusado com 400', async () => {
    const r = await atendente.post('/services/client/relatorio/assincrono', { formato: 'CSV' });
    expect(r.statusCode).toBe(403);
    expect(env(r).messageError).toBe(MENSAGENS_PRODUTO.acessoNegado);
    const ruim = await gerente.get('/services/status/assincrono/123');
    expect(ruim.statusCode).toBe(400);
    expect(env(ruim).messageError).toMatch(/Identificador de tarefa inválido/);
    const formato = await gerente.post('/services/client/relatorio/assincrono', { formato: 'PDF' });
    expect(formato.statusCode).toBe(400);
    expect(env(formato).messageError).toMatch(/Formato inválido: use CSV ou XLSX/);
  });

  it('sem sessão, o status não responde (401)', async () => {
    const r = await t.cliente().get(`/services/status/assincrono/${id}`);
    expect(r.statusCode).toBe(401);
  });
});
