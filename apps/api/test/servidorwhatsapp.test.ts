import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { MENSAGEM_COMPARTILHADO, MENSAGENS_PRODUTO, type DetalheMonitoramento, type Instancia, type Servidor, type StatusWhats, type Transferencia, type UtilizacaoDia } from '@bonifica/contracts';
import { cliente, clienteConsentimento, eventoWhatsapp, instanciaWhatsapp, mensagemSaida, sandboxWhatsappInstancia, transferenciaServidor } from '../src/db/schema/index.js';
import { CHAVE_RECUSADA } from '../src/adapters/whatsapp/whatsapp-sandbox.js';
import { ehPedidoDeSaida } from '../src/modules/servidorwhatsapp/index.js';
import { celularesDoNumero } from '../src/modules/client/index.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';
import { entregaPorInject, ligarSandbox } from './apoio/whatsapp.js';

let t: AppDeTeste;
let admin: Cliente;
let gerente: Cliente;
let outra: Cliente;
let atendente: Cliente;
let sb: ReturnType<typeof ligarSandbox>;
/** Every webhook call the sandbox made: its body is replayed to test a repeated delivery. */
const entregues: { url: string; corpo: unknown; status: number }[] = [];
const CHAVE = 'chave-secreta-123';

beforeAll(async () => {
  t = await criarAppDeTeste();
  const injetar = entregaPorInject(t.app);
  // Real clock, acks due at once: the instance's "last ack" is compared with real send times.
  sb = ligarSandbox(t.app, {
    agora: () => new Date(),
    atrasoMs: 0,
    entregar: async (url, corpo) => {
      const status = await injetar(url, corpo);
      entregues.push({ url, corpo, status });
      return status;
    },
  });
  [admin, gerente, outra, atendente] = await Promise.all([t.entrar('admin'), t.entrar('gerente'), t.entrar('outra'), t.entrar('atendente')]);
});
afterAll(() => t.fechar());

async function novoServidor(nome: string, capacidade: number, baseUrl = `http://${nome}.local`) {
  const r = await admin.post('/services/servidores/save', { nome, tipo: 'sandbox', baseUrl, chave: CHAVE, capacidade, ativo: true });
  expect(r.statusCode, r.body).toBe(200);
  return env<Servidor>(r).result;
}

/** The webhook URL the gateway was given for an instance (the secret is only there). */
async function webhookDe(nome: string): Promise<string> {
  const [i] = await t.banco.db.select().from(sandboxWhatsappInstancia).where(eq(sandboxWhatsappInstancia.nome, nome));
  return new URL(i!.webhookUrl).pathname;
}

async function servidorDe(instanciaId: number) {
  const [i] = await t.banco.db.select().from(instanciaWhatsapp).where(eq(instanciaWhatsapp.id, instanciaId));
  const [s] = env<Servidor[]>(await admin.get('/services/servidores/listar/todos')).result.filter((x) => x.id === i!.servidorId);
  return { nome: i!.nome, servidor: { baseUrl: s!.baseUrl, chave: CHAVE } };
}

describe('servidores (admin)', () => {
  it('cria, lista sem a chave, reordena e só o admin acessa', async () => {
    const a = await novoServidor('alfa', 1);
    const b = await novoServidor('beta', 5);
    expect(a.ordem).toBe(0);
    expect(b.ordem).toBe(1);
    const lista = await admin.get('/services/servidores/listar/todos');
    expect(lista.statusCode).toBe(200);
    expect(lista.body).not.toContain('chave-secreta-123');
    expect(env<Servidor[]>(lista).result.map((s) => [s.nome, s.temChave])).toEqual([
      ['alfa', true],
      ['beta', true],
    ]);
    expect((await gerente.get('/services/servidores/listar/todos')).statusCode).toBe(403);
    expect((await admin.get('/services/servidores/listar/nenhum')).statusCode).toBe(400);
    const ruim = await admin.post('/services/servidores/save', { nome: 'x', tipo: 'sandbox', baseUrl: 'ftp://x', chave: 'k', capacidade: 0, ativo: true });
    expect(ruim.statusCode).toBe(400);
    expect(env(ruim).messageError).not.toMatch(/baseUrl|capacidade/);
    expect((await admin.post('/services/servidores/salvaordem', { ids: [a.id] })).statusCode).toBe(400);
  });

  it('teste de conexão e status: servidor fora do ar aparece como FALHA', async () => {
    const s = await novoServidor('gama', 3);
    const teste = env<{ ok: boolean; mensagem: string }>(await admin.post('/services/servidores/testar', { tipo: 'sandbox', baseUrl: s.baseUrl, chave: CHAVE_RECUSADA })).result;
    expect(teste).toMatchObject({ ok: false, mensagem: expect.stringMatching(/chave recusada/) });
    await admin.post('/services/servidores/save', { id: s.id, nome: 'gama', tipo: 'sandbox', baseUrl: s.baseUrl, chave: CHAVE_RECUSADA, capacidade: 3, ativo: true });
    const st = env<Servidor>(await admin.get(`/services/servidores/status/${s.id}`)).result;
    expect(st.situacao).toBe('FALHA');
    expect(st.ultimoErro).toMatch(/chave recusada/);
    await admin.post('/services/servidores/save', { id: s.id, nome: 'gama', tipo: 'sandbox', baseUrl: s.baseUrl, chave: CHAVE, capacidade: 3, ativo: true });
    const ok = await admin.post('/services/servidores/testar', { id: s.id });
    expect(env<{ ok: boolean }>(ok).result.ok).toBe(true);
    // Out of the rotation for the next tests.
    await admin.post('/services/servidores/save', { id: s.id, nome: 'gama', tipo: 'sandbox', baseUrl: s.baseUrl, capacidade: 3, ativo: false });
  });
});

