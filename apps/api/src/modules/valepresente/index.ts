/** Public face of the `valepresente` module (gift cards; docs/areas/vale-presente.md, decision 039). */
export { valePresenteRoutes } from './valepresente.routes.js';
