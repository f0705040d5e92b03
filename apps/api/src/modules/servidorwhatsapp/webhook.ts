import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gt, inArray, isNotNull, isNull, like, or, sql } from 'drizzle-orm';
import { empresa, eventoWhatsapp, instanciaWhatsapp, mensagemSaida, servidorWhatsapp, transferenciaServidor } from '../../db/schema/index.js';
import type { EventoGateway } from '../../adapters/whatsapp/gateway.js';
import type { Executor } from '../../db/client.js';
import { sha256 } from '../../lib/tokens.js';
import { revogarWhatsappPorNumero } from '../client/index.js';
import { concluirTransferencia } from './transferencia.js';
import { gatewayDo } from './gateways.js';

/** How long after a transfer the old server's secret is still accepted (late acks of messages sent there). */
export const HORAS_SEGREDO_ANTIGO = 48;

/** Words that withdraw WhatsApp consent, compared without accents, case or punctuation. */
export const PALAVRAS_SAIR = ['SAIR', 'PARAR'];

export function ehPedidoDeSaida(texto: string): boolean {
  const limpo = texto
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z]/g, '')
    .toUpperCase();
  return PALAVRAS_SAIR.includes(limpo);
}

/**
 * The event's identity for "processed once": message events by their gateway id (and status),
 * the others by the body's hash, so a retried delivery of the same body is a no-op.
 */
export function chaveDoEvento(evento: EventoGateway | null, corpo: unknown): string {
  if (evento?.tipo === 'SITUACAO_MENSAGEM') return `ack:${evento.instancia}:${evento.idGateway}:${evento.situacao}`.slice(0, 200);
  if (evento?.tipo === 'MENSAGEM_RECEBIDA') return `msg:${evento.instancia}:${evento.idGateway}`.slice(0, 200);
  return `h:${sha256(JSON.stringify(corpo) ?? '')}`;
}

/** The confirmation sent back to whoever asked to leave (queued in the outbox; the outbox worker sends it). */
export function textoConfirmacaoSaida(loja: string): string {
  return `Pronto! Você não receberá mais mensagens de ${loja} por WhatsApp. Se mudar de ideia, é só pedir na loja.`;
}

/**
 * Queues the reply to a "SAIR": a transactional message (no consent needed, it confirms the
 * withdrawal), origin OPTOUT, on the instance the request came in on.
 */
export async function enfileirarConfirmacaoSaida(tx: Executor, p: { empresaId: number; instanciaId: number; clienteId: number | null; para: string }): Promise<void> {
  const [e] = await tx.select({ nome: empresa.nomeCurto }).from(empresa).where(eq(empresa.id, p.empresaId)).limit(1);
  await tx.insert(mensagemSaida).values({
    empresaId: p.empresaId,
    canal: 'WHATSAPP',
    instanciaId: p.instanciaId,
    clienteId: p.clienteId,
    para: p.para,
    texto: textoConfirmacaoSaida(e?.nome ?? 'nossa loja'),
    origem: 'OPTOUT',
    marketing: false,
  });
}

type Inst = typeof instanciaWhatsapp.$inferSelect;

/** The secret's hash is the instance's own, that of a transfer pairing now, or a recent transfer's old one. */
export async function segredoConfere(app: FastifyInstance, inst: Inst, segredo: string): Promise<boolean> {
  const hash = sha256(segredo);
  if (hash === inst.webhookTokenHash) return true;
  const [t] = await app.db
    .select({ id: transferenciaServidor.id })
    .from(transferenciaServidor)
    .where(
      and(
        eq(transferenciaServidor.instanciaId, inst.id),
        or(
          and(eq(transferenciaServidor.estado, 'PAREANDO'), eq(transferenciaServidor.webhookTokenHash, hash)),
          and(
            eq(transferenciaServidor.estado, 'CONCLUIDA'),
            eq(transferenciaServidor.tokenAntigoHash, hash),
            gt(transferenciaServidor.concluidoEm, sql`now() - make_interval(hours => ${HORAS_SEGREDO_ANTIGO})`),
          ),
        ),
      ),
    )
    .limit(1);
  return !!t;
}

/**
 * How long an ack whose message is not found stays pending (docs/areas/mensageria.md "Ack antes do
 * id"): the worker writes `id_gateway` only after the gateway answers, and a fast gateway's first ack
 * can arrive before that. Within this window the reconciliation schedule applies it again each minute.
 */
export const MINUTOS_ACK_SEM_MENSAGEM = 10;

