import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  MENSAGEM_COMPARTILHADO,
  MENSAGEM_SO_SANDBOX,
  MENSAGENS_PRODUTO,
  type Instancia,
  type MensagemCaixa,
  type Pagina,
  type ProgressoLoteMensagem,
  type ResumoCaixaSaida,
  type RitmoInstancia,
  type Servidor,
} from '@bonifica/contracts';
import { auditoria, instanciaWhatsapp, loteMensagem, mensagemSaida, ritmoInstancia } from '../src/db/schema/index.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';
import { criarClientes } from './apoio/mensageria.js';
import { entregaPorInject, ligarSandbox } from './apoio/whatsapp.js';

/**
 * The outbox screen's calls and the pacing form (docs/areas/mensageria.md "Caixa de saída: a tela" and
 * "Ritmo editável"; decision 035), on both engines.
 */

let t: AppDeTeste;
let admin: Cliente;
let gerente: Cliente;
let outra: Cliente;
let atendente: Cliente;
let instancia: Instancia;
let compartilhada: Instancia;
let clientes: number[];
const EMPRESA = 1;

beforeAll(async () => {
  t = await criarAppDeTeste();
  ligarSandbox(t.app, { agora: () => new Date(), atrasoMs: 0, entregar: entregaPorInject(t.app) });
  [admin, gerente, outra, atendente] = await Promise.all([t.entrar('admin'), t.entrar('gerente'), t.entrar('outra'), t.entrar('atendente')]);
  const s = await admin.post('/services/servidores/save', { nome: 'caixa', tipo: 'sandbox', baseUrl: 'http://caixa.local', chave: 'k', capacidade: 5, ativo: true });
  expect(s.statusCode, s.body).toBe(200);
  expect(env<Servidor>(s).result.id).toBeGreaterThan(0);
  instancia = env<Instancia>(await gerente.post('/services/servidorwhatsapp/nova/instancia', {})).result;
  compartilhada = env<Instancia>(await admin.post('/services/servidorwhatsapp/nova/instancia', {})).result;
  const lida = await gerente.post(`/services/servidorwhatsapp/sandbox/lerqr/${instancia.id}`);
  expect(env<Instancia>(lida).result.estado).toBe('CONECTADA');
  clientes = await criarClientes(t.banco.db, EMPRESA, 4, 'Caixa Teste');
});
afterAll(() => t.fechar());

type Nova = { status?: string; loteId?: number | null; clienteId?: number | null; para?: string; origem?: string; criadoEm?: Date };

async function novaMensagem(n: Nova = {}): Promise<number> {
  const [m] = await t.banco.db
    .insert(mensagemSaida)
    .values({
      empresaId: EMPRESA,
      canal: 'WHATSAPP',
      instanciaId: instancia.id,
      loteId: n.loteId ?? null,
      clienteId: n.clienteId === undefined ? clientes[0]! : n.clienteId,
      para: n.para ?? '5511912345678',
      texto: 'Olá!',
      origem: n.origem ?? 'CAMPANHA',
      status: (n.status ?? 'REVISAR') as 'REVISAR',
      tentativas: 1,
      enviandoEm: new Date('2026-03-01T12:00:00Z'),
      ...(n.criadoEm ? { criadoEm: n.criadoEm } : {}),
    })
    .returning({ id: mensagemSaida.id });
  return m!.id;
}

async function novoLote(status: 'ATIVO' | 'CONCLUIDO' | 'CANCELADO' = 'CONCLUIDO'): Promise<number> {
  const [l] = await t.banco.db.insert(loteMensagem).values({ empresaId: EMPRESA, nome: `Lote ${status}`, origem: 'CAMPANHA', status }).returning({ id: loteMensagem.id });
  return l!.id;
}

async function linha(id: number) {
  const [m] = await t.banco.db.select().from(mensagemSaida).where(eq(mensagemSaida.id, id));
  return m!;
}

