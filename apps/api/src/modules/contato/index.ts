export { contatoRoutes } from './contato.routes.js';
export { ultimosConsentimentosDeContatos } from './consentimento.js';
