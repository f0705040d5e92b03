import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { parouDeEntregar, MENSAGEM_SEM_SERVIDOR_COM_VAGA, type Instancia, type Transferencia } from '@bonifica/contracts';
import type { Db, Executor } from '../../db/client.js';
import { empresa, instanciaWhatsapp, servidorWhatsapp, transferenciaServidor } from '../../db/schema/index.js';
import { erro } from '../../lib/erros.js';
import { sha256, tokenAleatorio } from '../../lib/tokens.js';
import { enderecoDo, gatewayDo } from './gateways.js';
import { alias } from 'drizzle-orm/pg-core';

/** A new secret for an instance's webhook URL: the URL carries it, the row only its hash. */
export function novoSegredo(): { segredo: string; hash: string } {
  const segredo = tokenAleatorio(24);
  return { segredo, hash: sha256(segredo) };
}

export function urlWebhook(app: FastifyInstance, instanciaId: number, segredo: string): string {
  return `${app.config.publicUrl.replace(/\/$/, '')}/services/servidorwhatsapp/webhook/${instanciaId}/${segredo}`;
}

/** Active instances on each server (retired ones free their place). */
export function ocupacao(db: Executor) {
  return db
    .select({ servidorId: instanciaWhatsapp.servidorId, total: sql<number>`count(*)::int` })
    .from(instanciaWhatsapp)
    .where(eq(instanciaWhatsapp.ativa, true))
    .groupBy(instanciaWhatsapp.servidorId);
}

/**
 * The first active server, by `ordem`, with room for one more instance (`capacidade`). The chosen
 * row is locked until the transaction ends, so two companies asking at once cannot both take the last place.
 */
export async function escolherServidor(tx: Executor, exceto?: number) {
  const ocupadas = sql<number>`(select count(*)::int from ${instanciaWhatsapp} i where i.servidor_id = ${servidorWhatsapp.id} and i.ativa)`;
  const condicoes: SQL[] = [eq(servidorWhatsapp.ativo, true), sql`${ocupadas} < ${servidorWhatsapp.capacidade}`];
  if (exceto !== undefined) condicoes.push(sql`${servidorWhatsapp.id} <> ${exceto}`);
  const [s] = await tx
    .select()
    .from(servidorWhatsapp)
    .where(and(...condicoes))
    .orderBy(asc(servidorWhatsapp.ordem), asc(servidorWhatsapp.id))
    .limit(1)
    .for('update');
  if (!s) throw erro.conflito(MENSAGEM_SEM_SERVIDOR_COM_VAGA);
  return s;
}

/**
 * Creates an instance for a company (null = the platform's shared number) on the first server with
 * room, then on the gateway, and starts pairing. A gateway failure undoes the row: nothing half-made.
 */
export async function criarInstancia(app: FastifyInstance, empresaId: number | null, numero?: string) {
  const { segredo, hash } = novoSegredo();
  const { inst, servidor } = await app.db.transaction(async (tx) => {
    const servidor = await escolherServidor(tx);
    const nome = `bonifica-${empresaId ?? 'compartilhada'}-${tokenAleatorio(4).toLowerCase().replace(/[^a-z0-9]/g, 'x')}`;
    const [inst] = await tx.insert(instanciaWhatsapp).values({ empresaId, servidorId: servidor.id, nome, estado: 'CONECTANDO', webhookTokenHash: hash }).returning();
    return { inst: inst!, servidor };
  });
  try {
    const g = gatewayDo(app, servidor.tipo);
    await g.criarInstancia(enderecoDo(servidor), inst.nome, urlWebhook(app, inst.id, segredo));
    const p = await g.conectar(enderecoDo(servidor), inst.nome, numero);
    await app.db.update(instanciaWhatsapp).set({ qrCode: p.qrCode, codigoPareamento: p.codigoPareamento }).where(eq(instanciaWhatsapp.id, inst.id));
  } catch (e) {
    await app.db.delete(instanciaWhatsapp).where(eq(instanciaWhatsapp.id, inst.id));
    throw e;
  }
  return inst.id;
}

const origem = alias(servidorWhatsapp, 'origem');
const destino = alias(servidorWhatsapp, 'destino');

