import type { CepAdapter, ResultadoCep } from './cep.js';

type RespostaBrasilApi = { cep?: string; state?: string; city?: string; neighborhood?: string; street?: string };

/** BrasilAPI's CEP v1 format (ViaCEP behind it). Base URL configurable so tests point at a local fake. */
export function cepHttp(baseUrl: string, timeoutMs: number): CepAdapter {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  return {
    async buscar(cep: string): Promise<ResultadoCep> {
      let resposta: Response;
      try {
        resposta = await fetch(new URL(cep, base), { signal: AbortSignal.timeout(timeoutMs), headers: { Accept: 'application/json' } });
      } catch {
        return { tipo: 'indisponivel' };
      }
      if (resposta.status === 404 || resposta.status === 400) return { tipo: 'inexistente' };
      if (!resposta.ok) return { tipo: 'indisponivel' };
      let d: RespostaBrasilApi;
      try {
        d = (await resposta.json()) as RespostaBrasilApi;
      } catch {
        return { tipo: 'indisponivel' };
      }
      if (!d.city || !d.state) return { tipo: 'inexistente' };
      return {
        tipo: 'encontrado',
        endereco: {
          street: d.street || null,
          number: null,
          neighborhoord: d.neighborhood || null,
          city: { name: d.city, state: { acronym: d.state } },
          cep: (d.cep ?? cep).replace(/\D/g, ''),
        },
      };
    },
  };
}