describe('instâncias', () => {
  let dedicada: Instancia;

  it('a instância da empresa vai para o primeiro servidor ativo com vaga, pela ordem', async () => {
    const servidores = env<Servidor[]>(await admin.get('/services/servidores/listar/ativos')).result;
    // beta first: alfa (capacity 1) gets the shared number below, beta the company's.
    await admin.post('/services/servidores/salvaordem', { ids: [servidores[0]!.id, servidores[1]!.id, ...env<Servidor[]>(await admin.get('/services/servidores/listar/todos')).result.filter((s) => !s.ativo).map((s) => s.id)] });
    const comp = await admin.post('/services/servidorwhatsapp/nova/instancia', {});
    expect(comp.statusCode, comp.body).toBe(200);
    expect(env<Instancia>(comp).result).toMatchObject({ empresaId: null, servidorNome: 'alfa', estado: 'CONECTANDO' });
    const r = await gerente.post('/services/servidorwhatsapp/nova/instancia', {});
    expect(r.statusCode, r.body).toBe(200);
    dedicada = env<Instancia>(r).result;
    // alfa is full (capacity 1): the next one with room, by order.
    expect(dedicada).toMatchObject({ empresaId: 1, servidorNome: 'beta', estado: 'CONECTANDO' });
    expect(dedicada.qrCode).toMatch(/^data:image\/png/);
    expect((await gerente.post('/services/servidorwhatsapp/nova/instancia', {})).statusCode).toBe(409);
    expect(env(await outra.post('/services/servidorwhatsapp/nova/instancia', {})).messageError).toBe(MENSAGEM_COMPARTILHADO);
    expect((await gerente.post('/services/servidorwhatsapp/nova/instancia', { numero: '12' })).statusCode).toBe(400);
    expect((await atendente.get('/services/servidorwhatsapp/status')).statusCode).toBe(403);
    expect(env<Instancia[]>(await gerente.get('/services/servidorwhatsapp/atualizar/todos')).result.map((i) => i.id)).toEqual([dedicada.id]);
    expect(env<number>(await gerente.get('/services/instancia/empresa/reiniciar')).result).toBe(1);
    expect(env(await outra.get('/services/instancia/empresa/reiniciar')).messageError).toBe(MENSAGEM_COMPARTILHADO);
    expect((await gerente.get(`/services/servidorwhatsapp/atualizar/abc`)).statusCode).toBe(400);
  });

  it('status mostra a da empresa; a compartilhada é só leitura para quem a contratou', async () => {
    const s = env<StatusWhats>(await gerente.get('/services/servidorwhatsapp/status')).result;
    expect(s.tipo).toBe('DEDICADO');
    expect(s.instancias.map((i) => i.id)).toEqual([dedicada.id]);
    const o = env<StatusWhats>(await outra.get('/services/servidorwhatsapp/status')).result;
    expect(o.tipo).toBe('COMPARTILHADO');
    expect(o.podeGerenciar).toBe(false);
    expect(o.instancias[0]!.empresaId).toBeNull();
    expect((await outra.get(`/services/instancia/reiniciar/${o.instancias[0]!.id}`)).statusCode).toBe(403);
    expect((await outra.get(`/services/servidorwhatsapp/atualizar/${dedicada.id}`)).statusCode).toBe(404);
    expect(env(await outra.get('/services/instancia/liberacao')).result).toMatchObject({ liberada: false });
  });

  it('webhook: segredo errado é recusado sem gravar; a leitura do QR conecta; reentrega é processada uma vez', async () => {
    const url = await webhookDe(dedicada.nome);
    const { servidor } = await servidorDe(dedicada.id);
    // The QR codes the sandbox posted when the instances were created.
    await sb.entregar();
    expect(entregues.every((e) => e.status === 200)).toBe(true);
    const antes = (await t.banco.db.select().from(eventoWhatsapp)).length;
    await sb.sandbox.simularLeitura(servidor, dedicada.nome, '5511999990000');
    entregues.length = 0;
    await sb.entregar();
    expect(entregues.map((e) => e.status)).toEqual([200]);
    const corpo = entregues[0]!.corpo;
    const errado = await t.app.inject({ method: 'POST', url: url.replace(/\/[^/]+$/, '/segredo-errado-mas-longo'), payload: corpo as object });
    expect(errado.statusCode).toBe(401);
    expect(env(errado).messageError).toBe('Webhook não autorizado.');
    expect((await t.banco.db.select().from(eventoWhatsapp)).length).toBe(antes + 1);
    // The same delivery again: stored once, processed once.
    expect(env(await t.app.inject({ method: 'POST', url, payload: corpo as object })).result).toBe('REPETIDO');
    expect((await t.banco.db.select().from(eventoWhatsapp)).length).toBe(antes + 1);
    const [i] = await t.banco.db.select().from(instanciaWhatsapp).where(eq(instanciaWhatsapp.id, dedicada.id));
    expect(i).toMatchObject({ estado: 'CONECTADA', numero: '5511999990000', qrCode: null });
    expect(i!.pareadaEm).not.toBeNull();
    expect(env(await gerente.get('/services/instancia/liberacao')).result).toMatchObject({ liberada: true, instanciaId: dedicada.id });
    expect((await t.app.inject({ method: 'POST', url, payload: 'x'.repeat(300 * 1024), headers: { 'content-type': 'application/json' } })).statusCode).toBe(413);
  });

  it('ack atualiza a mensagem e o último ack; sem ack há 15 minutos a instância "parou de entregar"', async () => {
    const db = t.banco.db;
    const vinte = new Date(Date.now() - 20 * 60_000);
    await db.update(instanciaWhatsapp).set({ ultimoEnvioEm: vinte, ultimoAckEm: null }).where(eq(instanciaWhatsapp.id, dedicada.id));
    let s = env<StatusWhats>(await gerente.get('/services/servidorwhatsapp/status')).result;
    expect(s.instancias[0]!.parouDeEntregar).toBe(true);
    // The outbox hands a message to the gateway (what i14's worker does) and records its id.
    const { servidor } = await servidorDe(dedicada.id);
    const { idGateway } = await sb.sandbox.enviar(servidor, dedicada.nome, { para: '5511976651212', texto: 'Oi' });
    const [m] = await db
      .insert(mensagemSaida)
      .values({ empresaId: 1, canal: 'WHATSAPP', instanciaId: dedicada.id, para: '5511976651212', texto: 'Oi', origem: 'TESTE', status: 'ENVIADA', idGateway, enviadaEm: vinte })
      .returning();
    entregues.length = 0;
    await sb.entregar();
    expect(entregues.length).toBeGreaterThanOrEqual(3);
    // A late "delivered" after "read" does not move it back.
    const entregue = entregues.find((e) => JSON.stringify(e.corpo).includes('DELIVERY_ACK'))!;
    await t.app.inject({ method: 'POST', url: new URL(entregue.url).pathname, payload: { ...(entregue.corpo as object), date_time: new Date().toISOString() } });
    const [depois] = await db.select().from(mensagemSaida).where(eq(mensagemSaida.id, m!.id));
    expect(depois!.status).toBe('LIDA');
    expect(depois!.entregueEm).not.toBeNull();
    expect(depois!.lidaEm).not.toBeNull();
    s = env<StatusWhats>(await gerente.get('/services/servidorwhatsapp/status')).result;
    expect(s.instancias[0]!.parouDeEntregar).toBe(false);
    expect(s.instancias[0]!.ultimoAckEm).not.toBeNull();
    const est = env<UtilizacaoDia[]>(await gerente.get('/services/servidorwhatsapp/estatisticas/utilizacao?dias=7')).result;
    expect(est).toHaveLength(7);
    expect(est.reduce((a, d) => a + d.lidas, 0)).toBe(1);
    expect(env<UtilizacaoDia[]>(await outra.get('/services/servidorwhatsapp/estatisticas/utilizacao')).result.every((d) => d.enviadas === 0)).toBe(true);
    expect((await gerente.get('/services/servidorwhatsapp/estatisticas/utilizacao?dias=500')).statusCode).toBe(400);
  });

  it('"Sair" (sem acento/caixa) revoga o consentimento de WhatsApp e enfileira a confirmação', async () => {
    const db = t.banco.db;
    const [c] = await db.select().from(cliente).where(and(eq(cliente.empresaId, 1), eq(cliente.celular, '11976651212')));
    expect(c).toBeDefined();
    await db.insert(clienteConsentimento).values({ empresaId: 1, clienteId: c!.id, canal: 'WHATSAPP', concedido: true, origem: 'BACKOFFICE' });
    const { servidor } = await servidorDe(dedicada.id);
    await sb.sandbox.simularRecebida(servidor, dedicada.nome, '5511976651212', ' párar! ');
    entregues.length = 0;
    await sb.entregar();
    expect(entregues.map((e) => e.status)).toEqual([200]);
    const [ultimo] = await db
      .select()
      .from(clienteConsentimento)
      .where(and(eq(clienteConsentimento.clienteId, c!.id), eq(clienteConsentimento.canal, 'WHATSAPP')))
      .orderBy(desc(clienteConsentimento.id))
      .limit(1);
    expect(ultimo).toMatchObject({ concedido: false, origem: 'WHATSAPP_SAIR' });
    const fila = await db.select().from(mensagemSaida).where(and(eq(mensagemSaida.origem, 'OPTOUT'), eq(mensagemSaida.para, '5511976651212')));
    expect(fila).toHaveLength(1);
    expect(fila[0]!.texto).toMatch(/não receberá mais mensagens/);
    // Delivered again: nothing more.
    await t.app.inject({ method: 'POST', url: new URL(entregues[0]!.url).pathname, payload: entregues[0]!.corpo as object });
    expect(await db.select().from(mensagemSaida).where(eq(mensagemSaida.origem, 'OPTOUT'))).toHaveLength(1);
  });

  it('reiniciar, desconectar e parear de novo; sandbox simula a leitura do QR', async () => {
    expect((await gerente.get(`/services/instancia/reiniciar/${dedicada.id}`)).statusCode).toBe(200);
    const d = env<Instancia>(await gerente.post(`/services/instancia/desconectar/${dedicada.id}`)).result;
    expect(d.estado).toBe('DESCONECTADA');
    const p = env<Instancia>(await gerente.get(`/services/instancia/status/atualizar/${dedicada.id}`)).result;
    expect(p.estado).toBe('CONECTANDO');
    expect(p.qrCode).toMatch(/^data:/);
    const lido = env<Instancia>(await gerente.post(`/services/servidorwhatsapp/sandbox/lerqr/${dedicada.id}`)).result;
    expect(lido.estado).toBe('CONECTADA');
    expect((await outra.post(`/services/servidorwhatsapp/sandbox/lerqr/${dedicada.id}`)).statusCode).toBe(404);
  });

  it('sandbox: a resposta "SAIR" simulada pela rota revoga o consentimento uma vez só, mesmo com a entrega do webhook depois', async () => {
    const db = t.banco.db;
    const [c] = await db.select().from(cliente).where(and(eq(cliente.empresaId, 1), eq(cliente.status, 'ATIVO'))).orderBy(desc(cliente.id)).limit(1);
    const celular = c!.celular ?? '11955554444';
    if (!c!.celular) await db.update(cliente).set({ celular }).where(eq(cliente.id, c!.id));
    await db.insert(clienteConsentimento).values({ empresaId: 1, clienteId: c!.id, canal: 'WHATSAPP', concedido: true, origem: 'BACKOFFICE' });
    const ruim = await gerente.post(`/services/servidorwhatsapp/sandbox/recebida/${dedicada.id}`, { de: '123', texto: 'SAIR' });
    expect(ruim.json().messageError).toBe('Celular inválido: use DDD e número.');
    const r = await gerente.post(`/services/servidorwhatsapp/sandbox/recebida/${dedicada.id}`, { de: celular, texto: 'SAIR' });
    expect(r.statusCode, r.body).toBe(200);
    const ultimo = async () =>
      (await db.select().from(clienteConsentimento).where(and(eq(clienteConsentimento.clienteId, c!.id), eq(clienteConsentimento.canal, 'WHATSAPP'))).orderBy(desc(clienteConsentimento.id)).limit(1))[0];
    expect(await ultimo()).toMatchObject({ concedido: false, origem: 'WHATSAPP_SAIR' });
    const confirmacoes = async () => (await db.select().from(mensagemSaida).where(and(eq(mensagemSaida.origem, 'OPTOUT'), eq(mensagemSaida.para, `55${celular}`)))).length;
    expect(await confirmacoes()).toBe(1);
    // The sandbox's own webhook delivery of the same reply is a repeat.
    entregues.length = 0;
    await sb.entregar();
    expect(await confirmacoes()).toBe(1);
    expect((await outra.post(`/services/servidorwhatsapp/sandbox/recebida/${dedicada.id}`, { de: celular, texto: 'SAIR' })).statusCode).toBe(404);
  });
});

