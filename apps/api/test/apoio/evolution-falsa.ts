import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import QRCode from 'qrcode';

/**
 * A local stand-in for an Evolution API v2 server (tests only, never the internet). It answers the
 * calls Bonifica makes with the bodies the real server returns (same fields, same error envelope
 * `{ status, error, response: { message } }`, the same quirks: 200 with `{ error: true }` on a failed
 * restart, 403 for a name in use, 400 with `exists: false` for a number not on WhatsApp, "Connection
 * Closed" on a dropped socket), and can be told to fail: hang past the client's time limit, 401,
 * 429, 5xx, instance closed, an HTML 502 from the proxy in front.
 */

export const CHAVE_GLOBAL = 'chave-global-da-evolution';

type Estado = 'open' | 'connecting' | 'close';
type Instancia = { nome: string; id: string; token: string; estado: Estado; numero: string | null; webhook: { url: string; events: string[]; byEvents: boolean; base64: boolean } };
type Mensagem = { id: string; instancia: string; remoteJid: string; status: string; acks: string[]; corpo: Record<string, unknown>; timestamp: number };
export type ModoFalha = 'tempo' | '401' | '429' | '500' | 'fechada' | 'proxy';
export type Pedido = { metodo: string; caminho: string; apikey: string | undefined; corpo: unknown };

const jid = (n: string) => `${n}@s.whatsapp.net`;

function erro(res: ServerResponse, status: number, error: string, message: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ status, error, response: { message } }));
}
function ok(res: ServerResponse, status: number, corpo: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(corpo));
}

