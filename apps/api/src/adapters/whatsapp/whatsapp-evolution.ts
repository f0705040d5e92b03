import { estadoEvolution, interpretarWebhookEvolution, situacaoEvolution } from './evolution-webhook.js';
import { FalhaGateway, type Midia, type Pareamento, type ServidorGateway, type SituacaoMensagem, type WhatsappGateway } from './gateway.js';

/**
 * HTTP client of Evolution API v2 (docs/areas/mensageria.md "Gateways"): the gateway Brazilian
 * companies run, on Baileys. Global key in the `apikey` header, one webhook per instance. Every call
 * has a time limit, and every failure becomes a `FalhaGateway` whose `motivo` and `repetivel` tell the
 * outbox whether to try again (timeout, 429, 5xx, instance reconnecting) or stop (401, instance gone,
 * number not on WhatsApp).
 *
 * Quirks of the server this client absorbs:
 * - `connect` and `restart` answer 200 with `{ error: true, message }` when they fail;
 * - "Connection Closed" (the WhatsApp socket dropped) comes as a 400 or a 500 on sends;
 * - creating a name in use is a 403: creation is made idempotent by pointing the webhook instead;
 * - logging out a closed instance is a 400 and deleting an open one too: `desconectar` and `excluir`
 *   are idempotent (what is already done is done).
 */

/** Events each instance's webhook receives (Evolution's names). */
export const EVENTOS_WEBHOOK = ['QRCODE_UPDATED', 'CONNECTION_UPDATE', 'MESSAGES_UPSERT', 'MESSAGES_UPDATE'] as const;

/** How far a message got; a delivered or read message is not "failed" because of an earlier error ack. */
const ORDEM: Record<SituacaoMensagem, number> = { DESCONHECIDA: 0, PENDENTE: 1, FALHOU: 2, ENVIADA: 3, ENTREGUE: 4, LIDA: 5 };

const MIDIA: Record<Midia['tipo'], string> = {
  imagem: 'image',
  video: 'video',
  documento: 'document',
  audio: 'audio',
};

type Resposta = { status: number; corpo: unknown };
type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | null => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null);

/** The error text Evolution puts in `response.message` (a string, a list of strings or of objects) or `message`. */
function mensagemDoErro(corpo: unknown): string {
  const c = obj(corpo);
  const m = obj(c?.response)?.message ?? c?.message ?? c?.error;
  if (Array.isArray(m)) return m.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join('; ');
  return typeof m === 'string' ? m : '';
}

/** A send to a number not on WhatsApp: 400 with `response.message: [{ exists: false, jid, number }]`. */
function numeroInexistente(corpo: unknown): boolean {
  const m = obj(obj(corpo)?.response)?.message;
  return Array.isArray(m) && m.some((x) => obj(x)?.exists === false);
}

const desconectada = (texto: string) => /connection closed|not connected|is not open|connection lost|closed/i.test(texto);
const inexistente = (texto: string) => /does not exist|not found/i.test(texto);

/** What a failed answer means (also a 200 with `{ error: true }`). */
export function falhaDaResposta(r: Resposta, instancia: string): FalhaGateway {
  const texto = mensagemDoErro(r.corpo);
  const detalhe = texto ? `: ${texto}` : '';
  if (r.status === 403 && /already in use/i.test(texto)) return new FalhaGateway('RECUSADO', `O nome "${instancia}" já está em uso no servidor.`, false, 403);
  if (r.status === 401 || r.status === 403) return new FalhaGateway('NAO_AUTORIZADO', `O servidor recusou a chave (${r.status}).`, false, r.status);
  if (r.status === 404 || inexistente(texto)) return new FalhaGateway('INSTANCIA_INEXISTENTE', `A instância "${instancia}" não existe no servidor.`, false, r.status);
  if (numeroInexistente(r.corpo)) return new FalhaGateway('NUMERO_INVALIDO', 'O número não está no WhatsApp.', false, r.status);
  if (desconectada(texto)) return new FalhaGateway('INSTANCIA_DESCONECTADA', `A instância "${instancia}" não está conectada${detalhe}.`, true, r.status);
  if (r.status === 429) return new FalhaGateway('LIMITE', 'O servidor pediu para esperar (429).', true, r.status);
  if (r.status >= 500) return new FalhaGateway('INDISPONIVEL', `O servidor falhou (${r.status})${detalhe}.`, true, r.status);
  return new FalhaGateway('RECUSADO', `O servidor recusou o pedido (${r.status})${detalhe}.`, false, r.status);
}

