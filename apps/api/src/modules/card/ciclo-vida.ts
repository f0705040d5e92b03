import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { EmitirCartoes, ResultadoEmissao, StatusCartao } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { cartao, cartaoImpressao, cliente } from '../../db/schema/index.js';
import { auditar } from '../../lib/auditoria.js';
import type { UsuarioContexto } from '../../lib/contexto.js';
import { erro } from '../../lib/erros.js';
import { violouUnicidade } from '../../lib/recurso.js';
import { exigirFilialDaRede } from '../transacao/index.js';
import { cartaoAtivoDoCliente, travarCartao, type CartaoTravado } from './card.repository.js';
import { reservarNumeros } from './numeracao.js';

/**
 * The life of a card (docs/areas/cartoes.md): DISPONIVEL → ATIVO (linked) → BLOQUEADO ⇄ back,
 * → SUBSTITUIDO (final); DISPONIVEL → VALE_PRESENTE (final: sold as a gift card's carrier, decision 039
 * §10). Every change locks the card row, checks the state it is in NOW, and is audited in the same transaction. Balances are never touched: accounts belong to the customer.
 */

export const ENTIDADE_CARTAO = 'cartao';
const ENTIDADE = ENTIDADE_CARTAO;

const final = (numero: string) => `final ${numero.slice(-4)}`;

export const MENSAGENS_CARTAO = {
  jaVinculado: 'Este cartão já está vinculado a um cliente.',
  bloqueadoParaVincular: 'Cartão bloqueado: desbloqueie antes de vincular.',
  substituido: 'Este cartão foi substituído e não pode mais ser usado.',
  clienteInativo: 'Cliente bloqueado ou anonimizado: não é possível dar cartão a ele.',
  clienteNaoEncontrado: 'Cliente não encontrado.',
  jaTemAtivo: (numero: string) => `Este cliente já tem um cartão ativo (${final(numero)}). Para trocar, use Substituir.`,
  naoSubstituivel: 'Só um cartão vinculado a um cliente (ativo ou bloqueado) pode ser substituído.',
  mesmoCartao: 'O cartão novo deve ser outro, diferente do substituído.',
  novoIndisponivel: 'O cartão novo precisa estar disponível (emitido e ainda sem cliente).',
  jaBloqueado: 'Este cartão já está bloqueado.',
  naoBloqueado: 'Este cartão não está bloqueado.',
  outroAtivo: (numero: string) => `O cliente já tem outro cartão ativo (${final(numero)}); este continua bloqueado.`,
  valePresente: 'Este cartão é suporte de um vale-presente e não pode ser vinculado a cliente nem usado como cartão fidelidade.',
  valeBloquear: 'Este cartão é suporte de um vale-presente: para suspendê-lo, cancele o vale (Cartões › Vales-presente).',
  valeJaVendido: 'Este cartão já é suporte de um vale-presente: use outro cartão disponível.',
  valeVinculado: 'Este cartão já está vinculado a um cliente: para o vale-presente use um cartão disponível (emitido e sem cliente).',
  valeBloqueado: 'Cartão bloqueado: não pode ser suporte de vale-presente.',
} as const;

type Instantaneo = Pick<CartaoTravado, 'id' | 'numero' | 'status' | 'clienteId' | 'motivoStatus'>;
const instantaneo = (c: Instantaneo) => ({ numero: c.numero, status: c.status, clienteId: c.clienteId, motivoStatus: c.motivoStatus });

async function exigirClienteAtivo(tx: Executor, empresaId: number, clienteId: number): Promise<void> {
  const [c] = await tx
    .select({ status: cliente.status })
    .from(cliente)
    .where(and(eq(cliente.id, clienteId), eq(cliente.empresaId, empresaId)))
    .limit(1);
  if (!c) throw erro.naoEncontrado(MENSAGENS_CARTAO.clienteNaoEncontrado);
  if (c.status !== 'ATIVO') throw erro.conflito(MENSAGENS_CARTAO.clienteInativo);
}

