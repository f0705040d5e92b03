import type { Aniversariante, FiltroAniversariantes, Pagina } from '@bonifica/contracts';
import { api } from '../../lib/api';
import { abrirPdf } from '../../lib/arquivo';
import type { BuscarPagina, ConsultaLista, ValoresFiltro } from '../../components/list-page';

export const chavesAniversariantes = {
  lista: (consulta: ConsultaLista) => ['aniversariantes', 'lista', consulta] as const,
};

/** URL filter values → the contract's filter; a hand-edited link with a bad value falls back to the current month. */
export function paraFiltroAniversariantes(filtro: ValoresFiltro): FiltroAniversariantes {
  const corpo: FiltroAniversariantes = {};
  const mes = Number(filtro.mes);
  if (Number.isInteger(mes) && mes >= 1 && mes <= 12) corpo.mes = mes;
  const filial = Number(filtro.filialOrigemId);
  if (Number.isInteger(filial) && filial > 0) corpo.filialOrigemId = filial;
  return corpo;
}

export const buscarAniversariantes: BuscarPagina<Aniversariante> = async (filtro, page, size) => {
  const env = await api.post<Pagina<Aniversariante>>(`client/aniversariantes/${page}/${size}`, paraFiltroAniversariantes(filtro));
  return env.result ?? { content: [], totalElements: 0, totalPages: 0, number: page, size };
};

export const imprimirAniversariantes = (filtro: ValoresFiltro) => abrirPdf({ caminho: 'client/aniversariantes/impressao', corpo: paraFiltroAniversariantes(filtro) });

/** wa.me wants the number with the country code and digits only. */
export function linkWhatsapp(celular: string, nome: string): string {
  const texto = `Olá, ${nome.split(' ')[0]}! Feliz aniversário!`;
  return `https://wa.me/55${celular}?text=${encodeURIComponent(texto)}`;
}
