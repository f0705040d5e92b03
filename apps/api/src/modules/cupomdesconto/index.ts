/** Public face of the `cupomdesconto` module (coupons; docs/areas/cupons.md, decision 038). */
export { cupomdescontoRoutes } from './cupomdesconto.routes.js';
export { cupomPublicoRoutes } from './publico.routes.js';
export { devolverCupomDaVenda } from './devolucao.js';
// Registers the coupon's part of the batch of sales (transacao/cupom-na-venda.ts) when the module loads.
import './venda-com-cupom.js';
