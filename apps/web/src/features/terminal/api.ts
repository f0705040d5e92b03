import type {
  Cliente,
  ClienteResumo,
  IdentificacaoVenda,
  LinhaExtrato,
  Pagina,
  ResultadoCancelamento,
  ResultadoVenda,
  SaldoConta,
  TransacaoResumo,
  UnidadeConta,
} from '@bonifica/contracts';
import { api } from '../../lib/api';

/** Calls of the counter terminal (docs/areas/vendas.md, clientes.md, razao.md). */

/** How many matches the terminal lists: the attendant picks with the arrows, so a short list. */
export const MAXIMO_RESULTADOS = 8;

export async function buscarClientesTerminal(busca: string): Promise<ClienteResumo[]> {
  const env = await api.post<Pagina<ClienteResumo>>(`client/filterpaginated/0/${MAXIMO_RESULTADOS}`, { busca: busca.slice(0, 120) });
  return env.result?.content ?? [];
}

/**
 * `total` is the balance; `disponivel` what may be spent now (credits still in their waiting period
 * are not, nor anything in a blocked account). `bloqueadas`: the customer's blocked accounts, shown
 * before the sale (docs/decisions/024-venda-com-conta-bloqueada.md).
 */
export type SaldosTerminal = { cashback: number; cashbackTotal: number; pontos: number; pontosTotal: number; bloqueadas: UnidadeConta[] };

export async function buscarSaldos(clienteId: number): Promise<SaldosTerminal> {
  const env = await api.get<null, SaldoConta>(`account/saldos/${clienteId}`);
  const lista = env.results ?? [];
  const de = (u: SaldoConta['unidade']) => lista.find((s) => s.unidade === u);
  const total = (u: SaldoConta['unidade']) => de(u)?.saldo ?? 0;
  const bloqueada = (u: SaldoConta['unidade']) => (de(u) as Partial<SaldoConta> | undefined)?.bloqueada === true;
  // A server without credit lots answers no `disponivel`: then the whole balance may be spent.
  const disponivel = (u: SaldoConta['unidade']) => (bloqueada(u) ? 0 : ((de(u) as Partial<SaldoConta> | undefined)?.disponivel ?? total(u)));
  return {
    cashback: disponivel('CASHBACK'),
    cashbackTotal: total('CASHBACK'),
    pontos: disponivel('PONTOS'),
    pontosTotal: total('PONTOS'),
    bloqueadas: lista.filter((s) => s.bloqueada).map((s) => s.unidade),
  };
}

export type CadastroRapido = { nome: string; documento: string | null; celular: string | null };

export async function cadastrarClienteRapido(dados: CadastroRapido): Promise<Cliente> {
  const env = await api.post<Cliente>('client/save', {
    nome: dados.nome,
    documento: dados.documento,
    celular: dados.celular,
    celularWhatsapp: false,
  });
  if (!env.result) throw new Error('O cadastro não foi devolvido pelo servidor.');
  return env.result;
}

/**
 * POST transacao/venda with the attempt's Idempotency-Key: a repeated call with the same key
 * (double Enter, a retry after a network failure) gets the first reply and never posts twice.
 */
export async function lancarVenda(
  venda: { clienteId: number; valor: number; resgate: number; identificacao: IdentificacaoVenda; cartao?: string; cupom?: string },
  chave: string,
): Promise<ResultadoVenda> {
  const env = await api.post<ResultadoVenda>('transacao/venda', venda, { headers: { 'Idempotency-Key': chave } });
  if (!env.result) throw new Error('A venda não foi confirmada pelo servidor.');
  return env.result;
}

export async function cancelarVenda(transacaoId: number): Promise<ResultadoCancelamento> {
  const env = await api.get<ResultadoCancelamento>(`transacao/cancelar/${transacaoId}`);
  if (!env.result) throw new Error('O cancelamento não foi confirmado pelo servidor.');
  return env.result;
}

/** Query keys of the terminal: a sale or a cancel refreshes the customer's history and balances. */
export const chavesTerminal = {
  cliente: (clienteId: number) => ['terminal', clienteId] as const,
  vendas: (clienteId: number) => ['terminal', clienteId, 'vendas'] as const,
  extrato: (clienteId: number, unidade: UnidadeConta) => ['terminal', clienteId, 'extrato', unidade] as const,
};

export const ULTIMAS_VENDAS = 5;
export const LINHAS_EXTRATO = 10;

export async function buscarUltimasVendas(clienteId: number): Promise<TransacaoResumo[]> {
  const env = await api.post<Pagina<TransacaoResumo>>(`transacao/filterpaginated/0/${ULTIMAS_VENDAS}`, { clienteId });
  return env.result?.content ?? [];
}

/** The last postings of one account (account/extrato): sales, redemptions, reversals, adjustments. */
export async function buscarExtrato(clienteId: number, unidade: UnidadeConta): Promise<Pagina<LinhaExtrato>> {
  const env = await api.post<Pagina<LinhaExtrato>>(`account/extrato/${clienteId}/0/${LINHAS_EXTRATO}`, { unidade });
  return env.result ?? { content: [], totalElements: 0, totalPages: 0, number: 0, size: LINHAS_EXTRATO };
}
