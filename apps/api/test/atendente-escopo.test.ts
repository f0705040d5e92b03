import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ComprovanteVenda, Pagina, StatusTarefaResposta, TarefaCriada, Totalizador, TransacaoResumo } from '@bonifica/contracts';
import { tarefa } from '../src/db/schema/index.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';

// Issue 12 §7: the counter clerk of a branch sees that branch's sales and their own jobs; the management sees all.

let t: AppDeTeste;
let gerente: Cliente;
let atendente: Cliente;
let filialDoAtendente: number;
let atendenteId: number;

async function linhas<T>(consulta: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.banco.db.execute(consulta)) as unknown as { rows: T[] }).rows;
}

const listar = (c: Cliente, filtro: Record<string, unknown> = {}) => c.post('/services/transacao/filterpaginated/0/100', filtro);

beforeAll(async () => {
  t = await criarAppDeTeste();
  [gerente, atendente] = await Promise.all([t.entrar('gerente'), t.entrar('atendente')]);
  const [u] = await linhas<{ id: number; filial_id: number }>(sql`select id, filial_id from usuario where username = 'atendente'`);
  atendenteId = Number(u!.id);
  filialDoAtendente = Number(u!.filial_id);
});
afterAll(() => t.fechar());

describe('vendas e comprovantes: o atendente vê a sua loja', () => {
  it('a lista do atendente traz só as vendas da filial dele; a da gestão, a rede inteira', async () => {
    const [{ n: daFilial }] = await linhas<{ n: number }>(sql`select count(*)::int n from transacao where empresa_id = 1 and filial_id = ${filialDoAtendente}`);
    const [{ n: daRede }] = await linhas<{ n: number }>(sql`select count(*)::int n from transacao where empresa_id = 1`);
    expect(daFilial).toBeGreaterThan(0);
    expect(daRede).toBeGreaterThan(daFilial);

    const r = await listar(atendente);
    expect(r.statusCode, r.body).toBe(200);
    const p = env<Pagina<TransacaoResumo>>(r).result;
    expect(p.totalElements).toBe(daFilial);
    expect(new Set(p.content.map((v) => v.filialId))).toEqual(new Set([filialDoAtendente]));

    expect(env<Pagina<TransacaoResumo>>(await listar(gerente)).result.totalElements).toBe(daRede);
  });

  it('pedir outra loja no filtro não abre a rede para o atendente', async () => {
    const [{ filial_id: outraLoja }] = await linhas<{ filial_id: number }>(
      sql`select filial_id from transacao where empresa_id = 1 and filial_id <> ${filialDoAtendente} limit 1`,
    );
    const r = await listar(atendente, { filialId: Number(outraLoja) });
    expect(r.statusCode, r.body).toBe(200);
    expect(env<Pagina<TransacaoResumo>>(r).result.totalElements).toBe(0);
  });

  it('o atendente reimprime o comprovante da sua loja; o de outra loja é 404; a gestão reimprime qualquer um', async () => {
    const [{ id: daLoja }] = await linhas<{ id: number }>(sql`select id from transacao where empresa_id = 1 and filial_id = ${filialDoAtendente} limit 1`);
    const [{ id: deOutra }] = await linhas<{ id: number }>(sql`select id from transacao where empresa_id = 1 and filial_id <> ${filialDoAtendente} limit 1`);

    const propria = await atendente.get(`/services/transacao/impressao/${daLoja}`);
    expect(propria.statusCode, propria.body).toBe(200);
    expect(env<ComprovanteVenda>(propria).result.transacaoId).toBe(Number(daLoja));

    const alheia = await atendente.get(`/services/transacao/impressao/${deOutra}`);
    expect(alheia.statusCode).toBe(404);
    expect(env(alheia)).toMatchObject({ hasError: true, messageError: 'Venda não encontrada.', result: null });

    expect((await gerente.get(`/services/transacao/impressao/${deOutra}`)).statusCode).toBe(200);
  });

  it('uma venda lançada pelo atendente aparece na lista dele e reimprime', async () => {
    const [{ id: clienteId }] = await linhas<{ id: number }>(sql`select id from cliente where empresa_id = 1 and status = 'ATIVO' order by id limit 1`);
    const v = await atendente.post('/services/transacao/venda', { clienteId: Number(clienteId), valor: 30 });
    expect(v.statusCode, v.body).toBe(200);
    const { transacaoId } = env<{ transacaoId: number }>(v).result;
    const lista = env<Pagina<TransacaoResumo>>(await listar(atendente, { clienteId: Number(clienteId) })).result;
    expect(lista.content.map((x) => x.id)).toContain(transacaoId);
    expect((await atendente.get(`/services/transacao/impressao/${transacaoId}`)).statusCode).toBe(200);
  });
});

