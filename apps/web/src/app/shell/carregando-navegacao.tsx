import { useEffect, useState } from 'react';
import { PaginaCarregando } from '../../components/pagina-carregando';

/** Waits a moment before showing the spinner, so fast page changes do not flash it. */
export function CarregandoNavegacao({ atrasoMs = 200 }: { atrasoMs?: number }) {
  const [visivel, setVisivel] = useState(false);
  useEffect(() => {
    const t = window.setTimeout(() => setVisivel(true), atrasoMs);
    return () => window.clearTimeout(t);
  }, [atrasoMs]);
  return visivel ? <PaginaCarregando /> : null;
}
