/** Public face of the `publico` module (audiences, audience blocking, tags; decision 022). */
export { publicoRoutes } from './publico.routes.js';
export { selecaoContatosDoPublico, sqlBloqueado, sqlConsentimento } from './compilador.js';
export { selecaoClientesDoPublico } from './selecao.js';
export { atualizarResumos, recomporResumos } from './resumo.js';
export { bloquear } from './bloqueio.repository.js';
