import { Select, type ComboboxItem, type ComboboxParsedItem, type OptionsFilter, type SelectProps } from '@mantine/core';
import { normalizarBusca, UFS_OPCOES } from '@bonifica/contracts';

const OPCOES: ComboboxItem[] = UFS_OPCOES.map((u) => ({ value: u.sigla, label: `${u.sigla} – ${u.nome}` }));
const NOMES = new Map(UFS_OPCOES.map((u) => [u.sigla, normalizarBusca(u.nome)]));

/**
 * How well a state answers what was typed: its own two letters first ("pa" is Pará, not Amapá),
 * then a code that starts with it, then a name that starts with it, then a name that contains it.
 */
function posicao(item: ComboboxItem, busca: string): number | null {
  const sigla = item.value.toLowerCase();
  const nome = NOMES.get(item.value) ?? '';
  if (sigla === busca) return 0;
  if (sigla.startsWith(busca)) return 1;
  if (nome.startsWith(busca)) return 2;
  if (nome.split(' ').some((p) => p.startsWith(busca))) return 3;
  if (nome.includes(busca)) return 4;
  return null;
}

/** Mantine's own filter keeps the list's order, so "SP" showed six states before São Paulo. */
export const filtrarUfs: OptionsFilter = ({ options, search, limit }) => {
  const busca = normalizarBusca(search).trim();
  const itens = options.filter((o): o is ComboboxItem => 'value' in o);
  if (busca === '') return itens.slice(0, limit);
  return itens
    .map((o) => ({ o, p: posicao(o, busca) }))
    .filter((x): x is { o: ComboboxItem; p: number } => x.p !== null)
    .sort((a, b) => a.p - b.p || a.o.value.localeCompare(b.o.value))
    .slice(0, limit)
    .map((x): ComboboxParsedItem => x.o);
};

/** The state (UF) field: searchable by code or name, the typed code ranked first. */
export function CampoUf(props: Omit<SelectProps, 'data' | 'filter' | 'searchable'>) {
  return <Select label="UF" placeholder="Selecione" nothingFoundMessage="Nenhuma UF encontrada." {...props} data={OPCOES} filter={filtrarUfs} searchable />;
}
