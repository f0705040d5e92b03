import type { Endereco } from '@bonifica/contracts';

/** Outcome of a lookup: found, not a real CEP, or the service could not answer. */
export type ResultadoCep = { tipo: 'encontrado'; endereco: Endereco } | { tipo: 'inexistente' } | { tipo: 'indisponivel' };

export type CepAdapter = { buscar: (cep: string) => Promise<ResultadoCep> };
