export { cupomdescontoRoutes } from './cupomdesconto.routes.js';
export { cupomPublicoRoutes } from './publico.routes.js';
