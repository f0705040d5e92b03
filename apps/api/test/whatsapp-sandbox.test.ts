import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FalhaGateway, type EventoGateway, type ServidorGateway } from '../src/adapters/whatsapp/gateway.js';
import { CHAVE_RECUSADA, SUFIXO_SEM_WHATSAPP, entregaPorFetch, whatsappSandbox, type WhatsappSandbox } from '../src/adapters/whatsapp/whatsapp-sandbox.js';
import { gatewayDo } from '../src/adapters/index.js';
import { abrirBanco, type Banco } from '../src/db/client.js';
import { criarAppDeTeste, type AppDeTeste } from './apoio/app-de-teste.js';
import { entregaPorInject } from './apoio/whatsapp.js';

/**
 * The sandbox WhatsApp gateway on a real database (both engines). Its webhook calls go to a small
 * receiver app through `app.inject` (test/apoio/whatsapp.ts) — what a webhook route would get — and
 * every body is read back with the gateway's own `interpretarWebhook`, as the route will.
 */

let t: AppDeTeste;
let receptor: FastifyInstance;
const recebidos: { url: string; corpo: unknown }[] = [];
let respostaDoReceptor = 200;
let agora = new Date('2026-03-02T12:00:00.000Z');
const avancar = (ms: number) => {
  agora = new Date(agora.getTime() + ms);
};
let sb: WhatsappSandbox;
const servidor: ServidorGateway = { baseUrl: 'sandbox://principal', chave: 'chave-do-servidor' };
const WEBHOOK = 'http://bonifica.local/webhook/whatsapp/segredo-da-instancia?x=1';

function novo(db = t.banco.db, extra: Parameters<typeof whatsappSandbox>[1] = {}) {
  return whatsappSandbox(db, { automatico: false, atrasoMs: 1000, taxaFalha: 0, entregar: entregaPorInject(receptor), agora: () => agora, ...extra });
}

/** Events delivered since the last call (of one instance, when named), as the webhook route will read them. */
function eventos(instancia?: string): EventoGateway[] {
  const r = recebidos.splice(0).map((x) => sb.interpretarWebhook(x.corpo));
  return r.filter((e): e is EventoGateway => e !== null && (instancia === undefined || e.instancia === instancia));
}

async function falha(p: Promise<unknown>): Promise<FalhaGateway> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(FalhaGateway);
  return e as FalhaGateway;
}

/** Creates and pairs an instance; leaves no webhook call pending. */
async function conectada(nome: string, numero = '5511900001111') {
  await sb.criarInstancia(servidor, nome, WEBHOOK);
  await sb.conectar(servidor, nome);
  await sb.simularLeitura(servidor, nome, numero);
  await sb.entregarPendentes();
  recebidos.length = 0;
}

beforeAll(async () => {
  t = await criarAppDeTeste({ semDemo: true });
  receptor = Fastify();
  receptor.post('/webhook/whatsapp/:segredo', async (request, reply) => {
    recebidos.push({ url: request.url, corpo: request.body });
    return reply.code(respostaDoReceptor).send({ ok: respostaDoReceptor < 300 });
  });
  await receptor.ready();
  sb = novo();
});

// Each test starts with no webhook call pending: what one left for later goes out (and is dropped) here.
afterEach(async () => {
  respostaDoReceptor = 200;
  avancar(60_000);
  await sb.entregarPendentes();
  recebidos.length = 0;
});

afterAll(async () => {
  await receptor.close();
  await t.fechar();
});