/** Why a card that is not DISPONIVEL cannot be handed to a customer. */
function exigirDisponivel(c: CartaoTravado, mensagemOutro: string = MENSAGENS_CARTAO.jaVinculado): void {
  if (c.status === 'DISPONIVEL') return;
  if (c.status === 'SUBSTITUIDO') throw erro.conflito(MENSAGENS_CARTAO.substituido);
  if (c.status === 'BLOQUEADO') throw erro.conflito(MENSAGENS_CARTAO.bloqueadoParaVincular);
  if (c.status === 'VALE_PRESENTE') throw erro.conflito(MENSAGENS_CARTAO.valePresente);
  throw erro.conflito(mensagemOutro);
}

/** The one-ATIVO-per-customer rule, checked first for a clear message; the partial unique index backs it under races. */
async function ativar(tx: Executor, empresaId: number, cartaoId: number, clienteId: number, extra: Partial<typeof cartao.$inferInsert> = {}) {
  const outro = await cartaoAtivoDoCliente(tx, empresaId, clienteId, cartaoId);
  if (outro) throw erro.conflito(MENSAGENS_CARTAO.jaTemAtivo(outro.numero));
  try {
    await tx
      .update(cartao)
      .set({ status: 'ATIVO', clienteId, atualizadoEm: new Date(), ...extra })
      .where(and(eq(cartao.id, cartaoId), eq(cartao.empresaId, empresaId)));
  } catch (e) {
    if (violouUnicidade(e)) throw erro.conflito('Este cliente acabou de receber outro cartão ativo. Atualize a tela.');
    throw e;
  }
}

/** Pending prints of cards that will never be handed out are cancelled with them. */
async function cancelarImpressoesPendentes(tx: Executor, empresaId: number, cartaoId: number): Promise<void> {
  await tx
    .update(cartaoImpressao)
    .set({ status: 'CANCELADO' })
    .where(and(eq(cartaoImpressao.empresaId, empresaId), eq(cartaoImpressao.cartaoId, cartaoId), eq(cartaoImpressao.status, 'PENDENTE')));
}

export async function enfileirar(tx: Executor, u: UsuarioContexto, cartaoIds: number[]): Promise<void> {
  if (cartaoIds.length === 0) return;
  await tx.insert(cartaoImpressao).values(cartaoIds.map((cartaoId) => ({ empresaId: u.empresaId!, cartaoId, solicitadoPorId: u.id })));
}

async function inserirCartoes(tx: Executor, u: UsuarioContexto, numeros: string[], filialId: number | null) {
  return tx
    .insert(cartao)
    .values(numeros.map((numero) => ({ empresaId: u.empresaId!, numero, filialId, emitidoPorId: u.id })))
    .returning({ id: cartao.id, numero: cartao.numero });
}

/** POST card/emitir: a batch of new numbers, unlinked, optionally straight into the print queue. */
export async function emitirCartoes(tx: Executor, request: FastifyRequest, u: UsuarioContexto, d: Required<Pick<EmitirCartoes, 'quantidade'>> & EmitirCartoes): Promise<ResultadoEmissao> {
  const empresaId = u.empresaId!;
  const filialId = d.filialId !== undefined ? await exigirFilialDaRede(tx, empresaId, d.filialId) : u.empresaAtualId;
  const numeros = await reservarNumeros(tx, empresaId, d.quantidade);
  const novos = await inserirCartoes(tx, u, numeros, filialId);
  if (d.adicionarFila) await enfileirar(tx, u, novos.map((n) => n.id));
  const resultado = { quantidade: novos.length, primeiro: numeros[0]!, ultimo: numeros[numeros.length - 1]!, ids: novos.map((n) => n.id) };
  // One entry for the batch: the numbers are consecutive, first and last describe it whole.
  await auditar(tx, request, { acao: 'EMITIR', entidade: ENTIDADE, entidadeId: novos[0]!.id, depois: { ...resultado, ids: undefined, filialId, adicionarFila: d.adicionarFila ?? false } });
  return resultado;
}

