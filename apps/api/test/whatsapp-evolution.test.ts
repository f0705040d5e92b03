import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FalhaGateway, type ServidorGateway } from '../src/adapters/whatsapp/gateway.js';
import { EVENTOS_WEBHOOK, whatsappEvolution } from '../src/adapters/whatsapp/whatsapp-evolution.js';
import { CHAVE_GLOBAL, iniciarEvolutionFalsa, type EvolutionFalsa } from './apoio/evolution-falsa.js';

/**
 * The Evolution API v2 client against a local fake server that answers as the documented API does
 * (test/apoio/evolution-falsa.ts): every call, every failure. No database, no internet.
 */

let falsa: EvolutionFalsa;
let servidor: ServidorGateway;
const gw = whatsappEvolution({ timeoutMs: 1500 });

async function falha(p: Promise<unknown>): Promise<FalhaGateway> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(FalhaGateway);
  return e as FalhaGateway;
}
const resumo = (f: FalhaGateway) => [f.motivo, f.repetivel];

async function conectada(nome: string) {
  await gw.criarInstancia(servidor, nome, 'https://bonifica.example/webhook/whatsapp/t');
  await gw.conectar(servidor, nome);
  falsa.parear(nome, '5511900001111');
}

beforeAll(async () => {
  falsa = await iniciarEvolutionFalsa();
  servidor = { baseUrl: `${falsa.baseUrl}/`, chave: CHAVE_GLOBAL };
});
afterAll(() => falsa.fechar());
beforeEach(() => {
  falsa.pedidos.length = 0;
});

