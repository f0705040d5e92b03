import { and, count, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import {
  formatarData,
  ROTULOS_UNIDADE,
  type BuscaUnificacao,
  type LadoUnificacao,
  type QuantidadeUnificacao,
  type ResultadoUnificacao,
  type UnidadeConta,
} from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { cartao, cliente, clienteNota, conta, credito, transacao, unificacao } from '../../db/schema/index.js';
import { erro } from '../../lib/erros.js';
import { contaCliente, lancar, type Movimento } from './razao.js';
import { paraWire, saldosDetalhados } from './saldos.js';

const SUGESTOES = 10;

type Pessoa = { id: number; nome: string; status: string };

/** Both customers of a unification, in the caller's company; locked (id order) when about to merge. */
export async function exigirPar(tx: Executor, empresaId: number, origemId: number, destinoId: number, travar = false): Promise<{ origem: Pessoa; destino: Pessoa }> {
  const consulta = tx
    .select({ id: cliente.id, nome: cliente.nome, status: cliente.status })
    .from(cliente)
    .where(and(eq(cliente.empresaId, empresaId), inArray(cliente.id, [origemId, destinoId])))
    .orderBy(cliente.id);
  const pessoas: Pessoa[] = travar ? await consulta.for('update') : await consulta;
  const origem = pessoas.find((p) => p.id === origemId);
  const destino = pessoas.find((p) => p.id === destinoId);
  if (!origem) throw erro.naoEncontrado('Cliente de origem não encontrado.');
  if (!destino) throw erro.naoEncontrado('Cliente de destino não encontrado.');
  return { origem, destino };
}

/** When (if ever) each customer was merged into another: such a customer is history, never unified again. */
async function unificadosEm(tx: Executor, empresaId: number, ids: number[]): Promise<Map<number, Date>> {
  const linhas = await tx
    .select({ id: unificacao.clienteOrigemId, em: unificacao.criadoEm })
    .from(unificacao)
    .where(and(eq(unificacao.empresaId, empresaId), inArray(unificacao.clienteOrigemId, ids)));
  return new Map(linhas.map((l) => [l.id, l.em]));
}

async function lado(tx: Executor, empresaId: number, id: number): Promise<LadoUnificacao> {
  const [c] = await tx
    .select({ id: cliente.id, nome: cliente.nome, documento: cliente.documento, celular: cliente.celular, email: cliente.email, status: cliente.status })
    .from(cliente)
    .where(and(eq(cliente.id, id), eq(cliente.empresaId, empresaId)))
    .limit(1);
  if (!c) throw erro.naoEncontrado('Cliente não encontrado.');
  const [saldos, unificado] = await Promise.all([saldosDetalhados(tx, empresaId, [id]), unificadosEm(tx, empresaId, [id])]);
  return { clienteId: c.id, nome: c.nome, documento: c.documento, celular: c.celular, email: c.email, status: c.status, unificadoEm: unificado.get(id)?.toISOString() ?? null, saldos: saldos.get(id)! };
}

/** Likely duplicates of a customer: same document, mobile or e-mail (the client module's duplicate rules). */
async function sugestoes(tx: Executor, empresaId: number, id: number): Promise<BuscaUnificacao['sugestoes']> {
  const [c] = await tx.select({ documento: cliente.documento, celular: cliente.celular, email: cliente.email }).from(cliente).where(and(eq(cliente.id, id), eq(cliente.empresaId, empresaId))).limit(1);
  if (!c) return [];
  const criterios = [
    c.documento ? eq(cliente.documento, c.documento) : undefined,
    c.celular ? eq(cliente.celular, c.celular) : undefined,
    c.email ? sql`lower(${cliente.email}) = ${c.email.toLowerCase()}` : undefined,
  ].filter(Boolean);
  if (criterios.length === 0) return [];
  const achados = await tx
    .select({ clienteId: cliente.id, nome: cliente.nome, celular: cliente.celular, email: cliente.email })
    .from(cliente)
    .where(and(eq(cliente.empresaId, empresaId), ne(cliente.id, id), ne(cliente.status, 'ANONIMIZADO'), or(...criterios)))
    .orderBy(cliente.id)
    .limit(SUGESTOES);
  return achados.map((a) => ({
    clienteId: a.clienteId,
    nome: a.nome,
    motivo: c.celular && a.celular === c.celular ? 'Mesmo celular' : c.email && a.email?.toLowerCase() === c.email.toLowerCase() ? 'Mesmo e-mail' : 'Mesmo documento',
  }));
}

export async function buscarContas(tx: Executor, empresaId: number, b: { origemId?: number; destinoId?: number }): Promise<BuscaUnificacao> {
  return {
    origem: b.origemId ? await lado(tx, empresaId, b.origemId) : null,
    destino: b.destinoId ? await lado(tx, empresaId, b.destinoId) : null,
    sugestoes: b.origemId && !b.destinoId ? await sugestoes(tx, empresaId, b.origemId) : [],
  };
}

/** What a unification of `origemId` would move (and what stays with it as history). */
export async function quantidade(tx: Executor, empresaId: number, origemId: number): Promise<QuantidadeUnificacao & { contasOrigem: { id: number; tipo: UnidadeConta; saldo: number; bloqueada: boolean }[] }> {
  const contasOrigem = (
    await tx
      .select({ id: conta.id, tipo: conta.tipo, saldo: conta.saldo, bloqueada: conta.bloqueada })
      .from(conta)
      .where(and(eq(conta.empresaId, empresaId), eq(conta.clienteId, origemId), gt(conta.saldo, 0)))
      .orderBy(conta.id)
  ).map((c) => ({ ...c, tipo: c.tipo as UnidadeConta }));
  const ids = contasOrigem.map((c) => c.id);
  const [[lotes], [cartoes], [vendas]] = await Promise.all([
    ids.length
      ? tx.select({ n: count() }).from(credito).where(and(eq(credito.empresaId, empresaId), inArray(credito.contaId, ids), gt(credito.restante, 0)))
      : Promise.resolve([{ n: 0 }]),
    tx.select({ n: count() }).from(cartao).where(and(eq(cartao.empresaId, empresaId), eq(cartao.clienteId, origemId))),
    tx.select({ n: count() }).from(transacao).where(and(eq(transacao.empresaId, empresaId), eq(transacao.clienteId, origemId))),
  ]);
  return {
    contas: contasOrigem.length,
    lotes: Number(lotes?.n ?? 0),
    valores: contasOrigem.map((c) => ({ unidade: c.tipo, saldo: paraWire(c.tipo, c.saldo) })),
    cartoes: Number(cartoes?.n ?? 0),
    vendas: Number(vendas?.n ?? 0),
    contasOrigem,
  };
}

/**
 * Merges a duplicate customer (origem) into the one that stays (destino), in the caller's
 * transaction (docs/areas/razao.md "Unificação"):
 * - both customers are locked (id order), so two unifications of the same pair meet here;
 * - every balance moves by ONE balanced UNIFICACAO posting; its lots move with their own dates;
 * - cards, sales and the origin's statement stay where they are (history is never rewritten);
 * - the origin is blocked with a note saying where it went, and the merge is recorded once.
 */
export async function unificar(
  tx: Executor,
  empresaId: number,
  u: { origemId: number; destinoId: number; observacao?: string; usuarioId: number | null; filialId: number | null },
): Promise<ResultadoUnificacao> {
  if (u.origemId === u.destinoId) throw erro.requisicao('Escolha dois clientes diferentes: não é possível unificar um cliente com ele mesmo.');
  const { origem, destino } = await exigirPar(tx, empresaId, u.origemId, u.destinoId, true);
  if (origem.status === 'ANONIMIZADO' || destino.status === 'ANONIMIZADO') throw erro.conflito('Cliente anonimizado não pode ser unificado.');
  const jaUnificados = await unificadosEm(tx, empresaId, [origem.id, destino.id]);
  const origemEm = jaUnificados.get(origem.id);
  if (origemEm) throw erro.conflito(`Este cliente já foi unificado em ${formatarData(origemEm)}: a unificação não pode ser repetida.`);
  if (jaUnificados.has(destino.id)) throw erro.conflito('O cliente de destino já foi unificado em outro cadastro: escolha o cadastro que ficou.');

  const q = await quantidade(tx, empresaId, origem.id);
  const bloqueada = q.contasOrigem.find((c) => c.bloqueada);
  if (bloqueada) throw erro.conflito(`A conta de ${ROTULOS_UNIDADE[bloqueada.tipo].toLowerCase()} do cliente de origem está bloqueada: desbloqueie-a antes de unificar.`);

  let lancamentoId: number | null = null;
  if (q.contasOrigem.length > 0) {
    const partidas: Movimento[] = [];
    const moverLotesPara = new Map<number, number>();
    for (const c of q.contasOrigem) {
      const destinoConta = await contaCliente(tx, empresaId, destino.id, c.tipo);
      partidas.push({ contaId: c.id, valor: -c.saldo }, { contaId: destinoConta, valor: c.saldo });
      moverLotesPara.set(c.id, destinoConta);
    }
    lancamentoId = await lancar(tx, {
      empresaId,
      tipo: 'UNIFICACAO',
      descricao: `Unificação: cliente ${origem.id} em ${destino.id}`,
      usuarioId: u.usuarioId,
      filialId: u.filialId,
      partidas,
      moverLotesPara,
      referencia: { origemId: origem.id, destinoId: destino.id },
    });
  }

  const nota = `Unificado no cliente ${destino.id} (${destino.nome}) em ${formatarData(new Date())}.${u.observacao ? ` ${u.observacao}` : ''}`;
  await tx
    .update(cliente)
    .set({ status: 'BLOQUEADO', observacoes: sql`trim(concat_ws(E'\n', ${cliente.observacoes}, ${nota}::text))`, atualizadoEm: new Date() })
    .where(and(eq(cliente.id, origem.id), eq(cliente.empresaId, empresaId)));
  await tx.insert(clienteNota).values([
    { empresaId, clienteId: origem.id, texto: nota, usuarioId: u.usuarioId },
    { empresaId, clienteId: destino.id, texto: `Recebeu os saldos do cliente ${origem.id} (${origem.nome}) por unificação.${u.observacao ? ` ${u.observacao}` : ''}`, usuarioId: u.usuarioId },
  ]);
  const { contasOrigem: _c, ...resumo } = q;
  const [registro] = await tx
    .insert(unificacao)
    .values({ empresaId, clienteOrigemId: origem.id, clienteDestinoId: destino.id, lancamentoId, resumo: { ...resumo, observacao: u.observacao ?? null }, usuarioId: u.usuarioId })
    .returning({ id: unificacao.id });
  return { ...resumo, unificacaoId: registro!.id, lancamentoId };
}
