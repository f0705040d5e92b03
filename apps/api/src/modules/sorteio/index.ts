export { sorteioRoutes } from './sorteio.routes.js';
export { sorteioPublicoRoutes } from './publico.routes.js';
