import { randomBytes, randomInt } from 'node:crypto';
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Db } from '../../db/client.js';
import { sandboxWhatsappInstancia, sandboxWhatsappMensagem, sandboxWhatsappWebhook } from '../../db/schema/index.js';
import { interpretarWebhookEvolution } from './evolution-webhook.js';
import { FalhaGateway, type EnvioMensagem, type EstadoConexao, type ServidorGateway, type SituacaoMensagem, type WhatsappGateway } from './gateway.js';

/**
 * The sandbox WhatsApp gateway: the default without a real server (docs/areas/mensageria.md
 * "Gateways"). It behaves as a gateway server would, so the whole flow runs offline:
 * - `conectar` returns a real QR code (PNG data URL) and a pairing code; pairing completes when someone
 *   calls `simularLeitura` (a development route, a test);
 * - `enviar` records the message and plans its acks (ENVIADA, ENTREGUE, LIDA, one `atrasoMs` apart),
 *   which are POSTed to the instance's webhook in Evolution's own format — the same road as a real
 *   gateway's, through the webhook route and `interpretarWebhook`;
 * - a failure rate, numbers that are not on WhatsApp (ending in {@link SUFIXO_SEM_WHATSAPP}) and a key
 *   the server refuses ({@link CHAVE_RECUSADA}) give every error path something to test;
 * - `simularRecebida` plays a customer's reply ("SAIR").
 * Its state lives in the database (db/schema/sandbox-whatsapp.ts): it survives a restart, and several
 * processes on one PostgreSQL share it. Never call a gateway inside a database transaction (a real one
 * is a network call; this one would wait for the connection the transaction holds on PGlite).
 */

/** Numbers ending like this "are not on WhatsApp": `verificarNumeros` says so and `enviar` refuses them. */
export const SUFIXO_SEM_WHATSAPP = '0000';
/** A sandbox server registered with this key answers 401, like an Evolution server given a wrong key. */
export const CHAVE_RECUSADA = 'chave-recusada';

/** Posts one webhook body; resolves with the HTTP status (anything but 2xx is tried again later). */
export type EntregaWebhook = (url: string, corpo: unknown) => Promise<number>;

export type OpcoesSandbox = {
  /** Time between a message being handed over and each ack: ENVIADA after 1×, ENTREGUE 2×, LIDA 3×. */
  atrasoMs: number;
  /** Share of sends that fail (0–1): half refused at once (repeatable 5xx), half acked with ERROR later. */
  taxaFalha: number;
  entregar: EntregaWebhook;
  /** Deliver due webhook calls by itself, on timers; off, only `entregarPendentes` delivers (tests). */
  automatico: boolean;
  aleatorio: () => number;
  agora: () => Date;
};

export type MensagemSandbox = {
  idGateway: string;
  instancia: string;
  direcao: 'ENVIADA' | 'RECEBIDA';
  numero: string;
  texto: string;
  midia: { tipo: string; mimetype: string; nomeArquivo: string } | null;
  situacao: SituacaoMensagem;
  criadoEm: Date;
};

export type WhatsappSandbox = WhatsappGateway & {
  readonly tipo: 'sandbox';
  /** Completes pairing as if the phone read the QR code; `numero` (digits) becomes the instance's number. */
  simularLeitura(servidor: ServidorGateway, instancia: string, numero: string): Promise<void>;
  /** A customer writes to the instance: recorded, and `messages.upsert` goes to the webhook. */
  simularRecebida(servidor: ServidorGateway, instancia: string, de: string, texto: string): Promise<{ idGateway: string }>;
  /** What the instance sent and received, newest first (a development screen, tests). */
  mensagens(servidor: ServidorGateway, instancia: string, limite?: number): Promise<MensagemSandbox[]>;
  /** Posts every webhook call due now; returns how many got through. */
  entregarPendentes(): Promise<number>;
  configurar(opcoes: Partial<OpcoesSandbox>): void;
  /** With `automatico`: schedules the calls left due by a previous process (app start). */
  iniciar(): Promise<void>;
  /** Stops the timers and waits for a delivery under way (before the database closes). */
  parar(): Promise<void>;
};

