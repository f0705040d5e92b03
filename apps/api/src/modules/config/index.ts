/** Public face of the `config` module (decision 022). */
export { lerConfigSistema, type ConfigSistemaLida } from './config.repository.js';
