import { normalizarBusca } from '@bonifica/contracts';

const PARTICULAS = new Set(['da', 'de', 'do', 'das', 'dos', 'e']);

/** "Maria da Silva Souza" → "maria.souza": first and last names, no accents, no particles. */
export function baseUsername(nome: string): string {
  const partes = normalizarBusca(nome)
    .replace(/[^a-z0-9 ]/g, ' ')
    .split(/\s+/)
    .filter((p) => p && !PARTICULAS.has(p));
  if (partes.length === 0) return 'usuario';
  const base = partes.length === 1 ? partes[0]! : `${partes[0]}.${partes[partes.length - 1]}`;
  return base.slice(0, 50);
}

export function primeiroLivre(base: string, ocupados: Set<string>): string {
  if (!ocupados.has(base)) return base;
  for (let i = 2; ; i++) {
    const candidato = `${base}${i}`;
    if (!ocupados.has(candidato)) return candidato;
  }
}
