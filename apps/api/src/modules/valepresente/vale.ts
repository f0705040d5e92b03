import { and, eq, sql } from 'drizzle-orm';
import {
  centavosParaReais,
  formatarBRL,
  formatarData,
  hojeISO,
  MINUTOS_BLOQUEIO_PIN,
  reaisParaCentavos,
  TENTATIVAS_PIN,
  type VendaComValeRegistrada,
  vendaComValeSchema,
  venderValeSchema,
} from '@bonifica/contracts';
import type { z } from 'zod';
import type { Executor } from '../../db/client.js';
import { cartao, cliente, valePresente, valePresenteUso } from '../../db/schema/index.js';
import { ErroApi, erro } from '../../lib/erros.js';
import { contaSistema, contaValesPresente, estornar, lancar } from '../account/index.js';
import { registrarVenda, saldosWire } from '../transacao/index.js';
import { finalDoCodigo, hashPin, novoCodigoVale, novoPin, pinConfere } from './codigo.js';
import { saldoCentavos, sqlUsado } from './consulta.js';

/** Who acts: the user and the branch they work at (where the card is sold or used). */
export type Autor = { empresaId: number; usuarioId: number | null; filialId: number | null };

export const MENSAGEM_VALE_NAO_ENCONTRADO = 'Vale-presente não encontrado: confira o código.';
export const MENSAGEM_PIN_ERRADO = 'Senha (PIN) do vale-presente não confere.';
export const MENSAGEM_VALE_CANCELADO = 'Este vale-presente foi cancelado.';
export const MENSAGEM_JA_CANCELADO = 'Este vale-presente já foi cancelado e não tem saldo a devolver.';
export const MENSAGEM_CODIGO_DE_OUTRO_VALE = 'O número deste cartão já é o código de outro vale-presente: use outro cartão.';

/** A card locked for an operation, with its balance read under the lock. */
export type ValeTravado = {
  id: number;
  codigo: string;
  status: 'ATIVO' | 'CANCELADO';
  validoAte: string;
  valorCentavos: number;
  devolvidoCentavos: number;
  usadoCentavos: number;
  saldoCentavos: number;
  lancamentoId: number;
  pinHash: string;
  tentativasPin: number;
  bloqueado: boolean;
  bloqueadoAte: Date | null;
};

/**
 * Locks the card's row, then reads it and its balance in a second statement: under READ COMMITTED
 * a statement that waited for the lock still sees the uses of the sale that held it through its
 * own, older snapshot (only the locked row is re-read), so the balance must be read afterwards.
 */
async function travar(tx: Executor, empresaId: number, onde: { codigo: string } | { id: number }): Promise<ValeTravado | null> {
  const [travado] = await tx
    .select({ id: valePresente.id })
    .from(valePresente)
    .where(and(eq(valePresente.empresaId, empresaId), 'codigo' in onde ? eq(valePresente.codigo, onde.codigo) : eq(valePresente.id, onde.id)))
    .limit(1)
    .for('update');
  if (!travado) return null;
  const [v] = await tx
    .select({
      id: valePresente.id,
      codigo: valePresente.codigo,
      status: valePresente.status,
      validoAte: valePresente.validoAte,
      valorCentavos: valePresente.valorCentavos,
      devolvidoCentavos: valePresente.devolvidoCentavos,
      usadoCentavos: sqlUsado.mapWith(Number),
      lancamentoId: valePresente.lancamentoId,
      pinHash: valePresente.pinHash,
      tentativasPin: valePresente.tentativasPin,
      bloqueadoAte: valePresente.bloqueadoAte,
      bloqueado: sql<boolean>`coalesce(${valePresente.bloqueadoAte} > now(), false)`,
    })
    .from(valePresente)
    .where(eq(valePresente.id, travado.id));
  return { ...v!, saldoCentavos: saldoCentavos(v!) };
}

/**
 * Finds and locks the card of a code and checks its PIN. A wrong PIN is counted on the card (the
 * 5th in a row locks it for 30 minutes, whatever the counter or the session) and is returned, not
 * thrown: the caller commits the count and only then refuses, so a brute force cannot roll it back.
 */
