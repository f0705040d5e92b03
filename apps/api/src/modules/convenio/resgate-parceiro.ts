import { and, eq, isNull } from 'drizzle-orm';
import {
  centavosParaReais,
  formatarBRL,
  reaisParaCentavos,
  ROTULOS_UNIDADE,
  type ResgateParceiro,
  type ResultadoResgateParceiro,
  type UnidadeCredenciada,
} from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { cliente, conta, redeCredenciada, resgateParceiro } from '../../db/schema/index.js';
import { erro } from '../../lib/erros.js';
import { contaParceiros, estornar, lancar, MENSAGEM_SALDO_INSUFICIENTE, saldosDetalhados } from '../account/index.js';
import { buscarResgate } from './resgates.consulta.js';

/** Who posts a redemption at a partner: a back-office user or a partner's API token. */
export type AutorResgate = {
  empresaId: number;
  usuarioId: number | null;
  tokenApiId: number | null;
  filialId: number | null;
  /** May unblock accounts (the message says where); a partner is told to send the customer to the company. */
  desbloqueia: boolean;
};

export type DadosResgate = {
  redeCredenciadaId: number;
  clienteId: number;
  unidade: UnidadeCredenciada;
  /** Wire value: reais for CASHBACK, points for PONTOS. */
  valor: number;
  documento: string;
  observacao?: string | undefined;
};

export const MENSAGEM_PARCEIRO_INATIVO = 'Este parceiro está inativo na rede credenciada: não aceita resgates.';
export const MENSAGEM_CLIENTE_BLOQUEADO_RESGATE = 'Cliente bloqueado: resgate não permitido no programa.';

const rotulo = (u: UnidadeCredenciada) => ROTULOS_UNIDADE[u].toLowerCase();

export function mensagemUnidadeNaoAceita(nome: string, aceitas: UnidadeCredenciada[]): string {
  return `${nome} não aceita este saldo: aceita só ${aceitas.map(rotulo).join(' e ')}.`;
}

export function mensagemAcimaDoMaximo(nome: string, maximoCentavos: number): string {
  return `O resgate máximo por venda em ${nome} é ${formatarBRL(centavosParaReais(maximoCentavos))}.`;
}

function mensagemContaBloqueada(u: UnidadeCredenciada, desbloqueia: boolean): string {
  const saida = desbloqueia ? 'Desbloqueie em Relatórios › Contas bloqueadas.' : 'O cliente deve procurar a empresa do programa.';
  return `A conta de ${rotulo(u)} deste cliente está bloqueada: o saldo não pode ser usado no parceiro. ${saida}`;
}

/**
 * A redemption at a partner store (docs/areas/rede-credenciada.md): the partner's rules are checked
 * here — active, unit accepted, at most its maximum per sale (reais, cashback only: points have no
 * value in reais in the programme) — then one balanced RESGATE posting debits the customer's usable
 * lots (oldest expiry first, waiting period respected, blocked account refused: all `lancar`'s) and
 * credits the company's account of what it owes the network. The record points to the posting.
 */
