import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Cliente } from './app-de-teste.js';

/**
 * A file upload as the browser sends it: multipart/form-data with one part named "arquivo".
 * `emFluxo`: the body as a stream without Content-Length (chunked), as a client that does not
 * announce the size sends it.
 */
export function enviarArquivo(c: Cliente, url: string, nome: string, conteudo: Buffer | string, tipo = 'text/csv', opcoes: { emFluxo?: boolean } = {}) {
  const limite = `----bonifica${randomBytes(8).toString('hex')}`;
  const corpo = Buffer.concat([
    Buffer.from(`--${limite}\r\nContent-Disposition: form-data; name="arquivo"; filename="${nome}"\r\nContent-Type: ${tipo}\r\n\r\n`),
    Buffer.isBuffer(conteudo) ? conteudo : Buffer.from(conteudo, 'utf8'),
    Buffer.from(`\r\n--${limite}--\r\n`),
  ]);
  return c.requisitar({ method: 'POST', url, payload: opcoes.emFluxo ? Readable.from([corpo]) : corpo, headers: { 'content-type': `multipart/form-data; boundary=${limite}` } });
}

/** Text as Excel pt-BR saves it: Windows-1252 (Latin-1 for these letters). */
export function latin1(texto: string): Buffer {
  return Buffer.from(texto, 'latin1');
}
