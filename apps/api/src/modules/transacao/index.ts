/** Public face of the `transacao` module (decision 022). */
export { exigirFilialDaRede } from './venda.js';
