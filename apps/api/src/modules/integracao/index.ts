/** Public face of the `integracao` module (decision 022). */
export { integracaoRoutes } from './integracao.routes.js';
