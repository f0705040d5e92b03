/** Public face of the `mensagem` module (templates and automatic messages; decision 022). */
export { modeloRoutes } from './modelo.routes.js';
export { automaticaRoutes } from './automatica.routes.js';
export { rodarAutomaticasDevidas } from './agendador.js';
export { contextoDaEmpresa, renderizarParaCliente, sqlRenderizar, type ContextoRenderizacao } from './renderizacao.js';
