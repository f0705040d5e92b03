/** Public face of the `company` module (decision 022). */
export { empresasVisiveis, nomeDaEmpresa } from './company.repository.js';
