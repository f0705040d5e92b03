/** Public face of the `company` module (decision 022). */
export { empresasDaRede, empresasVisiveis, nomeDaEmpresa } from './company.repository.js';