const listar = (quem: Cliente, filtro: object, page = 0, size = 100) => quem.post(`/services/mensagem/saida/filterpaginated/${page}/${size}`, filtro);
const resolver = (quem: Cliente, ids: number[], acao: string, extra: { semXsrf?: boolean } = {}) => quem.post('/services/mensagem/saida/resolver', { ids, acao }, extra);

describe('caixa de saída: lista', () => {
  it('filtra por situação, origem, lote, período, cliente e número; ordena; só a gestão da empresa', async () => {
    const lote = await novoLote('ATIVO');
    const a = await novaMensagem({ loteId: lote, clienteId: clientes[1]!, para: '5511955551111' });
    const b = await novaMensagem({ status: 'ENTREGUE', origem: 'AUTOMATICA', clienteId: clientes[2]!, para: '5511955552222' });
    const c = await novaMensagem({ status: 'FILA', origem: 'TESTE', clienteId: null, para: '5511955553333', criadoEm: new Date('2025-01-10T15:00:00Z') });

    const todas = env<Pagina<MensagemCaixa>>(await listar(gerente, {})).result;
    expect(todas.content.map((m) => m.id).slice(0, 2)).toEqual([b, a]); // newest first
    const ids = (r: Awaited<ReturnType<typeof listar>>) => env<Pagina<MensagemCaixa>>(r).result.content.map((m) => m.id);
    expect(ids(await listar(gerente, { status: 'REVISAR', loteId: lote }))).toEqual([a]);
    expect(ids(await listar(gerente, { origem: 'AUTOMATICA' }))).toContain(b);
    expect(ids(await listar(gerente, { origem: 'AUTOMATICA' }))).not.toContain(a);
    expect(ids(await listar(gerente, { busca: '(11) 95555-2222' }))).toEqual([b]);
    expect(ids(await listar(gerente, { busca: 'caixa teste 2' }))).toEqual([a]);
    // Period in the company's zone (São Paulo): 10/01/2025 12:00 local.
    expect(ids(await listar(gerente, { de: '2025-01-10', ate: '2025-01-10' }))).toEqual([c]);
    expect(ids(await listar(gerente, { ate: '2025-01-09' }))).toEqual([]);
    const porCliente = ids(await listar(gerente, { ordenarPor: 'clienteNome', direcao: 'asc', busca: 'caixa teste' }));
    expect(porCliente).toEqual([a, b]);

    const linhaA = env<Pagina<MensagemCaixa>>(await listar(gerente, { loteId: lote })).result.content[0]!;
    expect(linhaA).toMatchObject({ id: a, status: 'REVISAR', clienteNome: 'Caixa Teste 2', loteNome: 'Lote ATIVO', para: '5511955551111', revisao: null });

    const resumo = env<ResumoCaixaSaida>(await gerente.get('/services/mensagem/saida/resumo')).result;
    expect(resumo.revisar).toBeGreaterThanOrEqual(1);
    expect(resumo.lotes.find((l) => l.id === lote)).toMatchObject({ nome: 'Lote ATIVO', revisar: 1 });

    expect((await listar(atendente, {})).statusCode).toBe(403);
    expect((await listar(admin, {})).statusCode).toBe(403);
    expect((await atendente.get('/services/mensagem/saida/resumo')).statusCode).toBe(403);
  });

  it('entrada ruim: 400 com a mensagem em português', async () => {
    const casos: [object, string][] = [
      [{ status: 'PERDIDA' }, 'Situação inválida.'],
      [{ origem: 'X' }, 'Origem inválida.'],
      [{ de: '2026-02-31' }, 'Data inicial inválida: use AAAA-MM-DD.'],
      [{ de: '2026-03-10', ate: '2026-03-01' }, 'A data inicial deve ser anterior à final.'],
      [{ loteId: -1 }, 'Lote inválido.'],
      [{ ordenarPor: 'texto' }, 'Ordenação inválida.'],
      [{ extra: 1 }, ''],
    ];
    for (const [filtro, mensagem] of casos) {
      const r = await listar(gerente, filtro);
      expect(r.statusCode, JSON.stringify(filtro)).toBe(400);
      if (mensagem) expect(env(r).messageError).toContain(mensagem);
    }
    expect((await gerente.post('/services/mensagem/saida/filterpaginated/0/1000', {})).statusCode).toBe(400);
  });
});

