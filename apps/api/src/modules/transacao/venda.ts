import { calcularAcumulo, centavosParaReais, formatarBRL, hojeISO, type Acumulo, type IdentificacaoVenda } from '@bonifica/contracts';
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
  sqlGravarLancamentos,
  type ContaTravada,
  type Gravacao,
  type Movimento,
  type NovoLancamento,
  type TipoConta,
  lerConsumo,
  sqlConsumirLotes,
  sqlRestaurarLotes,
  type Consumo,
  mensagemContaBloqueada,
} from '../account/index.js';
import { grupoSequencial, type Grupo, type Linha } from '../../lib/transacao-agrupada.js';
import type { Decididos } from '../../lib/lote-de-postagens.js';
import { regraComPlano, sqlBeneficioVigente, type BeneficioPlano, type Regra } from '../plano/index.js';
import { sqlVendasPendentes } from '../empresadashboard/index.js';
import { cuponsNaVenda, pedidosDeCupom, type CupomDaVenda, type CuponsDoLote, type UsoNoLote } from './cupom-na-venda.js';

export const MENSAGEM_CLIENTE_BLOQUEADO = 'Cliente bloqueado: venda não permitida no programa.';
export const MENSAGEM_RESGATE_ACIMA_DO_SALDO = 'Saldo de cashback insuficiente para este resgate.';
export const MENSAGEM_JA_CANCELADA = 'Esta venda já foi cancelada.';
export const MENSAGEM_CASHBACK_JA_USADO = 'Saldo insuficiente para cancelar: o cashback desta venda já foi usado.';

// The accrual arithmetic lives in the contracts, so the manager's screen shows the centavo a sale gives.
export { calcularAcumulo, type Acumulo };

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
  /** The branch was given in the request (checked against the network) rather than taken from the session. */
  filialInformada?: boolean;
  /** Whoever posts may unblock accounts: a refusal for a blocked account tells them where, or else to call the manager. */
  desbloqueia?: boolean;
  /** Another means of payment moving a balance in the sale's own posting (a gift card, modules/valepresente). */
  pagamento?: PagamentoNaVenda;
  /** A coupon code typed at the counter (upper-cased), decided in the batch by the coupon module (cupom-na-venda.ts). */
  cupom?: string | null;
  criadoEm?: Date;
};

/**
 * Entries another module adds to a sale's posting, on company accounts it has locked or checked
 * itself: they are reversed with the sale's posting when the sale is cancelled, exactly once.
 */
export type PagamentoNaVenda = {
  partidas: Movimento[];
  contas: ContaTravada[];
  referencia: Record<string, number>;
  /** The part of the price it pays, and what pays it ("o vale-presente"): never above what is left after a coupon and the cashback. */
  centavos: number;
  rotulo: string;
};

/** The units whose accrual this sale did not credit because the customer's account is blocked. */
export type UnidadeVenda = 'CASHBACK' | 'PONTOS';

export type VendaRegistrada = Acumulo & {
  transacaoId: number;
  resgateCentavos: number;
  saldos: Saldos;
  contasBloqueadas: UnidadeVenda[];
  /** The coupon applied (its reply) and the bonus it credited apart; `cashbackCentavos` is the sale's own accrual. */
  cupom: CupomDaVenda['resposta'] | null;
  bonusCentavos: number;
};

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

/** The sales of one batch as the context statement reads them: one JSON parameter, one prepared form for any batch size. */
function jsonVendas(vendas: NovaVenda[]): string {
  return JSON.stringify(
    vendas.map((v, i) => ({ ord: i, cliente_id: v.clienteId, filial_id: v.filialId, filial_informada: v.filialInformada ?? false, cartao: v.cartao ?? null, resgate: v.resgateCentavos })),
  );
}

/**
 * Everything the sales of a batch need to decide, in one statement, one row per sale in order:
 * the customer's status, their accounts (all the batch's accounts locked here, in id order, as
 * every posting locks them), the system accounts, the branch's rule, the plan in force, the card
 * passed and whether the branch belongs to the network.
 */
