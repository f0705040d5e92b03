import { createRequire } from 'node:module';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';

/**
 * The one way the API renders PDFs (cards, receipts, lists, contracts): pdfmake on the server with
 * the Roboto fonts it ships (full Portuguese accents), and no access to URLs or local files, so a
 * document can only contain what the code put in it (images go in as data URLs or buffers).
 */
const require = createRequire(import.meta.url);
const pdfmake = require('pdfmake') as {
  setFonts(f: unknown): void;
  setUrlAccessPolicy(f: (url: string) => boolean): void;
  setLocalAccessPolicy(f: (path: string) => boolean): void;
  createPdf(d: TDocumentDefinitions): { getBuffer(): Promise<Buffer> };
};
const fontes = require('pdfmake/fonts/Roboto.js') as { Roboto: Record<string, string> };
const arquivosDeFonte = new Set(Object.values(fontes.Roboto));
pdfmake.setFonts(fontes);
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((caminho) => arquivosDeFonte.has(caminho));

export type { Content, TDocumentDefinitions };

export async function gerarPdf(doc: TDocumentDefinitions): Promise<Buffer> {
  return pdfmake.createPdf({ defaultStyle: { font: 'Roboto', fontSize: 9 }, ...doc }).getBuffer();
}

export type ColunaRelatorio<T> = {
  titulo: string;
  valor: (linha: T) => string;
  largura?: number | '*' | 'auto';
  alinhamento?: 'left' | 'right' | 'center';
};

/**
 * A printable A4 list (the *impressao* / *imprimir* calls): title, who/when, an optional summary,
 * and a table whose header repeats on every page, with page numbers.
 */
export function relatorioPdf<T>(opcoes: {
  titulo: string;
  empresa?: string;
  subtitulo?: string;
  colunas: ColunaRelatorio<T>[];
  linhas: T[];
  resumo?: [string, string][];
  paisagem?: boolean;
}): Promise<Buffer> {
  const { titulo, empresa, subtitulo, colunas, linhas, resumo, paisagem } = opcoes;
  const emitido = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' }).format(new Date());
  const corpo: Content[] = [
    { text: titulo, fontSize: 14, bold: true, margin: [0, 0, 0, 2] },
    { text: [empresa, subtitulo, `Emitido em ${emitido}`].filter(Boolean).join(' · '), color: '#555', margin: [0, 0, 0, 8] },
  ];
  if (resumo?.length) {
    corpo.push({ columns: resumo.map(([rotulo, valor]) => ({ stack: [{ text: rotulo, color: '#555' }, { text: valor, bold: true, fontSize: 11 }] })), margin: [0, 0, 0, 8] });
  }
  corpo.push(
    linhas.length === 0
      ? { text: 'Nenhum registro encontrado.', italics: true }
      : {
          table: {
            headerRows: 1,
            widths: colunas.map((c) => c.largura ?? '*'),
            body: [
              colunas.map((c) => ({ text: c.titulo, bold: true, alignment: c.alinhamento ?? 'left' })),
              ...linhas.map((l) => colunas.map((c) => ({ text: c.valor(l), alignment: c.alinhamento ?? 'left' }))),
            ],
          },
          layout: 'lightHorizontalLines',
        },
  );
  return gerarPdf({
    pageSize: 'A4',
    pageOrientation: paisagem ? 'landscape' : 'portrait',
    pageMargins: [32, 32, 32, 40],
    info: { title: titulo },
    content: corpo,
    footer: (pagina, total) => ({ text: `Página ${pagina} de ${total}`, alignment: 'right', margin: [0, 10, 32, 0], color: '#777', fontSize: 8 }),
  });
}