describe('caixa de saída: decidir sobre REVISAR', () => {
  it('reenviar volta para a fila do zero e reabre o lote concluído; as contagens do lote acompanham', async () => {
    const lote = await novoLote('CONCLUIDO');
    const [m1, m2] = [await novaMensagem({ loteId: lote }), await novaMensagem({ loteId: lote })];
    const entregue = await novaMensagem({ loteId: lote, status: 'ENTREGUE' });
    const antes = env<ProgressoLoteMensagem>(await gerente.get(`/services/servidorwhatsapp/lote/${lote}`)).result;
    expect(antes).toMatchObject({ revisar: 2, fila: 0, total: 3 });

    const semXsrf = await resolver(gerente, [m1], 'REENVIAR', { semXsrf: true });
    expect(semXsrf.statusCode).toBe(403);
    const r = await resolver(gerente, [m1, entregue], 'REENVIAR');
    expect(r.statusCode, r.body).toBe(200);
    expect(env(r).result).toEqual({ alteradas: 1, ignoradas: 1 });
    expect(await linha(m1)).toMatchObject({ status: 'FILA', tentativas: 0, erro: null, enviandoEm: null, revisao: 'REENVIAR' });
    expect((await linha(m1)).revisadaEm).not.toBeNull();
    expect((await linha(entregue)).status).toBe('ENTREGUE');
    const [l] = await t.banco.db.select().from(loteMensagem).where(eq(loteMensagem.id, lote));
    expect(l).toMatchObject({ status: 'ATIVO', concluidoEm: null });
    const depois = env<ProgressoLoteMensagem>(await gerente.get(`/services/servidorwhatsapp/lote/${lote}`)).result;
    expect(depois).toMatchObject({ revisar: 1, fila: 1, total: 3, status: 'ATIVO' });

    // Twice: the second finds it no longer in REVISAR.
    expect(env(await resolver(gerente, [m1], 'DESCARTAR')).result).toEqual({ alteradas: 0, ignoradas: 1 });
    const auditorias = await t.banco.db.select().from(auditoria).where(and(eq(auditoria.entidade, 'mensagem_saida'), eq(auditoria.entidadeId, String(m1))));
    expect(auditorias.map((a) => a.acao)).toEqual(['REVISAR_REENVIAR']);
    const reaberto = await t.banco.db.select().from(auditoria).where(and(eq(auditoria.entidade, 'lote_mensagem'), eq(auditoria.entidadeId, String(lote))));
    expect(reaberto.map((a) => a.acao)).toEqual(['REABRIR']);
    expect(m2).toBeGreaterThan(0);
  });

  it('dar como enviada conta como enviada; descartar cancela; em seleção múltipla', async () => {
    const lote = await novoLote('CONCLUIDO');
    const enviadas = [await novaMensagem({ loteId: lote }), await novaMensagem({ loteId: lote })];
    const descartadas = [await novaMensagem({ loteId: lote }), await novaMensagem({ loteId: lote }), await novaMensagem({ loteId: lote })];
    expect(env(await resolver(gerente, enviadas, 'DAR_COMO_ENVIADA')).result).toEqual({ alteradas: 2, ignoradas: 0 });
    expect(env(await resolver(gerente, descartadas, 'DESCARTAR')).result).toEqual({ alteradas: 3, ignoradas: 0 });
    const e = await linha(enviadas[0]!);
    expect(e).toMatchObject({ status: 'ENVIADA', revisao: 'DAR_COMO_ENVIADA', erro: null });
    expect(e.enviadaEm?.toISOString()).toBe('2026-03-01T12:00:00.000Z');
    expect(await linha(descartadas[0]!)).toMatchObject({ status: 'CANCELADA', revisao: 'DESCARTAR', erro: 'Descartada na revisão: não foi enviada.' });
    const p = env<ProgressoLoteMensagem>(await gerente.get(`/services/servidorwhatsapp/lote/${lote}`)).result;
    expect(p).toMatchObject({ total: 5, enviadas: 2, canceladas: 3, revisar: 0, percentual: 100, status: 'CONCLUIDO' });
    // The list shows who decided.
    const naLista = env<Pagina<MensagemCaixa>>(await listar(gerente, { loteId: lote, status: 'ENVIADA' })).result.content[0]!;
    expect(naLista).toMatchObject({ revisao: 'DAR_COMO_ENVIADA', revisadaPor: 'Gabriel Gerente Souza' });
  });

  it('reenviar numa mensagem de lote cancelado é ignorado; ids de outra empresa ou inexistentes: 404 e nada muda', async () => {
    const cancelado = await novoLote('CANCELADO');
    const m = await novaMensagem({ loteId: cancelado });
    expect(env(await resolver(gerente, [m], 'REENVIAR')).result).toEqual({ alteradas: 0, ignoradas: 1 });
    expect((await linha(m)).status).toBe('REVISAR');
    const r = await resolver(gerente, [m, 999_999_999], 'DESCARTAR');
    expect(r.statusCode).toBe(404);
    expect(env(r).messageError).toBe('Mensagem não encontrada.');
    expect((await linha(m)).status).toBe('REVISAR');
    const daOutra = await resolver(outra, [m], 'DESCARTAR');
    expect(daOutra.statusCode).toBe(404);
    expect((await linha(m)).status).toBe('REVISAR');
    expect((await resolver(atendente, [m], 'DESCARTAR')).statusCode).toBe(403);
    expect((await resolver(admin, [m], 'DESCARTAR')).statusCode).toBe(403);
  });

  it('entrada ruim: 400 com a mensagem em português', async () => {
    const casos: [unknown, string][] = [
      [{ ids: [], acao: 'REENVIAR' }, 'Escolha ao menos uma mensagem.'],
      [{ ids: [1], acao: 'APAGAR' }, 'Ação inválida: use REENVIAR, DAR_COMO_ENVIADA ou DESCARTAR.'],
      [{ ids: ['x'], acao: 'REENVIAR' }, 'Mensagem inválida.'],
      [{ ids: Array.from({ length: 501 }, (_, i) => i + 1), acao: 'REENVIAR' }, 'Escolha no máximo 500 mensagens de uma vez.'],
      [{ acao: 'REENVIAR' }, 'Escolha as mensagens.'],
    ];
    for (const [corpo, mensagem] of casos) {
      const r = await gerente.post('/services/mensagem/saida/resolver', corpo);
      expect(r.statusCode).toBe(400);
      expect(env(r).messageError).toContain(mensagem);
    }
  });
});

