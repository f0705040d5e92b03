import { describe, it, expect } from 'vitest';
import { formatarTelefone, somenteDigitos } from './telefone.js';

describe('somenteDigitos', () => {
  it.each([
    ['(11) 98765-4321', '11987654321'],
    ['+55 11 3456-7890', '551134567890'],
    ['abc', ''],
    [12345, '12345'],
    [null, ''],
    [undefined, ''],
  ])('somenteDigitos(%j) → %j', (entrada, esperado) => {
    expect(somenteDigitos(entrada)).toBe(esperado);
  });
});

describe('formatarTelefone', () => {
  it.each([
    ['11987654321', '(11) 98765-4321'],
    ['1134567890', '(11) 3456-7890'],
    ['5511987654321', '(11) 98765-4321'],
    ['551134567890', '(11) 3456-7890'],
    ['+55 (21) 99876-5432', '(21) 99876-5432'],
    ['(11) 98765-4321', '(11) 98765-4321'],
    ['123456789012', '123456789012'],
    ['4433221', '4433221'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('formatarTelefone(%j) → %j', (entrada, esperado) => {
    expect(formatarTelefone(entrada)).toBe(esperado);
  });
});
