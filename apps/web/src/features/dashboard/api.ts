import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CODIGOS_PERIODO, type CodigoPeriodo, type DashboardCompleto, type DashboardFiltro, type PeriodoPredefinido } from '@bonifica/contracts';
import { api } from '../../lib/api';
import { abrirPdf } from '../../lib/arquivo';

/** One key factory for the area. */
export const chavesDashboard = {
  raiz: ['dashboard'] as const,
  periodos: ['dashboard', 'periodos'] as const,
  completo: (f: DashboardFiltro) => ['dashboard', 'completo', f] as const,
};

/** GET empresadashboard/filtroperiodo: the presets, dated by the server (company's calendar day). */
export function usePeriodos() {
  return useQuery({
    queryKey: chavesDashboard.periodos,
    queryFn: async () => (await api.get<null, PeriodoPredefinido>('empresadashboard/filtroperiodo')).results ?? [],
    staleTime: 5 * 60_000,
  });
}

/** POST empresadashboard/completo; the previous figures stay on screen while a new period loads. */
export function useDashboard(filtro: DashboardFiltro | null) {
  return useQuery({
    queryKey: chavesDashboard.completo(filtro ?? { de: '', ate: '' }),
    queryFn: async () => {
      const env = await api.post<DashboardCompleto>('empresadashboard/completo', filtro);
      if (!env.result) throw new Error('Resposta vazia do servidor.');
      return env.result;
    },
    enabled: filtro !== null,
    placeholderData: keepPreviousData,
  });
}

export function imprimirResultadosPorUsuario(filtro: DashboardFiltro): Promise<void> {
  return abrirPdf({ caminho: 'empresadashboard/imprimir/resultados/usuario', corpo: filtro });
}

/** The filter as it lives in the URL: a preset code, or a custom range; and the branch. */
export type FiltroUrl = { periodo: CodigoPeriodo | 'PERSONALIZADO'; de?: string; ate?: string; filialId?: number };

export const PERIODO_PADRAO: CodigoPeriodo = 'ULTIMOS_30_DIAS';

export function lerFiltroUrl(params: URLSearchParams): FiltroUrl {
  const p = params.get('periodo');
  const filial = Number(params.get('filial'));
  const filialId = Number.isInteger(filial) && filial > 0 ? filial : undefined;
  if (p === 'PERSONALIZADO') return { periodo: p, de: params.get('de') ?? undefined, ate: params.get('ate') ?? undefined, filialId };
  const periodo = (CODIGOS_PERIODO as readonly string[]).includes(p ?? '') ? (p as CodigoPeriodo) : PERIODO_PADRAO;
  return { periodo, filialId };
}

export function escreverFiltroUrl(f: FiltroUrl): URLSearchParams {
  const p = new URLSearchParams({ periodo: f.periodo });
  if (f.periodo === 'PERSONALIZADO') {
    if (f.de) p.set('de', f.de);
    if (f.ate) p.set('ate', f.ate);
  }
  if (f.filialId) p.set('filial', String(f.filialId));
  return p;
}

/** The call's body, once the dates are known (a preset needs the server's list first). */
export function filtroDaChamada(f: FiltroUrl, periodos: PeriodoPredefinido[] | undefined): DashboardFiltro | null {
  const datas = f.periodo === 'PERSONALIZADO' ? { de: f.de, ate: f.ate } : periodos?.find((p) => p.codigo === f.periodo);
  if (!datas?.de || !datas.ate) return null;
  return { de: datas.de, ate: datas.ate, ...(f.filialId ? { filialId: f.filialId } : {}) };
}