describe('queda simulada no sandbox', () => {
  it('a mensagem fica ENVIANDO sem o gateway saber; a reconciliação a põe em REVISAR e a tela a resolve', async () => {
    const r = await gerente.post(`/services/servidorwhatsapp/sandbox/queda/${instancia.id}`, { para: '(11) 98888-7777', texto: 'Seu cupom chegou' });
    expect(r.statusCode, r.body).toBe(200);
    const { mensagemId, status } = env<{ mensagemId: number; status: string }>(r).result;
    expect(status).toBe('REVISAR');
    expect(await linha(mensagemId)).toMatchObject({ para: '5511988887777', origem: 'TESTE', erro: expect.stringMatching(/gateway não conhece/) });
    expect((await gerente.post(`/services/servidorwhatsapp/sandbox/queda/${instancia.id}`, { para: '12', texto: 'x' })).statusCode).toBe(400);
    expect((await gerente.post(`/services/servidorwhatsapp/sandbox/queda/${instancia.id}`, { para: '11988887777', texto: '' })).statusCode).toBe(400);
    // The shared number is the platform's.
    expect(env(await outra.post(`/services/servidorwhatsapp/sandbox/queda/${compartilhada.id}`, { para: '11988887777', texto: 'x' })).messageError).toBe(MENSAGEM_COMPARTILHADO);
    expect(env(await admin.post(`/services/servidorwhatsapp/sandbox/queda/${compartilhada.id}`, { para: '11988887777', texto: 'x' })).messageError).toMatch(/número de uma empresa/);
    expect(MENSAGEM_SO_SANDBOX).toBeTruthy();
  });
});

