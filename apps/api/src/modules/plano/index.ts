/** Public face of the `plano` module: a customer's plan contracts and the plan's benefit on a sale (decision 022). */
export { regraComPlano, sqlBeneficioVigente, type BeneficioPlano, type Regra } from './beneficio.js';
export { buscarContrato, listarContratos } from './cliente-plano.repository.js';
export { somarDias } from './periodo.js';
