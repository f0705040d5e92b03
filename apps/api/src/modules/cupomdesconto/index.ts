/** Public face of the `cupomdesconto` module (coupons; docs/areas/cupons.md, decision 038). */
export { cupomdescontoRoutes } from './cupomdesconto.routes.js';
export { cupomPublicoRoutes } from './publico.routes.js';
export { devolverCupomDaVenda } from './devolucao.js';
export { venderComCupom } from './venda-com-cupom.js';