describe('ritmo da instância', () => {
  const url = () => `/services/servidorwhatsapp/ritmo/${instancia.id}`;

  it('mostra o padrão e o que vale hoje: aquecimento, enviados, silêncio e próxima vaga', async () => {
    // Paired today: warm-up day 0, 20 messages; 5 went out today.
    await t.banco.db.update(instanciaWhatsapp).set({ pareadaEm: new Date() }).where(eq(instanciaWhatsapp.id, instancia.id));
    const hoje = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
    await t.banco.db
      .insert(ritmoInstancia)
      .values({ instanciaId: instancia.id, proximoEnvioEm: new Date(Date.now() - 1000), dia: hoje, enviadosNoDia: 5 })
      .onConflictDoUpdate({ target: ritmoInstancia.instanciaId, set: { dia: hoje, enviadosNoDia: 5, proximoEnvioEm: new Date(Date.now() - 1000) } });
    await t.banco.db.update(instanciaWhatsapp).set({ silencioInicio: '00:00', silencioFim: '00:00' }).where(eq(instanciaWhatsapp.id, instancia.id));
    const r = env<RitmoInstancia>(await gerente.get(url())).result;
    expect(r.podeEditar).toBe(true);
    expect(r.padrao).toMatchObject({ porMinuto: 20, porDia: 1000 });
    expect(r.vigente).toMatchObject({ porMinuto: 20, porDia: 1000, silencioInicio: '00:00', silencioFim: '00:00' });
    expect(r.hoje).toMatchObject({ limiteDoDia: 20, diaDoAquecimento: 0, enviadosHoje: 5, emSilencio: false, fimDoSilencio: null, fuso: 'America/Sao_Paulo' });
    expect(Math.abs(new Date(r.hoje.proximaVaga).getTime() - Date.now())).toBeLessThan(5000);
    // The company with the shared number reads it but does not change it.
    const dela = await outra.get(`/services/servidorwhatsapp/ritmo/${compartilhada.id}`);
    expect(env<RitmoInstancia>(dela).result.podeEditar).toBe(false);
    expect((await atendente.get(url())).statusCode).toBe(403);
  });

  it('salva com limites seguros, volta ao padrão com nulos, audita e puxa a próxima vaga adiada', async () => {
    await t.banco.db.update(ritmoInstancia).set({ proximoEnvioEm: new Date(Date.now() + 10 * 3600_000) }).where(eq(ritmoInstancia.instanciaId, instancia.id));
    const r = await gerente.post(url(), { porMinuto: 6, porDia: 300, silencioInicio: '22:30', silencioFim: '07:15' });
    expect(r.statusCode, r.body).toBe(200);
    const salvo = env<RitmoInstancia>(r).result;
    expect(salvo.salvo).toEqual({ porMinuto: 6, porDia: 300, silencioInicio: '22:30', silencioFim: '07:15' });
    expect(salvo.vigente).toEqual({ porMinuto: 6, porDia: 300, silencioInicio: '22:30', silencioFim: '07:15' });
    const [estado] = await t.banco.db.select().from(ritmoInstancia).where(eq(ritmoInstancia.instanciaId, instancia.id));
    // Pulled back to at most one spacing (10 s at 6 a minute) from now.
    expect(estado!.proximoEnvioEm.getTime() - Date.now()).toBeLessThanOrEqual(10_500);
    const [a] = await t.banco.db.select().from(auditoria).where(and(eq(auditoria.entidade, 'instancia_whatsapp'), eq(auditoria.entidadeId, String(instancia.id)), eq(auditoria.acao, 'ALTERAR'))).orderBy(sql`${auditoria.id} desc`).limit(1);
    expect(a!.depois).toEqual({ ritmo: { porMinuto: 6, porDia: 300, silencioInicio: '22:30', silencioFim: '07:15' } });

    const padrao = env<RitmoInstancia>(await gerente.post(url(), { porMinuto: null, porDia: null, silencioInicio: null, silencioFim: null })).result;
    expect(padrao.salvo).toEqual({ porMinuto: null, porDia: null, silencioInicio: null, silencioFim: null });
    expect(padrao.vigente.porMinuto).toBe(20);

    // The administrator sets the shared number's; the company that uses it may not.
    expect((await admin.post(`/services/servidorwhatsapp/ritmo/${compartilhada.id}`, { porMinuto: 10, porDia: 2000, silencioInicio: null, silencioFim: null })).statusCode).toBe(200);
    const dela = await outra.post(`/services/servidorwhatsapp/ritmo/${compartilhada.id}`, { porMinuto: 10, porDia: 2000, silencioInicio: null, silencioFim: null });
    expect(dela.statusCode).toBe(403);
    expect(env(dela).messageError).toBe(MENSAGEM_COMPARTILHADO);
    expect((await atendente.post(url(), { porMinuto: 10, porDia: 100, silencioInicio: null, silencioFim: null })).statusCode).toBe(403);
    expect((await gerente.post(url(), { porMinuto: 10, porDia: 100, silencioInicio: null, silencioFim: null }, { semXsrf: true })).statusCode).toBe(403);
  });

  it('entrada ruim: uma mensagem clara para cada erro', async () => {
    const base = { porMinuto: 10, porDia: 100, silencioInicio: '21:00', silencioFim: '08:00' };
    const casos: [object, string][] = [
      [{ porMinuto: 0 }, 'Mensagens por minuto: no mínimo 1.'],
      [{ porMinuto: 61 }, 'Mensagens por minuto: no máximo 60, para o número não ser bloqueado.'],
      [{ porMinuto: 2.5 }, 'Mensagens por minuto: use um número inteiro.'],
      [{ porDia: 5001 }, 'Mensagens por dia: no máximo 5.000, para o número não ser bloqueado.'],
      [{ porDia: 0 }, 'Mensagens por dia: no mínimo 1.'],
      [{ silencioInicio: '24:00' }, 'Início do silêncio inválido: use HH:MM, de 00:00 a 23:59.'],
      [{ silencioFim: '8h' }, 'Fim do silêncio inválido: use HH:MM, de 00:00 a 23:59.'],
      [{ silencioFim: null }, 'Informe o início e o fim do silêncio, ou deixe os dois em branco para usar o padrão.'],
      [{ porMinuto: 'dez' }, 'Informe quantas mensagens por minuto.'],
    ];
    for (const [mudanca, mensagem] of casos) {
      const r = await gerente.post(url(), { ...base, ...mudanca });
      expect(r.statusCode, JSON.stringify(mudanca)).toBe(400);
      expect(env(r).messageError).toContain(mensagem);
    }
    expect((await gerente.get('/services/servidorwhatsapp/ritmo/0')).statusCode).toBe(400);
    const inexistente = await gerente.get('/services/servidorwhatsapp/ritmo/999999');
    expect(inexistente.statusCode).toBe(404);
    expect(env(inexistente).messageError).not.toBe(MENSAGENS_PRODUTO.acessoNegado);
  });
});
