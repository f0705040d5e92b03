import { hojeISO, type IdentificacaoVenda } from '@bonifica/contracts';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { conta, empresa, transacao } from '../../db/schema/index.js';
import { ErroApi, erro } from '../../lib/erros.js';
import {
  contaCliente,
  contaSistema,
  estornar,
  exigirLotesDisponiveis,
  MENSAGEM_SALDO_INSUFICIENTE,
  novosLotes,
  planejarLancamento,
  sqlGravarLancamento,
  type Anexo,
  type ContaTravada,
  type Movimento,
  type NovoLancamento,
  type TipoConta,
} from '../account/razao.js';
import { lerConsumo, sqlConsumirLotes } from '../account/lotes.js';
import { grupoSequencial, type Grupo, type Linha } from '../../lib/transacao-agrupada.js';
import { mensagemContaBloqueada } from '../account/bloqueadas.js';
import { regraComPlano, sqlBeneficioVigente, type BeneficioPlano } from '../plano/beneficio.js';

export const MENSAGEM_CLIENTE_BLOQUEADO = 'Cliente bloqueado: venda não permitida no programa.';
export const MENSAGEM_RESGATE_ACIMA_DO_SALDO = 'Saldo de cashback insuficiente para este resgate.';
export const MENSAGEM_JA_CANCELADA = 'Esta venda já foi cancelada.';
export const MENSAGEM_CASHBACK_JA_USADO = 'Saldo insuficiente para cancelar: o cashback desta venda já foi usado.';

export type Regra = {
  cashbackPercentualBp: number;
  pontosPorReal: number;
  compraMinimaCentavos: number;
  maximoCashbackPorVendaCentavos: number | null;
  ativo: boolean;
};

export type Acumulo = { cashbackCentavos: number; pontos: number };

/**
 * The accrual of one sale (docs/areas/vendas.md). Only what was paid with money accrues; the
 * minimum purchase is tested on the sale's total; every fraction is cut off (floor), never rounded up.
 */
export function calcularAcumulo(regra: Regra | null, valorCentavos: number, resgateCentavos: number): Acumulo {
  if (!regra || !regra.ativo || valorCentavos < regra.compraMinimaCentavos) return { cashbackCentavos: 0, pontos: 0 };
  const base = valorCentavos - resgateCentavos;
  // Integers all the way: centavos × basis points stays far below 2^53 for sales up to R$ 1.000.000,00.
  let cashbackCentavos = Math.floor((base * regra.cashbackPercentualBp) / 10_000);
  if (regra.maximoCashbackPorVendaCentavos !== null) cashbackCentavos = Math.min(cashbackCentavos, regra.maximoCashbackPorVendaCentavos);
  const pontos = Math.floor(base / 100) * regra.pontosPorReal;
  return { cashbackCentavos, pontos };
}

export type Saldos = { CASHBACK: number; PONTOS: number };

export async function saldosDoCliente(tx: Executor, empresaId: number, clienteId: number): Promise<Saldos> {
  const linhas = await tx
    .select({ tipo: conta.tipo, saldo: conta.saldo })
    .from(conta)
    .where(and(eq(conta.empresaId, empresaId), eq(conta.clienteId, clienteId), inArray(conta.tipo, ['CASHBACK', 'PONTOS'])));
  return { CASHBACK: linhas.find((l) => l.tipo === 'CASHBACK')?.saldo ?? 0, PONTOS: linhas.find((l) => l.tipo === 'PONTOS')?.saldo ?? 0 };
}

export type NovaVenda = {
  empresaId: number;
  clienteId: number;
  /** The branch of the sale; must belong to the network. */
  filialId: number | null;
  valorCentavos: number;
  resgateCentavos: number;
  usuarioId: number | null;
  /** How the customer was identified at the counter; null for sales from other channels. */
  identificacao?: IdentificacaoVenda | null;
  /** The card passed at the counter (digits): must be the customer's active card; recorded on the sale. */
  cartao?: string | null;
  criadoEm?: Date;
};

export type VendaRegistrada = Acumulo & { transacaoId: number; resgateCentavos: number; saldos: Saldos };

/** Validates the branch of a sale: a company of the caller's network (the matriz counts). */
export async function exigirFilialDaRede(tx: Executor, empresaId: number, filialId: number): Promise<number> {
  const [e] = await tx
    .select({ id: empresa.id })
    .from(empresa)
    .where(and(eq(empresa.id, filialId), eq(empresa.matrizId, empresaId)))
    .limit(1);
  if (!e) throw erro.requisicao('Filial inválida.');
  return e.id;
}

