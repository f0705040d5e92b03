import { getMunicipalities } from '@brazilian-utils/brazilian-utils';
import { normalizarBusca, type Cidade } from '@bonifica/contracts';

const UFS: Record<string, string> = {
  AC: 'Acre', AL: 'Alagoas', AP: 'Amapá', AM: 'Amazonas', BA: 'Bahia', CE: 'Ceará', DF: 'Distrito Federal', ES: 'Espírito Santo',
  GO: 'Goiás', MA: 'Maranhão', MT: 'Mato Grosso', MS: 'Mato Grosso do Sul', MG: 'Minas Gerais', PA: 'Pará', PB: 'Paraíba',
  PR: 'Paraná', PE: 'Pernambuco', PI: 'Piauí', RJ: 'Rio de Janeiro', RN: 'Rio Grande do Norte', RS: 'Rio Grande do Sul',
  RO: 'Rondônia', RR: 'Roraima', SC: 'Santa Catarina', SP: 'São Paulo', SE: 'Sergipe', TO: 'Tocantins',
};

type Indexada = { cidade: Cidade; chave: string };

let indice: Indexada[] | null = null;

/** IBGE's municipalities, shipped in @brazilian-utils; indexed once, in memory (a few hundred KB). */
function municipios(): Indexada[] {
  indice ??= getMunicipalities().map((m) => ({
    cidade: { id: m.code, name: m.name, state: { acronym: m.stateCode, name: UFS[m.stateCode] ?? m.stateCode } },
    chave: normalizarBusca(m.name),
  }));
  return indice;
}

export const MAXIMO_CIDADES = 10;

/** Names starting with the term come first, then those containing it; accents and case ignored. */
export function buscarCidades(nome: string, maxResults = MAXIMO_CIDADES): Cidade[] {
  const limite = Math.min(Math.max(1, maxResults), MAXIMO_CIDADES);
  const termo = normalizarBusca(nome);
  if (!termo) return [];
  const comeca: Cidade[] = [];
  const contem: Cidade[] = [];
  for (const m of municipios()) {
    if (m.chave.startsWith(termo)) comeca.push(m.cidade);
    else if (m.chave.includes(termo)) contem.push(m.cidade);
  }
  const ordenar = (a: Cidade, b: Cidade) => a.name.localeCompare(b.name, 'pt-BR') || a.state.acronym.localeCompare(b.state.acronym);
  return [...comeca.sort(ordenar), ...contem.sort(ordenar)].slice(0, limite);
}

export function totalMunicipios(): number {
  return municipios().length;
}
