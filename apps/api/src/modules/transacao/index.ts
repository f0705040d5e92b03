/** Public face of the `transacao` module (decision 022). */
export { exigirFilialDaRede, cancelarVenda, saldosDoCliente, registrarVenda, registrarAoCancelarVenda, type NovaVenda, type PagamentoNaVenda } from './venda.js';
export { vendedorDoBanco, saldosWire } from './vendedor.js';
export { registrarCuponsNaVenda, type CupomDaVenda, type CuponsDoLote, type CuponsNaVenda, type PedidoCupom, type UsoNoLote } from './cupom-na-venda.js';