describe('transferência de servidor e monitoramento', () => {
  it('move a instância para outro servidor: pareia lá, troca e aposenta a antiga; a fila continua apontando para ela', async () => {
    const [inst] = await t.banco.db.select().from(instanciaWhatsapp).where(eq(instanciaWhatsapp.empresaId, 1));
    const destino = await novoServidor('delta', 2);
    await t.banco.db.insert(mensagemSaida).values({ empresaId: 1, canal: 'WHATSAPP', instanciaId: inst!.id, para: '5511900000001', texto: 'na fila', origem: 'TESTE' });
    expect((await gerente.post('/services/servidores/transferencia/iniciar', { instanciaId: inst!.id, servidorDestinoId: destino.id })).statusCode).toBe(403);
    const r = await admin.post('/services/servidores/transferencia/iniciar', { instanciaId: inst!.id, servidorDestinoId: destino.id });
    expect(r.statusCode, r.body).toBe(200);
    expect((await admin.post('/services/servidores/transferencia/iniciar', { instanciaId: inst!.id, servidorDestinoId: destino.id })).statusCode).toBe(409);
    const s = env<StatusWhats>(await gerente.get('/services/servidorwhatsapp/status')).result;
    expect(s.instancias[0]!.transferencia).toMatchObject({ estado: 'PAREANDO', servidorDestinoNome: 'delta' });
    // The admin's screens: every instance of every company, and the transfers with their state.
    const todas = env<Instancia[]>(await admin.get('/services/servidores/instancias')).result;
    expect(todas.find((i) => i.id === inst!.id)).toMatchObject({ empresaId: 1, transferencia: { estado: 'PAREANDO', servidorDestinoNome: 'delta' } });
    const emCurso = env<Transferencia[]>(await admin.get('/services/servidores/transferencia/listar')).result;
    expect(emCurso.find((x) => x.instanciaId === inst!.id)).toMatchObject({ estado: 'PAREANDO', servidorDestinoNome: 'delta' });
    for (const rota of ['/services/servidores/instancias', '/services/servidores/transferencia/listar']) {
      expect((await gerente.get(rota)).statusCode).toBe(403);
      expect((await outra.get(rota)).statusCode).toBe(403);
    }
    expect(s.instancias[0]!.transferencia!.qrCode).toMatch(/^data:/);
    await gerente.post(`/services/servidorwhatsapp/sandbox/lerqr/${inst!.id}`);
    const [t1] = await t.banco.db.select().from(transferenciaServidor).where(eq(transferenciaServidor.instanciaId, inst!.id));
    expect(t1).toMatchObject({ estado: 'CONCLUIDA', antigaRemovida: true });
    const [depois] = await t.banco.db.select().from(instanciaWhatsapp).where(eq(instanciaWhatsapp.id, inst!.id));
    expect(depois).toMatchObject({ servidorId: destino.id, nome: t1!.nomeDestino, estado: 'CONECTADA' });
    expect(await t.banco.db.select().from(sandboxWhatsappInstancia).where(eq(sandboxWhatsappInstancia.nome, inst!.nome))).toEqual([]);
    const fila = await t.banco.db.select().from(mensagemSaida).where(eq(mensagemSaida.para, '5511900000001'));
    expect(fila[0]!.instanciaId).toBe(inst!.id);
    // The new server's webhook answers with the new secret.
    await sb.entregar();
    expect(entregues.at(-1)!.status).toBe(200);
  });

  it('monitoramento: execução grava o resultado por servidor e instância e marca a falha', async () => {
    const lista = env<Servidor[]>(await admin.get('/services/servidores/listar/ativos')).result;
    const delta = lista.find((s) => s.nome === 'delta')!;
    await admin.post('/services/servidores/save', { id: delta.id, nome: 'delta', tipo: 'sandbox', baseUrl: delta.baseUrl, chave: CHAVE_RECUSADA, capacidade: 2, ativo: true });
    const r = await admin.post('/services/monitoramento/run');
    expect(r.statusCode, r.body).toBe(200);
    const { id } = env<{ id: number }>(r).result;
    let d: DetalheMonitoramento;
    for (;;) {
      d = env<DetalheMonitoramento>(await admin.get(`/services/monitoramento/${id}`)).result;
      if (d.status !== 'EXECUTANDO') break;
      await new Promise((ok) => setTimeout(ok, 20));
    }

    expect(d.status).toBe('FALHA');
    expect(d.verificacoes.find((v) => v.alvo === 'SERVIDOR' && v.servidorNome === 'delta')).toMatchObject({ situacao: 'FALHA' });
    expect(d.verificacoes.find((v) => v.alvo === 'INSTANCIA' && v.servidorNome === 'delta')).toMatchObject({ situacao: 'FALHA', empresaNome: 'Supermercados Bonifica Demo Centro' });
    expect(d.verificacoes.find((v) => v.alvo === 'SERVIDOR' && v.servidorNome === 'alfa')).toMatchObject({ situacao: 'OK' });
    const alerta = env<{ execucaoId: number; falhas: number }>(await admin.get('/services/monitoramento/alerta')).result;
    expect(alerta.execucaoId).toBe(id);
    const pag = env<{ content: { id: number }[] }>(await admin.get('/services/monitoramento/0/10')).result;
    expect(pag.content[0]!.id).toBe(id);
    expect((await gerente.post('/services/monitoramento/run')).statusCode).toBe(403);

    // Server back; the company's "connected" number sent 20 minutes ago and no ack came back: an alert.
    await admin.post('/services/servidores/save', { id: delta.id, nome: 'delta', tipo: 'sandbox', baseUrl: delta.baseUrl, chave: CHAVE, capacidade: 2, ativo: true });
    await t.banco.db.update(instanciaWhatsapp).set({ ultimoEnvioEm: new Date(Date.now() - 20 * 60_000), ultimoAckEm: null }).where(eq(instanciaWhatsapp.empresaId, 1));
    const id2 = env<{ id: number }>(await admin.post('/services/monitoramento/run')).result.id;
    let d2: DetalheMonitoramento;
    for (;;) {
      d2 = env<DetalheMonitoramento>(await admin.get(`/services/monitoramento/${id2}`)).result;
      if (d2.status !== 'EXECUTANDO') break;
      await new Promise((ok) => setTimeout(ok, 20));
    }
    expect(d2.status).toBe('ALERTA');
    expect(d2.verificacoes.find((v) => v.alvo === 'INSTANCIA' && v.servidorNome === 'delta')).toMatchObject({ situacao: 'ALERTA', detalhe: expect.stringMatching(/sem confirmação de entrega há mais de 15 minutos/) });
    expect(env(await gerente.get(`/services/monitoramento/${id}`)).messageError).toBe(MENSAGENS_PRODUTO.acessoNegado);
    expect((await admin.get('/services/monitoramento/-1/10')).statusCode).toBe(400);
  });
});

describe('regras puras', () => {
  it('SAIR/PARAR sem acento, caixa ou pontuação; outras palavras não', () => {
    for (const t of ['SAIR', 'sair', ' Sair. ', 'PARAR', 'párar!', 'Parar 🙏']) expect(ehPedidoDeSaida(t), t).toBe(true);
    for (const t of ['sair da lista amanhã', 'saiu', 'parar de receber', 'ok']) expect(ehPedidoDeSaida(t), t).toBe(false);
  });

  it('o número do WhatsApp casa com o celular com e sem o nono dígito', () => {
    expect(celularesDoNumero('5511987654321')).toEqual(['11987654321', '1187654321']);
    expect(celularesDoNumero('551187654321')).toEqual(['1187654321', '11987654321']);
  });
});