const MAX_TENTATIVAS = 6;
const LOTE = 50;
/** Long enough for a whole batch of slow webhook calls (10 s each): a live process never loses its rows. */
const RESERVA_MS = 5 * 60_000;
/** Even with nothing scheduled here, look now and then for calls other processes left due. */
const VARREDURA_MS = 15_000;

export function entregaPorFetch(timeoutMs = 10_000): EntregaWebhook {
  return async (url, corpo) => {
    const r = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(corpo),
      signal: AbortSignal.timeout(timeoutMs),
    });
    await r.arrayBuffer().catch(() => undefined);
    return r.status;
  };
}

/** Evolution-like message id (Baileys: "3EB0" + hex). */
const novoId = () => `3EB0${randomBytes(10).toString('hex').toUpperCase()}`;
/** WhatsApp pairing codes: 8 characters the user types on the phone. */
const ALFABETO = 'ABCDEFGHJKLMNPQRSTVWXYZ0123456789';
const codigoPareamento = () => Array.from({ length: 8 }, () => ALFABETO[randomInt(ALFABETO.length)]).join('');
const jid = (numero: string) => `${numero}@s.whatsapp.net`;
const digitos = (n: string) => n.replace(/\D/g, '');

export function whatsappSandbox(db: Db, opcoes: Partial<OpcoesSandbox> = {}): WhatsappSandbox {
  const o: OpcoesSandbox = {
    atrasoMs: 1500,
    taxaFalha: 0,
    entregar: entregaPorFetch(),
    automatico: true,
    aleatorio: Math.random,
    agora: () => new Date(),
    ...opcoes,
  };
  let timer: NodeJS.Timeout | null = null;
  let proximo = Number.POSITIVE_INFINITY;
  let emCurso: Promise<number> | null = null;
  let parado = false;

  function autorizar(servidor: ServidorGateway) {
    if (servidor.chave === CHAVE_RECUSADA) throw new FalhaGateway('NAO_AUTORIZADO', 'O servidor recusou a chave (401).', false, 401);
  }

  async function instanciaDe(servidor: ServidorGateway, nome: string) {
    autorizar(servidor);
    const [i] = await db
      .select()
      .from(sandboxWhatsappInstancia)
      .where(and(eq(sandboxWhatsappInstancia.servidor, servidor.baseUrl), eq(sandboxWhatsappInstancia.nome, nome)));
    if (!i) throw new FalhaGateway('INSTANCIA_INEXISTENTE', `A instância "${nome}" não existe no servidor.`, false, 404);
    return i;
  }

  async function exigirConectada(servidor: ServidorGateway, nome: string) {
    const i = await instanciaDe(servidor, nome);
    if (i.estado !== 'CONECTADA') throw new FalhaGateway('INSTANCIA_DESCONECTADA', `A instância "${nome}" não está conectada.`, true, 400);
    return i;
  }

  /** Evolution's webhook envelope around `data`. */
  function envelope(i: { servidor: string; nome: string; token: string; webhookUrl: string; numero: string | null }, evento: string, data: unknown, em: Date) {
    return {
      event: evento,
      instance: i.nome,
      data,
      destination: i.webhookUrl,
      date_time: em.toISOString(),
      sender: i.numero ? jid(i.numero) : null,
      server_url: i.servidor,
      apikey: i.token,
    };
  }

  /**
   * Queues webhook calls and, with `mensagem`, records that message in the same statement (one round
   * trip: a send costs the outbox as little as a real gateway's HTTP call would).
   */
  async function enfileirar(
    i: Parameters<typeof envelope>[0],
    chamadas: { evento: string; data: unknown; em: Date }[],
    mensagem?: typeof sandboxWhatsappMensagem.$inferInsert,
  ) {
    const valores = sql.join(
      chamadas.map((c) => sql`(${i.servidor}, ${i.nome}, ${i.webhookUrl}, ${JSON.stringify(envelope(i, c.evento, c.data, c.em))}::jsonb, ${c.em})`),
      sql`, `,
    );
    const m = mensagem;
    await db.execute(sql`
      ${
        m
          ? sql`with m as (
              insert into sandbox_whatsapp_mensagem
                (id_gateway, id_local, servidor, instancia, direcao, numero, texto, midia, criado_em, enviada_em, entregue_em, lida_em, falhou_em)
              values (${m.idGateway}, ${m.idLocal ?? null}, ${m.servidor}, ${m.instancia}, ${m.direcao}, ${m.numero}, ${m.texto}, ${m.midia ? JSON.stringify(m.midia) : null}::jsonb,
                ${m.criadoEm}, ${m.enviadaEm ?? null}, ${m.entregueEm ?? null}, ${m.lidaEm ?? null}, ${m.falhouEm ?? null}))`
          : sql``
      }
      insert into sandbox_whatsapp_webhook (servidor, instancia, url, corpo, entregar_em) values ${valores}`);
    for (const c of chamadas) agendar(c.em.getTime());
  }

  function agendar(quando: number) {
    if (!o.automatico || parado || quando >= proximo) return;
    if (timer) clearTimeout(timer);
    proximo = quando;
    timer = setTimeout(() => {
      timer = null;
      proximo = Number.POSITIVE_INFINITY;
      void entregarPendentes().catch(() => undefined).finally(() => void reagendar());
    }, Math.max(0, quando - Date.now()));
    timer.unref();
  }

  /** After a round: the next pending call (this process's or another's), or a sweep later. */
  async function reagendar() {
    if (!o.automatico || parado) return;
    try {
      const [r] = await db
        // When each call can next be taken: its time, or the end of another process's reservation of it.
        .select({ em: sql<Date | string | null>`min(greatest(${sandboxWhatsappWebhook.entregarEm}, coalesce(${sandboxWhatsappWebhook.reservadoAte}, ${sandboxWhatsappWebhook.entregarEm})))` })
        .from(sandboxWhatsappWebhook)
        .where(sql`${sandboxWhatsappWebhook.entregueEm} is null and ${sandboxWhatsappWebhook.desistiuEm} is null`);
      const em = r?.em ? new Date(r.em).getTime() : Number.POSITIVE_INFINITY;
      // Never sooner than a moment from now: no busy loop on a call that keeps failing at once.
      agendar(Math.max(Date.now() + 100, Math.min(em, Date.now() + VARREDURA_MS)));
    } catch {
      agendar(Date.now() + VARREDURA_MS);
    }
  }

  async function umaRodada(): Promise<number> {
    const agora = o.agora();
    const r = await db.execute(sql`
      update sandbox_whatsapp_webhook w set reservado_ate = ${new Date(agora.getTime() + RESERVA_MS)}, tentativas = w.tentativas + 1
      where w.id in (
        select id from sandbox_whatsapp_webhook
        where entregue_em is null and desistiu_em is null and entregar_em <= ${agora} and (reservado_ate is null or reservado_ate < ${agora})
        order by entregar_em, id limit ${LOTE}
        for update skip locked)
      returning w.id, w.url, w.corpo, w.tentativas, w.entregar_em`);
    const linhas = (r as unknown as { rows: { id: number | string; url: string; corpo: unknown; tentativas: number; entregar_em: Date | string }[] }).rows;
    // RETURNING has no order; the acks of one message must go out in the order they happened.
    linhas.sort((a, b) => new Date(a.entregar_em).getTime() - new Date(b.entregar_em).getTime() || Number(a.id) - Number(b.id));
    // Delivered calls are marked together at the end of the round. A process dying before that leaves them
    // reserved; after the reservation they go out again — at least once, as a real gateway's webhooks
    // (the webhook route drops a call it has seen).
    const entregues: number[] = [];
    for (const l of linhas) {
      const id = Number(l.id);
      let erro: string | null = null;
      try {
        const status = await o.entregar(l.url, typeof l.corpo === 'string' ? JSON.parse(l.corpo) : l.corpo);
        if (status < 200 || status >= 300) erro = `HTTP ${status}`;
      } catch (e) {
        erro = e instanceof Error ? e.message : String(e);
      }
      const depois = o.agora();
      if (erro === null) {
        entregues.push(id);
      } else if (l.tentativas >= MAX_TENTATIVAS) {
        await db.update(sandboxWhatsappWebhook).set({ desistiuEm: depois, reservadoAte: null, erro }).where(eq(sandboxWhatsappWebhook.id, id));
      } else {
        // Exponential backoff, as Evolution retries its webhooks: 1 s, 2 s, 4 s…
        const entregarEm = new Date(depois.getTime() + 1000 * 2 ** (l.tentativas - 1));
        await db.update(sandboxWhatsappWebhook).set({ entregarEm, reservadoAte: null, erro }).where(eq(sandboxWhatsappWebhook.id, id));
      }
    }
    if (entregues.length > 0) {
      await db
        .update(sandboxWhatsappWebhook)
        .set({ entregueEm: o.agora(), reservadoAte: null, erro: null })
        .where(inArray(sandboxWhatsappWebhook.id, entregues));
    }
    return linhas.length === LOTE ? entregues.length + (await umaRodada()) : entregues.length;
  }

  function entregarPendentes(): Promise<number> {
    // One round at a time in this process; other processes skip the rows this one holds.
    const anterior = emCurso ?? Promise.resolve(0);
    const atual = anterior.catch(() => 0).then(() => umaRodada());
    emCurso = atual;
    return atual.finally(() => {
      if (emCurso === atual) emCurso = null;
    });
  }

  function situacaoDe(m: typeof sandboxWhatsappMensagem.$inferSelect, agora: Date): SituacaoMensagem {
    const passou = (d: Date | null) => d !== null && d.getTime() <= agora.getTime();
    if (passou(m.falhouEm)) return 'FALHOU';
    if (passou(m.lidaEm)) return 'LIDA';
    if (passou(m.entregueEm)) return 'ENTREGUE';
    if (passou(m.enviadaEm)) return 'ENVIADA';
    return 'PENDENTE';
  }

  /** Body of `messages.update` for one ack, as Evolution v2 sends it. */
  const ack = (i: { nome: string }, idGateway: string, numero: string, status: string) => ({
    messageId: idGateway,
    keyId: idGateway,
    remoteJid: jid(numero),
    fromMe: true,
    participant: jid(numero),
    status,
    instanceId: i.nome,
  });

  const sandbox: WhatsappSandbox = {
    tipo: 'sandbox',

    async criarInstancia(servidor, instancia, webhookUrl) {
      autorizar(servidor);
      // Creating again (a retry after a crash) only points the webhook at the new URL, as the Evolution client does.
      await db
        .insert(sandboxWhatsappInstancia)
        .values({ servidor: servidor.baseUrl, nome: instancia, token: randomBytes(16).toString('hex').toUpperCase(), webhookUrl, criadoEm: o.agora() })
        .onConflictDoUpdate({ target: [sandboxWhatsappInstancia.servidor, sandboxWhatsappInstancia.nome], set: { webhookUrl } });
    },

    async conectar(servidor, instancia, numero) {
      const i = await instanciaDe(servidor, instancia);
      if (i.estado === 'CONECTADA') return { qrCode: null, codigoPareamento: null };
      const codigoQr = `2@${randomBytes(24).toString('base64')},sandbox,${i.nome}`;
      const pareamento = numero ? codigoPareamento() : null;
      const [atual] = await db
        .update(sandboxWhatsappInstancia)
        .set({ estado: 'CONECTANDO', codigoQr, codigoPareamento: pareamento })
        .where(and(eq(sandboxWhatsappInstancia.servidor, i.servidor), eq(sandboxWhatsappInstancia.nome, i.nome)))
        .returning();
      const qrCode = await QRCode.toDataURL(codigoQr, { margin: 3, scale: 4, errorCorrectionLevel: 'H' });
      const agora = o.agora();
      await enfileirar(atual ?? i, [
        { evento: 'connection.update', data: { instance: i.nome, state: 'connecting', statusReason: 200 }, em: agora },
        { evento: 'qrcode.updated', data: { qrcode: { instance: i.nome, pairingCode: pareamento, code: codigoQr, base64: qrCode } }, em: agora },
      ]);
      return { qrCode, codigoPareamento: pareamento };
    },

    async simularLeitura(servidor, instancia, numero) {
      const i = await instanciaDe(servidor, instancia);
      if (i.estado !== 'CONECTANDO') throw new FalhaGateway('RECUSADO', `A instância "${instancia}" não está esperando a leitura do QR code.`, false, 400);
      const n = digitos(numero);
      if (!/^\d{10,15}$/.test(n)) throw new FalhaGateway('NUMERO_INVALIDO', 'Número de telefone inválido.', false, 400);
      const [atual] = await db
        .update(sandboxWhatsappInstancia)
        .set({ estado: 'CONECTADA', numero: n, codigoQr: null, codigoPareamento: null })
        .where(and(eq(sandboxWhatsappInstancia.servidor, i.servidor), eq(sandboxWhatsappInstancia.nome, i.nome)))
        .returning();
      await enfileirar(atual ?? i, [
        {
          evento: 'connection.update',
          data: { instance: i.nome, wuid: jid(n), profileName: 'Sandbox', profilePictureUrl: null, state: 'open', statusReason: 200 },
          em: o.agora(),
        },
      ]);
    },

    async estado(servidor, instancia): Promise<EstadoConexao> {
      return (await instanciaDe(servidor, instancia)).estado;
    },

    async reiniciar(servidor, instancia) {
      const i = await instanciaDe(servidor, instancia);
      if (i.estado !== 'CONECTADA') return;
      const agora = o.agora();
      await enfileirar(i, [
        { evento: 'connection.update', data: { instance: i.nome, state: 'connecting', statusReason: 200 }, em: agora },
        { evento: 'connection.update', data: { instance: i.nome, wuid: i.numero ? jid(i.numero) : undefined, state: 'open', statusReason: 200 }, em: agora },
      ]);
    },

    async desconectar(servidor, instancia) {
      const i = await instanciaDe(servidor, instancia);
      if (i.estado === 'DESCONECTADA') return;
      await db
        .update(sandboxWhatsappInstancia)
        .set({ estado: 'DESCONECTADA', numero: null, codigoQr: null, codigoPareamento: null })
        .where(and(eq(sandboxWhatsappInstancia.servidor, i.servidor), eq(sandboxWhatsappInstancia.nome, i.nome)));
      await enfileirar(i, [{ evento: 'connection.update', data: { instance: i.nome, state: 'close', statusReason: 401 }, em: o.agora() }]);
    },

    async excluir(servidor, instancia) {
      autorizar(servidor);
      // Idempotent, like the Evolution client: deleting what is gone already is done.
      const onde = and(eq(sandboxWhatsappInstancia.servidor, servidor.baseUrl), eq(sandboxWhatsappInstancia.nome, instancia));
      await db.delete(sandboxWhatsappInstancia).where(onde);
      await db
        .delete(sandboxWhatsappWebhook)
        .where(and(eq(sandboxWhatsappWebhook.servidor, servidor.baseUrl), eq(sandboxWhatsappWebhook.instancia, instancia), sql`${sandboxWhatsappWebhook.entregueEm} is null`));
    },

    async enviar(servidor, instancia, mensagem: EnvioMensagem) {
      const i = await exigirConectada(servidor, instancia);
      const para = digitos(mensagem.para);
      if (!/^\d{10,15}$/.test(para) || para.endsWith(SUFIXO_SEM_WHATSAPP)) {
        throw new FalhaGateway('NUMERO_INVALIDO', `O número ${para} não está no WhatsApp.`, false, 400);
      }
      const sorte = o.aleatorio();
      if (sorte < o.taxaFalha / 2) throw new FalhaGateway('INDISPONIVEL', 'O servidor do WhatsApp falhou (falha simulada do sandbox).', true, 500);
      const falha = sorte < o.taxaFalha;
      const t = o.agora().getTime();
      const em = (k: number) => new Date(t + k * o.atrasoMs);
      const idGateway = novoId();
      await enfileirar(
        i,
        falha
          ? [{ evento: 'messages.update', data: ack(i, idGateway, para, 'ERROR'), em: em(1) }]
          : [
              { evento: 'messages.update', data: ack(i, idGateway, para, 'SERVER_ACK'), em: em(1) },
              { evento: 'messages.update', data: ack(i, idGateway, para, 'DELIVERY_ACK'), em: em(2) },
              { evento: 'messages.update', data: ack(i, idGateway, para, 'READ'), em: em(3) },
            ],
        {
          idGateway,
          servidor: i.servidor,
          instancia: i.nome,
          direcao: 'ENVIADA',
          numero: para,
          texto: mensagem.texto,
          idLocal: mensagem.idLocal ?? null,
          midia: mensagem.midia ? { tipo: mensagem.midia.tipo, mimetype: mensagem.midia.mimetype, nomeArquivo: mensagem.midia.nomeArquivo } : null,
          criadoEm: new Date(t),
          ...(falha ? { falhouEm: em(1) } : { enviadaEm: em(1), entregueEm: em(2), lidaEm: em(3) }),
        },
      );
      return { idGateway };
    },

    async verificarNumeros(servidor, instancia, numeros) {
      await exigirConectada(servidor, instancia);
      return numeros.map((numero) => {
        const d = digitos(numero);
        return { numero, existe: /^\d{10,15}$/.test(d) && !d.endsWith(SUFIXO_SEM_WHATSAPP) };
      });
    },

    async situacao(servidor, instancia, idGateway) {
      autorizar(servidor);
      const [m] = await db
        .select()
        .from(sandboxWhatsappMensagem)
        .where(
          and(
            // By the gateway's id or by the sender's local id (after a crash the sender may know only that).
            or(eq(sandboxWhatsappMensagem.idGateway, idGateway), eq(sandboxWhatsappMensagem.idLocal, idGateway)),
            eq(sandboxWhatsappMensagem.servidor, servidor.baseUrl),
            eq(sandboxWhatsappMensagem.instancia, instancia),
            eq(sandboxWhatsappMensagem.direcao, 'ENVIADA'),
          ),
        );
      return m ? situacaoDe(m, o.agora()) : 'DESCONHECIDA';
    },

    interpretarWebhook: interpretarWebhookEvolution,

    async simularRecebida(servidor, instancia, de, texto) {
      const i = await exigirConectada(servidor, instancia);
      const numero = digitos(de);
      if (!/^\d{10,15}$/.test(numero)) throw new FalhaGateway('NUMERO_INVALIDO', 'Número de telefone inválido.', false, 400);
      const agora = o.agora();
      const idGateway = novoId();
      await db
        .insert(sandboxWhatsappMensagem)
        .values({ idGateway, servidor: i.servidor, instancia: i.nome, direcao: 'RECEBIDA', numero, texto, criadoEm: agora, enviadaEm: agora, entregueEm: agora });
      await enfileirar(i, [
        {
          evento: 'messages.upsert',
          data: {
            key: { remoteJid: jid(numero), fromMe: false, id: idGateway },
            pushName: 'Cliente',
            status: 'DELIVERY_ACK',
            message: { conversation: texto },
            messageType: 'conversation',
            messageTimestamp: Math.floor(agora.getTime() / 1000),
            instanceId: i.nome,
            source: 'android',
          },
          em: agora,
        },
      ]);
      return { idGateway };
    },

    async mensagens(servidor, instancia, limite = 100) {
      const linhas = await db
        .select()
        .from(sandboxWhatsappMensagem)
        .where(and(eq(sandboxWhatsappMensagem.servidor, servidor.baseUrl), eq(sandboxWhatsappMensagem.instancia, instancia)))
        .orderBy(desc(sandboxWhatsappMensagem.criadoEm), asc(sandboxWhatsappMensagem.idGateway))
        .limit(limite);
      const agora = o.agora();
      return linhas.map((m) => ({
        idGateway: m.idGateway,
        instancia: m.instancia,
        direcao: m.direcao,
        numero: m.numero,
        texto: m.texto,
        midia: m.midia ?? null,
        situacao: m.direcao === 'RECEBIDA' ? 'ENTREGUE' : situacaoDe(m, agora),
        criadoEm: m.criadoEm,
      }));
    },

    entregarPendentes,

    configurar(novas) {
      Object.assign(o, novas);
      if (!o.automatico && timer) {
        clearTimeout(timer);
        timer = null;
        proximo = Number.POSITIVE_INFINITY;
      }
    },

    async iniciar() {
      parado = false;
      await reagendar();
    },

    async parar() {
      parado = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await emCurso?.catch(() => undefined);
    },
  };

  return sandbox;
}

