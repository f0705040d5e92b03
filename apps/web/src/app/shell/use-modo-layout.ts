import { useState, useSyncExternalStore } from 'react';
import { CONSTANTES } from '@bonifica/contracts';

export type ModoLayout = 'desktop' | 'tablet' | 'mobile';
export type EstadoMenu = 'expandido' | 'recolhido' | 'offcanvas-aberto' | 'fechado';

/** Spec §4: under 768 px mobile, 768 to 1024 px tablet, otherwise desktop. */
export function modoPorLargura(largura: number): ModoLayout {
  if (largura < CONSTANTES.breakpointMobile) return 'mobile';
  if (largura <= CONSTANTES.breakpointDesktop) return 'tablet';
  return 'desktop';
}

function assinarResize(avisar: () => void): () => void {
  window.addEventListener('resize', avisar);
  return () => window.removeEventListener('resize', avisar);
}

export function useModoLayout(): ModoLayout {
  return useSyncExternalStore(assinarResize, () => modoPorLargura(window.innerWidth));
}

/**
 * Spec §4: desktop starts expanded, tablet collapsed, mobile closed. A toggle only lasts while the
 * width stays in the same band; crossing a breakpoint goes back to that band's default.
 */
export function useEstadoMenu() {
  const modo = useModoLayout();
  const [escolha, setEscolha] = useState<{ modo: ModoLayout; aberto: boolean } | null>(null);
  const aberto = escolha && escolha.modo === modo ? escolha.aberto : modo === 'desktop';
  const estado: EstadoMenu =
    modo === 'mobile' ? (aberto ? 'offcanvas-aberto' : 'fechado') : aberto ? 'expandido' : 'recolhido';
  return {
    modo,
    aberto,
    estado,
    alternar: () => setEscolha({ modo, aberto: !aberto }),
    definir: (valor: boolean) => setEscolha({ modo, aberto: valor }),
  };
}
