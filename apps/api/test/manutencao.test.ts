import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  MENSAGEM_CONFIRMAR_MANUTENCAO,
  MENSAGEM_EMPRESA_MANUTENCAO,
  MENSAGEM_MANUTENCAO_EM_ANDAMENTO,
  MENSAGEM_SEM_EMPRESA_MANUTENCAO,
  MENSAGENS_PRODUTO,
  type DetalheManutencao,
  type ListaManutencao,
} from '@bonifica/contracts';
import { empresa, sessao, tarefa, tentativaLogin } from '../src/db/schema/index.js';
import { hojeNoFuso } from '../src/modules/empresadashboard/resumo.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';
import { auditoriasDe, idDoUsuario } from './apoio/consultas.js';

/**
 * sistema/manutencao (docs/areas/manutencao.md): the system administrator's maintenance actions,
 * each a background job run here explicitly (TAREFAS=manual), and each checked against what it
 * really did in the database.
 */

let t: AppDeTeste;
let admin: Cliente;
let gerente: Cliente;
let demo: number;
let outraEmpresa: number;

async function linhas<T>(consulta: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.banco.db.execute(consulta)) as unknown as { rows: T[] }).rows;
}

beforeAll(async () => {
  t = await criarAppDeTeste();
  [admin, gerente] = await Promise.all([t.entrar('admin'), t.entrar('gerente')]);
  const empresas = await t.banco.db.select({ id: empresa.id, nome: empresa.nome }).from(empresa).where(sql`${empresa.id} = ${empresa.matrizId}`).orderBy(empresa.id);
  demo = empresas.find((e) => e.nome.startsWith('Bonifica Demo'))!.id;
  outraEmpresa = empresas.find((e) => e.id !== demo)!.id;
});
afterAll(() => t.fechar());

/** Starts an action as the admin and runs its job to the end; returns the run's detail. */
async function executar(corpo: Record<string, unknown>): Promise<DetalheManutencao> {
  const r = await admin.post('/services/sistema/manutencao/executar', corpo);
  expect(r.statusCode, r.body).toBe(200);
  const { id } = env<{ id: string }>(r).result;
  const pendente = env<DetalheManutencao>(await admin.get(`/services/sistema/manutencao/detalhe/${id}`)).result;
  expect(pendente.status).toBe('PENDENTE');
  await t.app.tarefas.executar(id);
  return env<DetalheManutencao>(await admin.get(`/services/sistema/manutencao/detalhe/${id}`)).result;
}

