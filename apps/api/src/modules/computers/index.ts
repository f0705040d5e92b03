/** Public face of the `computers` module (decision 022). */
export { exigirDispositivo } from './terminal.js';
