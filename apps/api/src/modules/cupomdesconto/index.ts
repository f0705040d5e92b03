export { cupomdescontoRoutes } from './cupomdesconto.routes.js';