/** POST card/vincular: an available card goes to a customer (back office, counter, sign-up). */
export async function vincularCartao(tx: Executor, request: FastifyRequest, u: UsuarioContexto, d: { cartaoId?: number; numero?: string; clienteId: number }): Promise<number> {
  const empresaId = u.empresaId!;
  const c = await travarCartao(tx, empresaId, d.cartaoId !== undefined ? { id: d.cartaoId } : { numero: d.numero! });
  exigirDisponivel(c);
  await exigirClienteAtivo(tx, empresaId, d.clienteId);
  await ativar(tx, empresaId, c.id, d.clienteId, { vinculadoEm: new Date(), motivoStatus: null });
  await auditar(tx, request, { acao: 'VINCULAR', entidade: ENTIDADE, entidadeId: c.id, antes: instantaneo(c), depois: { ...instantaneo(c), status: 'ATIVO', clienteId: d.clienteId, motivoStatus: null } });
  return c.id;
}

/**
 * POST card/substituir: lost, worn or stolen. The old card ends SUBSTITUIDO pointing at the new one;
 * the customer keeps every balance, since accounts hang on the customer and never on a card.
 */
export async function substituirCartao(
  tx: Executor,
  request: FastifyRequest,
  u: UsuarioContexto,
  d: { cartaoId: number; novoNumero?: string; motivo: string; adicionarFila?: boolean },
): Promise<number> {
  const empresaId = u.empresaId!;
  const antigo = await travarCartao(tx, empresaId, { id: d.cartaoId });
  if ((antigo.status !== 'ATIVO' && antigo.status !== 'BLOQUEADO') || antigo.clienteId === null) throw erro.conflito(MENSAGENS_CARTAO.naoSubstituivel);
  await exigirClienteAtivo(tx, empresaId, antigo.clienteId);
  let novo: { id: number; numero: string };
  if (d.novoNumero !== undefined) {
    if (d.novoNumero === antigo.numero) throw erro.requisicao(MENSAGENS_CARTAO.mesmoCartao);
    const escolhido = await travarCartao(tx, empresaId, { numero: d.novoNumero });
    exigirDisponivel(escolhido, MENSAGENS_CARTAO.novoIndisponivel);
    novo = escolhido;
  } else {
    [novo] = (await inserirCartoes(tx, u, await reservarNumeros(tx, empresaId, 1), u.empresaAtualId)) as [{ id: number; numero: string }];
  }
  const agora = new Date();
  // The old card leaves ATIVO first, so the one-ATIVO-per-customer index lets the new one in.
  await tx
    .update(cartao)
    .set({ status: 'SUBSTITUIDO', substituidoPorId: novo.id, motivoStatus: d.motivo, atualizadoEm: agora })
    .where(and(eq(cartao.id, antigo.id), eq(cartao.empresaId, empresaId)));
  await cancelarImpressoesPendentes(tx, empresaId, antigo.id);
  await ativar(tx, empresaId, novo.id, antigo.clienteId, { vinculadoEm: agora, motivoStatus: null });
  if (d.adicionarFila) await enfileirar(tx, u, [novo.id]);
  await auditar(tx, request, {
    acao: 'SUBSTITUIR',
    entidade: ENTIDADE,
    entidadeId: antigo.id,
    antes: instantaneo(antigo),
    depois: { ...instantaneo(antigo), status: 'SUBSTITUIDO', motivoStatus: d.motivo, substituidoPorId: novo.id, novoNumero: novo.numero },
  });
  return novo.id;
}

/** POST card/{id}/bloquear: stops the card at the counter; a pending print of it is cancelled. */
export async function bloquearCartao(tx: Executor, request: FastifyRequest, u: UsuarioContexto, id: number, motivo: string): Promise<void> {
  const empresaId = u.empresaId!;
  const c = await travarCartao(tx, empresaId, { id });
  if (c.status === 'BLOQUEADO') throw erro.conflito(MENSAGENS_CARTAO.jaBloqueado);
  if (c.status === 'SUBSTITUIDO') throw erro.conflito(MENSAGENS_CARTAO.substituido);
  // Blocked and then unblocked, it would come back DISPONIVEL while its number is still a gift card's code.
  if (c.status === 'VALE_PRESENTE') throw erro.conflito(MENSAGENS_CARTAO.valeBloquear);
  await tx
    .update(cartao)
    .set({ status: 'BLOQUEADO', motivoStatus: motivo, bloqueadoEm: new Date(), atualizadoEm: new Date() })
    .where(and(eq(cartao.id, id), eq(cartao.empresaId, empresaId)));
  await cancelarImpressoesPendentes(tx, empresaId, id);
  await auditar(tx, request, { acao: 'BLOQUEAR', entidade: ENTIDADE, entidadeId: id, antes: instantaneo(c), depois: { ...instantaneo(c), status: 'BLOQUEADO', motivoStatus: motivo } });
}

