/** Public face of the `transacao` module (decision 022). */
export { exigirFilialDaRede, cancelarVenda, saldosDoCliente, registrarVenda, registrarAoCancelarVenda, type NovaVenda, type PagamentoNaVenda } from './venda.js';
export { vendedorDoBanco, saldosWire } from './vendedor.js';
