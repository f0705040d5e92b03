import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { MAXIMO_IMPRESSAO, type FiltroFilaImpressao, type ItemFilaImpressao, type LoteImpressao, type SalvarFilaImpressao } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { cartao, cartaoImpressao, cliente, usuario } from '../../db/schema/index.js';
import { auditar } from '../../lib/auditoria.js';
import type { UsuarioContexto } from '../../lib/contexto.js';
import { erro } from '../../lib/erros.js';
import { condicaoBuscaCartao, emSequencia, empresaDo } from './card.repository.js';
import { cartoesDaEmpresa, enfileirar } from './ciclo-vida.js';

/**
 * The card print queue (docs/areas/cartoes.md): PENDENTE → IMPRESSO (in a lote) or CANCELADO.
 * A reprint is a new item, so the history of what was printed when stays whole.
 */

const ENTIDADE = 'cartao_impressao';
const ESTADO_NAO_IMPRIMIVEL: Record<string, string> = { BLOQUEADO: 'está bloqueado', SUBSTITUIDO: 'está substituído', VALE_PRESENTE: 'é suporte de vale-presente' };
export const MENSAGEM_NAO_IMPRIMIVEL = (numero: string, status: string) => `O cartão final ${numero.slice(-4)} ${ESTADO_NAO_IMPRIMIVEL[status]} e não pode ser impresso.`;
export const MENSAGEM_FILA_VAZIA = 'Não há cartões pendentes na fila de impressão.';
export const MENSAGEM_ITENS_MUDARAM = 'Alguns itens escolhidos não estão mais pendentes. Atualize a fila e tente de novo.';

/**
 * What can go on a card printer: a blocked or replaced card never leaves the office again, and a
 * gift card's carrier is a bearer instrument already in someone's hands — a copy would be a second one.
 */
export function exigirImprimivel(c: { numero: string; status: string }): void {
  if (c.status in ESTADO_NAO_IMPRIMIVEL) throw erro.conflito(MENSAGEM_NAO_IMPRIMIVEL(c.numero, c.status));
}

/** POST card/addcardprintqueue: cards already waiting are left as they are (no double print). */
export async function adicionarFila(tx: Executor, request: FastifyRequest, u: UsuarioContexto, ids: number[]) {
  const empresaId = empresaDo(u);
  const cartoes = await cartoesDaEmpresa(tx, empresaId, ids);
  cartoes.forEach(exigirImprimivel);
  const pendentes = await tx
    .select({ cartaoId: cartaoImpressao.cartaoId })
    .from(cartaoImpressao)
    .where(and(eq(cartaoImpressao.empresaId, empresaId), inArray(cartaoImpressao.cartaoId, ids), eq(cartaoImpressao.status, 'PENDENTE')));
  const jaNaFila = new Set(pendentes.map((p) => p.cartaoId));
  const novos = ids.filter((id) => !jaNaFila.has(id));
  await enfileirar(tx, u, novos);
  if (novos.length) await auditar(tx, request, { acao: 'ADICIONAR_FILA', entidade: ENTIDADE, depois: { cartaoIds: novos } });
  return { adicionados: novos.length, jaNaFila: ids.length - novos.length };
}

export async function listarFila(tx: Executor, u: UsuarioContexto, f: FiltroFilaImpressao, page: number, size: number) {
  const empresaId = empresaDo(u);
  const where = and(
    eq(cartaoImpressao.empresaId, empresaId),
    f.status ? eq(cartaoImpressao.status, f.status) : undefined,
    f.lote ? eq(cartaoImpressao.lote, f.lote) : undefined,
    condicaoBuscaCartao(empresaId, f.busca),
  );
  const base = () =>
    tx
      .select({
        id: cartaoImpressao.id,
        cartaoId: cartaoImpressao.cartaoId,
        numero: cartao.numero,
        cartaoStatus: cartao.status,
        clienteNome: cliente.nome,
        status: cartaoImpressao.status,
        lote: cartaoImpressao.lote,
        solicitadoPorNome: usuario.nome,
        criadoEm: cartaoImpressao.criadoEm,
        impressoEm: cartaoImpressao.impressoEm,
      })
      .from(cartaoImpressao)
      .innerJoin(cartao, eq(cartao.id, cartaoImpressao.cartaoId))
      .leftJoin(cliente, eq(cliente.id, cartao.clienteId))
      .leftJoin(usuario, eq(usuario.id, cartaoImpressao.solicitadoPorId));
  // Pending work first, oldest first (the order it will be printed); history newest first.
  const ordem = f.status === 'PENDENTE' ? [asc(cartaoImpressao.criadoEm)] : [sql`${cartaoImpressao.status} = 'PENDENTE' desc`, desc(cartaoImpressao.criadoEm)];
  const [linhas, [total]] = await emSequencia([
    base()
      .where(where)
      .orderBy(...ordem, asc(cartaoImpressao.id))
      .limit(size)
      .offset(page * size),
    tx
      .select({ n: count() })
      .from(cartaoImpressao)
      .innerJoin(cartao, eq(cartao.id, cartaoImpressao.cartaoId))
      .leftJoin(cliente, eq(cliente.id, cartao.clienteId))
      .where(where),
  ]);
  const itens: ItemFilaImpressao[] = linhas.map((l) => ({ ...l, criadoEm: l.criadoEm.toISOString(), impressoEm: l.impressoEm?.toISOString() ?? null }));
  return { itens, total: total?.n ?? 0 };
}