function sqlContextoVendas(empresaId: number, vendas: NovaVenda[], dia: string): SQL {
  return sql`
    with v as materialized (
      select * from json_to_recordset(${jsonVendas(vendas)}::json) as v(ord int, cliente_id int, filial_id int, filial_informada boolean, cartao varchar)
    ),
    contas as materialized (
      select id, cliente_id, tipo, saldo, bloqueada from conta
      where empresa_id = ${empresaId} and cliente_id in (select cliente_id from v) and tipo in ('CASHBACK', 'PONTOS')
      order by id for update
    ),
    sistema as materialized (
      select coalesce(json_object_agg(tipo, id), '{}') as ids from conta
      where empresa_id = ${empresaId} and cliente_id is null and tipo in ('SISTEMA_CASHBACK', 'SISTEMA_PONTOS')
    )
    select
      (select status from cliente where id = v.cliente_id and empresa_id = ${empresaId}) as status,
      (not v.filial_informada or exists (select 1 from empresa where id = v.filial_id and matriz_id = ${empresaId})) as filial_valida,
      (select coalesce(json_agg(json_build_array(c.id, c.tipo, c.saldo, c.bloqueada) order by c.id), '[]') from contas c where c.cliente_id = v.cliente_id) as contas,
      (select ids from sistema) as sistema,
      (select json_build_array(cashback_percentual_bp, pontos_por_real, compra_minima_centavos, maximo_cashback_por_venda_centavos, ativo)
        from regra_programa where empresa_id = ${empresaId} and (filial_id is null or filial_id = v.filial_id)
        order by filial_id nulls last limit 1) as regra,
      (${sqlBeneficioVigente(empresaId, sql`v.cliente_id`, dia)}) as beneficio,
      (select json_build_array(id, cliente_id, status) from cartao where empresa_id = ${empresaId} and numero = v.cartao) as cartao,
      nextval('transacao_id_seq')::int as transacao_id
    from v order by v.ord`;
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
  if (status === 'VALE_PRESENTE') throw erro.conflito('Este cartão é um vale-presente, não um cartão fidelidade: use "Pagar com vale-presente" com a senha (PIN).');
  if (dono !== clienteId || status !== 'ATIVO') throw erro.conflito('Este cartão não é do cliente da venda.');
  return id;
}

/** Checks a batch before any statement: one company, one clock, and one sale per customer (the batcher's promise). */
function exigirLoteValido(vendas: NovaVenda[]): void {
  if (vendas.length === 0) throw new Error('Lote de vendas vazio.');
  const [a] = vendas;
  if (vendas.some((v) => v.empresaId !== a!.empresaId || v.criadoEm?.getTime() !== a!.criadoEm?.getTime())) throw new Error('Um lote de vendas é de uma empresa e um relógio.');
  if (new Set(vendas.map((v) => v.clienteId)).size !== vendas.length) throw new Error('Um lote de vendas tem no máximo uma venda por cliente.');
}

/**
 * The first round-trip of a batch of sales: the context statement (with the account locks) and —
 * when the batch redeems — the statement that takes the lots of every redemption at once, FIFO.
 * A sale refused afterwards gets its lots back in the second round-trip (`decidirVendas`).
 */
export function lerVendas(vendas: NovaVenda[]): SQL[] {
  exigirLoteValido(vendas);
  const [a] = vendas;
  // The coupons are locked before the accounts, the order of the cancellation (cupomdesconto/devolucao.ts).
  const cupons = vendas.some((v) => v.cupom) ? cuponsNaVenda().ler(a!.empresaId, pedidosDeCupom(vendas), a!.criadoEm) : [];
  const contexto = [...cupons, sqlContextoVendas(a!.empresaId, vendas, hojeISO(a!.criadoEm))];
  if (!vendas.some((v) => v.resgateCentavos > 0)) return contexto;
  const pedidos = sql`
    select c.id as conta_id, x.resgate as valor
    from json_to_recordset(${jsonVendas(vendas)}::json) as x(cliente_id int, resgate bigint)
    join conta c on c.empresa_id = ${a!.empresaId} and c.cliente_id = x.cliente_id and c.tipo = 'CASHBACK'
    where x.resgate > 0`;
  return [...contexto, sqlConsumirLotes(a!.empresaId, pedidos, 'USO', a!.criadoEm, null)];
}

/** The first checks of a sale, before any amount: the branch, the customer, the card passed. Returns the card's id. */
function verificarVenda(v: NovaVenda, ctx: ContextoVenda): number | null {
  if (!ctx.filialValida) throw erro.requisicao('Filial inválida.');
  if (ctx.status === null) throw erro.naoEncontrado('Cliente não encontrado.');
  if (ctx.status !== 'ATIVO') throw erro.conflito(MENSAGEM_CLIENTE_BLOQUEADO);
  return v.cartao ? cartaoDaVenda(ctx.cartao, v.clienteId) : null;
}