export async function abrirVale(tx: Executor, empresaId: number, codigo: string, pin: string): Promise<ValeTravado | ErroApi> {
  const v = await travar(tx, empresaId, { codigo });
  if (!v) return erro.naoEncontrado(MENSAGEM_VALE_NAO_ENCONTRADO);
  if (v.bloqueado) return erro.muitas(`Vale-presente bloqueado por tentativas erradas de senha: tente de novo depois das ${horaBrasilia(v.bloqueadoAte!)}.`);
  if (await pinConfere(pin, v.pinHash)) {
    if (v.tentativasPin > 0) await tx.update(valePresente).set({ tentativasPin: 0, bloqueadoAte: null }).where(eq(valePresente.id, v.id));
    return v;
  }
  const tentativas = v.tentativasPin + 1;
  if (tentativas >= TENTATIVAS_PIN) {
    await tx
      .update(valePresente)
      .set({ tentativasPin: 0, bloqueadoAte: sql`now() + make_interval(mins => ${MINUTOS_BLOQUEIO_PIN})` })
      .where(eq(valePresente.id, v.id));
    return erro.muitas(`${MENSAGEM_PIN_ERRADO} O vale-presente foi bloqueado por ${MINUTOS_BLOQUEIO_PIN} minutos.`);
  }
  await tx.update(valePresente).set({ tentativasPin: tentativas }).where(eq(valePresente.id, v.id));
  const restam = TENTATIVAS_PIN - tentativas;
  return erro.requisicao(`${MENSAGEM_PIN_ERRADO} ${restam === 1 ? 'Resta 1 tentativa' : `Restam ${restam} tentativas`} antes do bloqueio.`);
}

function horaBrasilia(d: Date): string {
  return d.toLocaleTimeString('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit' });
}

async function exigirCliente(tx: Executor, empresaId: number, id: number | null, mensagem: string): Promise<void> {
  if (id === null) return;
  const [c] = await tx
    .select({ id: cliente.id })
    .from(cliente)
    .where(and(eq(cliente.id, id), eq(cliente.empresaId, empresaId)))
    .limit(1);
  if (!c) throw erro.naoEncontrado(mensagem);
}