export async function iniciarEvolutionFalsa() {
  const instancias = new Map<string, Instancia>();
  const mensagens = new Map<string, Mensagem>();
  const pedidos: Pedido[] = [];
  let falhas: ModoFalha[] = [];
  const penduradas = new Set<ServerResponse>();

  async function tratar(req: IncomingMessage, res: ServerResponse, corpo: unknown) {
    const url = new URL(req.url ?? '/', 'http://x');
    const partes = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    const apikey = req.headers.apikey as string | undefined;
    pedidos.push({ metodo: req.method ?? '', caminho: `${url.pathname}${url.search}`, apikey, corpo });

    const falha = falhas.shift();
    if (falha === 'tempo') {
      penduradas.add(res);
      return;
    }
    if (falha === '401' || apikey !== CHAVE_GLOBAL) return erro(res, 401, 'Unauthorized', 'Unauthorized');
    if (falha === '429') return erro(res, 429, 'Too Many Requests', ['Too many requests, please try again later.']);
    if (falha === '500') return erro(res, 500, 'Internal Server Error', ['TypeError: Cannot read properties of undefined']);
    // The reverse proxy in front of a stopped server answers HTML, not the API's JSON.
    if (falha === 'proxy') return void res.writeHead(502, { 'content-type': 'text/html' }).end('<html><body><h1>502 Bad Gateway</h1></body></html>');
    if (falha === 'fechada') return erro(res, 500, 'Internal Server Error', ['Error: Connection Closed']);

    const [grupo, acao, nome] = partes;
    const b = (corpo ?? {}) as Record<string, unknown>;
    if (req.method === 'POST' && grupo === 'instance' && acao === 'create') {
      const instanceName = String(b.instanceName ?? '');
      if (!instanceName) return erro(res, 400, 'Bad Request', ['instanceName is required']);
      if (b.integration !== 'WHATSAPP-BAILEYS') return erro(res, 400, 'Bad Request', ['Invalid integration']);
      if (instancias.has(instanceName)) return erro(res, 403, 'Forbidden', [`This name "${instanceName}" is already in use.`]);
      const w = (b.webhook ?? {}) as Record<string, unknown>;
      const i: Instancia = {
        nome: instanceName,
        id: randomUUID(),
        token: randomBytes(16).toString('hex').toUpperCase(),
        estado: 'close',
        numero: null,
        webhook: { url: String(w.url ?? ''), events: (w.events as string[]) ?? [], byEvents: w.byEvents === true, base64: w.base64 === true },
      };
      instancias.set(instanceName, i);
      return ok(res, 201, {
        instance: { instanceName, instanceId: i.id, integration: 'WHATSAPP-BAILEYS', webhookWaBusiness: null, accessTokenWaBusiness: '', status: 'created' },
        hash: i.token,
        webhook: { webhookUrl: i.webhook.url, webhookByEvents: i.webhook.byEvents, webhookBase64: i.webhook.base64 },
        websocket: { enabled: false },
        rabbitmq: { enabled: false },
        sqs: { enabled: false },
        settings: { rejectCall: false, msgCall: '', groupsIgnore: true, alwaysOnline: false, readMessages: false, readStatus: false, syncFullHistory: false, wavoipToken: '' },
      });
    }

    const i = nome ? instancias.get(nome) : undefined;
    if (!nome || !i) return erro(res, 404, 'Not Found', [`The "${nome ?? ''}" instance does not exist`]);

    const rota = `${req.method} ${grupo}/${acao}`;
    switch (rota) {
      case 'POST webhook/set': {
        const w = (b.webhook ?? {}) as Record<string, unknown>;
        i.webhook = { url: String(w.url ?? ''), events: (w.events as string[]) ?? [], byEvents: w.byEvents === true, base64: w.base64 === true };
        return ok(res, 201, {
          id: randomUUID(),
          url: i.webhook.url,
          headers: null,
          enabled: true,
          events: i.webhook.events,
          webhookByEvents: i.webhook.byEvents,
          webhookBase64: i.webhook.base64,
          createdAt: new Date().toISOString(),
          updatedAt: new Date().toISOString(),
          instanceId: i.id,
        });
      }
      case 'GET instance/connect': {
        if (i.estado === 'open') return ok(res, 200, { instance: { instanceName: i.nome, state: 'open' } });
        i.estado = 'connecting';
        const code = `2@${randomBytes(24).toString('base64')},${randomBytes(16).toString('base64')}`;
        const base64 = await QRCode.toDataURL(code, { margin: 3, scale: 4, errorCorrectionLevel: 'H' });
        const numero = url.searchParams.get('number');
        return ok(res, 200, { pairingCode: numero ? 'WZYEH1YY' : null, code, base64, count: 1 });
      }
      case 'GET instance/connectionState':
        return ok(res, 200, { instance: { instanceName: i.nome, state: i.estado } });
      case 'POST instance/restart':
        // Evolution's BadRequestException is a plain object: its toString() is what comes back.
        if (i.estado === 'close') return ok(res, 200, { error: true, message: '[object Object]' });
        return ok(res, 200, { instance: { instanceName: i.nome, state: i.estado } });
      case 'DELETE instance/logout':
        if (i.estado === 'close') return erro(res, 400, 'Bad Request', [`The "${i.nome}" instance is not connected`]);
        i.estado = 'close';
        i.numero = null;
        return ok(res, 200, { status: 'SUCCESS', error: false, response: { message: 'Instance logged out' } });
      case 'DELETE instance/delete':
        if (i.estado === 'open') return erro(res, 400, 'Bad Request', [`The "${i.nome}" instance needs to be disconnected`]);
        instancias.delete(i.nome);
        return ok(res, 200, { status: 'SUCCESS', error: false, response: { message: 'Instance deleted' } });
      case 'POST message/sendText':
      case 'POST message/sendMedia': {
        const numero = String(b.number ?? '').replace(/\D/g, '');
        if (!numero) return erro(res, 400, 'Bad Request', ['instance requires property "number"']);
        if (acao === 'sendText' && typeof b.text !== 'string') return erro(res, 400, 'Bad Request', ['instance requires property "text"']);
        if (acao === 'sendMedia' && !['image', 'video', 'document', 'audio'].includes(String(b.mediatype))) {
          return erro(res, 400, 'Bad Request', ['instance.mediatype is not one of enum values: image,document,video,audio']);
        }
        if (i.estado !== 'open') return erro(res, 500, 'Internal Server Error', ['Error: Connection Closed']);
        if (numero.endsWith('0000')) return erro(res, 400, 'Bad Request', [{ jid: jid(numero), exists: false, number: numero }]);
        const id = `3EB0${randomBytes(10).toString('hex').toUpperCase()}`;
        const timestamp = Math.floor(Date.now() / 1000);
        const message =
          acao === 'sendText'
            ? { conversation: b.text }
            : { [`${String(b.mediatype)}Message`]: { url: 'https://mmg.whatsapp.net/x', mimetype: b.mimetype, caption: b.caption, fileName: b.fileName } };
        const corpoResposta = {
          key: { remoteJid: jid(numero), fromMe: true, id },
          pushName: '',
          status: 'PENDING',
          message,
          contextInfo: null,
          messageType: acao === 'sendText' ? 'conversation' : `${String(b.mediatype)}Message`,
          messageTimestamp: timestamp,
          instanceId: i.id,
          source: 'unknown',
        };
        mensagens.set(id, { id, instancia: i.nome, remoteJid: jid(numero), status: 'PENDING', acks: [], corpo: corpoResposta, timestamp });
        return ok(res, 201, corpoResposta);
      }
      case 'POST chat/whatsappNumbers': {
        if (!Array.isArray(b.numbers)) return erro(res, 400, 'Bad Request', ['instance requires property "numbers"']);
        if (i.estado !== 'open') return erro(res, 500, 'Internal Server Error', ['Error: Connection Closed']);
        return ok(
          res,
          200,
          (b.numbers as string[]).map((n) => ({ exists: !n.endsWith('0000'), jid: jid(n), number: n, ...(n.endsWith('0000') ? {} : { name: '' }) })),
        );
      }
      case 'POST chat/findMessages': {
        const where = (b.where ?? {}) as { key?: { id?: string } };
        const registros = [...mensagens.values()]
          .filter((m) => m.instancia === i.nome && (!where.key?.id || m.id === where.key.id))
          .map((m) => ({
            id: randomUUID(),
            ...m.corpo,
            status: m.status,
            MessageUpdate: m.acks.map((status) => ({ status })),
          }));
        return ok(res, 200, { messages: { total: registros.length, pages: registros.length ? 1 : 0, currentPage: 1, records: registros } });
      }
      default:
        return erro(res, 404, 'Not Found', [`Cannot ${req.method} ${url.pathname}`]);
    }
  }

  const servidor = createServer((req, res) => {
    let texto = '';
    req.on('data', (c: Buffer) => {
      texto += c.toString();
    });
    req.on('end', () => {
      let corpo: unknown = undefined;
      try {
        corpo = texto ? JSON.parse(texto) : undefined;
      } catch {
        return erro(res, 400, 'Bad Request', ['Unexpected token in JSON']);
      }
      void tratar(req, res, corpo).catch((e: unknown) => erro(res, 500, 'Internal Server Error', [String(e)]));
    });
  });
  await new Promise<void>((r) => servidor.listen(0, '127.0.0.1', r));
  const baseUrl = `http://127.0.0.1:${(servidor.address() as AddressInfo).port}`;

  return {
    baseUrl,
    pedidos,
    instancias,
    /** The next requests fail this way, one mode per request. */
    falhar(...modos: ModoFalha[]) {
      falhas = [...falhas, ...modos];
    },
    /** The phone read the QR code. */
    parear(nome: string, numero: string) {
      const i = instancias.get(nome);
      if (!i) throw new Error(`instância ${nome} não existe`);
      i.estado = 'open';
      i.numero = numero;
    },
    /** WhatsApp acked a message (SERVER_ACK, DELIVERY_ACK, READ, ERROR). */
    ack(id: string, status: string) {
      const m = mensagens.get(id);
      if (!m) throw new Error(`mensagem ${id} não existe`);
      // The row keeps the last ack; MessageUpdate keeps every one, in arrival order.
      m.status = status;
      m.acks.push(status);
    },
    async fechar() {
      for (const r of penduradas) r.destroy();
      servidor.closeAllConnections();
      await new Promise((r) => servidor.close(r));
    },
  };
}

export type EvolutionFalsa = Awaited<ReturnType<typeof iniciarEvolutionFalsa>>;