type ContextoVenda = {
  status: string | null;
  filialValida: boolean;
  /** The customer's CASHBACK and PONTOS accounts, locked in id order by the reading statement. */
  contas: ContaTravada[];
  sistema: Partial<Record<'SISTEMA_CASHBACK' | 'SISTEMA_PONTOS', number>>;
  regra: Regra | null;
  beneficio: BeneficioPlano | null;
  /** The card passed, when one was: [id, customer, status]; null when no card of the company has that number. */
  cartao: [number, number | null, string] | null;
  /** The sale's id, taken from its sequence now so that the reply is known before the write. */
  transacaoId: number;
};

/**
 * Everything a sale needs to decide, in one statement: the customer's status, their accounts
 * (locked here, in id order, as every posting locks them), the system accounts, the branch's rule,
 * the plan in force, the card passed and whether the branch belongs to the network.
 */
function sqlContextoVenda(v: NovaVenda, dia: string, filialInformada: boolean): SQL {
  return sql`
    with contas as (
      select id, tipo, saldo, bloqueada from conta
      where empresa_id = ${v.empresaId} and cliente_id = ${v.clienteId} and tipo in ('CASHBACK', 'PONTOS')
      order by id for update
    )
    select
      (select status from cliente where id = ${v.clienteId} and empresa_id = ${v.empresaId}) as status,
      ${filialInformada ? sql`exists (select 1 from empresa where id = ${v.filialId} and matriz_id = ${v.empresaId})` : sql`true`} as filial_valida,
      (select coalesce(json_agg(json_build_array(id, tipo, saldo, bloqueada) order by id), '[]') from contas) as contas,
      (select coalesce(json_object_agg(tipo, id), '{}') from conta
        where empresa_id = ${v.empresaId} and cliente_id is null and tipo in ('SISTEMA_CASHBACK', 'SISTEMA_PONTOS')) as sistema,
      (select json_build_array(cashback_percentual_bp, pontos_por_real, compra_minima_centavos, maximo_cashback_por_venda_centavos, ativo)
        from regra_programa where empresa_id = ${v.empresaId} and (filial_id is null or filial_id = ${v.filialId})
        order by filial_id nulls last limit 1) as regra,
      (${sqlBeneficioVigente(v.empresaId, v.clienteId, dia)}) as beneficio,
      ${v.cartao ? sql`(select json_build_array(id, cliente_id, status) from cartao where empresa_id = ${v.empresaId} and numero = ${v.cartao})` : sql`null::json`} as cartao,
      nextval('transacao_id_seq')::int as transacao_id`;
}

type LinhaContexto = {
  status: string | null;
  filial_valida: boolean;
  contas: [number, TipoConta, number | string, boolean][];
  sistema: ContextoVenda['sistema'];
  regra: [number, number, number, number | null, boolean] | null;
  beneficio: BeneficioPlano | null;
  cartao: ContextoVenda['cartao'];
  transacao_id: number;
};

function lerContexto(linha: Linha, clienteId: number): ContextoVenda {
  const g = linha as LinhaContexto;
  return {
    status: g.status,
    filialValida: g.filial_valida,
    contas: g.contas.map(([id, tipo, saldo, bloqueada]) => ({ id, clienteId, tipo, saldo: Number(saldo), bloqueada })),
    sistema: g.sistema,
    regra: g.regra && {
      cashbackPercentualBp: g.regra[0],
      pontosPorReal: g.regra[1],
      compraMinimaCentavos: g.regra[2],
      maximoCashbackPorVendaCentavos: g.regra[3],
      ativo: g.regra[4],
    },
    beneficio: g.beneficio,
    cartao: g.cartao,
    transacaoId: Number(g.transacao_id),
  };
}

/** The card of a sale: a card of the company, the customer's own, and in use (not blocked, not replaced). */
function cartaoDaVenda(c: ContextoVenda['cartao'], clienteId: number): number {
  if (!c) throw erro.naoEncontrado('Cartão não encontrado.');
  const [id, dono, status] = c;
  if (status === 'BLOQUEADO') throw erro.conflito('Cartão bloqueado: a venda não pode usar este cartão.');
  if (status === 'SUBSTITUIDO') throw erro.conflito('Cartão substituído: peça o cartão atual do cliente.');
  if (dono !== clienteId || status !== 'ATIVO') throw erro.conflito('Este cartão não é do cliente da venda.');
  return id;
}

/** A sale decided and ready to write: its outcome, and the statement that writes it (sent with the COMMIT). */
export type VendaPreparada = { registrada: VendaRegistrada; instrucoes: SQL[] };

/**
 * Decides a sale and builds its write: in ONE posting of type VENDA, the redemption (customer
 * CASHBACK debited) and the accrual (CASHBACK and PONTOS credited), each unit balanced against
 * its system account, written with the sale row by one statement.
 *
 * One round-trip reads: the claim of the Idempotency-Key (comIdempotenciaAgrupada), the context
 * with the account locks, and — for a redemption — the lots it takes, taken at once and given back
 * by the rollback if the sale is refused. The caller sends the write with the COMMIT: two
 * round-trips for a sale (docs/decisions/013-venda-em-duas-idas-ao-banco.md).
 */
