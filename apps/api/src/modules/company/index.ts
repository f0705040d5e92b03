/** Public face of the `company` module (decision 022). */
export { empresasVisiveis } from './company.repository.js';
