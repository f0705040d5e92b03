import type { Pagina, SaldoVale, ValePresente, ValeVendido, VendaComValeRegistrada, VenderVale, FiltroVale, SituacaoValePresente } from '@bonifica/contracts';
import { api } from './api';
import { abrirPdf } from './arquivo';
import type { BuscarPagina, ConsultaLista } from '../components/list-page';

/**
 * The gift card calls (docs/areas/vale-presente.md), shared by the gift card screens and the counter
 * terminal's payment with a card; here because features do not import each other (decision 022).
 */
export const chavesVales = {
  todos: ['vales-presente'] as const,
  lista: (consulta: ConsultaLista) => ['vales-presente', 'lista', consulta] as const,
  ficha: (id: number) => ['vales-presente', 'ficha', id] as const,
};

/** "1234 5678 9012 3456", as printed on the receipt. */
export const codigoFormatado = (codigo: string) => codigo.replace(/(\d{4})(?=\d)/g, '$1 ');

/** One key per attempt: a double click or a retry after a lost reply sells one card. */
export async function venderVale(dados: VenderVale, chave: string): Promise<ValeVendido> {
  return (await api.post<ValeVendido>('valepresente/vender', dados, { headers: { 'Idempotency-Key': chave } })).result!;
}

export async function consultarSaldoVale(codigo: string, pin: string): Promise<SaldoVale> {
  return (await api.post<SaldoVale>('valepresente/saldo', { codigo, pin })).result!;
}

export type PagamentoComVale = { codigo: string; pin: string; valor: number };

/** The terminal's sale paid partly with a card (POST valepresente/venda), with the attempt's key. */
export async function lancarVendaComVale(
  venda: { clienteId: number; valor: number; resgate: number; identificacao?: string; cartao?: string },
  vale: PagamentoComVale,
  chave: string,
): Promise<VendaComValeRegistrada> {
  const env = await api.post<VendaComValeRegistrada>('valepresente/venda', { venda, vale }, { headers: { 'Idempotency-Key': chave } });
  if (!env.result) throw new Error('A venda não foi confirmada pelo servidor.');
  return env.result;
}

/** The 80 mm receipt; with the PIN only right after the sale (the server keeps no copy of it). */
export const imprimirVale = (id: number, pin?: string | null) => abrirPdf({ caminho: 'valepresente/imprimir', corpo: pin ? { id, pin } : { id } });

const paginaVazia = <T>(page: number, size: number): Pagina<T> => ({ content: [], totalElements: 0, totalPages: 0, number: page, size });

export const buscarVales: BuscarPagina<ValePresente> = async (filtro, page, size) => {
  const corpo: FiltroVale = {};
  if (typeof filtro.codigo === 'string') corpo.codigo = filtro.codigo.slice(0, 40);
  if (typeof filtro.situacao === 'string') corpo.situacao = filtro.situacao as SituacaoValePresente;
  if (typeof filtro.de === 'string') corpo.de = filtro.de;
  if (typeof filtro.ate === 'string') corpo.ate = filtro.ate;
  return (await api.post<Pagina<ValePresente>>(`valepresente/filtrar/${page}/${size}`, corpo)).result ?? paginaVazia(page, size);
};

export async function cancelarVale(id: number, motivo: string): Promise<ValePresente & { devolvidoAgora: number }> {
  return (await api.post<ValePresente & { devolvidoAgora: number }>(`valepresente/cancelar/${id}`, { motivo })).result!;
}
