import type { EstadoConexao, EventoGateway, SituacaoMensagem } from './gateway.js';

/**
 * Evolution API v2 webhook bodies, normalised (docs/areas/mensageria.md "Gateways"). The sandbox posts
 * the same bodies, so this one function serves both gateways and the webhook route is exercised offline.
 *
 * Every body is `{ event, instance, data, destination, date_time, sender, server_url, apikey }`; `event`
 * is lower case with dots (`messages.update`), though an older server or a global webhook may send
 * `MESSAGES_UPDATE`, so both spellings are accepted.
 */

/** Evolution's message statuses (Baileys' numeric ack mapped to names) and what each means to us. */
const SITUACOES: Record<string, SituacaoMensagem> = {
  ERROR: 'FALHOU',
  PENDING: 'PENDENTE',
  SERVER_ACK: 'ENVIADA',
  DELIVERY_ACK: 'ENTREGUE',
  READ: 'LIDA',
  PLAYED: 'LIDA',
  // Evolution's Cloud API channel reports the WhatsApp Business statuses in upper case.
  SENT: 'ENVIADA',
  DELIVERED: 'ENTREGUE',
  FAILED: 'FALHOU',
};

/** The same statuses as Baileys' numbers (older servers and `findMessages` may carry them). */
const ACKS: SituacaoMensagem[] = ['FALHOU', 'PENDENTE', 'ENVIADA', 'ENTREGUE', 'LIDA', 'LIDA'];

export function situacaoEvolution(status: unknown): SituacaoMensagem | null {
  if (typeof status === 'number') return ACKS[status] ?? null;
  if (typeof status === 'string') return SITUACOES[status.toUpperCase()] ?? null;
  return null;
}

/** `state` of connection.update and of GET /instance/connectionState. */
export function estadoEvolution(state: unknown): EstadoConexao {
  if (state === 'open') return 'CONECTADA';
  if (state === 'connecting' || state === 'reconnecting') return 'CONECTANDO';
  return 'DESCONECTADA';
}

/** "5511987654321@s.whatsapp.net" (or "…:12@s.whatsapp.net", a device) → "5511987654321". */
export function numeroDoJid(jid: unknown): string | null {
  if (typeof jid !== 'string') return null;
  const n = jid.split('@')[0]?.split(':')[0] ?? '';
  return /^\d{8,20}$/.test(n) ? n : null;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | null => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null);
const texto = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

function quando(corpo: Obj, segundos?: unknown): Date {
  if (typeof segundos === 'number' && Number.isFinite(segundos)) return new Date(segundos * 1000);
  if (typeof segundos === 'string' && /^\d+$/.test(segundos)) return new Date(Number(segundos) * 1000);
  const d = typeof corpo.date_time === 'string' ? new Date(corpo.date_time) : null;
  return d && !Number.isNaN(d.getTime()) ? d : new Date();
}

/** The text a received message carries: a plain text, an extended text, or a media caption. */
function textoDaMensagem(m: Obj | null): string | null {
  if (!m) return null;
  return (
    texto(m.conversation) ??
    texto(obj(m.extendedTextMessage)?.text) ??
    texto(obj(m.imageMessage)?.caption) ??
    texto(obj(m.videoMessage)?.caption) ??
    texto(obj(m.documentMessage)?.caption) ??
    texto(obj(m.buttonsResponseMessage)?.selectedDisplayText) ??
    texto(obj(m.listResponseMessage)?.title)
  );
}

export function interpretarWebhookEvolution(corpo: unknown): EventoGateway | null {
  const c = obj(corpo);
  if (!c) return null;
  const evento = typeof c.event === 'string' ? c.event.toLowerCase().replace(/_/g, '.') : '';
  const data = obj(c.data);
  const instancia = texto(c.instance) ?? texto(data?.instance);
  if (!data || !instancia) return null;

  switch (evento) {
    case 'qrcode.updated': {
      const qr = obj(data.qrcode);
      // "QR code limit reached" comes as this event without a qrcode: nothing to show, the connection event follows.
      if (!qr) return null;
      return { tipo: 'QRCODE', instancia, qrCode: texto(qr.base64), codigoPareamento: texto(qr.pairingCode) };
    }
    case 'connection.update':
      return { tipo: 'CONEXAO', instancia, estado: estadoEvolution(data.state), numero: numeroDoJid(data.wuid) };
    case 'messages.upsert': {
      const key = obj(data.key);
      // Our own messages (sent here or from the phone) and groups are not replies from a customer.
      if (!key || key.fromMe !== false) return null;
      const de = typeof key.remoteJid === 'string' && key.remoteJid.endsWith('@s.whatsapp.net') ? numeroDoJid(key.remoteJid) : null;
      const t = textoDaMensagem(obj(data.message));
      const id = texto(key.id);
      if (!de || !t || !id) return null;
      return { tipo: 'MENSAGEM_RECEBIDA', instancia, de, texto: t, idGateway: id, em: quando(c, data.messageTimestamp) };
    }
    case 'messages.update': {
      // v2 sends the WhatsApp id as `keyId` (`messageId` is Evolution's own row id); v1 spread the key (`id`).
      if (data.fromMe === false) return null;
      const id = texto(data.keyId) ?? texto(data.id);
      const situacao = situacaoEvolution(data.status);
      if (!id || !situacao) return null;
      return { tipo: 'SITUACAO_MENSAGEM', instancia, idGateway: id, situacao, em: quando(c, data.timestamp) };
    }
    default:
      return null;
  }
}