export async function lancarResgate(tx: Executor, a: AutorResgate, d: DadosResgate): Promise<ResultadoResgateParceiro> {
  const [p] = await tx
    .select()
    .from(redeCredenciada)
    .where(and(eq(redeCredenciada.id, d.redeCredenciadaId), eq(redeCredenciada.empresaId, a.empresaId)))
    .limit(1);
  if (!p) throw erro.naoEncontrado('Parceiro não encontrado.');
  if (!p.ativo) throw erro.conflito(MENSAGEM_PARCEIRO_INATIVO);
  if (!p.unidades.includes(d.unidade)) throw erro.conflito(mensagemUnidadeNaoAceita(p.nome, p.unidades));
  const valor = d.unidade === 'CASHBACK' ? reaisParaCentavos(d.valor) : d.valor;
  if (d.unidade === 'CASHBACK' && p.resgateMaximoCentavos !== null && valor > p.resgateMaximoCentavos) {
    throw erro.conflito(mensagemAcimaDoMaximo(p.nome, p.resgateMaximoCentavos));
  }

  const [c] = await tx
    .select({ id: cliente.id, status: cliente.status })
    .from(cliente)
    .where(and(eq(cliente.id, d.clienteId), eq(cliente.empresaId, a.empresaId)))
    .limit(1);
  if (!c) throw erro.naoEncontrado('Cliente não encontrado.');
  if (c.status !== 'ATIVO') throw erro.conflito(MENSAGEM_CLIENTE_BLOQUEADO_RESGATE);
  const [k] = await tx
    .select({ id: conta.id, bloqueada: conta.bloqueada })
    .from(conta)
    .where(and(eq(conta.empresaId, a.empresaId), eq(conta.clienteId, c.id), eq(conta.tipo, d.unidade)))
    .limit(1);
  if (!k) throw erro.conflito(MENSAGEM_SALDO_INSUFICIENTE);
  // Read without the lock for a clear message; `lancar` refuses a blocked debit under the lock anyway.
  if (k.bloqueada) throw erro.conflito(mensagemContaBloqueada(d.unidade, a.desbloqueia));

  const [repetido] = await tx
    .select({ id: resgateParceiro.id })
    .from(resgateParceiro)
    .where(
      and(
        eq(resgateParceiro.empresaId, a.empresaId),
        eq(resgateParceiro.redeCredenciadaId, p.id),
        eq(resgateParceiro.documento, d.documento),
        isNull(resgateParceiro.estornadoEm),
      ),
    )
    .limit(1);
  if (repetido) throw erro.conflito(`Já existe um resgate com o documento ${d.documento} neste parceiro (resgate nº ${repetido.id}).`);

  const lancamentoId = await lancar(tx, {
    empresaId: a.empresaId,
    tipo: 'RESGATE',
    descricao: `Resgate em ${p.nome} (doc. ${d.documento})`.slice(0, 200),
    filialId: a.filialId,
    usuarioId: a.usuarioId,
    referencia: { redeCredenciadaId: p.id, documento: d.documento },
    partidas: [
      { contaId: k.id, valor: -valor },
      { contaId: await contaParceiros(tx, a.empresaId, d.unidade), valor },
    ],
  });
  const [novo] = await tx
    .insert(resgateParceiro)
    .values({
      empresaId: a.empresaId,
      redeCredenciadaId: p.id,
      clienteId: c.id,
      unidade: d.unidade,
      valor,
      documento: d.documento,
      observacao: d.observacao || null,
      lancamentoId,
      usuarioId: a.usuarioId,
      tokenApiId: a.tokenApiId,
    })
    .returning({ id: resgateParceiro.id });
  return { resgate: (await buscarResgate(tx, a.empresaId, p.id, novo!.id))!, saldoDisponivel: await disponivel(tx, a.empresaId, c.id, d.unidade) };
}

/** What the customer may use now in a unit (after the waiting period, not lapsed; 0 if blocked). */
export async function disponivel(tx: Executor, empresaId: number, clienteId: number, u: UnidadeCredenciada): Promise<number> {
  const s = (await saldosDetalhados(tx, empresaId, [clienteId])).get(clienteId)?.find((x) => x.unidade === u);
  return s && !s.bloqueada ? s.disponivel : 0;
}

/**
 * Reverses a redemption exactly once: its row is locked, so a double click waits and then finds it
 * reversed (409); the ledger's unique index on `estorno_de_id` is the last barrier. The customer
 * gets back exactly the lots the redemption took, with their dates.
 */
export async function estornarResgate(
  tx: Executor,
  a: AutorResgate,
  parceiroId: number,
  resgateId: number,
  motivo: string,
): Promise<{ antes: ResgateParceiro; depois: ResgateParceiro; saldoDisponivel: number }> {
  const [r] = await tx
    .select({ id: resgateParceiro.id, lancamentoId: resgateParceiro.lancamentoId, estornadoEm: resgateParceiro.estornadoEm })
    .from(resgateParceiro)
    .where(and(eq(resgateParceiro.id, resgateId), eq(resgateParceiro.empresaId, a.empresaId), eq(resgateParceiro.redeCredenciadaId, parceiroId)))
    .for('update')
    .limit(1);
  if (!r) throw erro.naoEncontrado('Resgate não encontrado.');
  if (r.estornadoEm) throw erro.conflito('Este resgate já foi estornado.');
  const antes = (await buscarResgate(tx, a.empresaId, parceiroId, r.id))!;
  const estornoLancamentoId = await estornar(tx, a.empresaId, r.lancamentoId, {
    descricao: `Estorno do resgate nº ${r.id} em parceiro: ${motivo}`.slice(0, 200),
    usuarioId: a.usuarioId,
    filialId: a.filialId,
    documento: 'RESGATE',
  });
  await tx
    .update(resgateParceiro)
    .set({ estornadoEm: new Date(), estornoLancamentoId, motivoEstorno: motivo, estornadoPor: a.usuarioId })
    .where(and(eq(resgateParceiro.id, r.id), eq(resgateParceiro.empresaId, a.empresaId)));
  const depois = (await buscarResgate(tx, a.empresaId, parceiroId, r.id))!;
  return { antes, depois, saldoDisponivel: await disponivel(tx, a.empresaId, depois.clienteId, depois.unidade) };
}