/**
 * What a sale credits (docs/decisions/024-venda-com-conta-bloqueada.md). A plan in force on the day
 * of the sale replaces the programme's rates (docs/areas/planos.md). A blocked account neither pays
 * nor receives: spending cashback from it refuses the sale; its accrual is left out and the sale goes
 * on with the other unit (a points-only sale) — unless that leaves the sale nothing to accrue.
 */
function acumuloDaVenda(v: NovaVenda, ctx: ContextoVenda): Acumulo & { contasBloqueadas: UnidadeVenda[] } {
  const bruto = calcularAcumulo(regraComPlano(ctx.regra, ctx.beneficio), v.valorCentavos, v.resgateCentavos);
  const bloqueada = (u: UnidadeVenda) => ctx.contas.some((c) => c.tipo === u && c.bloqueada);
  const desbloqueia = v.desbloqueia ?? false;
  if (v.resgateCentavos > 0 && bloqueada('CASHBACK')) throw erro.conflito(mensagemContaBloqueada(['CASHBACK'], 'resgate', desbloqueia));
  const contasBloqueadas: UnidadeVenda[] = [];
  if (bruto.cashbackCentavos > 0 && bloqueada('CASHBACK')) contasBloqueadas.push('CASHBACK');
  if (bruto.pontos > 0 && bloqueada('PONTOS')) contasBloqueadas.push('PONTOS');
  const cashbackCentavos = contasBloqueadas.includes('CASHBACK') ? 0 : bruto.cashbackCentavos;
  const pontos = contasBloqueadas.includes('PONTOS') ? 0 : bruto.pontos;
  if (contasBloqueadas.length > 0 && cashbackCentavos === 0 && pontos === 0) throw erro.conflito(mensagemContaBloqueada(contasBloqueadas, 'acumulo', desbloqueia));
  return { cashbackCentavos, pontos, contasBloqueadas };
}

/** A sale of the batch that will be written: its outcome, its posting (if it moves a balance) and its row. */
/** A sale's row as `sqlLinhasVenda` writes it (amounts in centavos). */
type LinhaVenda = {
  id: number;
  filial_id: number | null;
  cliente_id: number;
  valor: number;
  resgate: number;
  cashback: number;
  pontos: number;
  cliente_plano_id: number | null;
  identificacao: string | null;
  cartao_id: number | null;
  usuario_id: number | null;
};
type VendaDecidida = { registrada: VendaRegistrada; gravacao: Gravacao | null; linha: LinhaVenda; bonus: Gravacao | null };

/**
 * Decides one sale of the batch under the locks taken by `lerVendas`: in ONE posting of type VENDA,
 * the redemption (customer CASHBACK debited) and the accrual (CASHBACK and PONTOS credited), each
 * unit balanced against its system account. `v` is already for what the customer pays (less the
 * coupon's discount); a coupon's bonus is a second posting, AJUSTE, of the same write. Throws the
 * ErroApi that refuses the sale.
 */