export async function prepararVenda(g: Grupo, v: NovaVenda, filialInformada = false): Promise<VendaPreparada> {
  const dia = hojeISO(v.criadoEm);
  const contexto = sqlContextoVenda(v, dia, filialInformada);
  const lotesDoResgate =
    v.resgateCentavos > 0
      ? [
          sqlConsumirLotes(
            v.empresaId,
            sql`select id as conta_id, ${v.resgateCentavos}::bigint as valor from conta where empresa_id = ${v.empresaId} and cliente_id = ${v.clienteId} and tipo = 'CASHBACK'`,
            'USO',
            v.criadoEm,
            null,
          ),
        ]
      : [];
  const [linhaContexto, tomados] = await g.enviar([contexto, ...lotesDoResgate]);
  let ctx = lerContexto(linhaContexto![0]!, v.clienteId);
  const consumo = lerConsumo(tomados ?? []);
  if (!ctx.filialValida) throw erro.requisicao('Filial inválida.');
  if (ctx.status === null) throw erro.naoEncontrado('Cliente não encontrado.');
  if (ctx.status !== 'ATIVO') throw erro.conflito(MENSAGEM_CLIENTE_BLOQUEADO);
  const cartaoId = v.cartao ? cartaoDaVenda(ctx.cartao, v.clienteId) : null;

  // A plan in force on the day of the sale replaces the programme's rates (docs/areas/planos.md).
  const { cashbackCentavos, pontos } = calcularAcumulo(regraComPlano(ctx.regra, ctx.beneficio), v.valorCentavos, v.resgateCentavos);
  const usaCashback = v.resgateCentavos > 0 || cashbackCentavos > 0;
  const temConta = (tipo: TipoConta) => ctx.contas.some((c) => c.tipo === tipo);
  const falta = (usaCashback && (!temConta('CASHBACK') || !ctx.sistema.SISTEMA_CASHBACK)) || (pontos > 0 && (!temConta('PONTOS') || !ctx.sistema.SISTEMA_PONTOS));
  if (falta) {
    // Customers get their default accounts when they sign up; older ones (and a company's first
    // sale) get them here, always CASHBACK before PONTOS, then the context is read again.
    const tx = await g.executor();
    if (usaCashback) await contaCliente(tx, v.empresaId, v.clienteId, 'CASHBACK');
    if (pontos > 0) await contaCliente(tx, v.empresaId, v.clienteId, 'PONTOS');
    if (usaCashback) await contaSistema(tx, v.empresaId, 'CASHBACK');
    if (pontos > 0) await contaSistema(tx, v.empresaId, 'PONTOS');
    ctx = lerContexto((await g.enviar([contexto]))[0]![0]!, v.clienteId);
  }
  const cb = ctx.contas.find((c) => c.tipo === 'CASHBACK');
  const pt = ctx.contas.find((c) => c.tipo === 'PONTOS');
  for (const c of [usaCashback ? cb : undefined, pontos > 0 ? pt : undefined]) {
    if (c?.bloqueada) throw erro.conflito(mensagemContaBloqueada(c.tipo));
  }

  const partidas: Movimento[] = [];
  if (usaCashback) {
    const sistemaCashback = ctx.sistema.SISTEMA_CASHBACK!;
    if (v.resgateCentavos > 0) {
      // The redemption must be covered by the balance before this sale: the cashback this very
      // sale accrues is not spendable in it (the posting alone would only see the net movement).
      if (cb!.saldo < v.resgateCentavos) throw erro.conflito(MENSAGEM_RESGATE_ACIMA_DO_SALDO);
      partidas.push({ contaId: cb!.id, valor: -v.resgateCentavos }, { contaId: sistemaCashback, valor: v.resgateCentavos });
    }
    if (cashbackCentavos > 0) partidas.push({ contaId: cb!.id, valor: cashbackCentavos }, { contaId: sistemaCashback, valor: -cashbackCentavos });
  }
  if (pontos > 0) partidas.push({ contaId: pt!.id, valor: pontos }, { contaId: ctx.sistema.SISTEMA_PONTOS!, valor: -pontos });

  const transacaoId = ctx.transacaoId;
  const linhaVenda: Anexo = (lancamentoId) => sql`
    insert into transacao (id, empresa_id, filial_id, cliente_id, valor_centavos, resgate_centavos, cashback_centavos, pontos,
                           lancamento_id, cliente_plano_id, identificacao, cartao_id, usuario_id, criado_em)
    values (${transacaoId}, ${v.empresaId}, ${v.filialId}, ${v.clienteId}, ${v.valorCentavos}, ${v.resgateCentavos}, ${cashbackCentavos}, ${pontos},
            ${lancamentoId}, ${ctx.beneficio?.clientePlanoId ?? null}, ${cartaoId !== null ? 'CARTAO' : (v.identificacao ?? null)}, ${cartaoId}, ${v.usuarioId},
            ${v.criadoEm ? sql`${v.criadoEm.toISOString()}::timestamptz` : sql`now()`})
    returning id`;

  let escrita: SQL;
  if (partidas.length > 0) {
    // System accounts are never locked (razao.ts); they only join the list of the posting's accounts.
    const sistema: ContaTravada[] = Object.entries(ctx.sistema).map(([tipo, id]) => ({ id, clienteId: null, tipo: tipo as TipoConta, saldo: 0, bloqueada: false }));
    const l: NovoLancamento = {
      empresaId: v.empresaId,
      tipo: 'VENDA',
      // The sale's number, as the cancellation's reversal names it ("Cancelamento da venda 42").
      descricao: `Venda ${transacaoId}`,
      filialId: v.filialId,
      usuarioId: v.usuarioId,
      partidas,
      criadoEm: v.criadoEm,
      referencia: { valorCentavos: v.valorCentavos, resgateCentavos: v.resgateCentavos, cashbackCentavos, pontos },
    };
    const plano = planejarLancamento(l, [...ctx.contas, ...sistema]);
    await exigirLotesDisponiveis(() => g.executor(), l, plano, consumo);
    escrita = sqlGravarLancamento(l, plano, consumo, novosLotes(l, plano, consumo, new Map()), linhaVenda);
  } else {
    escrita = linhaVenda(sql`null::int`);
  }
  // The accounts stay locked until the commit: the balances after the sale are the locked ones plus its movement.
  const saldos: Saldos = {
    CASHBACK: (cb?.saldo ?? 0) - (usaCashback ? v.resgateCentavos : 0) + cashbackCentavos,
    PONTOS: (pt?.saldo ?? 0) + pontos,
  };
  return { registrada: { transacaoId, cashbackCentavos, pontos, resgateCentavos: v.resgateCentavos, saldos }, instrucoes: [escrita] };
}

