/** Public face of the `computers` module (decision 022). */
export { esvaziarLeitorDeDispositivos, exigirDispositivo } from './terminal.js';
