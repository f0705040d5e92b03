/** Calendar arithmetic of contracts lives in the contracts package, so the web previews the same dates the server stores. */
export { fimDoPeriodo, somarDias, somarMeses } from '@bonifica/contracts';
