import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CRITERIOS_RANKING,
  hojeISO,
  somarDias,
  somarMeses,
  UNIDADES,
  type BloqueioConta,
  type ContaBloqueada,
  type ContasBloqueadasFiltro,
  type CriterioRanking,
  type DesbloqueioConta,
  type LinhaRanking,
  type Pagina,
  type RankingFiltro,
  type UnidadeConta,
} from '@bonifica/contracts';
import { api } from '../../lib/api';
import { abrirPdf } from '../../lib/arquivo';
import type { BuscarPagina, ConsultaLista, ValoresFiltro } from '../../components/list-page';

export const chavesContas = {
  raiz: ['contas-relatorios'] as const,
  ranking: (consulta: ConsultaLista) => ['contas-relatorios', 'ranking', consulta] as const,
  bloqueadas: (consulta: ConsultaLista) => ['contas-relatorios', 'bloqueadas', consulta] as const,
};

/** Period presets of the ranking: a ranking always covers a closed range of calendar days (Brasília). */
export const PERIODOS = {
  '7d': 'Últimos 7 dias',
  '30d': 'Últimos 30 dias',
  mes: 'Este mês',
  'mes-anterior': 'Mês passado',
  '90d': 'Últimos 90 dias',
  '12m': 'Últimos 12 meses',
} as const;
export type Periodo = keyof typeof PERIODOS;
export const PERIODO_PADRAO: Periodo = '30d';
export const CRITERIO_PADRAO: CriterioRanking = 'CASHBACK';

export function intervaloDo(periodo: Periodo, hoje: string = hojeISO()): { de: string; ate: string } {
  const primeiroDoMes = `${hoje.slice(0, 7)}-01`;
  switch (periodo) {
    case '7d':
      return { de: somarDias(hoje, -6), ate: hoje };
    case 'mes':
      return { de: primeiroDoMes, ate: hoje };
    case 'mes-anterior':
      return { de: somarMeses(primeiroDoMes, -1), ate: somarDias(primeiroDoMes, -1) };
    case '90d':
      return { de: somarDias(hoje, -89), ate: hoje };
    case '12m':
      return { de: somarDias(somarMeses(hoje, -12), 1), ate: hoje };
    default:
      return { de: somarDias(hoje, -29), ate: hoje };
  }
}

/** URL filter values → the ranking filter, with the defaults (cashback, last 30 days) when absent. */
export function paraFiltroRanking(filtro: ValoresFiltro): RankingFiltro {
  const criterio = (CRITERIOS_RANKING as readonly string[]).includes(String(filtro.criterio)) ? (filtro.criterio as CriterioRanking) : CRITERIO_PADRAO;
  const periodo = String(filtro.periodo) in PERIODOS ? (filtro.periodo as Periodo) : PERIODO_PADRAO;
  const corpo: RankingFiltro = { criterio, ...intervaloDo(periodo) };
  const filialId = Number(filtro.filialId);
  if (Number.isInteger(filialId) && filialId > 0) corpo.filialId = filialId;
  return corpo;
}

export const buscarRanking: BuscarPagina<LinhaRanking> = async (filtro, page, size) => {
  const env = await api.post<Pagina<LinhaRanking>>(`account/ranking/${page}/${size}`, paraFiltroRanking(filtro));
  return env.result ?? { content: [], totalElements: 0, totalPages: 0, number: page, size };
};

export function imprimirRanking(filtro: RankingFiltro): Promise<void> {
  return abrirPdf({ caminho: 'account/ranking/impressao', corpo: { ...filtro, limite: 100 } });
}

export function paraFiltroBloqueadas(filtro: ValoresFiltro): ContasBloqueadasFiltro {
  const corpo: ContasBloqueadasFiltro = {};
  if (typeof filtro.busca === 'string') corpo.busca = filtro.busca.slice(0, 120);
  if ((UNIDADES as readonly string[]).includes(String(filtro.unidade))) corpo.unidade = filtro.unidade as UnidadeConta;
  return corpo;
}

export const buscarBloqueadas: BuscarPagina<ContaBloqueada> = async (filtro, page, size) => {
  const env = await api.post<Pagina<ContaBloqueada>>(`account/contasbloqueadas/${page}/${size}`, paraFiltroBloqueadas(filtro));
  return env.result ?? { content: [], totalElements: 0, totalPages: 0, number: page, size };
};

export function imprimirBloqueadas(filtro: ContasBloqueadasFiltro): Promise<void> {
  return abrirPdf({ caminho: 'account/imprimir/contasbloqueadas', corpo: filtro });
}

export function useBloquearConta() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (d: BloqueioConta) => (await api.post('account/bloquear', d)).result,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: chavesContas.raiz }),
  });
}

export function useDesbloquearConta() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (d: DesbloqueioConta) => (await api.post('account/desbloquear', d)).result,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: chavesContas.raiz }),
  });
}
