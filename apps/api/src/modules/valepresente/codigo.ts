import { randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { digitoLuhn, DIGITOS_PIN } from '@bonifica/contracts';

const scryptAsync = promisify(scrypt) as (senha: string, sal: Buffer, tamanho: number) => Promise<Buffer>;

/**
 * A gift card's code (decision 039): 15 random digits (10^15 ≈ 2^50 possibilities, from the
 * system's CSPRNG, never a sequence) and a Luhn check digit that catches typos before any lookup.
 * It is a bearer instrument only together with the PIN: guessing a code gets nothing without it.
 */
export function novoCodigoVale(): string {
  let corpo = String(randomInt(1, 10)); // no leading zero: spreadsheets and scanners keep all 16 digits
  for (let i = 0; i < 14; i++) corpo += String(randomInt(10));
  return corpo + String(digitoLuhn(corpo));
}

export function novoPin(): string {
  let pin = '';
  for (let i = 0; i < DIGITOS_PIN; i++) pin += String(randomInt(10));
  return pin;
}

/** "sal:hash" in hex; scrypt makes a stolen table slow to try against the 10^6 PINs. */
export async function hashPin(pin: string): Promise<string> {
  const sal = randomBytes(16);
  return `${sal.toString('hex')}:${(await scryptAsync(pin, sal, 32)).toString('hex')}`;
}

export async function pinConfere(pin: string, guardado: string): Promise<boolean> {
  const [sal, hash] = guardado.split(':');
  if (!sal || !hash) return false;
  const calculado = await scryptAsync(pin, Buffer.from(sal, 'hex'), 32);
  const esperado = Buffer.from(hash, 'hex');
  return esperado.length === calculado.length && timingSafeEqual(esperado, calculado);
}

/** "1234 5678 9012 3456" → the last four, the way the ledger and the logs name a card ("…3456"). */
export function finalDoCodigo(codigo: string): string {
  return `…${codigo.slice(-4)}`;
}