/** Transfers of these instances (the latest per instance), as the screens show them. */
export async function transferencias(db: Db, condicao?: SQL): Promise<Transferencia[]> {
  const linhas = await db
    .select({
      t: transferenciaServidor,
      origemNome: origem.nome,
      destinoNome: destino.nome,
      empresaNome: empresa.nomeCurto,
    })
    .from(transferenciaServidor)
    .innerJoin(origem, eq(origem.id, transferenciaServidor.servidorOrigemId))
    .innerJoin(destino, eq(destino.id, transferenciaServidor.servidorDestinoId))
    .innerJoin(instanciaWhatsapp, eq(instanciaWhatsapp.id, transferenciaServidor.instanciaId))
    .leftJoin(empresa, eq(empresa.id, instanciaWhatsapp.empresaId))
    .where(condicao)
    .orderBy(desc(transferenciaServidor.criadoEm), desc(transferenciaServidor.id))
    .limit(200);
  return linhas.map(({ t, origemNome, destinoNome, empresaNome }) => ({
    id: t.id,
    instanciaId: t.instanciaId,
    empresaNome: empresaNome ?? null,
    servidorOrigemId: t.servidorOrigemId,
    servidorOrigemNome: origemNome,
    servidorDestinoId: t.servidorDestinoId,
    servidorDestinoNome: destinoNome,
    estado: t.estado,
    qrCode: t.estado === 'PAREANDO' ? t.qrCode : null,
    codigoPareamento: t.estado === 'PAREANDO' ? t.codigoPareamento : null,
    antigaRemovida: t.antigaRemovida,
    erro: t.erro,
    criadoEm: t.criadoEm.toISOString(),
    concluidoEm: t.concluidoEm?.toISOString() ?? null,
  }));
}

/**
 * Instances as the screens see them, read as the owner: callers have already decided which rows
 * the user may see (`condicao`). Retired instances are left out.
 */
export async function listarInstancias(db: Db, condicao?: SQL, agora = new Date()): Promise<Instancia[]> {
  const linhas = await db
    .select({ i: instanciaWhatsapp, servidorNome: servidorWhatsapp.nome, servidorTipo: servidorWhatsapp.tipo, empresaNome: empresa.nomeCurto })
    .from(instanciaWhatsapp)
    .innerJoin(servidorWhatsapp, eq(servidorWhatsapp.id, instanciaWhatsapp.servidorId))
    .leftJoin(empresa, eq(empresa.id, instanciaWhatsapp.empresaId))
    .where(and(eq(instanciaWhatsapp.ativa, true), condicao))
    .orderBy(asc(instanciaWhatsapp.id));
  const ids = linhas.map((l) => l.i.id);
  const emCurso = ids.length ? await transferencias(db, and(inArray(transferenciaServidor.instanciaId, ids), eq(transferenciaServidor.estado, 'PAREANDO'))) : [];
  return linhas.map(({ i, servidorNome, servidorTipo, empresaNome }) => ({
    id: i.id,
    empresaId: i.empresaId,
    empresaNome: empresaNome ?? (i.empresaId === null ? 'Número compartilhado da plataforma' : null),
    servidorId: i.servidorId,
    servidorNome,
    servidorTipo,
    nome: i.nome,
    estado: i.estado,
    numero: i.numero,
    qrCode: i.estado === 'CONECTADA' ? null : i.qrCode,
    codigoPareamento: i.estado === 'CONECTADA' ? null : i.codigoPareamento,
    pareadaEm: i.pareadaEm?.toISOString() ?? null,
    ultimoEnvioEm: i.ultimoEnvioEm?.toISOString() ?? null,
    ultimoAckEm: i.ultimoAckEm?.toISOString() ?? null,
    parouDeEntregar: parouDeEntregar(i, agora),
    pausada: i.pausada,
    ativa: i.ativa,
    transferencia: emCurso.find((t) => t.instanciaId === i.id) ?? null,
  }));
}

/** The company's own active instance (DEDICADO), or the platform's shared one (COMPARTILHADO). */
export function condicaoDaEmpresa(empresaId: number, tipo: string): SQL | undefined {
  if (tipo === 'DEDICADO') return eq(instanciaWhatsapp.empresaId, empresaId);
  if (tipo === 'COMPARTILHADO') return isNull(instanciaWhatsapp.empresaId);
  return sql`false`;
}

/** An instance with its server, read as the owner. */
export async function instanciaComServidor(db: Executor, id: number) {
  const [l] = await db
    .select({ i: instanciaWhatsapp, s: servidorWhatsapp })
    .from(instanciaWhatsapp)
    .innerJoin(servidorWhatsapp, eq(servidorWhatsapp.id, instanciaWhatsapp.servidorId))
    .where(and(eq(instanciaWhatsapp.id, id), eq(instanciaWhatsapp.ativa, true)))
    .limit(1);
  return l ?? null;
}