/** A sale inside an open transaction, statement by statement (demo seed, tests, other services). */
export async function registrarVenda(tx: Executor, v: NovaVenda): Promise<VendaRegistrada> {
  const g = grupoSequencial(tx);
  const p = await prepararVenda(g, v);
  await g.confirmar(p.instrucoes);
  return p.registrada;
}

export type Cancelamento = { transacaoId: number; estornoLancamentoId: number | null; clienteId: number; saldos: Saldos };

/**
 * Cancels a sale once: the row is locked, so two concurrent cancels meet here and the second
 * sees CANCELADA; the posting is reversed by `estornar`, whose unique index is the second lock.
 */
export async function cancelarVenda(
  tx: Executor,
  c: { empresaId: number; transacaoId: number; usuarioId: number | null; motivo?: string | null; filialId?: number | null; canceladaEm?: Date },
): Promise<Cancelamento> {
  const [t] = await tx
    .select({ id: transacao.id, status: transacao.status, lancamentoId: transacao.lancamentoId, clienteId: transacao.clienteId, filialId: transacao.filialId })
    .from(transacao)
    .where(and(eq(transacao.id, c.transacaoId), eq(transacao.empresaId, c.empresaId)))
    .limit(1)
    .for('update');
  if (!t) throw erro.naoEncontrado('Venda não encontrada.');
  if (t.status === 'CANCELADA') throw erro.conflito(MENSAGEM_JA_CANCELADA);
  let estornoLancamentoId: number | null = null;
  if (t.lancamentoId !== null) {
    try {
      estornoLancamentoId = await estornar(tx, c.empresaId, t.lancamentoId, {
        descricao: `Cancelamento da venda ${t.id}`,
        usuarioId: c.usuarioId,
        filialId: c.filialId ?? t.filialId,
        criadoEm: c.canceladaEm,
      });
    } catch (e) {
      if (e instanceof ErroApi && e.message === MENSAGEM_SALDO_INSUFICIENTE) throw erro.conflito(MENSAGEM_CASHBACK_JA_USADO);
      throw e;
    }
  }
  await tx
    .update(transacao)
    .set({
      status: 'CANCELADA',
      estornoLancamentoId,
      canceladaEm: c.canceladaEm ?? sql`now()`,
      canceladaPorId: c.usuarioId,
      motivoCancelamento: c.motivo || null,
    })
    .where(eq(transacao.id, t.id));
  return { transacaoId: t.id, estornoLancamentoId, clienteId: t.clienteId, saldos: await saldosDoCliente(tx, c.empresaId, t.clienteId) };
}