describe('sandbox do WhatsApp', () => {
  it('é o gateway padrão, e o do tipo "sandbox" de um servidor', () => {
    expect(t.app.adaptadores.whatsapp.tipo).toBe('sandbox');
    expect(gatewayDo(t.app.adaptadores, 'sandbox')).toBe(t.app.adaptadores.whatsappSandbox);
  });

  it('pareia: QR code PNG de verdade e código de pareamento; conecta quando alguém lê o QR', async () => {
    await sb.criarInstancia(servidor, 'loja-centro', WEBHOOK);
    expect(await sb.estado(servidor, 'loja-centro')).toBe('DESCONECTADA');

    const p = await sb.conectar(servidor, 'loja-centro', '5511987650001');
    expect(p.qrCode).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(p.qrCode!.split(',')[1]!, 'base64');
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(png.length).toBeGreaterThan(500);
    expect(p.codigoPareamento).toMatch(/^[A-Z0-9]{8}$/);
    expect(await sb.estado(servidor, 'loja-centro')).toBe('CONECTANDO');

    // The QR code reaches the webhook too, at the URL given at creation.
    expect(await sb.entregarPendentes()).toBe(2);
    expect(recebidos.every((r) => r.url === '/webhook/whatsapp/segredo-da-instancia?x=1')).toBe(true);
    expect(eventos()).toEqual([
      { tipo: 'CONEXAO', instancia: 'loja-centro', estado: 'CONECTANDO', numero: null },
      { tipo: 'QRCODE', instancia: 'loja-centro', qrCode: p.qrCode, codigoPareamento: p.codigoPareamento },
    ]);

    // Without a QR on screen there is nothing to read.
    await sb.criarInstancia(servidor, 'sem-qr', WEBHOOK);
    expect((await falha(sb.simularLeitura(servidor, 'sem-qr', '5511987650001'))).motivo).toBe('RECUSADO');

    await sb.simularLeitura(servidor, 'loja-centro', '55 (11) 98765-0001');
    expect(await sb.estado(servidor, 'loja-centro')).toBe('CONECTADA');
    await sb.entregarPendentes();
    expect(eventos()).toEqual([{ tipo: 'CONEXAO', instancia: 'loja-centro', estado: 'CONECTADA', numero: '5511987650001' }]);

    // Connected: connecting again shows no QR code.
    expect(await sb.conectar(servidor, 'loja-centro')).toEqual({ qrCode: null, codigoPareamento: null });
    // Each connect draws a new QR code.
    const a = await sb.conectar(servidor, 'sem-qr');
    const b = await sb.conectar(servidor, 'sem-qr');
    expect(a.qrCode).not.toBe(b.qrCode);
    expect(b.codigoPareamento).toBeNull();
  });

  it('envia, e os acks ENVIADA → ENTREGUE → LIDA chegam ao webhook depois do atraso, em ordem', async () => {
    await conectada('envio');
    const { idGateway } = await sb.enviar(servidor, 'envio', { para: '5511912345678', texto: 'Você ganhou R$ 3,00 de cashback!' });
    expect(idGateway).toMatch(/^3EB0[0-9A-F]{20}$/);
    expect(await sb.situacao(servidor, 'envio', idGateway)).toBe('PENDENTE');
    expect(await sb.entregarPendentes()).toBe(0);

    avancar(999);
    expect(await sb.entregarPendentes()).toBe(0);
    avancar(1);
    expect(await sb.entregarPendentes()).toBe(1);
    const [enviada] = eventos();
    expect(enviada).toMatchObject({ tipo: 'SITUACAO_MENSAGEM', instancia: 'envio', idGateway, situacao: 'ENVIADA' });
    expect(await sb.situacao(servidor, 'envio', idGateway)).toBe('ENVIADA');

    avancar(5000);
    expect(await sb.entregarPendentes()).toBe(2);
    expect(eventos().map((e) => (e.tipo === 'SITUACAO_MENSAGEM' ? e.situacao : e.tipo))).toEqual(['ENTREGUE', 'LIDA']);
    expect(await sb.situacao(servidor, 'envio', idGateway)).toBe('LIDA');
    // Each webhook call is made once.
    expect(await sb.entregarPendentes()).toBe(0);

    const [m] = await sb.mensagens(servidor, 'envio');
    expect(m).toMatchObject({ idGateway, direcao: 'ENVIADA', numero: '5511912345678', texto: 'Você ganhou R$ 3,00 de cashback!', situacao: 'LIDA' });
    expect(await sb.situacao(servidor, 'envio', '3EB0NAOEXISTE')).toBe('DESCONHECIDA');
  });

  it('registra mídia enviada (tipo, mimetype e nome; não o conteúdo)', async () => {
    await conectada('midia');
    await sb.enviar(servidor, 'midia', {
      para: '5511912345678',
      texto: 'Seu cupom',
      midia: { tipo: 'imagem', conteudo: 'iVBORw0KGgo=', mimetype: 'image/png', nomeArquivo: 'cupom.png' },
    });
    const [m] = await sb.mensagens(servidor, 'midia');
    expect(m?.midia).toEqual({ tipo: 'imagem', mimetype: 'image/png', nomeArquivo: 'cupom.png' });
  });

  it('falhas de um gateway: instância inexistente, desconectada, número fora do WhatsApp, chave recusada', async () => {
    const inexistente = await falha(sb.enviar(servidor, 'nao-existe', { para: '5511912345678', texto: 'oi' }));
    expect([inexistente.motivo, inexistente.repetivel, inexistente.status]).toEqual(['INSTANCIA_INEXISTENTE', false, 404]);
    expect((await falha(sb.estado(servidor, 'nao-existe'))).motivo).toBe('INSTANCIA_INEXISTENTE');
    // The same name on another server is another instance.
    await conectada('duas-casas');
    expect((await falha(sb.estado({ baseUrl: 'sandbox://outro', chave: 'x' }, 'duas-casas'))).motivo).toBe('INSTANCIA_INEXISTENTE');

    await sb.criarInstancia(servidor, 'desligada', WEBHOOK);
    const desligada = await falha(sb.enviar(servidor, 'desligada', { para: '5511912345678', texto: 'oi' }));
    expect([desligada.motivo, desligada.repetivel]).toEqual(['INSTANCIA_DESCONECTADA', true]);
    expect((await falha(sb.verificarNumeros(servidor, 'desligada', ['5511912345678']))).motivo).toBe('INSTANCIA_DESCONECTADA');

    const semWhats = `5511912${SUFIXO_SEM_WHATSAPP}`;
    expect(await sb.verificarNumeros(servidor, 'duas-casas', ['5511912345678', semWhats, '123'])).toEqual([
      { numero: '5511912345678', existe: true },
      { numero: semWhats, existe: false },
      { numero: '123', existe: false },
    ]);
    const invalido = await falha(sb.enviar(servidor, 'duas-casas', { para: semWhats, texto: 'oi' }));
    expect([invalido.motivo, invalido.repetivel]).toEqual(['NUMERO_INVALIDO', false]);
    expect(await sb.mensagens(servidor, 'duas-casas')).toEqual([]);

    const recusada = await falha(sb.enviar({ ...servidor, chave: CHAVE_RECUSADA }, 'duas-casas', { para: '5511912345678', texto: 'oi' }));
    expect([recusada.motivo, recusada.repetivel, recusada.status]).toEqual(['NAO_AUTORIZADO', false, 401]);
  });

  it('taxa de falha: metade recusada na hora (repetível), metade com ack de ERRO depois', async () => {
    await conectada('falhas');
    let sorte = 0.1;
    const comFalha = novo(t.banco.db, { taxaFalha: 0.5, aleatorio: () => sorte });
    const na_hora = await falha(comFalha.enviar(servidor, 'falhas', { para: '5511912345678', texto: 'oi' }));
    expect([na_hora.motivo, na_hora.repetivel, na_hora.status]).toEqual(['INDISPONIVEL', true, 500]);
    expect(await sb.mensagens(servidor, 'falhas')).toEqual([]);

    sorte = 0.3;
    const { idGateway } = await comFalha.enviar(servidor, 'falhas', { para: '5511912345678', texto: 'oi' });
    avancar(10_000);
    await sb.entregarPendentes();
    expect(eventos('falhas')).toEqual([expect.objectContaining({ tipo: 'SITUACAO_MENSAGEM', idGateway, situacao: 'FALHOU' })]);
    expect(await sb.situacao(servidor, 'falhas', idGateway)).toBe('FALHOU');

    sorte = 0.5;
    const ok = await comFalha.enviar(servidor, 'falhas', { para: '5511912345678', texto: 'oi' });
    avancar(10_000);
    expect(await sb.situacao(servidor, 'falhas', ok.idGateway)).toBe('LIDA');

    // With a real random source, the share of failures follows the rate (200 sends at 20%: 40 ± 6).
    const aleatorio = novo(t.banco.db, { taxaFalha: 0.2 });
    let falhas = 0;
    const aceitas: string[] = [];
    for (let i = 0; i < 200; i++) {
      const r = await aleatorio.enviar(servidor, 'falhas', { para: '5511912345678', texto: `n${i}` }).catch(() => null);
      if (r === null) falhas++;
      else aceitas.push(r.idGateway);
    }
    avancar(1000);
    for (const id of aceitas) if ((await aleatorio.situacao(servidor, 'falhas', id)) === 'FALHOU') falhas++;
    expect(falhas).toBeGreaterThan(15);
    expect(falhas).toBeLessThan(70);
  });

  it('mensagem recebida: o cliente responde "SAIR" e o webhook recebe messages.upsert', async () => {
    await conectada('respostas');
    const { idGateway } = await sb.simularRecebida(servidor, 'respostas', '5511955554444', 'SAIR');
    expect(await sb.entregarPendentes()).toBe(1);
    expect(eventos()).toEqual([{ tipo: 'MENSAGEM_RECEBIDA', instancia: 'respostas', de: '5511955554444', texto: 'SAIR', idGateway, em: expect.any(Date) }]);
    const [m] = await sb.mensagens(servidor, 'respostas');
    expect(m).toMatchObject({ direcao: 'RECEBIDA', numero: '5511955554444', texto: 'SAIR' });
  });

  it('webhook fora do ar: a chamada é repetida depois (1 s, 2 s…), e a situação da mensagem não depende dela', async () => {
    await conectada('webhook-caido');
    respostaDoReceptor = 503;
    const { idGateway } = await sb.enviar(servidor, 'webhook-caido', { para: '5511912345678', texto: 'oi' });
    avancar(1000);
    expect(await sb.entregarPendentes()).toBe(0);
    recebidos.length = 0;
    expect(await sb.situacao(servidor, 'webhook-caido', idGateway)).toBe('ENVIADA');
    respostaDoReceptor = 200;
    expect(await sb.entregarPendentes()).toBe(0); // not yet: 1 s later
    avancar(1000);
    // The retried ENVIADA and the ENTREGUE now due, in the order they happened.
    expect(await sb.entregarPendentes()).toBe(2);
    avancar(5000);
    expect(await sb.entregarPendentes()).toBe(1);
    expect(eventos().map((e) => (e.tipo === 'SITUACAO_MENSAGEM' ? e.situacao : null))).toEqual(['ENVIADA', 'ENTREGUE', 'LIDA']);
  });

  it('sobrevive ao reinício e a mais de um processo: o estado e os acks pendentes ficam no banco', async () => {
    await conectada('reinicio', '5511977778888');
    const { idGateway } = await sb.enviar(servidor, 'reinicio', { para: '5511912345678', texto: 'oi' });

    // A new process: another sandbox object, and on PostgreSQL its own connection pool.
    let outroBanco: Banco | null = null;
    if (t.banco.engine === 'postgres') outroBanco = await abrirBanco({ databaseUrl: t.banco.databaseUrl, poolMax: 3 });
    const depois = novo(outroBanco?.db ?? t.banco.db);
    try {
      expect(await depois.estado(servidor, 'reinicio')).toBe('CONECTADA');
      expect(await depois.situacao(servidor, 'reinicio', idGateway)).toBe('PENDENTE');
      avancar(3000);
      // Both processes deliver at once; each call still goes out exactly once.
      const [a, b] = await Promise.all([sb.entregarPendentes(), depois.entregarPendentes()]);
      expect(a + b).toBe(3);
      expect(eventos().map((e) => (e.tipo === 'SITUACAO_MENSAGEM' ? e.situacao : null))).toEqual(['ENVIADA', 'ENTREGUE', 'LIDA']);
      expect(await depois.situacao(servidor, 'reinicio', idGateway)).toBe('LIDA');
      expect((await depois.mensagens(servidor, 'reinicio')).map((m) => m.idGateway)).toEqual([idGateway]);
    } finally {
      await outroBanco?.close();
    }
  });

  it('desconectar e excluir: o webhook fica sabendo; os dois são idempotentes', async () => {
    await conectada('fim');
    await sb.desconectar(servidor, 'fim');
    await sb.desconectar(servidor, 'fim');
    expect(await sb.estado(servidor, 'fim')).toBe('DESCONECTADA');
    await sb.entregarPendentes();
    expect(eventos()).toEqual([{ tipo: 'CONEXAO', instancia: 'fim', estado: 'DESCONECTADA', numero: null }]);
    await sb.excluir(servidor, 'fim');
    await sb.excluir(servidor, 'fim');
    expect((await falha(sb.estado(servidor, 'fim'))).motivo).toBe('INSTANCIA_INEXISTENTE');
  });

  it('sozinho (automático), entrega por HTTP de verdade (fetch) a um servidor local', async () => {
    const chegou: unknown[] = [];
    const http: Server = createServer((req, res) => {
      let corpo = '';
      req.on('data', (c: Buffer) => {
        corpo += c.toString();
      });
      req.on('end', () => {
        chegou.push(JSON.parse(corpo));
        res.writeHead(200).end('{}');
      });
    });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/webhook/whatsapp/abc`;
    const real = whatsappSandbox(t.banco.db, { automatico: true, atrasoMs: 20, entregar: entregaPorFetch(2000) });
    try {
      await real.iniciar();
      const s: ServidorGateway = { baseUrl: 'sandbox://automatico', chave: 'k' };
      await real.criarInstancia(s, 'auto', url);
      await real.conectar(s, 'auto');
      await real.simularLeitura(s, 'auto', '5511900002222');
      const { idGateway } = await real.enviar(s, 'auto', { para: '5511912345678', texto: 'oi' });
      const limite = Date.now() + 10_000;
      while (chegou.length < 6 && Date.now() < limite) await new Promise((r) => setTimeout(r, 20));
      const e = chegou.map((c) => real.interpretarWebhook(c));
      expect(e.map((x) => x?.tipo)).toEqual(['CONEXAO', 'QRCODE', 'CONEXAO', 'SITUACAO_MENSAGEM', 'SITUACAO_MENSAGEM', 'SITUACAO_MENSAGEM']);
      expect(e.at(-1)).toMatchObject({ idGateway, situacao: 'LIDA' });
    } finally {
      await real.parar();
      await new Promise((r) => http.close(r));
    }
  });
});
