/** Uploaded images (logos, white label): docs/areas/manutencao.md § Arquivos. */

export const TIPOS_IMAGEM = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/x-icon'] as const;
export type TipoImagem = (typeof TIPOS_IMAGEM)[number];

/** Largest image accepted by arquivo/upload. */
export const LIMITE_ARQUIVO_BYTES = 2 * 1024 * 1024;

export const MENSAGEM_ARQUIVO_TIPO = 'Envie uma imagem PNG, JPEG, GIF, WEBP ou ICO.';
export const MENSAGEM_ARQUIVO_GRANDE = 'A imagem passa de 2 MB. Envie uma imagem menor.';
export const MENSAGEM_ARQUIVO_NAO_ENCONTRADO = 'Arquivo não encontrado.';

/** Path of a file's bytes (outside /services): stable for as long as the file exists. */
export function urlArquivo(id: number): string {
  return `/arquivo/${id}`;
}

/** POST arquivo/upload and GET arquivo/findbyid/{id} → result. */
export type ArquivoInfo = {
  id: number;
  nome: string;
  tipo: TipoImagem;
  tamanho: number;
  sha256: string;
  /** Null: a file of the service itself (white label), served without a session. */
  empresaId: number | null;
  criadoEm: string;
  url: string;
};
