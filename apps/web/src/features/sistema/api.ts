import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Pagina } from '@bonifica/contracts';
import { api } from '../../lib/api';
import type { BuscarPagina, ConsultaLista, ValoresFiltro } from '../../components/list-page';

export const STATUS_EMAIL = ['PENDENTE', 'ENVIADO', 'FALHOU'] as const;
export type StatusEmail = (typeof STATUS_EMAIL)[number];

/**
 * A row of the e-mail outbox as POST sistema/email/filtrar returns it. The API declares this
 * shape in its route (apps/api/src/modules/sistema/sistema.routes.ts), not in the contracts
 * package, so the admin screen mirrors it here.
 */
export type EmailSaida = {
  id: number;
  empresaId: number | null;
  para: string;
  assunto: string;
  corpo: string;
  status: StatusEmail;
  tentativas: number;
  erro: string | null;
  criadoEm: string;
  enviadoEm: string | null;
};

export type FiltroEmail = { status?: StatusEmail; busca?: string };

/** One key factory for the area: re-sending invalidates every outbox page by prefix. */
export const chavesSistema = {
  raiz: ['sistema'] as const,
  emails: ['sistema', 'emails'] as const,
  listaEmails: (consulta: ConsultaLista) => ['sistema', 'emails', 'lista', consulta] as const,
};

function ehStatusEmail(valor: unknown): valor is StatusEmail {
  return typeof valor === 'string' && (STATUS_EMAIL as readonly string[]).includes(valor);
}

/** URL filter values → the API's filter; the schema there is strict, so a hand-edited link must not add fields. */
export function paraFiltroEmail(filtro: ValoresFiltro): FiltroEmail {
  const corpo: FiltroEmail = {};
  if (ehStatusEmail(filtro.status)) corpo.status = filtro.status;
  if (typeof filtro.busca === 'string' && filtro.busca.trim()) corpo.busca = filtro.busca.trim().slice(0, 120);
  return corpo;
}

export const buscarEmails: BuscarPagina<EmailSaida> = async (filtro, page, size) => {
  const env = await api.post<Pagina<EmailSaida>>(`sistema/email/filtrar/${page}/${size}`, paraFiltroEmail(filtro));
  return env.result ?? { content: [], totalElements: 0, totalPages: 0, number: page, size };
};

export function useReenviarEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.post<boolean>(`sistema/email/reenviar/${id}`)).result,
    // A failed try also changes the row (tentativas, erro, status), so refresh either way.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: chavesSistema.emails }),
  });
}
