import { centavosParaReais, type ResultadoVenda } from '@bonifica/contracts';
import type { Banco } from '../../db/client.js';
import type { Agrupador } from '../../lib/agrupador.js';
import { criarVendasEmLote, type PedidoVenda } from './lote-vendas.js';
import type { Saldos } from './venda.js';

export const saldosWire = (s: Saldos) => ({ CASHBACK: centavosParaReais(s.CASHBACK), PONTOS: s.PONTOS });

const vendedores = new WeakMap<Banco, Agrupador<PedidoVenda, ResultadoVenda>>();

/**
 * The one batcher of the sales of a database (docs/decisions/017-vendas-em-lote.md): the terminal
 * and the integration API (tills, ERPs) post through it, so their sales share batches, validation
 * and replies.
 */
export function vendedorDoBanco(banco: Banco): Agrupador<PedidoVenda, ResultadoVenda> {
  let v = vendedores.get(banco);
  if (!v) {
    v = criarVendasEmLote(
      banco,
      (r): ResultadoVenda => ({
        transacaoId: r.transacaoId,
        // A coupon's bonus is cashback of the sale for the customer, though credited by its own posting.
        cashback: centavosParaReais(r.cashbackCentavos + r.bonusCentavos),
        pontos: r.pontos,
        resgate: centavosParaReais(r.resgateCentavos),
        saldos: saldosWire(r.saldos),
        contasBloqueadas: r.contasBloqueadas,
        ...(r.cupom ? { cupom: r.cupom } : {}),
      }),
    );
    vendedores.set(banco, v);
  }
  return v;
}
