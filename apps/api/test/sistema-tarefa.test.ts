import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MENSAGEM_TAREFA_NAO_REEXECUTAVEL, MENSAGEM_TAREFA_SEM_FALHA, MENSAGENS_PRODUTO, type AgendamentoInfo, type Pagina, type TarefaSistema } from '@bonifica/contracts';
import { tarefa, usuario } from '../src/db/schema/index.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';
import { auditoriasDe, idDoUsuario } from './apoio/consultas.js';

/** sistema/tarefa (docs/areas/manutencao.md § Tarefas): schedules, their editing and runs, and retry of failed jobs. */

let t: AppDeTeste;
let admin: Cliente;
let gerente: Cliente;

beforeAll(async () => {
  t = await criarAppDeTeste();
  [admin, gerente] = await Promise.all([t.entrar('admin'), t.entrar('gerente')]);
});
afterAll(() => t.fechar());

const salvar = (c: Cliente, corpo: Record<string, unknown>) => c.post('/services/sistema/tarefa/agendamento/salvar', corpo);

describe('agendamentos', () => {
  it('só o administrador do sistema (gerente: 403)', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const r of [
      await gerente.get('/services/sistema/tarefa/agendamentos'),
      await gerente.get('/services/sistema/tarefa/agendamento/resumo-vendas'),
      await salvar(gerente, { nome: 'resumo-vendas', cron: '*/5 * * * *' }),
      await gerente.post('/services/sistema/tarefa/agendamento/executar/resumo-vendas'),
      await gerente.post('/services/sistema/tarefa/filtrar/0/20', {}),
      await gerente.post(`/services/sistema/tarefa/reexecutar/${id}`),
    ]) {
      expect(r.statusCode).toBe(403);
      expect(env(r).messageError).toBe(MENSAGENS_PRODUTO.acessoNegado);
    }
  });

  it('lista os agendamentos com a expressão padrão, as próximas execuções e que, no modo manual, nada os aplica', async () => {
    const l = env<AgendamentoInfo[]>(await admin.get('/services/sistema/tarefa/agendamentos')).result;
    expect(l.map((a) => [a.nome, a.cron, a.personalizado, a.aplicado, a.execucoes])).toEqual([
      ['validade-creditos', '0 3 * * *', false, false, 0],
      ['resumo-vendas', '* * * * *', false, false, 0],
      ['mensagens-automaticas', '* * * * *', false, false, 0],
      ['monitoramento-whatsapp', '*/5 * * * *', false, false, 0],
      ['entregar-mensagens', '* * * * *', false, false, 0],
      ['reconciliar-mensagens', '* * * * *', false, false, 0],
      ['resumo-clientes', '*/2 * * * *', false, false, 0],
      ['resumo-clientes-conferencia', '30 4 * * *', false, false, 0],
    ]);
    expect(l[0]!.proximas).toHaveLength(3);
    // 03:00 in São Paulo is 06:00 UTC.
    expect(l[0]!.proximas.every((p) => p.endsWith('T06:00:00.000Z'))).toBe(true);
  });

  it('expressão inválida: 400 com o motivo; agendamento desconhecido: 404; nome ruim: 400', async () => {
    for (const cron of ['* * * *', '0 0 3 * * *', '61 * * * *', 'x y z w v', '']) {
      const r = await salvar(admin, { nome: 'resumo-vendas', cron });
      expect(r.statusCode, cron).toBe(400);
      expect(env(r).messageError).toMatch(/cron|campos/);
    }
    expect((await salvar(admin, { nome: 'nao-existe', cron: '0 3 * * *' })).statusCode).toBe(404);
    expect((await salvar(admin, { nome: 'Nao Existe!', cron: '0 3 * * *' })).statusCode).toBe(400);
    expect((await admin.get('/services/sistema/tarefa/agendamento/nao-existe')).statusCode).toBe(404);
  });

  it('salvar guarda a expressão (auditado); null volta ao padrão', async () => {
    const r = await salvar(admin, { nome: 'validade-creditos', cron: ' 30  4 * * 1-5 ' });
    expect(r.statusCode, r.body).toBe(200);
    expect(env<AgendamentoInfo>(r).result).toMatchObject({ cron: '30 4 * * 1-5', personalizado: true, cronPadrao: '0 3 * * *' });
    const lido = env<AgendamentoInfo>(await admin.get('/services/sistema/tarefa/agendamento/validade-creditos')).result;
    expect(lido.cron).toBe('30 4 * * 1-5');
    expect(lido.atualizadoEm).not.toBeNull();
    const [a] = await auditoriasDe(t, { entidade: 'agendamento', entidadeId: 'validade-creditos', acao: 'ALTERAR' });
    expect(a).toMatchObject({ usuarioId: await idDoUsuario(t, 'admin'), antes: { cron: '0 3 * * *' }, depois: { cron: '30 4 * * 1-5' } });
    const padrao = env<AgendamentoInfo>(await salvar(admin, { nome: 'validade-creditos', cron: null })).result;
    expect(padrao).toMatchObject({ cron: '0 3 * * *', personalizado: false });
  });

  it('executar agora roda o agendamento e registra início, fim, status e contagem', async () => {
    const r = await admin.post('/services/sistema/tarefa/agendamento/executar/resumo-vendas');
    expect(r.statusCode, r.body).toBe(200);
    const a = env<AgendamentoInfo>(r).result;
    expect(a).toMatchObject({ ultimoStatus: 'CONCLUIDA', execucoes: 1, falhas: 0, ultimoErro: null });
    expect(a.ultimoInicio).not.toBeNull();
    expect(a.ultimoFim).not.toBeNull();
  });
});