/** "20260314-1532-17": the day and minute in Brasília, then the first item, so two batches never share a code. */
function codigoLote(agora: Date, primeiroItem: number): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(agora)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}${p.month}${p.day}-${p.hour}${p.minute}-${primeiroItem}`;
}

/**
 * POST card/createcardlistprint: the chosen pending items (or the oldest pending ones) become one
 * lote, marked IMPRESSO; the reply lists the cards, in queue order, for printcardlist and its back.
 */
export async function criarLote(tx: Executor, request: FastifyRequest, u: UsuarioContexto, itens: number[] | undefined): Promise<LoteImpressao> {
  const empresaId = empresaDo(u);
  const escolhidos = await tx
    .select({ id: cartaoImpressao.id, cartaoId: cartaoImpressao.cartaoId })
    .from(cartaoImpressao)
    .where(and(eq(cartaoImpressao.empresaId, empresaId), eq(cartaoImpressao.status, 'PENDENTE'), itens ? inArray(cartaoImpressao.id, itens) : undefined))
    .orderBy(asc(cartaoImpressao.criadoEm), asc(cartaoImpressao.id))
    .limit(itens?.length ?? MAXIMO_IMPRESSAO)
    .for('update');
  if (itens && escolhidos.length !== itens.length) {
    const existem = await tx
      .select({ n: count() })
      .from(cartaoImpressao)
      .where(and(eq(cartaoImpressao.empresaId, empresaId), inArray(cartaoImpressao.id, itens)));
    if ((existem[0]?.n ?? 0) !== itens.length) throw erro.naoEncontrado('Item da fila não encontrado.');
    throw erro.conflito(MENSAGEM_ITENS_MUDARAM);
  }
  if (escolhidos.length === 0) throw erro.conflito(MENSAGEM_FILA_VAZIA);
  const agora = new Date();
  const lote = codigoLote(agora, escolhidos[0]!.id);
  const itemIds = escolhidos.map((e) => e.id);
  await tx.update(cartaoImpressao).set({ status: 'IMPRESSO', lote, impressoEm: agora }).where(and(eq(cartaoImpressao.empresaId, empresaId), inArray(cartaoImpressao.id, itemIds)));
  const resultado = { lote, quantidade: escolhidos.length, cartaoIds: escolhidos.map((e) => e.cartaoId), itemIds, impressoEm: agora.toISOString() };
  await auditar(tx, request, { acao: 'CRIAR_LOTE', entidade: ENTIDADE, entidadeId: lote, depois: resultado });
  return resultado;
}

const TRANSICOES: Record<string, readonly string[]> = {
  PENDENTE: ['CANCELADO', 'IMPRESSO'],
  CANCELADO: ['PENDENTE'],
  IMPRESSO: [],
};

/** POST card/filaimpressao/salveall: several items at once, all or nothing. */
export async function salvarFila(tx: Executor, request: FastifyRequest, u: UsuarioContexto, d: SalvarFilaImpressao) {
  const empresaId = empresaDo(u);
  const ids = d.itens.map((i) => i.id);
  const atuais = await tx
    .select({ id: cartaoImpressao.id, status: cartaoImpressao.status, cartaoId: cartaoImpressao.cartaoId, numero: cartao.numero, cartaoStatus: cartao.status })
    .from(cartaoImpressao)
    .innerJoin(cartao, eq(cartao.id, cartaoImpressao.cartaoId))
    .where(and(eq(cartaoImpressao.empresaId, empresaId), inArray(cartaoImpressao.id, ids)))
    .for('update', { of: cartaoImpressao });
  if (atuais.length !== ids.length) throw erro.naoEncontrado('Item da fila não encontrado.');
  const porId = new Map(atuais.map((a) => [a.id, a]));
  const mudancas = d.itens.filter((i) => porId.get(i.id)!.status !== i.status);
  for (const m of mudancas) {
    const a = porId.get(m.id)!;
    if (!TRANSICOES[a.status]!.includes(m.status)) {
      throw erro.conflito(
        a.status === 'IMPRESSO'
          ? `O item do cartão final ${a.numero.slice(-4)} já foi impresso. Para reimprimir, adicione o cartão à fila de novo.`
          : `O item do cartão final ${a.numero.slice(-4)} não pode passar de ${a.status.toLowerCase()} para ${m.status.toLowerCase()}.`,
      );
    }
    if (m.status === 'PENDENTE') exigirImprimivel({ numero: a.numero, status: a.cartaoStatus });
  }
  const voltando = mudancas.filter((m) => m.status === 'PENDENTE').map((m) => porId.get(m.id)!.cartaoId);
  if (voltando.length) {
    const [ja] = await tx
      .select({ n: count() })
      .from(cartaoImpressao)
      .where(and(eq(cartaoImpressao.empresaId, empresaId), inArray(cartaoImpressao.cartaoId, voltando), eq(cartaoImpressao.status, 'PENDENTE')));
    if ((ja?.n ?? 0) > 0 || new Set(voltando).size !== voltando.length) throw erro.conflito('Um desses cartões já está pendente na fila.');
  }
  const agora = new Date();
  for (const m of mudancas) {
    await tx
      .update(cartaoImpressao)
      .set({ status: m.status, impressoEm: m.status === 'IMPRESSO' ? agora : null })
      .where(and(eq(cartaoImpressao.id, m.id), eq(cartaoImpressao.empresaId, empresaId)));
  }
  if (mudancas.length) {
    await auditar(tx, request, {
      acao: 'ALTERAR',
      entidade: ENTIDADE,
      antes: mudancas.map((m) => ({ id: m.id, status: porId.get(m.id)!.status })),
      depois: mudancas.map((m) => ({ id: m.id, status: m.status })),
    });
  }
  return { alterados: mudancas.length };
}
