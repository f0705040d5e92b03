/** Public face of the `config` module (decision 022). */
export { lerConfigSistema, lerImagemSistema, gravarImagemSistema, type ConfigSistemaLida } from './config.repository.js';