function somarDias(dia: string, dias: number): string {
  const d = new Date(`${dia}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}

/** Whether a code is free: no gift card has it, and (for a drawn one) no physical card of the company either. */
async function codigoEmUso(tx: Executor, empresaId: number, codigo: string, tambemCartoes: boolean): Promise<boolean> {
  const [vale] = await tx
    .select({ id: valePresente.id })
    .from(valePresente)
    .where(and(eq(valePresente.empresaId, empresaId), eq(valePresente.codigo, codigo)))
    .limit(1);
  if (vale || !tambemCartoes) return Boolean(vale);
  const [c] = await tx
    .select({ id: cartao.id })
    .from(cartao)
    .where(and(eq(cartao.empresaId, empresaId), eq(cartao.numero, codigo)))
    .limit(1);
  return Boolean(c);
}

/** A physical card already locked and marked by the card module (`tornarSuporteDeVale`): its number is the code. */
export type CartaoSuporte = { id: number; numero: string };

/**
 * Sells a card: one posting VALE_PRESENTE — the gift cards' account +valor, SISTEMA_PREPAGO −valor —
 * and the card's row pointing to it. The PIN is returned this once and only its hash is kept. The
 * code is drawn, or is the number of the physical card `suporte` (decision 039 §10).
 */
export async function venderVale(tx: Executor, a: Autor, d: z.output<typeof venderValeSchema>, suporte: CartaoSuporte | null = null): Promise<{ id: number; pin: string }> {
  await exigirCliente(tx, a.empresaId, d.compradorClienteId, 'Comprador não encontrado.');
  await exigirCliente(tx, a.empresaId, d.beneficiarioClienteId, 'Presenteado não encontrado.');
  let codigo: string | null = null;
  if (suporte) {
    // Only a code drawn before the card was issued could hold its number (one in 10^15 per card).
    if (await codigoEmUso(tx, a.empresaId, suporte.numero, false)) throw erro.conflito(MENSAGEM_CODIGO_DE_OUTRO_VALE);
    codigo = suporte.numero;
  } else {
    // A code already in use — by a gift card or by a physical card of the company — is drawn again, before any posting.
    for (let tentativa = 0; tentativa < 5 && codigo === null; tentativa++) {
      const sorteado = novoCodigoVale();
      if (!(await codigoEmUso(tx, a.empresaId, sorteado, true))) codigo = sorteado;
    }
    if (codigo === null) throw new Error('Não foi possível sortear um código livre de vale-presente.');
  }
  const valor = reaisParaCentavos(d.valor);
  const pin = novoPin();
  const pinHash = await hashPin(pin);
  const validoAte = somarDias(hojeISO(), d.validadeDias);
  const contaVales = await contaValesPresente(tx, a.empresaId);
  const sistema = await contaSistema(tx, a.empresaId, 'PREPAGO');
  const lancamentoId = await lancar(tx, {
    empresaId: a.empresaId,
    tipo: 'VALE_PRESENTE',
    descricao: `Venda do vale-presente ${finalDoCodigo(codigo)}`,
    filialId: a.filialId,
    usuarioId: a.usuarioId,
    partidas: [
      { contaId: contaVales, valor },
      { contaId: sistema, valor: -valor },
    ],
  });
  const [v] = await tx
    .insert(valePresente)
    .values({
      empresaId: a.empresaId,
      filialId: a.filialId,
      codigo,
      cartaoId: suporte?.id ?? null,
      pinHash,
      valorCentavos: valor,
      compradorClienteId: d.compradorClienteId,
      beneficiarioClienteId: d.beneficiarioClienteId,
      beneficiarioNome: d.beneficiarioClienteId ? null : d.beneficiarioNome || null,
      mensagem: d.mensagem || null,
      validoAte,
      lancamentoId,
      usuarioId: a.usuarioId,
    })
    .returning({ id: valePresente.id });
  return { id: v!.id, pin };
}

/** The refusals of a card as a means of payment (after the PIN). */
function exigirUtilizavel(v: ValeTravado, valor: number): void {
  if (v.status === 'CANCELADO') throw erro.conflito(MENSAGEM_VALE_CANCELADO);
  if (v.validoAte < hojeISO()) throw erro.conflito(`Vale-presente vencido em ${formatarData(v.validoAte)}: procure a gerência da loja.`);
  if (v.saldoCentavos <= 0) throw erro.conflito('Este vale-presente já foi totalmente usado.');
  if (valor > v.saldoCentavos) throw erro.conflito(`Saldo do vale-presente insuficiente: ${formatarBRL(centavosParaReais(v.saldoCentavos))} disponível.`);
}

/**
 * A sale paid partly (or wholly) with a card locked and checked by `abrirVale`: the card's part is
 * two more entries in the sale's own posting — the gift cards' account −parte, SISTEMA_PREPAGO
 * +parte — so cancelling the sale reverses it with the rest, once; the use row ties the card to
 * the sale. The card's lock serialises concurrent uses: the balance read under it cannot go below 0.
 * Cashback and points accrue on the whole sale (decision 039): the card is money already paid; a
 * coupon's discount comes off first, as in any sale with a coupon (§11).
 */
export async function venderComVale(tx: Executor, a: Autor, v: ValeTravado, d: z.output<typeof vendaComValeSchema>, extra: { desbloqueia: boolean; filialInformada: boolean }): Promise<VendaComValeRegistrada> {
  const parte = reaisParaCentavos(d.vale.valor);
  exigirUtilizavel(v, parte);
  const contaVales = await contaValesPresente(tx, a.empresaId);
  const sistema = await contaSistema(tx, a.empresaId, 'PREPAGO');
  const venda = d.venda;
  const r = await registrarVenda(tx, {
    empresaId: a.empresaId,
    clienteId: venda.clienteId,
    filialId: venda.filialId ?? a.filialId,
    filialInformada: extra.filialInformada,
    valorCentavos: reaisParaCentavos(venda.valor),
    resgateCentavos: reaisParaCentavos(venda.resgate),
    identificacao: venda.identificacao ?? null,
    cartao: venda.cartao ?? null,
    usuarioId: a.usuarioId,
    desbloqueia: extra.desbloqueia,
    pagamento: {
      partidas: [
        { contaId: contaVales, valor: -parte },
        { contaId: sistema, valor: parte },
      ],
      contas: [
        { id: contaVales, clienteId: null, tipo: 'VALE_PRESENTE', saldo: 0, bloqueada: false },
        { id: sistema, clienteId: null, tipo: 'SISTEMA_PREPAGO', saldo: 0, bloqueada: false },
      ],
      referencia: { valePresenteId: v.id, valePresenteCentavos: parte },
      centavos: parte,
      rotulo: 'o vale-presente',
    },
    // A coupon goes with the card in the same sale (decision 039 §11): decided in the sale's batch of one,
    // its locks taken after the card's, and the card's part checked against what is left after its discount.
    cupom: venda.cupom ?? null,
  });
  await tx.insert(valePresenteUso).values({ empresaId: a.empresaId, valePresenteId: v.id, transacaoId: r.transacaoId, valorCentavos: parte });
  return {
    transacaoId: r.transacaoId,
    cashback: centavosParaReais(r.cashbackCentavos),
    pontos: r.pontos,
    resgate: centavosParaReais(r.resgateCentavos),
    saldos: saldosWire(r.saldos),
    contasBloqueadas: r.contasBloqueadas,
    ...(r.cupom ? { cupom: r.cupom } : {}),
    valePago: centavosParaReais(parte),
    saldoVale: centavosParaReais(v.saldoCentavos - parte),
  };
}

/**
 * Cancels a card and gives the buyer back what is left (decision 039). A card never used is undone
 * by reversing its sale's posting (once: the ledger's unique index on the reversed posting); a card
 * partly used gives back its balance in a posting VALE_PRESENTE against SISTEMA_PREPAGO. A sale
 * cancelled afterwards brings its part back to the card, which may then be cancelled again for it.
 */
export async function cancelarVale(tx: Executor, a: Autor, id: number, motivo: string): Promise<{ devolvidoCentavos: number; lancamentoId: number }> {
  const v = await travar(tx, a.empresaId, { id });
  if (!v) throw erro.naoEncontrado('Vale-presente não encontrado.');
  if (v.saldoCentavos <= 0) throw erro.conflito(v.status === 'CANCELADO' ? MENSAGEM_JA_CANCELADO : 'Este vale-presente já foi totalmente usado: não há saldo a devolver.');
  const descricao = `Cancelamento do vale-presente ${finalDoCodigo(v.codigo)}`;
  let lancamentoId: number;
  if (v.usadoCentavos === 0 && v.devolvidoCentavos === 0) {
    lancamentoId = await estornar(tx, a.empresaId, v.lancamentoId, { descricao, documento: 'VALE_PRESENTE', usuarioId: a.usuarioId, filialId: a.filialId });
  } else {
    const contaVales = await contaValesPresente(tx, a.empresaId);
    const sistema = await contaSistema(tx, a.empresaId, 'PREPAGO');
    lancamentoId = await lancar(tx, {
      empresaId: a.empresaId,
      tipo: 'VALE_PRESENTE',
      descricao,
      filialId: a.filialId,
      usuarioId: a.usuarioId,
      referencia: { valePresenteId: v.id },
      partidas: [
        { contaId: contaVales, valor: -v.saldoCentavos },
        { contaId: sistema, valor: v.saldoCentavos },
      ],
    });
  }
  await tx
    .update(valePresente)
    .set({
      status: 'CANCELADO',
      devolvidoCentavos: v.devolvidoCentavos + v.saldoCentavos,
      cancelamentoLancamentoId: lancamentoId,
      canceladoEm: sql`now()`,
      canceladoPorId: a.usuarioId,
      motivoCancelamento: motivo,
    })
    .where(eq(valePresente.id, v.id));
  return { devolvidoCentavos: v.saldoCentavos, lancamentoId };
}