/**
 * An available card handed over the counter as the carrier of a gift card (valepresente/vender,
 * decision 039 §10): locked, checked NOW (a concurrent sale of the same card waits here and then
 * sees VALE_PRESENTE), marked for good and audited, all in the gift card sale's transaction. Its
 * number becomes the gift card's code; a pending print of it is cancelled (the plastic is in hand).
 */
export async function tornarSuporteDeVale(tx: Executor, request: FastifyRequest, u: UsuarioContexto, numero: string): Promise<{ id: number; numero: string }> {
  const empresaId = u.empresaId!;
  const c = await travarCartao(tx, empresaId, { numero });
  if (c.status === 'VALE_PRESENTE') throw erro.conflito(MENSAGENS_CARTAO.valeJaVendido);
  if (c.status === 'SUBSTITUIDO') throw erro.conflito(MENSAGENS_CARTAO.substituido);
  if (c.status === 'BLOQUEADO') throw erro.conflito(MENSAGENS_CARTAO.valeBloqueado);
  if (c.status !== 'DISPONIVEL') throw erro.conflito(MENSAGENS_CARTAO.valeVinculado);
  await tx
    .update(cartao)
    .set({ status: 'VALE_PRESENTE', motivoStatus: null, atualizadoEm: new Date() })
    .where(and(eq(cartao.id, c.id), eq(cartao.empresaId, empresaId)));
  await cancelarImpressoesPendentes(tx, empresaId, c.id);
  await auditar(tx, request, { acao: 'VALE_PRESENTE', entidade: ENTIDADE, entidadeId: c.id, antes: instantaneo(c), depois: { ...instantaneo(c), status: 'VALE_PRESENTE', motivoStatus: null } });
  return { id: c.id, numero: c.numero };
}

/** POST card/{id}/desbloquear: back to ATIVO when it has a customer (if they have no other), else DISPONIVEL. */
export async function desbloquearCartao(tx: Executor, request: FastifyRequest, u: UsuarioContexto, id: number, motivo: string | undefined): Promise<void> {
  const empresaId = u.empresaId!;
  const c = await travarCartao(tx, empresaId, { id });
  if (c.status !== 'BLOQUEADO') throw erro.conflito(MENSAGENS_CARTAO.naoBloqueado);
  const destino: StatusCartao = c.clienteId === null ? 'DISPONIVEL' : 'ATIVO';
  if (c.clienteId !== null) {
    const outro = await cartaoAtivoDoCliente(tx, empresaId, c.clienteId, c.id);
    if (outro) throw erro.conflito(MENSAGENS_CARTAO.outroAtivo(outro.numero));
    await ativar(tx, empresaId, c.id, c.clienteId, { motivoStatus: motivo ?? null, bloqueadoEm: null });
  } else {
    await tx
      .update(cartao)
      .set({ status: 'DISPONIVEL', motivoStatus: motivo ?? null, bloqueadoEm: null, atualizadoEm: new Date() })
      .where(and(eq(cartao.id, id), eq(cartao.empresaId, empresaId)));
  }
  await auditar(tx, request, { acao: 'DESBLOQUEAR', entidade: ENTIDADE, entidadeId: id, antes: instantaneo(c), depois: { ...instantaneo(c), status: destino, motivoStatus: motivo ?? null } });
}

/** Cards of the caller's company among `ids`, all or a 404 (never a partial answer about another tenant's ids). */
export async function cartoesDaEmpresa(tx: Executor, empresaId: number, ids: number[]) {
  const linhas = await tx
    .select({ id: cartao.id, numero: cartao.numero, status: cartao.status, clienteId: cartao.clienteId })
    .from(cartao)
    .where(and(eq(cartao.empresaId, empresaId), inArray(cartao.id, ids)));
  if (linhas.length !== ids.length) throw erro.naoEncontrado('Cartão não encontrado.');
  const porId = new Map(linhas.map((l) => [l.id, l]));
  return ids.map((id) => porId.get(id)!);
}