describe('tarefas em segundo plano', () => {
  it('lista as tarefas de todas as empresas; uma que falhou é executada de novo e chega ao fim; auditado', async () => {
    const gerenteId = await idDoUsuario(t, 'gerente');
    const [u] = await t.banco.db.select({ empresaId: usuario.empresaId }).from(usuario).where(eq(usuario.id, gerenteId));
    const empresaId = u!.empresaId!;
    const [falha] = await t.banco.db
      .insert(tarefa)
      .values({ empresaId, usuarioId: gerenteId, tipo: 'RELATORIO_CLIENTES', status: 'ERRO', mensagemErro: 'Falhou de propósito.', parametros: { formato: 'CSV', empresaAtualId: empresaId } })
      .returning({ id: tarefa.id });
    const [importacao] = await t.banco.db
      .insert(tarefa)
      .values({ empresaId, usuarioId: gerenteId, tipo: 'IMPORTACAO_CLIENTE', status: 'ERRO', mensagemErro: 'x' })
      .returning({ id: tarefa.id });

    const l = env<Pagina<TarefaSistema>>(await admin.post('/services/sistema/tarefa/filtrar/0/20', { status: 'ERRO' })).result;
    expect(l.content.map((x) => [x.id, x.podeReexecutar])).toEqual(expect.arrayContaining([[falha!.id, true], [importacao!.id, false]]));
    expect(l.content.find((x) => x.id === falha!.id)).toMatchObject({ empresaNome: expect.stringMatching(/^Bonifica Demo/), usuarioNome: 'Gabriel Gerente Souza', mensagemErro: 'Falhou de propósito.' });
    expect((await admin.post('/services/sistema/tarefa/filtrar/0/20', { status: 'QUALQUER' })).statusCode).toBe(400);

    const r = await admin.post(`/services/sistema/tarefa/reexecutar/${falha!.id}`);
    expect(r.statusCode, r.body).toBe(200);
    await t.app.tarefas.executar(falha!.id);
    const depois = env<Pagina<TarefaSistema>>(await admin.post('/services/sistema/tarefa/filtrar/0/20', {})).result.content.find((x) => x.id === falha!.id);
    expect(depois).toMatchObject({ status: 'CONCLUIDA', percentual: 100, mensagemErro: null, podeReexecutar: false });
    expect(await auditoriasDe(t, { entidade: 'tarefa', entidadeId: falha!.id, acao: 'REEXECUTAR' })).toHaveLength(1);

    const again = await admin.post(`/services/sistema/tarefa/reexecutar/${falha!.id}`);
    expect(again.statusCode).toBe(409);
    expect(env(again).messageError).toBe(MENSAGEM_TAREFA_SEM_FALHA);
    const imp = await admin.post(`/services/sistema/tarefa/reexecutar/${importacao!.id}`);
    expect(imp.statusCode).toBe(409);
    expect(env(imp).messageError).toBe(MENSAGEM_TAREFA_NAO_REEXECUTAVEL);
    expect((await admin.post('/services/sistema/tarefa/reexecutar/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('com o pg-boss de verdade', () => {
  let p: AppDeTeste;
  beforeAll(async () => {
    p = await criarAppDeTeste({ env: { TAREFAS: 'pgboss', TAREFAS_INTERVALO_SEGUNDOS: '0.5' } });
  });
  afterAll(() => p.fechar());

  it('a expressão salva é aplicada ao agendamento do pg-boss', async () => {
    const a = await p.entrar('admin');
    const r = await salvar(a, { nome: 'validade-creditos', cron: '15 2 * * *' });
    expect(r.statusCode, r.body).toBe(200);
    expect(env<AgendamentoInfo>(r).result.aplicado).toBe(true);
    const linhas = ((await p.banco.db.execute(sql`select cron from pgboss.schedule where name = 'validade-creditos'`)) as unknown as { rows: { cron: string }[] }).rows;
    expect(linhas).toEqual([{ cron: '15 2 * * *' }]);
  });
});
