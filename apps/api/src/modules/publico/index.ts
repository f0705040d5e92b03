/** Public face of the `publico` module (audiences, audience blocking, tags; decision 022). */
export { publicoRoutes } from './publico.routes.js';
export { selecaoClientesDoPublico, selecaoContatosDoPublico, sqlBloqueado, sqlConsentimento } from './compilador.js';
export { bloquear } from './bloqueio.repository.js';
