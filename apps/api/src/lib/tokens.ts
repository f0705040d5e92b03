import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

export function tokenAleatorio(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** One-shot `hash`: no Hash object per call (a session's token and a sale's body are hashed on every call). */
export function sha256(valor: string): string {
  return hash('sha256', valor, 'hex');
}

export function iguaisSeguro(a: string, b: string): boolean {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}
