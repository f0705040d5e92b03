import type { PremioParaCliente, ResgatePremio } from '@bonifica/contracts';
import { api } from './api';
import { abrirPdf } from './arquivo';
import { formatarBRL, formatarInteiro } from './format';
import type { ConsultaLista } from '../components/list-page';

/**
 * The prize calls shared by the prize screens and the counter terminal's "Prêmios" step
 * (docs/areas/premios.md); here because features do not import each other (decision 022).
 */
export const chavesPremios = {
  todos: ['premios'] as const,
  catalogo: (consulta: ConsultaLista) => ['premios', 'catalogo', consulta] as const,
  resgates: (consulta: ConsultaLista) => ['premios', 'resgates', consulta] as const,
  historico: (id: number) => ['premios', 'historico', id] as const,
  relatorio: (de: string, ate: string) => ['premios', 'relatorio', de, ate] as const,
  doCliente: (clienteId: number) => ['premios', 'cliente', clienteId] as const,
};

/** What a prize costs, as the attendant reads it to the customer ("500 pontos + R$ 10,50"). */
export function custoDoPremio(pontos: number | null, cashback: number | null): string {
  const partes = [];
  if (pontos) partes.push(`${formatarInteiro(pontos)} pontos`);
  if (cashback) partes.push(formatarBRL(cashback));
  return partes.join(' + ') || '—';
}

export async function premiosDoCliente(clienteId: number): Promise<PremioParaCliente[]> {
  return (await api.get<PremioParaCliente[]>(`premio/cliente/${clienteId}`)).result ?? [];
}

/** One key per attempt: a double click or a retry after a lost reply redeems once. */
export async function resgatar(premioId: number, clienteId: number, chave: string): Promise<ResgatePremio> {
  return (await api.post<ResgatePremio>('premio/resgate/save', { premioId, clienteId }, { headers: { 'Idempotency-Key': chave } })).result!;
}

export async function entregar(id: number, codigo: string): Promise<ResgatePremio> {
  return (await api.get<ResgatePremio>(`premio/resgate/retirar/${id}/${encodeURIComponent(codigo.trim())}`)).result!;
}

export const imprimirComprovante = (id: number) => abrirPdf({ caminho: 'premio/resgate/imprimir', corpo: { id } });
