import type { CepAdapter } from './cep.js';

/** Offline stand-in for dev and demos: a few real CEPs; anything else is "not found". */
const CONHECIDOS: Record<string, { street: string; neighborhoord: string; city: string; uf: string }> = {
  '01001000': { street: 'Praça da Sé', neighborhoord: 'Sé', city: 'São Paulo', uf: 'SP' },
  '20040002': { street: 'Rua da Assembleia', neighborhoord: 'Centro', city: 'Rio de Janeiro', uf: 'RJ' },
  '30130010': { street: 'Praça Sete de Setembro', neighborhoord: 'Centro', city: 'Belo Horizonte', uf: 'MG' },
  '70040010': { street: 'Setor Bancário Sul', neighborhoord: 'Asa Sul', city: 'Brasília', uf: 'DF' },
  '69005010': { street: 'Avenida Eduardo Ribeiro', neighborhoord: 'Centro', city: 'Manaus', uf: 'AM' },
};

export function cepSandbox(): CepAdapter {
  return {
    async buscar(cep) {
      const c = CONHECIDOS[cep];
      if (!c) return { tipo: 'inexistente' };
      return {
        tipo: 'encontrado',
        endereco: { street: c.street, number: null, neighborhoord: c.neighborhoord, city: { name: c.city, state: { acronym: c.uf } }, cep },
      };
    },
  };
}
