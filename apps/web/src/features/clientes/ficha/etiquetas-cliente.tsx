import { Badge, Group, TagsInput, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Etiqueta, Pagina } from '@bonifica/contracts';
import { api } from '../../../lib/api';
import { notificar } from '../../../components/notificar';

type EtiquetaCliente = { id: number; nome: string };

const chaves = {
  doCliente: (id: number) => ['clientes', 'etiquetas', id] as const,
  todas: ['clientes', 'etiquetas', 'todas'] as const,
};

/**
 * The customer's tags (etiquetas) on the record's header: typed or picked, a new name creates the
 * tag; audiences filter by them (docs/areas/publicos.md).
 */
export function EtiquetasCliente({ clienteId, podeEditar }: { clienteId: number; podeEditar: boolean }) {
  const queryClient = useQueryClient();
  const doCliente = useQuery({ queryKey: chaves.doCliente(clienteId), queryFn: async () => (await api.get<EtiquetaCliente[]>(`etiqueta/cliente/${clienteId}`)).result ?? [] });
  const todas = useQuery({
    queryKey: chaves.todas,
    queryFn: async () => (await api.post<Pagina<Etiqueta>>('etiqueta/filterpaginated/0/100', {})).result?.content ?? [],
    enabled: podeEditar,
    staleTime: 60_000,
  });
  const definir = useMutation({
    mutationFn: async (nomes: string[]) => {
      const existentes = new Map((todas.data ?? []).map((e) => [e.nome.toLocaleLowerCase('pt-BR'), e.id]));
      const ids: number[] = [];
      for (const nome of nomes) {
        const id = existentes.get(nome.toLocaleLowerCase('pt-BR')) ?? (await api.post<Etiqueta>('etiqueta/save', { nome })).result!.id;
        ids.push(id);
      }
      return (await api.post<EtiquetaCliente[]>(`etiqueta/cliente/${clienteId}`, { etiquetas: ids })).result ?? [];
    },
    onSuccess: (r) => {
      queryClient.setQueryData(chaves.doCliente(clienteId), r);
      void queryClient.invalidateQueries({ queryKey: chaves.todas });
    },
    onError: (e) => notificar.erro((e as Error).message),
  });

  const atuais = (definir.isPending ? definir.variables : null) ?? (doCliente.data ?? []).map((e) => e.nome);
  if (!podeEditar) {
    if (!atuais.length) return null;
    return (
      <Group gap={4}>
        {atuais.map((n) => (
          <Badge key={n} variant="light" size="sm">
            {n}
          </Badge>
        ))}
      </Group>
    );
  }
  return (
    <TagsInput
      aria-label="Etiquetas do cliente"
      placeholder={atuais.length ? '' : 'Etiquetas (ex.: VIP): digite e tecle Enter'}
      data={(todas.data ?? []).map((e) => e.nome)}
      value={atuais}
      onChange={(v) => definir.mutate(v.map((n) => n.trim().slice(0, 40)).filter(Boolean))}
      size="xs"
      maxTags={50}
      comboboxProps={{ withinPortal: true }}
      description={doCliente.isError ? <Text size="xs">{doCliente.error.message}</Text> : undefined}
    />
  );
}
