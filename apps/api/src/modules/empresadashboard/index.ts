/** Public face of the `empresadashboard` module: the sales a batch leaves for the daily summary (decision 022). */
export { sqlVendasPendentes } from './resumo.js';
