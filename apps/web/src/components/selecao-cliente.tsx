import { useMemo, useState } from 'react';
import { Loader, Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { ClienteResumo, Pagina } from '@bonifica/contracts';
import { api } from '../lib/api';
import { formatarDocumento } from '../lib/format';

type SelecaoClienteProps = Omit<SelectProps, 'data' | 'onChange' | 'value' | 'searchable' | 'searchValue' | 'onSearchChange' | 'filter'> & {
  value?: string | null;
  onChange?: (clienteId: string | null) => void;
  /** The customer's name when the screen chose it (a suggestion), so the field shows who it is without a search. */
  nomeEscolhido?: string | null;
};

/**
 * A customer picker for forms that act on one customer (contract a plan, block an account): the
 * server searches by name, CPF/CNPJ or phone as the user types, active customers only.
 */
export function SelecaoCliente({ value, onChange, nomeEscolhido, ...props }: SelecaoClienteProps) {
  const [busca, setBusca] = useState('');
  const [termo] = useDebouncedValue(busca.trim(), 300);
  const [escolhido, setEscolhido] = useState<{ value: string; label: string } | null>(null);
  const clientes = useQuery({
    queryKey: ['selecao-cliente', termo],
    queryFn: async () => (await api.post<Pagina<ClienteResumo>>('client/filterpaginated/0/10', { busca: termo, status: 'ATIVO' })).result?.content ?? [],
    enabled: termo.length >= 2,
    staleTime: 30_000,
  });

  // The chosen customer stays among the options while the search text changes.
  const opcoes = useMemo(() => {
    const achados = (clientes.data ?? []).map((c) => ({ value: String(c.id), label: c.documento ? `${c.nome} · ${formatarDocumento(c.documento)}` : c.nome }));
    const atual = escolhido?.value === value ? escolhido : value && nomeEscolhido ? { value, label: nomeEscolhido } : null;
    return atual && !achados.some((o) => o.value === atual.value) ? [atual, ...achados] : achados;
  }, [clientes.data, escolhido, value, nomeEscolhido]);

  return (
    <Select
      placeholder="Digite nome, CPF/CNPJ ou celular"
      clearable
      {...props}
      searchable
      filter={({ options }) => options}
      searchValue={busca}
      onSearchChange={setBusca}
      data={opcoes}
      value={value ?? null}
      onChange={(v) => {
        setEscolhido(opcoes.find((o) => o.value === v) ?? null);
        onChange?.(v);
      }}
      rightSection={clientes.isFetching ? <Loader size="xs" /> : undefined}
      nothingFoundMessage={termo.length < 2 ? 'Digite ao menos 2 letras.' : clientes.isFetching ? 'Buscando...' : 'Nenhum cliente ativo encontrado.'}
    />
  );
}
