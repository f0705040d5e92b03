/** Uploaded files (logos, white label, template attachments): docs/areas/manutencao.md § Arquivos. */

export const TIPOS_IMAGEM = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/x-icon'] as const;
export type TipoImagem = (typeof TIPOS_IMAGEM)[number];
/** Besides images, a PDF (a template's attachment, sent as a document: docs/decisions/034). */
export type TipoArquivo = TipoImagem | 'application/pdf';

/** Largest image accepted by arquivo/upload. */
export const LIMITE_ARQUIVO_BYTES = 2 * 1024 * 1024;

/** Largest PDF accepted by arquivo/upload (a flyer, a menu, a regulation: WhatsApp and e-mail carry it well). */
export const LIMITE_PDF_BYTES = 5 * 1024 * 1024;

export const MENSAGEM_ARQUIVO_TIPO = 'Envie uma imagem PNG, JPEG, GIF, WEBP ou ICO, ou um PDF.';
export const MENSAGEM_ARQUIVO_GRANDE = 'A imagem passa de 2 MB. Envie uma imagem menor.';
/** Said before the type is known (the bytes stop at the larger limit), so it names both. */
export const MENSAGEM_PDF_GRANDE = 'O arquivo passa de 5 MB (imagens: até 2 MB). Envie um arquivo menor.';
/** Photos shown in lists, PDFs and vouchers: what the PDF renderer and every browser draw. */
export const TIPOS_FOTO = ['image/png', 'image/jpeg', 'image/webp'] as const satisfies readonly TipoImagem[];
export const MENSAGEM_ARQUIVO_NAO_ENCONTRADO = 'Arquivo não encontrado.';

/** Path of a file's bytes (outside /services): stable for as long as the file exists. */
export function urlArquivo(id: number): string {
  return `/arquivo/${id}`;
}

/** POST arquivo/upload and GET arquivo/findbyid/{id} → result. */
export type ArquivoInfo = {
  id: number;
  nome: string;
  tipo: TipoArquivo;
  tamanho: number;
  sha256: string;
  /** Null: a file of the service itself (white label), served without a session. */
  empresaId: number | null;
  criadoEm: string;
  url: string;
};