describe('acesso e validação', () => {
  it('só o administrador do sistema: o gerente recebe 403 em todas as chamadas, sem sessão 401', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [metodo, url] of [
      ['GET', '/services/sistema/manutencao/listall'],
      ['GET', `/services/sistema/manutencao/detalhe/${id}`],
      ['POST', '/services/sistema/manutencao/executar'],
    ] as const) {
      const corpo = metodo === 'POST' ? { acao: 'CONFERIR_SALDOS' } : undefined;
      const r = metodo === 'POST' ? await gerente.post(url, corpo) : await gerente.get(url);
      expect(r.statusCode, url).toBe(403);
      expect(env(r)).toMatchObject({ hasError: true, messageError: MENSAGENS_PRODUTO.acessoNegado });
      const anonimo = metodo === 'POST' ? await t.cliente().post(url, corpo) : await t.cliente().get(url);
      expect([401, 403], url).toContain(anonimo.statusCode);
    }
  });

  it('listall traz as ações com descrição, se são destrutivas e que empresa pedem', async () => {
    const l = env<ListaManutencao>(await admin.get('/services/sistema/manutencao/listall')).result;
    expect(l.acoes.map((a) => [a.acao, a.destrutiva, a.empresa])).toEqual([
      ['REFAZER_RESUMOS', true, 'OBRIGATORIA'],
      ['CONFERIR_SALDOS', false, 'OPCIONAL'],
      ['LIMPAR_SESSOES', true, 'NENHUMA'],
      ['REINDEXAR_BUSCA', false, 'OPCIONAL'],
    ]);
    for (const a of l.acoes) expect(a.descricao.length).toBeGreaterThan(40);
    expect(l.execucoes).toEqual([]);
    const empresas = env<{ id: number; nome: string }[]>(await admin.get('/services/sistema/manutencao/empresas')).result;
    expect(empresas.map((e) => e.id).sort()).toEqual([demo, outraEmpresa].sort());
    expect((await gerente.get('/services/sistema/manutencao/empresas')).statusCode).toBe(403);
  });

  it('entradas ruins: 400 com mensagem em português; empresa inexistente ou filial: 404; nada é criado', async () => {
    const casos: [Record<string, unknown>, number, string | null][] = [
      [{ acao: 'APAGAR_TUDO' }, 400, 'Ação de manutenção inválida.'],
      [{ acao: 'REFAZER_RESUMOS', confirmar: true }, 400, MENSAGEM_EMPRESA_MANUTENCAO],
      [{ acao: 'LIMPAR_SESSOES', empresaId: demo, confirmar: true }, 400, MENSAGEM_SEM_EMPRESA_MANUTENCAO],
      // Destructive without an explicit yes.
      [{ acao: 'REFAZER_RESUMOS', empresaId: demo }, 400, MENSAGEM_CONFIRMAR_MANUTENCAO],
      [{ acao: 'REFAZER_RESUMOS', empresaId: demo, confirmar: false }, 400, MENSAGEM_CONFIRMAR_MANUTENCAO],
      [{ acao: 'LIMPAR_SESSOES' }, 400, MENSAGEM_CONFIRMAR_MANUTENCAO],
      [{ acao: 'CONFERIR_SALDOS', empresaId: 'x' }, 400, null],
      [{ acao: 'CONFERIR_SALDOS', empresaId: -1 }, 400, null],
      [{ acao: 'CONFERIR_SALDOS', extra: 1 }, 400, null],
      [{ acao: 'CONFERIR_SALDOS', empresaId: 999_999 }, 404, 'Empresa não encontrada.'],
    ];
    const [filial] = await t.banco.db.select({ id: empresa.id }).from(empresa).where(sql`${empresa.id} <> ${empresa.matrizId}`).limit(1);
    casos.push([{ acao: 'CONFERIR_SALDOS', empresaId: filial!.id }, 404, 'Empresa não encontrada.']);
    for (const [corpo, status, mensagem] of casos) {
      const r = await admin.post('/services/sistema/manutencao/executar', corpo);
      expect(r.statusCode, JSON.stringify(corpo)).toBe(status);
      expect(env(r).hasError).toBe(true);
      if (mensagem) expect(env(r).messageError).toBe(mensagem);
    }
    expect(env<ListaManutencao>(await admin.get('/services/sistema/manutencao/listall')).result.execucoes).toEqual([]);
    expect((await admin.get('/services/sistema/manutencao/detalhe/123')).statusCode).toBe(400);
    expect((await admin.get('/services/sistema/manutencao/detalhe/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('conferir saldos com o razão', () => {
  it('sem divergência: conferidas as contas, nenhuma listada; auditoria, autor e progresso registrados', async () => {
    const d = await executar({ acao: 'CONFERIR_SALDOS', empresaId: demo });
    expect(d).toMatchObject({ acao: 'CONFERIR_SALDOS', status: 'CONCLUIDA', percentual: 100, empresaId: demo, usuarioNome: 'Ana Administradora', destrutiva: false });
    expect(d.empresaNome).toMatch(/^Bonifica Demo/);
    expect(d.iniciadoEm).not.toBeNull();
    expect(d.concluidoEm).not.toBeNull();
    const resumo = d.resumo as { contas: number; divergencias: unknown[] };
    expect(resumo.contas).toBeGreaterThan(3);
    expect(resumo.divergencias).toEqual([]);
    expect(d.log.map((l) => l.texto)).toContain(`Nenhuma divergência em ${resumo.contas} conta(s).`);
    const [a] = await auditoriasDe(t, { entidade: 'manutencao', entidadeId: d.id, acao: 'EXECUTAR' });
    expect(a).toMatchObject({ usuarioId: await idDoUsuario(t, 'admin'), empresaId: null, depois: { acao: 'CONFERIR_SALDOS', empresaId: demo, confirmado: false } });
  });

  it('um saldo guardado adulterado no banco aparece como divergência, com o saldo e as somas; nada é corrigido', async () => {
    const [c] = await linhas<{ id: number; saldo: string }>(sql`select id, saldo from conta where empresa_id = ${demo} and cliente_id is not null and saldo > 0 order by id limit 1`);
    await t.banco.db.execute(sql`update conta set saldo = saldo + 123 where id = ${c!.id}`);
    try {
      const d = await executar({ acao: 'CONFERIR_SALDOS' });
      expect(d.empresaId).toBeNull();
      const resumo = d.resumo as { divergencias: { contaId: number; saldo: number; somaPartidas: number; somaLotes: number }[] };
      expect(resumo.divergencias).toEqual([expect.objectContaining({ contaId: Number(c!.id), empresaId: demo, saldo: Number(c!.saldo) + 123, somaPartidas: Number(c!.saldo), somaLotes: Number(c!.saldo) })]);
      expect(d.log.some((l) => l.nivel === 'AVISO' && l.texto.includes(`conta ${c!.id} `))).toBe(true);
      // Read-only: the stored balance is still the corrupted one.
      const [depois] = await linhas<{ saldo: string }>(sql`select saldo from conta where id = ${c!.id}`);
      expect(Number(depois!.saldo)).toBe(Number(c!.saldo) + 123);
    } finally {
      await t.banco.db.execute(sql`update conta set saldo = saldo - 123 where id = ${c!.id}`);
    }
  });

  it('a mesma ação para o mesmo alvo não começa duas vezes enquanto a primeira está na fila (409)', async () => {
    const r1 = await admin.post('/services/sistema/manutencao/executar', { acao: 'CONFERIR_SALDOS', empresaId: outraEmpresa });
    expect(r1.statusCode).toBe(200);
    const r2 = await admin.post('/services/sistema/manutencao/executar', { acao: 'CONFERIR_SALDOS', empresaId: outraEmpresa });
    expect(r2.statusCode).toBe(409);
    expect(env(r2).messageError).toBe(MENSAGEM_MANUTENCAO_EM_ANDAMENTO);
    // Another target is another run.
    const r3 = await admin.post('/services/sistema/manutencao/executar', { acao: 'REINDEXAR_BUSCA', empresaId: outraEmpresa });
    expect(r3.statusCode).toBe(200);
    await t.app.tarefas.executar(env<{ id: string }>(r1).result.id);
    await t.app.tarefas.executar(env<{ id: string }>(r3).result.id);
    const l = env<ListaManutencao>(await admin.get('/services/sistema/manutencao/listall')).result;
    expect(l.execucoes[0]).toMatchObject({ acao: 'REINDEXAR_BUSCA', status: 'CONCLUIDA', percentual: 100, titulo: 'Reindexar a busca de clientes' });
    expect(l.execucoes.every((e) => e.status === 'CONCLUIDA')).toBe(true);
  });
});

describe('refazer os resumos do dashboard', () => {
  const colunas = sql.raw('dia::text, filial_id, vendas, valor_centavos, resgate_centavos, cashback_centavos, pontos, novos_clientes, encode(clientes_hll, \'hex\') as hll');

  it('resumos apagados e adulterados voltam iguais aos calculados pelo dashboard', async () => {
    const hoje = hojeNoFuso();
    const de = new Date(Date.now() - 70 * 86_400_000).toISOString().slice(0, 10);
    const r = await gerente.post('/services/empresadashboard/completo', { de, ate: hoje });
    expect(r.statusCode, r.body).toBe(200);
    const antes = await linhas<Record<string, unknown>>(sql`select ${colunas} from resumo_venda_dia where empresa_id = ${demo} order by dia, filial_id`);
    expect(antes.length).toBeGreaterThan(60);
    expect(antes.some((l) => Number(l.vendas) > 0)).toBe(true);
    await t.banco.db.execute(sql`delete from resumo_venda_dia where empresa_id = ${demo} and dia > ${de}::date + 30`);
    await t.banco.db.execute(sql`update resumo_venda_dia set vendas = vendas + 999 where empresa_id = ${demo}`);

    const d = await executar({ acao: 'REFAZER_RESUMOS', empresaId: demo, confirmar: true });
    expect(d).toMatchObject({ status: 'CONCLUIDA', percentual: 100, destrutiva: true });
    expect(d.total).toBeGreaterThan(1);
    expect(d.processados).toBe(d.total);
    expect(d.log[0]!.texto).toMatch(/^Início: Refazer os resumos do dashboard \(Bonifica Demo/);
    expect(d.log.at(-1)!.texto).toMatch(/^Concluído: \d+ dia\(s\) fechados refeitos/);

    const depois = await linhas<Record<string, unknown>>(sql`select ${colunas} from resumo_venda_dia where empresa_id = ${demo} order by dia, filial_id`);
    const chave = (l: Record<string, unknown>) => `${String(l.dia)}|${String(l.filial_id)}`;
    const porChave = new Map(depois.map((l) => [chave(l), l]));
    for (const l of antes) expect(porChave.get(chave(l)), chave(l)).toEqual(l);
    // The dashboard still answers the same.
    const r2 = await gerente.post('/services/empresadashboard/completo', { de, ate: hoje });
    expect(env(r2).result).toEqual(env(r).result);
    // Another company's summaries were not touched.
    const alheias = await linhas(sql`select 1 from resumo_venda_dia where empresa_id <> ${demo} and vendas >= 999`);
    expect(alheias).toEqual([]);
  });
});

describe('apagar sessões vencidas e tentativas antigas', () => {
  it('apaga a sessão vencida e a tentativa antiga; a sessão em uso continua valendo', async () => {
    const usuarioId = await idDoUsuario(t, 'atendente');
    await t.banco.db.insert(sessao).values([
      { idHash: 'a'.repeat(64), usuarioId, xsrfToken: 'x', expiraEm: new Date(Date.now() - 60_000) },
      { idHash: 'b'.repeat(64), usuarioId, xsrfToken: 'x', expiraEm: new Date(Date.now() + 3_600_000), ultimoAcesso: new Date(Date.now() - 30 * 86_400_000) },
    ]);
    await t.banco.db.insert(tentativaLogin).values({ tipo: 'SENHA', username: 'velha', ip: '10.0.0.1', sucesso: false, criadoEm: new Date(Date.now() - 40 * 86_400_000) });
    const d = await executar({ acao: 'LIMPAR_SESSOES', confirmar: true });
    expect(d).toMatchObject({ status: 'CONCLUIDA', percentual: 100, empresaId: null });
    expect(d.resumo).toMatchObject({ sessoes: 2, tentativas: 1 });
    expect(d.log.map((l) => l.texto)).toEqual(expect.arrayContaining(['2 sessão(ões) vencida(s) apagada(s).', '1 tentativa(s) de login antiga(s) apagada(s).']));
    expect(await t.banco.db.select().from(sessao).where(eq(sessao.usuarioId, usuarioId))).toEqual([]);
    expect(await t.banco.db.select().from(tentativaLogin).where(eq(tentativaLogin.username, 'velha'))).toEqual([]);
    expect((await admin.get('/services/sistema/manutencao/listall')).statusCode).toBe(200);
    expect((await gerente.get('/services/backoffice/menu')).statusCode).toBe(200);
  });
});

describe('reindexar a busca de clientes', () => {
  it('palavras apagadas voltam e uma palavra a mais sai; a busca volta a achar o cliente', async () => {
    const todas = sql`select empresa_id, palavra, ordem, cliente_id from cliente_palavra where empresa_id = ${demo} order by 1, 2, 3, 4`;
    const antes = await linhas(todas);
    const [c] = await linhas<{ id: number }>(sql`select cliente_id as id from cliente_palavra where empresa_id = ${demo} limit 1`);
    const apagadas = await linhas(sql`delete from cliente_palavra where cliente_id = ${c!.id} returning 1`);
    await t.banco.db.execute(sql`insert into cliente_palavra (empresa_id, palavra, ordem, cliente_id) values (${demo}, 'zzzfantasma', 'zzz', ${c!.id})`);
    const d = await executar({ acao: 'REINDEXAR_BUSCA', empresaId: demo });
    expect(d.status).toBe('CONCLUIDA');
    expect(d.resumo).toMatchObject({ palavrasFaltando: apagadas.length, palavrasSobrando: 1 });
    expect(await linhas(todas)).toEqual(antes);
  });
});

describe('falha de uma execução', () => {
  it('termina em Falhou, com a mensagem e a linha de erro no log; o histórico mostra a falha', async () => {
    // A run whose company vanished after it was queued (written straight to the table: the API refuses it up front).
    const [x] = await t.banco.db
      .insert(tarefa)
      .values({ empresaId: null, usuarioId: await idDoUsuario(t, 'admin'), tipo: 'MANUTENCAO_REFAZER_RESUMOS', parametros: { acao: 'REFAZER_RESUMOS', empresaId: 999_999, confirmado: true } })
      .returning({ id: tarefa.id });
    await t.app.tarefas.executar(x!.id);
    const d = env<DetalheManutencao>(await admin.get(`/services/sistema/manutencao/detalhe/${x!.id}`)).result;
    expect(d).toMatchObject({ status: 'ERRO', mensagemErro: 'Empresa não encontrada.', empresaId: 999_999 });
    expect(d.log.at(-1)).toMatchObject({ nivel: 'ERRO', texto: 'Empresa não encontrada.' });
    const l = env<ListaManutencao>(await admin.get('/services/sistema/manutencao/listall')).result;
    expect(l.execucoes.find((e) => e.id === x!.id)).toMatchObject({ status: 'ERRO' });
  });
});

