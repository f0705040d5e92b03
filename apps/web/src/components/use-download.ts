import { useCallback, useState } from 'react';
import { notificar } from './notificar';

/**
 * A report button's state: busy while the file is fetched (one at a time), the server's message
 * as an error toast when it fails.
 */
export function useDownload(): [baixando: boolean, baixar: (gerar: () => Promise<void>) => Promise<void>] {
  const [baixando, setBaixando] = useState(false);
  const baixar = useCallback(async (gerar: () => Promise<void>) => {
    setBaixando(true);
    try {
      await gerar();
    } catch (erro) {
      notificar.erro(erro instanceof Error ? erro.message : String(erro));
    } finally {
      setBaixando(false);
    }
  }, []);
  return [baixando, baixar];
}
