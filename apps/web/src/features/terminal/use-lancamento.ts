import { useCallback, useRef, useState } from 'react';
import type { IdentificacaoVenda, ResultadoVenda } from '@bonifica/contracts';
import { ApiError } from '../../lib/api';
import { lancarVendaComVale, type PagamentoComVale } from '../../lib/vale-presente';
import { lancarVenda } from './api';

/**
 * `cartao`: the card passed at the counter, so the sale is recorded on it (card use reports);
 * `vale`: a gift card paying part of it (the sale then goes to valepresente/venda).
 */
export type PedidoVenda = { clienteId: number; valor: number; resgate: number; identificacao: IdentificacaoVenda; cartao?: string; cupom?: string; vale?: PagamentoComVale };

/**
 * Posting a sale so that it happens once: a ref guards the same tick (a second Enter does not see
 * state updates, it sees refs), and one Idempotency-Key per attempt makes the server answer a
 * repeat (double click, a retry after a network failure) with the first reply. The key is kept
 * across retries of the same values and renewed when they change or the server refused them.
 */
export function useLancamento() {
  const postandoRef = useRef(false);
  const chaveRef = useRef<string | null>(null);
  const [postando, setPostando] = useState(false);

  const novaTentativa = useCallback(() => {
    chaveRef.current = null;
  }, []);

  const lancar = useCallback(async ({ vale, ...pedido }: PedidoVenda): Promise<(ResultadoVenda & { valePago?: number; saldoVale?: number }) | null> => {
    if (postandoRef.current) return null;
    postandoRef.current = true;
    setPostando(true);
    chaveRef.current ??= crypto.randomUUID();
    try {
      const r = vale ? await lancarVendaComVale(pedido, vale, chaveRef.current) : await lancarVenda(pedido, chaveRef.current);
      chaveRef.current = null;
      return r;
    } catch (e) {
      // A refusal the server decided (4xx) will not change on retry: the next attempt gets a new key.
      if (e instanceof ApiError && e.status >= 400 && e.status < 500) chaveRef.current = null;
      throw e;
    } finally {
      postandoRef.current = false;
      setPostando(false);
    }
  }, []);

  return { lancar, postando, novaTentativa };
}
