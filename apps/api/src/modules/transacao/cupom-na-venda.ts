import type { ResultadoVenda } from '@bonifica/contracts';
import type { SQL } from 'drizzle-orm';
import type { Linha } from '../../lib/transacao-agrupada.js';

/**
 * The coupon of a sale, decided inside the batch of sales (docs/decisions/041-cupom-no-lote-de-vendas.md).
 * The module that owns coupons (cupomdesconto) registers how — the sale does not import it
 * (decision 022), as with `registrarAoCancelarVenda`.
 */

/** A sale's coupon as the coupon module gets it: the code typed, whose sale, where, the gross value and the redemption. */
export type PedidoCupom = { codigo: string; clienteId: number; filialId: number | null; valorCentavos: number; resgateCentavos: number };

/** What an accepted coupon gives its sale. */
export type CupomDaVenda = {
  /** Off the sale's value: the sale is recorded for what the customer pays, and accrues on it. */
  desconto: number;
  /** Cashback credited apart, by its own AJUSTE posting written with the sale. */
  bonus: number;
  /** The bonus posting's description and reference, once the sale's id is known. */
  lancamentoBonus(transacaoId: number): { descricao: string; referencia: Record<string, unknown> };
  /** The reply's `cupom`. */
  resposta: NonNullable<ResultadoVenda['cupom']>;
};

/** A use the batch writes: sale `indice` of the batch, its id, who posted it, and the `ord` of its bonus posting in `ids` (null without bonus). */
export type UsoNoLote = { indice: number; transacaoId: number; usuarioId: number | null; ordBonus: number | null };

/** The coupons of one batch, decided in memory in sale order on the rows read under lock. */
export type CuponsDoLote = {
  /** What the coupon of sale i would give with no rule checked (so the accounts a bonus needs exist before the decision); null when not found. */
  previa(i: number): { desconto: number; bonus: number } | null;
  /** Checks the coupon of sale i against its rows and the uses this batch accepted before it; throws the ErroApi that refuses the sale. */
  aplicar(i: number): CupomDaVenda;
  /** Sale i was accepted: its use counts against the limits of the sales after it. */
  usar(i: number): void;
  /** Data-modifying CTEs for the batch's write statement (they may read `ids(ord, id)`): the uses and the counters. */
  escrita(criadoEm: Date | undefined, usos: UsoNoLote[]): SQL[];
};

export type CuponsNaVenda = {
  /**
   * The statements of the batch's first round-trip, sent before those that lock the accounts: the
   * first locks the coupons' rows (campaigns, then codes, in id order), the second reads them with a
   * snapshot taken after the locks. `pedidos[i]` is null for a sale without a coupon.
   */
  ler(empresaId: number, pedidos: (PedidoCupom | null)[], criadoEm: Date | undefined): [SQL, SQL];
  /** The batch's coupons over the rows of those two statements. */
  decidir(empresaId: number, pedidos: (PedidoCupom | null)[], lidas: [Linha[], Linha[]]): CuponsDoLote;
};

let registrado: CuponsNaVenda | null = null;

/** Registered by the coupon module when it loads. */
export function registrarCuponsNaVenda(c: CuponsNaVenda): void {
  registrado = c;
}

export function cuponsNaVenda(): CuponsNaVenda {
  if (!registrado) throw new Error('Venda com cupom sem o módulo de cupons carregado.');
  return registrado;
}

export function pedidosDeCupom(vendas: { cupom?: string | null; clienteId: number; filialId: number | null; valorCentavos: number; resgateCentavos: number }[]): (PedidoCupom | null)[] {
  return vendas.map((v) => (v.cupom ? { codigo: v.cupom, clienteId: v.clienteId, filialId: v.filialId, valorCentavos: v.valorCentavos, resgateCentavos: v.resgateCentavos } : null));
}
