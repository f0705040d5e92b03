import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { MENSAGEM_INSTANCIA_NAO_ENCONTRADA, MENSAGEM_SERVIDOR_NAO_ENCONTRADO, MENSAGEM_TRANSFERENCIA_EM_ANDAMENTO } from '@bonifica/contracts';
import { instanciaWhatsapp, servidorWhatsapp, transferenciaServidor } from '../../db/schema/index.js';
import { auditar } from '../../lib/auditoria.js';
import { erro } from '../../lib/erros.js';
import { tokenAleatorio } from '../../lib/tokens.js';
import { descreverFalha, enderecoDo, erroDoGateway, gatewayDo } from './gateways.js';
import { instanciaComServidor, novoSegredo, urlWebhook } from './instancias.js';

/**
 * Server transfer (admin, sistema/transferencia-servidor): step 1 creates the instance on the
 * destination and starts pairing there. The company reads the new QR on its page; when the
 * destination reports CONECTADA the webhook calls `concluirTransferencia`.
 */
export async function iniciarTransferencia(app: FastifyInstance, request: FastifyRequest, instanciaId: number, servidorDestinoId: number): Promise<number> {
  const { segredo, hash } = novoSegredo();
  const { t, destino } = await app.db.transaction(async (tx) => {
    const l = await instanciaComServidor(tx, instanciaId);
    if (!l) throw erro.naoEncontrado(MENSAGEM_INSTANCIA_NAO_ENCONTRADA);
    const [destino] = await tx.select().from(servidorWhatsapp).where(eq(servidorWhatsapp.id, servidorDestinoId)).for('update').limit(1);
    if (!destino) throw erro.naoEncontrado(MENSAGEM_SERVIDOR_NAO_ENCONTRADO);
    if (destino.id === l.s.id) throw erro.requisicao('A instância já está neste servidor.');
    if (!destino.ativo) throw erro.requisicao('O servidor de destino está inativo.');
    const [ocupadas] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(instanciaWhatsapp)
      .where(and(eq(instanciaWhatsapp.servidorId, destino.id), eq(instanciaWhatsapp.ativa, true)));
    if (ocupadas!.n >= destino.capacidade) throw erro.conflito('O servidor de destino não tem vaga.');
    const [emCurso] = await tx
      .select({ id: transferenciaServidor.id })
      .from(transferenciaServidor)
      .where(and(eq(transferenciaServidor.instanciaId, instanciaId), eq(transferenciaServidor.estado, 'PAREANDO')))
      .limit(1);
    if (emCurso) throw erro.conflito(MENSAGEM_TRANSFERENCIA_EM_ANDAMENTO);
    const [t] = await tx
      .insert(transferenciaServidor)
      .values({
        instanciaId,
        servidorOrigemId: l.s.id,
        servidorDestinoId: destino.id,
        nomeOrigem: l.i.nome,
        nomeDestino: `${l.i.nome.replace(/-t[a-z0-9]+$/, '')}-t${tokenAleatorio(3).toLowerCase().replace(/[^a-z0-9]/g, 'x')}`.slice(0, 80),
        webhookTokenHash: hash,
        usuarioId: request.usuario?.id ?? null,
      })
      .returning();
    await auditar(tx, request, { acao: 'CRIAR', entidade: 'transferencia_servidor', entidadeId: t!.id, empresaId: l.i.empresaId, depois: { instanciaId, de: l.s.id, para: destino.id } });
    return { t: t!, destino };
  });
  try {
    const g = gatewayDo(app, destino.tipo);
    await g.criarInstancia(enderecoDo(destino), t.nomeDestino, urlWebhook(app, instanciaId, segredo));
    const p = await g.conectar(enderecoDo(destino), t.nomeDestino);
    await app.db.update(transferenciaServidor).set({ qrCode: p.qrCode, codigoPareamento: p.codigoPareamento }).where(eq(transferenciaServidor.id, t.id));
  } catch (e) {
    await app.db.update(transferenciaServidor).set({ estado: 'FALHOU', erro: `Criar no destino: ${descreverFalha(e)}`, concluidoEm: sql`now()` }).where(eq(transferenciaServidor.id, t.id));
    throw erroDoGateway(e);
  }
  return t.id;
}