describe('tarefas: o status é de quem a iniciou (e da gestão)', () => {
  it('o atendente não vê a exportação do gerente (404); vê a sua; a gestão vê as duas', async () => {
    const r = await gerente.post('/services/client/relatorio/assincrono', { formato: 'CSV' });
    expect(r.statusCode, r.body).toBe(200);
    const doGerente = env<TarefaCriada>(r).result.id;
    // The counter starts no job of its own today: one is written as if it had.
    const [propria] = await t.banco.db.insert(tarefa).values({ empresaId: 1, usuarioId: atendenteId, tipo: 'RELATORIO_CLIENTES' }).returning({ id: tarefa.id });

    for (const url of [`/services/status/assincrono/${doGerente}`, `/services/tarefa/${doGerente}/arquivo`]) {
      const alheia = await atendente.get(url);
      expect(alheia.statusCode, url).toBe(404);
      expect(env(alheia)).toMatchObject({ hasError: true, messageError: 'Tarefa não encontrada.', result: null });
    }
    const minha = await atendente.get(`/services/status/assincrono/${propria!.id}`);
    expect(minha.statusCode, minha.body).toBe(200);
    expect(env<StatusTarefaResposta>(minha).result.status).toBe('PENDENTE');

    expect((await gerente.get(`/services/status/assincrono/${doGerente}`)).statusCode).toBe(200);
    expect((await gerente.get(`/services/status/assincrono/${propria!.id}`)).statusCode).toBe(200);
  });
});

describe('totalizador: um usuário de relatórios preso a uma filial soma a filial dele', () => {
  it('sem filtro, a sua loja; outra loja pedida, nada; a gestão, a rede', async () => {
    // The counter clerk does not see reports; give their profile the reports permission for this case.
    await t.banco.db.execute(sql`update perfil set permissoes = array_append(permissoes, 'RELATORIO_VER') where nome = 'Atendente de balcão'`);
    const hoje = new Date().toISOString().slice(0, 10);
    const de = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
    const [{ n: daFilial }] = await linhas<{ n: number }>(
      sql`select count(*)::int n from transacao where empresa_id = 1 and filial_id = ${filialDoAtendente} and status = 'CONFIRMADA'`,
    );
    const [{ filial_id: outraLoja }] = await linhas<{ filial_id: number }>(sql`select filial_id from transacao where empresa_id = 1 and filial_id <> ${filialDoAtendente} limit 1`);

    const r = await atendente.post('/services/transacao/relatorio/totalizador/', { de, ate: hoje });
    expect(r.statusCode, r.body).toBe(200);
    const proprio = env<Totalizador>(r).result;
    expect(proprio.porFilial.map((f) => f.filialId)).toEqual([filialDoAtendente]);
    expect(proprio.total.quantidade).toBe(daFilial);

    const alheio = env<Totalizador>(await atendente.post('/services/transacao/relatorio/totalizador/', { de, ate: hoje, filialId: Number(outraLoja) })).result;
    expect(alheio.total.quantidade).toBe(0);
    const pdf = await atendente.post('/services/transacao/impressao/totalizador', { de, ate: hoje });
    expect(pdf.statusCode).toBe(200);

    const rede = env<Totalizador>(await gerente.post('/services/transacao/relatorio/totalizador/', { de, ate: hoje })).result;
    expect(rede.porFilial.length).toBeGreaterThan(1);
  });
});
