import { CONSTANTES } from '@bonifica/contracts';

/** Spec §2: an external menu entry opens in a new tab. */
export function abrirEmNovaAba(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/** Spec §2/§9: "navegador exclusivo" entries open in a 1000x600 popup, centred on the screen. */
export function abrirPopup(url: string): void {
  const largura = CONSTANTES.popupLargura;
  const altura = CONSTANTES.popupAltura;
  const esquerda = Math.max(0, Math.round((window.screen.width - largura) / 2));
  const topo = Math.max(0, Math.round((window.screen.height - altura) / 2));
  window.open(
    url,
    '_blank',
    `width=${largura},height=${altura},left=${esquerda},top=${topo},menubar=no,toolbar=no,location=yes,status=no,resizable=yes,scrollbars=yes`,
  );
}

/** wa.me wants country code + number; Brazilian numbers stored without +55 get it added. */
export function linkWhatsApp(numero: string | null | undefined, texto?: string): string | null {
  const digitos = (numero ?? '').replace(/\D/g, '');
  if (digitos.length < 10) return null;
  const comPais = digitos.length <= 11 ? `55${digitos}` : digitos;
  return `https://wa.me/${comPais}${texto ? `?text=${encodeURIComponent(texto)}` : ''}`;
}