describe('cliente Evolution API v2', () => {
  it('cria a instância (Baileys) com o webhook e os quatro eventos, e a chave no cabeçalho apikey', async () => {
    await gw.criarInstancia(servidor, 'loja centro', 'https://bonifica.example/webhook/whatsapp/abc');
    const [p] = falsa.pedidos;
    expect(p).toMatchObject({
      metodo: 'POST',
      caminho: '/instance/create',
      apikey: CHAVE_GLOBAL,
      corpo: {
        instanceName: 'loja centro',
        integration: 'WHATSAPP-BAILEYS',
        webhook: { url: 'https://bonifica.example/webhook/whatsapp/abc', byEvents: false, events: [...EVENTOS_WEBHOOK] },
      },
    });
    expect(EVENTOS_WEBHOOK).toEqual(['QRCODE_UPDATED', 'CONNECTION_UPDATE', 'MESSAGES_UPSERT', 'MESSAGES_UPDATE']);
    expect(falsa.instancias.get('loja centro')?.webhook.url).toBe('https://bonifica.example/webhook/whatsapp/abc');
  });

  it('criar de novo (nome em uso, 403) só aponta o webhook para a URL nova', async () => {
    await gw.criarInstancia(servidor, 'repetida', 'https://bonifica.example/w/1');
    falsa.pedidos.length = 0;
    await gw.criarInstancia(servidor, 'repetida', 'https://bonifica.example/w/2');
    expect(falsa.pedidos.map((p) => `${p.metodo} ${p.caminho}`)).toEqual(['POST /instance/create', 'POST /webhook/set/repetida']);
    expect(falsa.instancias.get('repetida')?.webhook).toMatchObject({ url: 'https://bonifica.example/w/2', events: [...EVENTOS_WEBHOOK] });
  });

  it('conecta: QR code em PNG e, com número, código de pareamento; estado e reinício', async () => {
    await gw.criarInstancia(servidor, 'pareia', 'https://bonifica.example/w');
    expect(await gw.estado(servidor, 'pareia')).toBe('DESCONECTADA');
    const p = await gw.conectar(servidor, 'pareia', '+55 (11) 98765-0001');
    expect(falsa.pedidos.at(-1)?.caminho).toBe('/instance/connect/pareia?number=5511987650001');
    expect(p.qrCode).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect(p.codigoPareamento).toBe('WZYEH1YY');
    expect(await gw.estado(servidor, 'pareia')).toBe('CONECTANDO');
    expect((await gw.conectar(servidor, 'pareia')).codigoPareamento).toBeNull();

    falsa.parear('pareia', '5511987650001');
    expect(await gw.estado(servidor, 'pareia')).toBe('CONECTADA');
    expect(await gw.conectar(servidor, 'pareia')).toEqual({ qrCode: null, codigoPareamento: null });
    await gw.reiniciar(servidor, 'pareia');
    expect(falsa.pedidos.at(-1)).toMatchObject({ metodo: 'POST', caminho: '/instance/restart/pareia' });
  });

  it('desconecta e exclui (os dois idempotentes; exclui uma conectada desconectando antes)', async () => {
    await conectada('fim');
    await gw.excluir(servidor, 'fim');
    expect(falsa.pedidos.map((p) => `${p.metodo} ${p.caminho}`).slice(-3)).toEqual([
      'GET /instance/connectionState/fim',
      'DELETE /instance/logout/fim',
      'DELETE /instance/delete/fim',
    ]);
    expect(falsa.instancias.has('fim')).toBe(false);
    await gw.excluir(servidor, 'fim');

    await conectada('sai');
    await gw.desconectar(servidor, 'sai');
    expect(await gw.estado(servidor, 'sai')).toBe('DESCONECTADA');
    await gw.desconectar(servidor, 'sai'); // 400 "is not connected": already done
    await gw.reiniciar(servidor, 'sai'); // 200 { error: true } on a closed instance: nothing to restart
  });

  it('envia texto e mídia e devolve o id do WhatsApp; consulta a situação para a reconciliação', async () => {
    await conectada('envio');
    const { idGateway } = await gw.enviar(servidor, 'envio', { para: '+55 11 91234-5678', texto: 'Você ganhou R$ 3,00!' });
    expect(idGateway).toMatch(/^3EB0/);
    expect(falsa.pedidos.at(-1)).toMatchObject({ caminho: '/message/sendText/envio', corpo: { number: '5511912345678', text: 'Você ganhou R$ 3,00!' } });

    const m = await gw.enviar(servidor, 'envio', {
      para: '5511912345678',
      texto: 'Seu cupom',
      midia: { tipo: 'documento', conteudo: 'https://bonifica.example/cupom.pdf', mimetype: 'application/pdf', nomeArquivo: 'cupom.pdf' },
    });
    expect(falsa.pedidos.at(-1)).toMatchObject({
      caminho: '/message/sendMedia/envio',
      corpo: { number: '5511912345678', mediatype: 'document', mimetype: 'application/pdf', caption: 'Seu cupom', media: 'https://bonifica.example/cupom.pdf', fileName: 'cupom.pdf' },
    });

    expect(await gw.situacao(servidor, 'envio', idGateway)).toBe('PENDENTE');
    falsa.ack(idGateway, 'DELIVERY_ACK');
    expect(await gw.situacao(servidor, 'envio', idGateway)).toBe('ENTREGUE');
    falsa.ack(idGateway, 'READ');
    expect(await gw.situacao(servidor, 'envio', idGateway)).toBe('LIDA');
    // An ack arriving late does not take the message back: the furthest one in its history counts.
    falsa.ack(idGateway, 'SERVER_ACK');
    expect(await gw.situacao(servidor, 'envio', idGateway)).toBe('LIDA');
    falsa.ack(m.idGateway, 'ERROR');
    expect(await gw.situacao(servidor, 'envio', m.idGateway)).toBe('FALHOU');
    expect(falsa.pedidos.at(-1)).toMatchObject({ caminho: '/chat/findMessages/envio', corpo: { where: { key: { id: m.idGateway } } } });
    expect(await gw.situacao(servidor, 'envio', '3EB0000000000000000000')).toBe('DESCONHECIDA');
  });

  it('verifica números: quem está e quem não está no WhatsApp', async () => {
    await conectada('numeros');
    expect(await gw.verificarNumeros(servidor, 'numeros', ['5511912345678', '55 11 91234-0000'])).toEqual([
      { numero: '5511912345678', existe: true },
      { numero: '55 11 91234-0000', existe: false },
    ]);
    expect(falsa.pedidos.at(-1)).toMatchObject({ caminho: '/chat/whatsappNumbers/numeros', corpo: { numbers: ['5511912345678', '5511912340000'] } });
    expect(await gw.verificarNumeros(servidor, 'numeros', [])).toEqual([]);
  });

  describe('falhas', () => {
    beforeAll(() => conectada('falhas'));
    const enviar = () => gw.enviar(servidor, 'falhas', { para: '5511912345678', texto: 'oi' });

    it('tempo esgotado (repetível), medido pelo tempo-limite configurado', async () => {
      falsa.falhar('tempo');
      const inicio = Date.now();
      const f = await falha(enviar());
      expect(resumo(f)).toEqual(['TEMPO_ESGOTADO', true]);
      expect(Date.now() - inicio).toBeGreaterThanOrEqual(1400);
      expect(Date.now() - inicio).toBeLessThan(5000);
    });

    it('401 e chave errada: NAO_AUTORIZADO, não repetível', async () => {
      falsa.falhar('401');
      expect(resumo(await falha(enviar()))).toEqual(['NAO_AUTORIZADO', false]);
      const f = await falha(gw.estado({ ...servidor, chave: 'errada' }, 'falhas'));
      expect([f.motivo, f.repetivel, f.status]).toEqual(['NAO_AUTORIZADO', false, 401]);
    });

    it('404: instância inexistente, não repetível', async () => {
      const f = await falha(gw.enviar(servidor, 'nao-existe', { para: '5511912345678', texto: 'oi' }));
      expect([f.motivo, f.repetivel, f.status]).toEqual(['INSTANCIA_INEXISTENTE', false, 404]);
      expect(resumo(await falha(gw.conectar(servidor, 'nao-existe')))).toEqual(['INSTANCIA_INEXISTENTE', false]);
    });

    it('instância fechada ("Connection Closed"): desconectada, repetível', async () => {
      falsa.falhar('fechada');
      expect(resumo(await falha(enviar()))).toEqual(['INSTANCIA_DESCONECTADA', true]);
      await gw.criarInstancia(servidor, 'nunca-pareada', 'https://bonifica.example/w');
      const f = await falha(gw.enviar(servidor, 'nunca-pareada', { para: '5511912345678', texto: 'oi' }));
      expect(resumo(f)).toEqual(['INSTANCIA_DESCONECTADA', true]);
      expect(resumo(await falha(gw.verificarNumeros(servidor, 'nunca-pareada', ['5511912345678'])))).toEqual(['INSTANCIA_DESCONECTADA', true]);
    });

    it('número fora do WhatsApp: NUMERO_INVALIDO, não repetível', async () => {
      const f = await falha(gw.enviar(servidor, 'falhas', { para: '5511912340000', texto: 'oi' }));
      expect([f.motivo, f.repetivel, f.status]).toEqual(['NUMERO_INVALIDO', false, 400]);
    });

    it('429 (LIMITE) e 5xx (INDISPONIVEL): repetíveis', async () => {
      falsa.falhar('429', '500');
      expect(resumo(await falha(enviar()))).toEqual(['LIMITE', true]);
      const f = await falha(enviar());
      expect([f.motivo, f.repetivel, f.status]).toEqual(['INDISPONIVEL', true, 500]);
      // And the next call works again.
      expect((await enviar()).idGateway).toMatch(/^3EB0/);
    });

    it('502 em HTML do proxy na frente do servidor: INDISPONIVEL, repetível', async () => {
      falsa.falhar('proxy');
      const f = await falha(enviar());
      expect([f.motivo, f.repetivel, f.status]).toEqual(['INDISPONIVEL', true, 502]);
    });

    it('servidor fora do ar: INDISPONIVEL, repetível', async () => {
      const f = await falha(gw.estado({ baseUrl: 'http://127.0.0.1:1', chave: CHAVE_GLOBAL }, 'x'));
      expect(resumo(f)).toEqual(['INDISPONIVEL', true]);
    });
  });
});

