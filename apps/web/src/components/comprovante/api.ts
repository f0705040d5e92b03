import type { ComprovanteVenda } from '@bonifica/contracts';
import { api } from '../../lib/api';

export const chaveComprovante = (transacaoId: number) => ['comprovante', transacaoId] as const;

/** GET transacao/impressao/{id}: the receipt as the server lays it out (48 columns, docs/areas/vendas.md). */
export async function buscarComprovante(transacaoId: number): Promise<ComprovanteVenda> {
  const env = await api.get<ComprovanteVenda>(`transacao/impressao/${transacaoId}`);
  if (!env.result) throw new Error('O comprovante não foi devolvido pelo servidor.');
  return env.result;
}
