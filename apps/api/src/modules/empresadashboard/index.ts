/** Public face of the `empresadashboard` module: the sales a batch leaves for the daily summary (decision 022). */
export { sqlVendasPendentes } from './resumo.js';
/** Maintenance (sistema/manutencao): a company's summaries rebuilt from its sales. */
export { refazerResumos, type PassoRefazer, type ResultadoRefazer } from './refazer.js';
/** Company settings (company module): a branch's or the matriz's zone changed — the daily summaries go (decision 025). */
export { fusoDaRedeMudou } from './fusos.js';