/**
 * Applies one event. Runs as the owner: a shared instance's acks touch several companies' messages.
 * Returns false for an ack of a message not (yet) recorded with that gateway id: it stays pending.
 */
export async function processarEvento(app: FastifyInstance, inst: Inst, evento: EventoGateway): Promise<boolean> {
  if (evento.instancia !== inst.nome) {
    const [t] = await app.db
      .select()
      .from(transferenciaServidor)
      .where(and(eq(transferenciaServidor.instanciaId, inst.id), eq(transferenciaServidor.nomeDestino, evento.instancia), eq(transferenciaServidor.estado, 'PAREANDO')))
      .limit(1);
    if (t) {
      if (evento.tipo === 'QRCODE') {
        await app.db.update(transferenciaServidor).set({ qrCode: evento.qrCode, codigoPareamento: evento.codigoPareamento }).where(eq(transferenciaServidor.id, t.id));
      } else if (evento.tipo === 'CONEXAO' && evento.estado === 'CONECTADA') {
        await concluirTransferencia(app, t.id, evento.numero);
      }
      return true;
    }
    // The old server of a finished transfer: only acks of messages it sent still matter.
    if (evento.tipo !== 'SITUACAO_MENSAGEM') return true;
  }
  switch (evento.tipo) {
    case 'QRCODE':
      await app.db
        .update(instanciaWhatsapp)
        .set({ qrCode: evento.qrCode, codigoPareamento: evento.codigoPareamento, estado: 'CONECTANDO' })
        .where(eq(instanciaWhatsapp.id, inst.id));
      return true;
    case 'CONEXAO': {
      // A new pairing (a QR was on screen, no pairing yet, or another number) restarts the warm-up;
      // a reconnection of the same session after a gateway restart does not.
      const pareou = evento.estado === 'CONECTADA' && (inst.pareadaEm === null || inst.qrCode !== null || (evento.numero !== null && evento.numero !== inst.numero));
      await app.db
        .update(instanciaWhatsapp)
        .set({
          estado: evento.estado,
          ...(evento.numero ? { numero: evento.numero } : {}),
          ...(evento.estado === 'CONECTADA' ? { qrCode: null, codigoPareamento: null } : {}),
          ...(pareou ? { pareadaEm: sql`now()` } : {}),
        })
        .where(eq(instanciaWhatsapp.id, inst.id));
      return true;
    }
    case 'SITUACAO_MENSAGEM':
      return aplicarSituacao(app, inst.id, evento.idGateway, evento.situacao, evento.em);
    case 'MENSAGEM_RECEBIDA':
      if (ehPedidoDeSaida(evento.texto)) await aplicarSaida(app, inst, evento.de);
      return true;
  }
  return true;
}

/** An ack moves a message forward only (ENVIADA → ENTREGUE → LIDA), never back. False: no message has this gateway id yet. */
async function aplicarSituacao(app: FastifyInstance, instanciaId: number, idGateway: string, situacao: string, em: Date): Promise<boolean> {
  const onde = and(eq(mensagemSaida.instanciaId, instanciaId), eq(mensagemSaida.idGateway, idGateway));
  const [existe] = await app.db.select({ id: mensagemSaida.id }).from(mensagemSaida).where(onde).limit(1);
  if (!existe) return false;
  if (situacao === 'ENTREGUE' || situacao === 'LIDA') {
    const lida = situacao === 'LIDA';
    await app.db
      .update(mensagemSaida)
      .set({
        status: lida ? 'LIDA' : sql`case when ${mensagemSaida.status} = 'LIDA' then 'LIDA' else 'ENTREGUE' end`,
        entregueEm: sql`coalesce(${mensagemSaida.entregueEm}, ${em})`,
        ...(lida ? { lidaEm: sql`coalesce(${mensagemSaida.lidaEm}, ${em})` } : {}),
      })
      .where(and(onde, inArray(mensagemSaida.status, lida ? ['ENVIANDO', 'ENVIADA', 'ENTREGUE', 'REVISAR'] : ['ENVIANDO', 'ENVIADA', 'ENTREGUE', 'LIDA', 'REVISAR'])));
    await app.db
      .update(instanciaWhatsapp)
      // When it came back to us (our clock), not the gateway's stamp: it is compared with our send time.
      .set({ ultimoAckEm: sql`now()` })
      .where(eq(instanciaWhatsapp.id, instanciaId));
  } else if (situacao === 'FALHOU') {
    await app.db
      .update(mensagemSaida)
      .set({ status: 'FALHOU', erro: 'O WhatsApp informou falha na entrega.' })
      .where(and(onde, inArray(mensagemSaida.status, ['ENVIANDO', 'ENVIADA', 'REVISAR'])));
  }
  return true;
}