async function decidirVenda(g: Grupo, v: NovaVenda, ctx: ContextoVenda, consumo: Consumo[], cupom: CupomDaVenda | null): Promise<VendaDecidida> {
  const cartaoId = verificarVenda(v, ctx);
  // `valorCentavos` is already less the coupon's discount, known only now: the payment is checked against it here.
  const aPagar = v.valorCentavos - v.resgateCentavos;
  if (v.pagamento && v.pagamento.centavos > aPagar)
    throw erro.requisicao(`O valor pago com ${v.pagamento.rotulo} não pode passar do valor a pagar da venda: ${formatarBRL(centavosParaReais(aPagar))}${cupom ? ' com o desconto do cupom' : ''}.`);
  const { cashbackCentavos, pontos, contasBloqueadas } = acumuloDaVenda(v, ctx);
  const usaCashback = v.resgateCentavos > 0 || cashbackCentavos > 0;
  const cb = ctx.contas.find((c) => c.tipo === 'CASHBACK');
  const pt = ctx.contas.find((c) => c.tipo === 'PONTOS');

  const partidas: Movimento[] = [];
  if (usaCashback) {
    const sistemaCashback = ctx.sistema.SISTEMA_CASHBACK!;
    if (v.resgateCentavos > 0) {
      // The redemption must be covered by the balance before this sale: the cashback this very
      // sale accrues is not spendable in it (the posting alone would only see the net movement).
      if ((cb?.saldo ?? 0) < v.resgateCentavos) throw erro.conflito(MENSAGEM_RESGATE_ACIMA_DO_SALDO);
      partidas.push({ contaId: cb!.id, valor: -v.resgateCentavos }, { contaId: sistemaCashback, valor: v.resgateCentavos });
    }
    if (cashbackCentavos > 0) partidas.push({ contaId: cb!.id, valor: cashbackCentavos }, { contaId: sistemaCashback, valor: -cashbackCentavos });
  }
  if (pontos > 0) partidas.push({ contaId: pt!.id, valor: pontos }, { contaId: ctx.sistema.SISTEMA_PONTOS!, valor: -pontos });
  if (v.pagamento) partidas.push(...v.pagamento.partidas);

  const transacaoId = ctx.transacaoId;
  let gravacao: Gravacao | null = null;
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
      referencia: { valorCentavos: v.valorCentavos, resgateCentavos: v.resgateCentavos, cashbackCentavos, pontos, ...v.pagamento?.referencia },
    };
    const plano = planejarLancamento(l, [...ctx.contas, ...sistema, ...(v.pagamento?.contas ?? [])]);
    await exigirLotesDisponiveis(() => g.executor(), l, plano, consumo);
    gravacao = { l, plano, consumo, novos: novosLotes(l, plano, consumo, new Map()) };
  }
  const bonusCentavos = cupom?.bonus ?? 0;
  let bonus: Gravacao | null = null;
  if (bonusCentavos > 0) {
    // Credited even to a blocked account, as any credit of the ledger; the sale's cancellation reverses it (cupomdesconto/devolucao.ts).
    const sistema: ContaTravada = { id: ctx.sistema.SISTEMA_CASHBACK!, clienteId: null, tipo: 'SISTEMA_CASHBACK', saldo: 0, bloqueada: false };
    const l: NovoLancamento = {
      empresaId: v.empresaId,
      tipo: 'AJUSTE',
      ...cupom!.lancamentoBonus(transacaoId),
      filialId: v.filialId,
      usuarioId: v.usuarioId,
      partidas: [
        { contaId: cb!.id, valor: bonusCentavos },
        { contaId: sistema.id, valor: -bonusCentavos },
      ],
      criadoEm: v.criadoEm,
    };
    const plano = planejarLancamento(l, [cb!, sistema]);
    bonus = { l, plano, consumo: [], novos: novosLotes(l, plano, [], new Map()) };
  }
  // The accounts stay locked until the commit: the balances after the sale are the locked ones plus its movement.
  const saldos: Saldos = {
    CASHBACK: (cb?.saldo ?? 0) - (usaCashback ? v.resgateCentavos : 0) + cashbackCentavos + bonusCentavos,
    PONTOS: (pt?.saldo ?? 0) + pontos,
  };
  const linha = {
    id: transacaoId,
    filial_id: v.filialId,
    cliente_id: v.clienteId,
    valor: v.valorCentavos,
    resgate: v.resgateCentavos,
    cashback: cashbackCentavos,
    pontos,
    cliente_plano_id: ctx.beneficio?.clientePlanoId ?? null,
    identificacao: cartaoId !== null ? 'CARTAO' : (v.identificacao ?? null),
    cartao_id: cartaoId,
    usuario_id: v.usuarioId,
  };
  return {
    registrada: { transacaoId, cashbackCentavos, pontos, resgateCentavos: v.resgateCentavos, saldos, contasBloqueadas, cupom: cupom?.resposta ?? null, bonusCentavos },
    gravacao,
    linha,
    bonus,
  };
}

