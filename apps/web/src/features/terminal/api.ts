import type { Cliente, ClienteResumo, Pagina, ResultadoCancelamento, ResultadoVenda, SaldoConta } from '@bonifica/contracts';
import { api } from '../../lib/api';

/** Calls of the counter terminal (docs/areas/vendas.md, clientes.md, razao.md). */

/** How many matches the terminal lists: the attendant picks with the arrows, so a short list. */
export const MAXIMO_RESULTADOS = 8;

export async function buscarClientesTerminal(busca: string): Promise<ClienteResumo[]> {
  const env = await api.post<Pagina<ClienteResumo>>(`client/filterpaginated/0/${MAXIMO_RESULTADOS}`, { busca: busca.slice(0, 120) });
  return env.result?.content ?? [];
}

export type SaldosTerminal = { cashback: number; pontos: number };

export async function buscarSaldos(clienteId: number): Promise<SaldosTerminal> {
  const env = await api.get<null, SaldoConta>(`account/saldos/${clienteId}`);
  const lista = env.results ?? [];
  const de = (u: SaldoConta['unidade']) => lista.find((s) => s.unidade === u)?.saldo ?? 0;
  return { cashback: de('CASHBACK'), pontos: de('PONTOS') };
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
export async function lancarVenda(venda: { clienteId: number; valor: number; resgate: number }, chave: string): Promise<ResultadoVenda> {
  const env = await api.post<ResultadoVenda>('transacao/venda', venda, { headers: { 'Idempotency-Key': chave } });
  if (!env.result) throw new Error('A venda não foi confirmada pelo servidor.');
  return env.result;
}

export async function cancelarVenda(transacaoId: number): Promise<ResultadoCancelamento> {
  const env = await api.get<ResultadoCancelamento>(`transacao/cancelar/${transacaoId}`);
  if (!env.result) throw new Error('O cancelamento não foi confirmado pelo servidor.');
  return env.result;
}