/**
 * The switch: the instance row now points at the destination (same id, so queued messages follow
 * it), with the new secret; the number was paired again, so the warm-up starts over. The old
 * secret stays accepted for late acks (webhook.ts). Then the old instance is deleted from the old server.
 */
export async function concluirTransferencia(app: FastifyInstance, transferenciaId: number, numero: string | null): Promise<void> {
  const feito = await app.db.transaction(async (tx) => {
    const [t] = await tx.select().from(transferenciaServidor).where(eq(transferenciaServidor.id, transferenciaId)).for('update').limit(1);
    if (!t || t.estado !== 'PAREANDO') return null;
    const [inst] = await tx.select().from(instanciaWhatsapp).where(eq(instanciaWhatsapp.id, t.instanciaId)).for('update').limit(1);
    await tx
      .update(instanciaWhatsapp)
      .set({
        servidorId: t.servidorDestinoId,
        nome: t.nomeDestino,
        webhookTokenHash: t.webhookTokenHash,
        estado: 'CONECTADA',
        numero: numero ?? inst!.numero,
        pareadaEm: sql`now()`,
        qrCode: null,
        codigoPareamento: null,
      })
      .where(eq(instanciaWhatsapp.id, t.instanciaId));
    await tx
      .update(transferenciaServidor)
      .set({ estado: 'CONCLUIDA', concluidoEm: sql`now()`, tokenAntigoHash: inst!.webhookTokenHash, qrCode: null, codigoPareamento: null })
      .where(eq(transferenciaServidor.id, t.id));
    return t;
  });
  if (!feito) return;
  await removerAntiga(app, feito.id, feito.servidorOrigemId, feito.nomeOrigem);
}

async function removerAntiga(app: FastifyInstance, transferenciaId: number, servidorId: number, nome: string): Promise<void> {
  const [s] = await app.db.select().from(servidorWhatsapp).where(eq(servidorWhatsapp.id, servidorId)).limit(1);
  try {
    const g = gatewayDo(app, s!.tipo);
    await g.desconectar(enderecoDo(s!), nome).catch(() => undefined);
    await g.excluir(enderecoDo(s!), nome);
    await app.db.update(transferenciaServidor).set({ antigaRemovida: true }).where(eq(transferenciaServidor.id, transferenciaId));
  } catch (e) {
    // The switch already happened; the old server keeps a dead instance for a person to remove.
    await app.db.update(transferenciaServidor).set({ erro: `Remover a instância antiga: ${descreverFalha(e)}` }).where(eq(transferenciaServidor.id, transferenciaId));
  }
}

/** Gives up a transfer still pairing: the instance stays where it was; the half-made one is deleted. */
export async function cancelarTransferencia(app: FastifyInstance, request: FastifyRequest, id: number): Promise<void> {
  const t = await app.db.transaction(async (tx) => {
    const [t] = await tx.select().from(transferenciaServidor).where(eq(transferenciaServidor.id, id)).for('update').limit(1);
    if (!t) throw erro.naoEncontrado('Transferência não encontrada.');
    if (t.estado !== 'PAREANDO') throw erro.conflito('Só uma transferência em andamento pode ser cancelada.');
    await tx.update(transferenciaServidor).set({ estado: 'CANCELADA', concluidoEm: sql`now()`, qrCode: null, codigoPareamento: null }).where(eq(transferenciaServidor.id, id));
    await auditar(tx, request, { acao: 'ALTERAR', entidade: 'transferencia_servidor', entidadeId: id, antes: { estado: 'PAREANDO' }, depois: { estado: 'CANCELADA' } });
    return t;
  });
  const [s] = await app.db.select().from(servidorWhatsapp).where(eq(servidorWhatsapp.id, t.servidorDestinoId)).limit(1);
  await gatewayDo(app, s!.tipo)
    .excluir(enderecoDo(s!), t.nomeDestino)
    .catch(() => undefined);
}