/** The sale rows of a batch, as a CTE of the postings' write statement: each names its posting by `ord` (none when it moved no balance). */
function sqlLinhasVenda(empresaId: number, linhas: (LinhaVenda & { ord: number | null })[], criadoEm: Date | undefined): SQL {
  return sql`
    insert into transacao (id, empresa_id, filial_id, cliente_id, valor_centavos, resgate_centavos, cashback_centavos, pontos,
                           lancamento_id, cliente_plano_id, identificacao, cartao_id, usuario_id, criado_em)
    select x.id, ${empresaId}, x.filial_id, x.cliente_id, x.valor, x.resgate, x.cashback, x.pontos,
           ids.id, x.cliente_plano_id, x.identificacao, x.cartao_id, x.usuario_id, ${criadoEm ? sql`${criadoEm.toISOString()}::timestamptz` : sql`now()`}
    from json_to_recordset(${JSON.stringify(linhas)}::json)
         as x(id int, ord int, filial_id int, cliente_id int, valor int, resgate int, cashback int, pontos int,
              cliente_plano_id int, identificacao varchar, cartao_id int, usuario_id int)
    left join ids on ids.ord = x.ord`;
}

/**
 * What a batch decided: each sale's outcome in order — its record, the error that refuses it, or
 * null for a sale left out — and the statements that write it.
 */
export type VendasDecididas = Decididos<VendaRegistrada>;

/**
 * The second half of a batch: each sale decided on the rows `lerVendas` read, and the statements to
 * send with the COMMIT — one write for every accepted sale (postings, entries, balances, lots, sale
 * rows), and the lots given back to the redemptions that were refused or left out. `ativas[i]` false
 * leaves sale i out (a replayed Idempotency-Key): it is neither decided nor written.
 * An ErroApi refuses its sale only; any other error is thrown and undoes the batch.
 */
export async function decidirVendas(g: Grupo, vendas: NovaVenda[], lidas: Linha[][], ativas: boolean[] = vendas.map(() => true)): Promise<VendasDecididas> {
  const [a] = vendas;
  const empresaId = a!.empresaId;
  // The rows come in the order `lerVendas` sent the statements: the coupons' two (when the batch has coupons), the context, the lots.
  const cupons: CuponsDoLote | null = vendas.some((v) => v.cupom) ? cuponsNaVenda().decidir(empresaId, pedidosDeCupom(vendas), [lidas[0]!, lidas[1]!]) : null;
  const [contexto, lotes] = cupons ? lidas.slice(2) : lidas;
  const consumo = lerConsumo(lotes ?? []);
  let contextos = contexto!.map((linha, i) => lerContexto(linha, vendas[i]!.clienteId));
  const faltam = vendas.map((v, i) => (ativas[i] ? contasQueFaltam(v, contextos[i]!, cupons?.previa(i) ?? null) : []));
  if (faltam.some((f) => f.length > 0)) {
    // Customers get their default accounts when they sign up; older ones (and a company's first
    // sale) get them here, always CASHBACK before PONTOS, then the context is read again.
    const tx = await g.executor();
    for (const [i, f] of faltam.entries()) for (const u of f) await contaCliente(tx, empresaId, vendas[i]!.clienteId, u);
    for (const u of ['CASHBACK', 'PONTOS'] as const) if (faltam.some((f) => f.includes(u))) await contaSistema(tx, empresaId, u);
    const [linhas] = await g.enviar([sqlContextoVendas(empresaId, vendas, hojeISO(a!.criadoEm))]);
    contextos = linhas!.map((linha, i) => lerContexto(linha, vendas[i]!.clienteId));
  }

  const resultados: (VendaRegistrada | ErroApi | null)[] = [];
  const aceitas: VendaDecidida[] = [];
  const devolver: Consumo[] = [];
  const usos: UsoNoLote[] = [];
  for (const [i, v] of vendas.entries()) {
    const ctx = contextos[i]!;
    const cb = ctx.contas.find((c) => c.tipo === 'CASHBACK');
    const seu = consumo.filter((k) => k.contaId === cb?.id);
    if (!ativas[i]) {
      devolver.push(...seu);
      resultados.push(null);
      continue;
    }
    try {
      // The coupon first, as the attendant acts on it: a refusal of the coupon refuses the sale alone.
      const cupom = v.cupom ? cupons!.aplicar(i) : null;
      const d = await decidirVenda(g, cupom ? { ...v, valorCentavos: v.valorCentavos - cupom.desconto } : v, ctx, seu, cupom);
      if (cupom) {
        cupons!.usar(i);
        usos.push({ indice: i, transacaoId: d.registrada.transacaoId, usuarioId: v.usuarioId, ordBonus: null });
      }
      aceitas.push(d);
      resultados.push(d.registrada);
    } catch (e) {
      if (!(e instanceof ErroApi)) throw e;
      devolver.push(...seu);
      resultados.push(e);
    }
  }

  const instrucoes: SQL[] = [];
  if (aceitas.length > 0) {
    // `ord` numbers the postings from 1 in write order (push returns the new length): each sale's, then its coupon's bonus.
    const gravacoes: Gravacao[] = [];
    const linhas = aceitas.map((d) => {
      const ord = d.gravacao ? gravacoes.push(d.gravacao) : null;
      if (d.bonus) usos.find((u) => u.transacaoId === d.registrada.transacaoId)!.ordBonus = gravacoes.push(d.bonus);
      return { ...d.linha, ord };
    });
    const anexos = [sqlLinhasVenda(empresaId, linhas, a!.criadoEm), sqlVendasPendentes(empresaId, linhas, a!.criadoEm), ...(usos.length > 0 ? cupons!.escrita(a!.criadoEm, usos) : [])];
    instrucoes.push(sqlGravarLancamentos(empresaId, gravacoes, anexos));
  }
  if (devolver.length > 0) instrucoes.push(sqlRestaurarLotes(empresaId, devolver.map((k) => [k.creditoId, k.qtd])));
  return { resultados, instrucoes };
}

