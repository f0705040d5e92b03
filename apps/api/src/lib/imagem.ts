import type { TipoArquivo, TipoImagem } from '@bonifica/contracts';

/**
 * The image type of some bytes, from their signature: what a browser sends as Content-Type is
 * only a claim. SVG is not accepted (it is a document that may carry scripts).
 */
export function tipoDaImagem(b: Buffer): TipoImagem | null {
  const comeca = (...bytes: number[]) => bytes.every((x, i) => b[i] === x);
  if (comeca(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (comeca(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a') return 'image/gif';
  if (b.length >= 12 && b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  if (b.length >= 6 && comeca(0x00, 0x00, 0x01, 0x00) && b.readUInt16LE(4) > 0) return 'image/x-icon';
  return null;
}

/**
 * An image, or a PDF when the bytes start with the PDF header `%PDF-` (a file renamed to .pdf is not
 * one). What arquivo/upload accepts.
 */
export function tipoDoArquivo(b: Buffer): TipoArquivo | null {
  if (b.length >= 8 && b.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return tipoDaImagem(b);
}
