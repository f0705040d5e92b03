/** Public face of the `computers` module (decision 022). */
export { dispositivoDaRequisicao, esvaziarLeitorDeDispositivos, exigirDispositivo, portaoDeDispositivo, type PedidoDispositivo } from './terminal.js';
