/** Public face of the `card` module (loyalty cards; docs/areas/cartoes.md). */
export { tornarSuporteDeVale } from './ciclo-vida.js';
