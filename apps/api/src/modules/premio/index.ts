/** Public face of the `premio` module (prize catalogue and redemption; docs/areas/premios.md, decision 036). */
export { premioRoutes } from './premio.routes.js';
