/** Public face of the `campanha` module (campaigns; decision 022). */
export { campanhaRoutes } from './campanha.routes.js';
