/** Public face of the `convenio` module (accredited network; decision 022). */
export { convenioRoutes } from './convenio.routes.js';
export { disponivel, estornarResgate, lancarResgate, type AutorResgate } from './resgate-parceiro.js';
export { exigirParceiro } from './resgates.consulta.js';
