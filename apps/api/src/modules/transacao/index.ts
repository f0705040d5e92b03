/** Public face of the `transacao` module (decision 022). */
export { exigirFilialDaRede, cancelarVenda, saldosDoCliente, registrarVenda, type NovaVenda } from './venda.js';
export { vendedorDoBanco, saldosWire } from './vendedor.js';