/** Webhook bodies as Evolution API v2 posts them (envelope and `data` of each event). */
const envelope = (event: string, data: unknown) => ({
  event,
  instance: 'loja-centro',
  data,
  destination: 'https://bonifica.example/webhook/whatsapp/abc',
  date_time: '2026-03-02T12:00:05.123Z',
  sender: '5511987650001@s.whatsapp.net',
  server_url: 'https://evolution.example',
  apikey: 'B1D2C3E4F5A6B7C8D9E0F1A2B3C4D5E6',
});

describe('interpretarWebhook (corpos reais da Evolution v2)', () => {
  const ler = gw.interpretarWebhook;

  it('qrcode.updated → QRCODE; o aviso de limite de QR (sem qrcode) é ignorado', () => {
    expect(
      ler(envelope('qrcode.updated', { qrcode: { instance: 'loja-centro', pairingCode: 'WZYEH1YY', code: '2@abc,def', base64: 'data:image/png;base64,iVBORw0KGgo=' } })),
    ).toEqual({ tipo: 'QRCODE', instancia: 'loja-centro', qrCode: 'data:image/png;base64,iVBORw0KGgo=', codigoPareamento: 'WZYEH1YY' });
    expect(ler(envelope('qrcode.updated', { message: 'QR code limit reached, please login again', statusCode: 500 }))).toBeNull();
  });

  it('connection.update → CONEXAO com estado e número', () => {
    expect(
      ler(
        envelope('connection.update', {
          instance: 'loja-centro',
          wuid: '5511987650001@s.whatsapp.net',
          profileName: 'Loja Centro',
          profilePictureUrl: null,
          state: 'open',
          statusReason: 200,
        }),
      ),
    ).toEqual({ tipo: 'CONEXAO', instancia: 'loja-centro', estado: 'CONECTADA', numero: '5511987650001' });
    expect(ler(envelope('connection.update', { instance: 'loja-centro', state: 'connecting', statusReason: 200 }))).toMatchObject({ estado: 'CONECTANDO', numero: null });
    expect(ler(envelope('connection.update', { instance: 'loja-centro', state: 'close', statusReason: 401 }))).toMatchObject({ estado: 'DESCONECTADA' });
    expect(ler(envelope('connection.update', { instance: 'loja-centro', state: 'refused', statusReason: 428 }))).toMatchObject({ estado: 'DESCONECTADA' });
  });

  const upsert = (key: Record<string, unknown>, message: Record<string, unknown>, messageType = 'conversation') =>
    envelope('messages.upsert', {
      key,
      pushName: 'Maria',
      status: 'DELIVERY_ACK',
      message,
      contextInfo: null,
      messageType,
      messageTimestamp: 1772452805,
      instanceId: '0b6a5e2c-54a3-4f4c-9d0e-1f2a3b4c5d6e',
      source: 'android',
    });

  it('messages.upsert → MENSAGEM_RECEBIDA só de clientes (fromMe:false) e com texto', () => {
    expect(ler(upsert({ remoteJid: '5511955554444@s.whatsapp.net', fromMe: false, id: '3A1B2C3D4E5F' }, { conversation: 'SAIR' }))).toEqual({
      tipo: 'MENSAGEM_RECEBIDA',
      instancia: 'loja-centro',
      de: '5511955554444',
      texto: 'SAIR',
      idGateway: '3A1B2C3D4E5F',
      em: new Date(1772452805 * 1000),
    });
    expect(
      ler(upsert({ remoteJid: '5511955554444@s.whatsapp.net', fromMe: false, id: 'X1' }, { extendedTextMessage: { text: 'parar' } }, 'extendedTextMessage')),
    ).toMatchObject({ texto: 'parar' });
    // Our own message, a group, a sticker without text: not a customer's reply.
    expect(ler(upsert({ remoteJid: '5511955554444@s.whatsapp.net', fromMe: true, id: 'X2' }, { conversation: 'Olá' }))).toBeNull();
    expect(ler(upsert({ remoteJid: '120363041967849074@g.us', fromMe: false, id: 'X3', participant: '5511955554444@s.whatsapp.net' }, { conversation: 'SAIR' }))).toBeNull();
    expect(ler(upsert({ remoteJid: '5511955554444@s.whatsapp.net', fromMe: false, id: 'X4' }, { stickerMessage: { url: 'x' } }, 'stickerMessage'))).toBeNull();
  });

  it('messages.update → SITUACAO_MENSAGEM pelo keyId (ack de envio, entrega, leitura, erro)', () => {
    const update = (status: string) =>
      envelope('messages.update', {
        messageId: 'cm7x1y2z3000008l4abcd1234',
        keyId: '3EB0A1B2C3D4E5F6A7B8C9D0',
        remoteJid: '5511912345678@s.whatsapp.net',
        fromMe: true,
        participant: '5511912345678@s.whatsapp.net',
        status,
        instanceId: '0b6a5e2c-54a3-4f4c-9d0e-1f2a3b4c5d6e',
      });
    expect(ler(update('DELIVERY_ACK'))).toEqual({
      tipo: 'SITUACAO_MENSAGEM',
      instancia: 'loja-centro',
      idGateway: '3EB0A1B2C3D4E5F6A7B8C9D0',
      situacao: 'ENTREGUE',
      em: new Date('2026-03-02T12:00:05.123Z'),
    });
    expect(['SERVER_ACK', 'READ', 'PLAYED', 'ERROR', 'PENDING'].map((s) => (ler(update(s)) as { situacao: string }).situacao)).toEqual([
      'ENVIADA',
      'LIDA',
      'LIDA',
      'FALHOU',
      'PENDENTE',
    ]);
    expect(ler(update('DELETED'))).toBeNull();
    // Upper-case event names (global webhook) read the same.
    expect(ler({ ...update('READ'), event: 'MESSAGES_UPDATE' })).toMatchObject({ situacao: 'LIDA' });
  });

  it('outros eventos e lixo → null', () => {
    expect(ler(envelope('contacts.upsert', [{ remoteJid: '5511@s.whatsapp.net' }]))).toBeNull();
    expect(ler(envelope('presence.update', { id: 'x', presences: {} }))).toBeNull();
    expect(ler(envelope('send.message', { key: { id: 'x', fromMe: true } }))).toBeNull();
    expect(ler(null)).toBeNull();
    expect(ler('texto')).toBeNull();
    expect(ler({ event: 'messages.update' })).toBeNull();
  });
});
