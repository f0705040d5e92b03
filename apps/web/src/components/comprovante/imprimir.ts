import type { LinhaComprovante } from '@bonifica/contracts';

const escapar = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The printed page of a receipt: 80 mm paper, zero margin (spec §9), 48 monospace columns in the
 * 72 mm a thermal head prints (7.2 pt ≈ 1.5 mm per character), highlighted lines bold and twice
 * as tall, as ESC/POS prints them.
 */
export function htmlDoComprovante(linhas: LinhaComprovante[], titulo: string): string {
  const corpo = linhas
    .map((l) => (l.destaque ? `<div class="d">${escapar(l.texto) || '&nbsp;'}</div>` : `<div>${escapar(l.texto) || '&nbsp;'}</div>`))
    .join('');
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapar(titulo)}</title><style>
@page { size: 80mm auto; margin: 0; }
html, body { margin: 0; padding: 0; background: #fff; color: #000; }
body { width: 80mm; padding: 3mm 4mm; box-sizing: border-box; }
div { font: 7.2pt/1.35 'DejaVu Sans Mono', Menlo, Consolas, monospace; white-space: pre; overflow: hidden; }
.d { font-weight: 700; transform: scaleY(2); transform-origin: top left; margin-bottom: 1.35em; }
</style></head><body>${corpo}</body></html>`;
}

/**
 * Prints through a hidden frame holding only the receipt, so the page behind it (a dialog, the
 * terminal) never reaches the paper and its own print rules do not apply.
 */
export function imprimirComprovante(linhas: LinhaComprovante[], titulo = 'Comprovante'): void {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden';
  document.body.appendChild(frame);
  const janela = frame.contentWindow;
  if (!janela) {
    frame.remove();
    return;
  }
  janela.document.open();
  janela.document.write(htmlDoComprovante(linhas, titulo));
  janela.document.close();
  const remover = () => setTimeout(() => frame.remove(), 1_000);
  janela.addEventListener('afterprint', remover, { once: true });
  janela.focus();
  try {
    janela.print();
  } finally {
    // Browsers that print synchronously never fire afterprint on a detached frame.
    setTimeout(() => frame.isConnected && frame.remove(), 60_000);
  }
}
