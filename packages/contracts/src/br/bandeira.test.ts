import { describe, it, expect } from 'vitest';
import { bandeiraCartao, ICONES_BANDEIRA, type BandeiraCartao } from './bandeira.js';

describe('bandeiraCartao', () => {
  it.each([
    ['4111111111111111', 'visa'],
    ['4111 1111 1111 1111', 'visa'],
    ['5105105105105100', 'mastercard'],
    ['5555555555554444', 'mastercard'],
    ['5011111111111111', 'default'],
    ['5611111111111111', 'default'],
    ['2221000000000009', 'mastercard'],
    ['2720990000000000', 'mastercard'],
    ['2220990000000000', 'default'],
    ['2721000000000000', 'default'],
    ['30000000000004', 'diners'],
    ['30569309025904', 'diners'],
    ['30600000000000', 'default'],
    ['36227206271667', 'diners'],
    ['38520000023237', 'diners'],
    ['39000000000000', 'diners'],
    ['378282246310005', 'default'],
    ['6011111111111117', 'default'],
    ['', 'default'],
    [null, 'default'],
    [undefined, 'default'],
  ] as [string | null | undefined, BandeiraCartao][])('bandeiraCartao(%j) → %s', (numero, esperado) => {
    expect(bandeiraCartao(numero)).toBe(esperado);
  });
});

describe('ICONES_BANDEIRA', () => {
  it.each([
    ['visa', 'Visa'],
    ['mastercard', 'Mastercard'],
    ['diners', 'Diners Club'],
    ['default', 'Cartão'],
  ] as [BandeiraCartao, string][])('%s → %s', (bandeira, label) => {
    expect(ICONES_BANDEIRA[bandeira]).toBe(label);
  });
});