/**
 * The accounts a sale would move that the customer (or the company) has none of yet, in the order
 * they are created; none for a sale the first checks already refuse, so a refusal writes nothing.
 */
function contasQueFaltam(v: NovaVenda, ctx: ContextoVenda, cupom: { desconto: number; bonus: number } | null): ('CASHBACK' | 'PONTOS')[] {
  let acumulo: Acumulo;
  try {
    verificarVenda(v, ctx);
    acumulo = acumuloDaVenda({ ...v, valorCentavos: v.valorCentavos - (cupom?.desconto ?? 0) }, ctx);
  } catch (e) {
    if (!(e instanceof ErroApi)) throw e;
    return [];
  }
  const { cashbackCentavos, pontos } = acumulo;
  const falta = (u: 'CASHBACK' | 'PONTOS') => !ctx.contas.some((c) => c.tipo === u) || !ctx.sistema[`SISTEMA_${u}`];
  const usaCashback = v.resgateCentavos > 0 || cashbackCentavos > 0 || (cupom?.bonus ?? 0) > 0;
  return [...(usaCashback && falta('CASHBACK') ? (['CASHBACK'] as const) : []), ...(pontos > 0 && falta('PONTOS') ? (['PONTOS'] as const) : [])];
}

/** A sale inside an open transaction, statement by statement (demo seed, tests, other services); its refusal is thrown. */
export async function registrarVenda(tx: Executor, v: NovaVenda): Promise<VendaRegistrada> {
  const g = grupoSequencial(tx);
  const d = await decidirVendas(g, [v], await g.enviar(lerVendas([v])));
  const [r] = d.resultados;
  if (r instanceof ErroApi) throw r;
  if (!r) throw new Error('Venda deixada de fora de um lote de uma venda.');
  await g.confirmar(d.instrucoes);
  return r!;
}

/** A module's part of a sale, given back when the sale is cancelled, under the sale's row lock (so exactly once). */
export type AoCancelarVenda = (tx: Executor, c: { empresaId: number; transacaoId: number; usuarioId: number | null; filialId: number | null }) => Promise<void>;
const aoCancelarVenda: AoCancelarVenda[] = [];
/** Registered by the module when it loads (cupomdesconto: the coupon's use), so the sale does not import it. */
export function registrarAoCancelarVenda(fn: AoCancelarVenda): void {
  if (!aoCancelarVenda.includes(fn)) aoCancelarVenda.push(fn);
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
  // What other modules gave with the sale comes back first (a coupon's use: its campaign is locked before the accounts, as the sale locks them).
  for (const devolver of aoCancelarVenda) await devolver(tx, { empresaId: c.empresaId, transacaoId: t.id, usuarioId: c.usuarioId, filialId: c.filialId ?? t.filialId });
  let estornoLancamentoId: number | null = null;
  if (t.lancamentoId !== null) {
    try {
      estornoLancamentoId = await estornar(tx, c.empresaId, t.lancamentoId, {
        descricao: `Cancelamento da venda ${t.id}`,
        documento: 'VENDA',
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
