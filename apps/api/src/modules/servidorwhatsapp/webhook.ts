import type { FastifyInstance } from 'fastify';
import { and, eq, gt, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { empresa, eventoWhatsapp, instanciaWhatsapp, mensagemSaida, transferenciaServidor } from '../../db/schema/index.js';
import type { EventoGateway } from '../../adapters/whatsapp/gateway.js';
import type { Executor } from '../../db/client.js';
import { sha256 } from '../../lib/tokens.js';
import { revogarWhatsappPorNumero } from '../client/index.js';
import { concluirTransferencia } from './transferencia.js';

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

/** Applies one event. Runs as the owner: a shared instance's acks touch several companies' messages. */
export async function processarEvento(app: FastifyInstance, inst: Inst, evento: EventoGateway): Promise<void> {
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
      return;
    }
    // The old server of a finished transfer: only acks of messages it sent still matter.
    if (evento.tipo !== 'SITUACAO_MENSAGEM') return;
  }
  switch (evento.tipo) {
    case 'QRCODE':
      await app.db
        .update(instanciaWhatsapp)
        .set({ qrCode: evento.qrCode, codigoPareamento: evento.codigoPareamento, estado: 'CONECTANDO' })
        .where(eq(instanciaWhatsapp.id, inst.id));
      return;
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
      return;
    }
    case 'SITUACAO_MENSAGEM':
      await aplicarSituacao(app, inst.id, evento.idGateway, evento.situacao, evento.em);
      return;
    case 'MENSAGEM_RECEBIDA':
      if (ehPedidoDeSaida(evento.texto)) await aplicarSaida(app, inst, evento.de);
      return;
  }
}

/** An ack moves a message forward only (ENVIADA → ENTREGUE → LIDA), never back. */
async function aplicarSituacao(app: FastifyInstance, instanciaId: number, idGateway: string, situacao: string, em: Date): Promise<void> {
  const onde = and(eq(mensagemSaida.instanciaId, instanciaId), eq(mensagemSaida.idGateway, idGateway));
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
    if (evento) await processarEvento(app, inst, evento);
  } catch (e) {
    app.log.error({ err: e, evento: linha.id }, 'evento de WhatsApp não processado');
    falha = 'Falha ao processar; detalhes no log do servidor.';
  }
  await app.db.update(eventoWhatsapp).set({ processadoEm: sql`now()`, erro: falha }).where(eq(eventoWhatsapp.id, linha.id));
  return 'NOVO';
}
