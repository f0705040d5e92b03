/** Public face of the `premio` module (prize catalogue and redemption; docs/areas/premios.md, decision 036). */
export { premioRoutes } from './premio.routes.js';
/** The company's short name, as the prize and draw documents print it. */
export { nomeDaEmpresa } from './dados-impressao.js';
