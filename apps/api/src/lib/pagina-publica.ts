/**
 * The frame of the public pages served by the API (share page `/p/**`, unsubscribe `/descadastro/**`):
 * plain HTML, no login and no SPA bundle, light enough for a phone that opened a link.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const html = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const ESTILO = `
  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f6fb;color:#1f2430;line-height:1.5}
  main{max-width:40rem;margin:0 auto;padding:2.5rem 1.25rem}
  .cartao{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.08);padding:1.75rem}
  h1{font-size:1.6rem;margin:0 0 .25rem}
  h2{font-size:1.1rem;margin:1.5rem 0 .5rem}
  .sub{color:#4a5160;margin:0}
  ol,ul{padding-left:1.25rem;margin:.25rem 0}
  li{margin:.2rem 0}
  footer{color:#4a5160;font-size:.85rem;margin-top:1.5rem;text-align:center}
`;

export function pagina(titulo: string, corpo: string): string {
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${html(titulo)}</title><style>${ESTILO}</style></head>
<body><main>${corpo}<footer>Programa de fidelidade com Bonifica</footer></main></body></html>`;
}
