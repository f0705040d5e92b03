/** Public face of the `premio` module (prize catalogue and redemption; docs/areas/premios.md, decision 036). */
export { premioRoutes } from './premio.routes.js';
/** The 80 mm receipt's width and the company's short name, shared with the draw documents and the gift card's receipt. */
export { LARGURA_80MM } from './documentos.js';
