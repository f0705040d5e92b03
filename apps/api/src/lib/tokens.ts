import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export function tokenAleatorio(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(valor: string): string {
  return createHash('sha256').update(valor).digest('hex');
}

export function iguaisSeguro(a: string, b: string): boolean {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}