/**
 * "SAIR"/"PARAR": the consent is withdrawn with the company of a dedicated number; on the shared
 * number, with every company that wrote to this person through it (each has its own consent).
 */
async function aplicarSaida(app: FastifyInstance, inst: Inst, de: string): Promise<void> {
  const numero = de.replace(/\D/g, '');
  let empresas: number[];
  if (inst.empresaId !== null) empresas = [inst.empresaId];
  else {
    const linhas = await app.db
      .selectDistinct({ empresaId: mensagemSaida.empresaId })
      .from(mensagemSaida)
      .where(and(eq(mensagemSaida.instanciaId, inst.id), eq(mensagemSaida.para, numero), isNotNull(mensagemSaida.empresaId)));
    empresas = linhas.map((l) => l.empresaId);
  }
  for (const empresaId of empresas) {
    await app.db.transaction(async (tx) => {
      const clientes = await revogarWhatsappPorNumero(tx, empresaId, numero);
      await enfileirarConfirmacaoSaida(tx, { empresaId, instanciaId: inst.id, clienteId: clientes[0] ?? null, para: numero });
    });
  }
}

/** Stores the raw body first (its own commit), then processes it once; a retried delivery stops at the insert. */
export async function receberEvento(app: FastifyInstance, inst: Inst, evento: EventoGateway | null, corpo: unknown): Promise<'NOVO' | 'REPETIDO'> {
  const [linha] = await app.db
    .insert(eventoWhatsapp)
    .values({ instanciaId: inst.id, chave: chaveDoEvento(evento, corpo), corpo: (corpo ?? null) as object })
    .onConflictDoNothing()
    .returning({ id: eventoWhatsapp.id });
  if (!linha) return 'REPETIDO';
  let falha: string | null = null;
  try {
    // An ack that came before its message's gateway id was written stays pending (reprocessarAcksPendentes).
    if (evento && !(await processarEvento(app, inst, evento))) return 'NOVO';
  } catch (e) {
    app.log.error({ err: e, evento: linha.id }, 'evento de WhatsApp não processado');
    falha = 'Falha ao processar; detalhes no log do servidor.';
  }
  await app.db.update(eventoWhatsapp).set({ processadoEm: sql`now()`, erro: falha }).where(eq(eventoWhatsapp.id, linha.id));
  return 'NOVO';
}

/**
 * Applies again the acks left pending because their message had no gateway id yet (run by the
 * reconciliation schedule every minute). Past MINUTOS_ACK_SEM_MENSAGEM an ack still without its
 * message is closed with an error (a message of another system, or one lost for good).
 */
export async function reprocessarAcksPendentes(app: FastifyInstance): Promise<{ aplicados: number; descartados: number }> {
  const pendentes = await app.db
    .select({ id: eventoWhatsapp.id, corpo: eventoWhatsapp.corpo, recebidoEm: eventoWhatsapp.recebidoEm, i: instanciaWhatsapp, tipo: servidorWhatsapp.tipo })
    .from(eventoWhatsapp)
    .innerJoin(instanciaWhatsapp, eq(instanciaWhatsapp.id, eventoWhatsapp.instanciaId))
    .innerJoin(servidorWhatsapp, eq(servidorWhatsapp.id, instanciaWhatsapp.servidorId))
    .where(and(isNull(eventoWhatsapp.processadoEm), like(eventoWhatsapp.chave, 'ack:%')))
    .orderBy(asc(eventoWhatsapp.id))
    .limit(5000);
  const r = { aplicados: 0, descartados: 0 };
  const limite = Date.now() - MINUTOS_ACK_SEM_MENSAGEM * 60_000;
  for (const p of pendentes) {
    let evento: EventoGateway | null = null;
    try {
      evento = gatewayDo(app, p.tipo).interpretarWebhook(p.corpo);
    } catch {
      evento = null;
    }
    let erroFinal: string | null = null;
    if (evento) {
      if (await processarEvento(app, p.i, evento)) r.aplicados++;
      else if (new Date(p.recebidoEm).getTime() < limite) {
        erroFinal = 'Nenhuma mensagem com este id do gateway.';
        r.descartados++;
      } else continue;
    }
    await app.db.update(eventoWhatsapp).set({ processadoEm: sql`now()`, erro: erroFinal }).where(eq(eventoWhatsapp.id, p.id));
  }
  return r;
}
