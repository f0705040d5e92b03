import { useMutation } from '@tanstack/react-query';
import type { ImportacaoResumo, ImportarEntrada, MetadadosImportacao, Pagina, StatusImportacao, TipoImportacao } from '@bonifica/contracts';
import { api } from '../../lib/api';
import type { BuscarPagina, ConsultaLista } from '../../components/list-page';

/** The two sets of spec §7 "Import", by what they bring in. */
export const RAIZ_IMPORTACAO: Record<TipoImportacao, string> = { CLIENTE: 'importacao', CONTATO: 'empresa/importacao/contato' };

export const chavesImportacao = {
  raiz: ['importacao'] as const,
  historico: (tipo: TipoImportacao) => (consulta: ConsultaLista) => ['importacao', tipo, 'historico', consulta] as const,
};

export function caminhoStatus(tipo: TipoImportacao, id: string): string {
  return `${RAIZ_IMPORTACAO[tipo]}/status/${id}`;
}

export function useEnviarArquivo(tipo: TipoImportacao) {
  return useMutation({
    mutationFn: async (arquivo: File) => (await api.enviarArquivo<MetadadosImportacao>(`${RAIZ_IMPORTACAO[tipo]}/arquivo`, arquivo)).result!,
  });
}

export function useIniciarImportacao(tipo: TipoImportacao) {
  return useMutation({
    mutationFn: async (pedido: ImportarEntrada) => (await api.post<StatusImportacao>(`${RAIZ_IMPORTACAO[tipo]}/importar`, pedido)).result!,
  });
}

export function buscarHistorico(tipo: TipoImportacao): BuscarPagina<ImportacaoResumo> {
  return async (_filtro, page, size) => {
    const env = await api.get<Pagina<ImportacaoResumo>>(`${RAIZ_IMPORTACAO[tipo]}/metadados/empresa/${page}/${size}`);
    return env.result ?? { content: [], totalElements: 0, totalPages: 0, number: page, size };
  };
}
