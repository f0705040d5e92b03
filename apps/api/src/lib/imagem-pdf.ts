import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { deflateSync } from 'node:zlib';

/**
 * Images for the PDFs (pdfmake → pdfkit embeds only JPEG and PNG). A WebP photo — what phones and
 * sites save today — is decoded with libwebp compiled to WebAssembly (@jsquash/webp: no native
 * module to build) and written as PNG here, so the prize's photo shows on the catalogue and the voucher.
 */

export type ImagemPdf = { dados: Buffer; tipo: string };

let decodificador: Promise<(dados: ArrayBuffer) => Promise<{ width: number; height: number; data: Uint8ClampedArray }>> | null = null;

/** Loaded on the first WebP only: the WebAssembly module is read from the package, not fetched. */
function decodificadorWebp() {
  decodificador ??= (async () => {
    const m = await import('@jsquash/webp/decode.js');
    const caminho = createRequire(import.meta.url).resolve('@jsquash/webp/codec/dec/webp_dec.wasm');
    await m.init(await WebAssembly.compile(readFileSync(caminho)));
    return (dados: ArrayBuffer) => m.default(dados);
  })();
  return decodificador;
}

const TABELA_CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(b: Buffer): number {
  let c = 0xffffffff;
  for (const x of b) c = TABELA_CRC[(c ^ x) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function bloco(tipo: string, dados: Buffer): Buffer {
  const corpo = Buffer.concat([Buffer.from(tipo, 'latin1'), dados]);
  const tamanho = Buffer.alloc(4);
  tamanho.writeUInt32BE(dados.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(corpo));
  return Buffer.concat([tamanho, corpo, crc]);
}

/**
 * RGBA pixels as an 8-bit PNG (no filter: the PDF compresses again anyway). An opaque picture — most
 * photos — goes as RGB: with an alpha channel the PDF would carry a second image (the soft mask).
 */
export function pngDeRgba(largura: number, altura: number, rgba: Uint8Array | Uint8ClampedArray): Buffer {
  let opaca = true;
  for (let i = 3; i < rgba.length && opaca; i += 4) opaca = rgba[i] === 255;
  const canais = opaca ? 3 : 4;
  const cabecalho = Buffer.alloc(13);
  cabecalho.writeUInt32BE(largura, 0);
  cabecalho.writeUInt32BE(altura, 4);
  cabecalho.set([8, opaca ? 2 : 6, 0, 0, 0], 8);
  const linha = largura * canais;
  const cru = Buffer.alloc((linha + 1) * altura);
  for (let y = 0; y < altura; y++) {
    const inicio = y * (linha + 1) + 1;
    if (!opaca) cru.set(rgba.subarray(y * linha, (y + 1) * linha), inicio);
    else for (let x = 0; x < largura; x++) cru.set(rgba.subarray((y * largura + x) * 4, (y * largura + x) * 4 + 3), inicio + x * 3);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), bloco('IHDR', cabecalho), bloco('IDAT', deflateSync(cru)), bloco('IEND', Buffer.alloc(0))]);
}

/** The image as the PDF can embed it: JPEG and PNG as they are, WebP as PNG; null for anything else (or a broken file). */
export async function imagemParaPdf(f: ImagemPdf): Promise<ImagemPdf | null> {
  if (f.tipo === 'image/png' || f.tipo === 'image/jpeg') return f;
  if (f.tipo !== 'image/webp') return null;
  try {
    const decodificar = await decodificadorWebp();
    const copia = new Uint8Array(f.dados).buffer;
    const img = await decodificar(copia);
    return { dados: pngDeRgba(img.width, img.height, img.data), tipo: 'image/png' };
  } catch {
    // A photo that does not decode is left out of the PDF, as before; the PDF itself still comes out.
    return null;
  }
}
