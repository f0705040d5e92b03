import { describe, it, expect } from 'vitest';
import { cepValido, formatarCep } from './cep.js';

describe('formatarCep', () => {
  it.each([
    ['01001000', '01001-000'],
    ['01001-000', '01001-000'],
    ['01.001-000', '01001-000'],
    [' 92500000 ', '92500-000'],
    ['0100100', '0100100'],
    ['abc01001000', 'abc01001000'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('formatarCep(%j) → %j', (entrada, esperado) => {
    expect(formatarCep(entrada)).toBe(esperado);
  });
});

describe('cepValido', () => {
  it.each([
    ['01001000', true],
    ['01001-000', true],
    ['92.500-000', true],
    ['0100100', false],
    ['010010000', false],
    ['abc01001000', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('cepValido(%j) → %s', (entrada, esperado) => {
    expect(cepValido(entrada)).toBe(esperado);
  });
});
