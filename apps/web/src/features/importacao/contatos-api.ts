import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsentimentoContatoEntrada, Contato, ContatoResumo, Pagina } from '@bonifica/contracts';
import { api } from '../../lib/api';
import type { BuscarPagina, ConsultaLista } from '../../components/list-page';

/** Imported contacts and their consent (decision 040): segment empresa/contato/. */
export const chavesContatos = {
  raiz: ['contatos'] as const,
  lista: (consulta: ConsultaLista) => ['contatos', 'lista', consulta] as const,
  um: (id: number) => ['contatos', 'um', id] as const,
};

export const buscarContatos: BuscarPagina<ContatoResumo> = async (filtro, page, size) => {
  const busca = typeof filtro.busca === 'string' ? filtro.busca : undefined;
  const env = await api.post<Pagina<ContatoResumo>>(`empresa/contato/filterpaginated/${page}/${size}`, busca ? { busca } : {});
  return env.result ?? { content: [], totalElements: 0, totalPages: 0, number: page, size };
};

export function useContato(id: number | null) {
  return useQuery({
    queryKey: chavesContatos.um(id ?? 0),
    queryFn: async () => (await api.get<Contato>(`empresa/contato/findbyid/${id}`)).result!,
    enabled: id !== null,
  });
}

export function useRegistrarConsentimento() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (c: ConsentimentoContatoEntrada) => (await api.post<Contato>('empresa/contato/consentimento', c)).result!,
    onSuccess: (c) => {
      qc.setQueryData(chavesContatos.um(c.id), c);
      void qc.invalidateQueries({ queryKey: [...chavesContatos.raiz, 'lista'] });
    },
  });
}