const erroNoCorpo = (corpo: unknown) => obj(corpo)?.error === true;

export function whatsappEvolution(opcoes: { timeoutMs: number; fetch?: typeof fetch }): WhatsappGateway {
  const f = opcoes.fetch ?? fetch;

  async function chamar(servidor: ServidorGateway, metodo: string, caminho: string, instancia: string, corpo?: unknown): Promise<Resposta> {
    const url = `${servidor.baseUrl.replace(/\/+$/, '')}${caminho}`;
    let r: Response;
    try {
      r = await f(url, {
        method: metodo,
        headers: { apikey: servidor.chave, accept: 'application/json', ...(corpo === undefined ? {} : { 'content-type': 'application/json' }) },
        body: corpo === undefined ? undefined : JSON.stringify(corpo),
        signal: AbortSignal.timeout(opcoes.timeoutMs),
      });
    } catch (e) {
      const nome = e instanceof Error ? e.name : '';
      if (nome === 'TimeoutError' || nome === 'AbortError') {
        throw new FalhaGateway('TEMPO_ESGOTADO', `O servidor não respondeu em ${opcoes.timeoutMs} ms.`, true);
      }
      throw new FalhaGateway('INDISPONIVEL', `Não foi possível falar com o servidor (${e instanceof Error ? e.message : String(e)}).`, true);
    }
    let texto: string;
    try {
      texto = await r.text();
    } catch {
      throw new FalhaGateway('TEMPO_ESGOTADO', `O servidor não terminou de responder em ${opcoes.timeoutMs} ms.`, true, r.status);
    }
    let json: unknown = null;
    try {
      json = texto ? JSON.parse(texto) : null;
    } catch {
      json = texto;
    }
    const resposta = { status: r.status, corpo: json };
    if (r.status < 200 || r.status >= 300) throw falhaDaResposta(resposta, instancia);
    return resposta;
  }

  const nome = (instancia: string) => encodeURIComponent(instancia);

  async function estado(servidor: ServidorGateway, instancia: string) {
    const r = await chamar(servidor, 'GET', `/instance/connectionState/${nome(instancia)}`, instancia);
    return estadoEvolution(obj(obj(r.corpo)?.instance)?.state);
  }

  async function desconectar(servidor: ServidorGateway, instancia: string) {
    try {
      await chamar(servidor, 'DELETE', `/instance/logout/${nome(instancia)}`, instancia);
    } catch (e) {
      if (e instanceof FalhaGateway && e.motivo === 'INSTANCIA_DESCONECTADA') return;
      throw e;
    }
  }

  async function apontarWebhook(servidor: ServidorGateway, instancia: string, webhookUrl: string) {
    await chamar(servidor, 'POST', `/webhook/set/${nome(instancia)}`, instancia, {
      webhook: { enabled: true, url: webhookUrl, byEvents: false, base64: false, events: EVENTOS_WEBHOOK },
    });
  }

  return {
    tipo: 'evolution',

    async criarInstancia(servidor, instancia, webhookUrl) {
      try {
        await chamar(servidor, 'POST', '/instance/create', instancia, {
          instanceName: instancia,
          integration: 'WHATSAPP-BAILEYS',
          qrcode: false,
          groupsIgnore: true,
          webhook: { url: webhookUrl, byEvents: false, base64: false, events: EVENTOS_WEBHOOK },
        });
      } catch (e) {
        // "This name … is already in use" (403): a retry after a crash; the instance is ours, point its webhook.
        if (e instanceof FalhaGateway && e.motivo === 'RECUSADO' && e.status === 403) return apontarWebhook(servidor, instancia, webhookUrl);
        throw e;
      }
    },

    async conectar(servidor, instancia, numero): Promise<Pareamento> {
      const q = numero ? `?number=${encodeURIComponent(numero.replace(/\D/g, ''))}` : '';
      const r = await chamar(servidor, 'GET', `/instance/connect/${nome(instancia)}${q}`, instancia);
      if (erroNoCorpo(r.corpo)) throw falhaDaResposta({ status: 400, corpo: r.corpo }, instancia);
      const c = obj(r.corpo);
      // Already open: the answer is the connection state, with nothing to pair.
      const qr = obj(c?.qrcode) ?? c;
      const base64 = typeof qr?.base64 === 'string' ? qr.base64 : null;
      return {
        qrCode: base64 && !base64.startsWith('data:') ? `data:image/png;base64,${base64}` : base64,
        codigoPareamento: typeof qr?.pairingCode === 'string' ? qr.pairingCode : null,
      };
    },

    estado,

    async reiniciar(servidor, instancia) {
      const r = await chamar(servidor, 'POST', `/instance/restart/${nome(instancia)}`, instancia);
      if (!erroNoCorpo(r.corpo)) return;
      // The error text is often "[object Object]": ask. A closed instance has nothing to restart, as in the sandbox.
      if ((await estado(servidor, instancia)) === 'DESCONECTADA') return;
      throw falhaDaResposta({ status: 400, corpo: r.corpo }, instancia);
    },

    desconectar,

    async excluir(servidor, instancia) {
      try {
        // An open instance must be logged out before it can be deleted.
        if ((await estado(servidor, instancia)) !== 'DESCONECTADA') await desconectar(servidor, instancia);
        await chamar(servidor, 'DELETE', `/instance/delete/${nome(instancia)}`, instancia);
      } catch (e) {
        if (e instanceof FalhaGateway && e.motivo === 'INSTANCIA_INEXISTENTE') return;
        throw e;
      }
    },

    async enviar(servidor, instancia, mensagem) {
      const number = mensagem.para.replace(/\D/g, '');
      const r = mensagem.midia
        ? await chamar(servidor, 'POST', `/message/sendMedia/${nome(instancia)}`, instancia, {
            number,
            mediatype: MIDIA[mensagem.midia.tipo],
            mimetype: mensagem.midia.mimetype,
            caption: mensagem.texto,
            media: mensagem.midia.conteudo,
            fileName: mensagem.midia.nomeArquivo,
          })
        : await chamar(servidor, 'POST', `/message/sendText/${nome(instancia)}`, instancia, { number, text: mensagem.texto });
      const id = obj(obj(r.corpo)?.key)?.id;
      if (typeof id !== 'string' || !id) throw new FalhaGateway('INDISPONIVEL', 'O servidor aceitou a mensagem sem devolver o id dela.', false, r.status);
      return { idGateway: id };
    },

    async verificarNumeros(servidor, instancia, numeros) {
      if (numeros.length === 0) return [];
      const digitos = numeros.map((n) => n.replace(/\D/g, ''));
      const r = await chamar(servidor, 'POST', `/chat/whatsappNumbers/${nome(instancia)}`, instancia, { numbers: digitos });
      const lista = Array.isArray(r.corpo) ? r.corpo.map(obj) : [];
      return numeros.map((numero, i) => {
        // Matched by number (Brazil's ninth digit may come back without it, so by position too).
        const d = digitos[i];
        const achado = lista.find((x) => x?.number === d || (typeof x?.jid === 'string' && x.jid.startsWith(`${d}@`))) ?? lista[i];
        return { numero, existe: achado?.exists === true };
      });
    },

    async situacao(servidor, instancia, idGateway) {
      const r = await chamar(servidor, 'POST', `/chat/findMessages/${nome(instancia)}`, instancia, { where: { key: { id: idGateway } }, page: 1, offset: 1 });
      const c = obj(r.corpo);
      // v2: { messages: { total, pages, currentPage, records } }; older servers answer the list itself.
      const registros = Array.isArray(r.corpo) ? r.corpo : (obj(c?.messages)?.records ?? c?.records);
      const m = Array.isArray(registros) ? obj(registros.find((x) => obj(obj(x)?.key)?.id === idGateway) ?? null) : null;
      if (!m) return 'DESCONHECIDA';
      // The row's status and its MessageUpdate history: the furthest one counts (acks may come out of order).
      const historico = Array.isArray(m.MessageUpdate) ? m.MessageUpdate.map((u) => obj(u)?.status) : [];
      const situacoes = [m.status, ...historico].map(situacaoEvolution).filter((x): x is SituacaoMensagem => x !== null);
      return situacoes.reduce<SituacaoMensagem>((a, b) => (ORDEM[b] > ORDEM[a] ? b : a), 'PENDENTE');
    },

    interpretarWebhook: interpretarWebhookEvolution,
  };
}
