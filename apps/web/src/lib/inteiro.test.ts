import { describe, expect, it } from 'vitest';
import { lerInteiro } from './inteiro';

describe('lerInteiro', () => {
  it('lê inteiros com ou sem separador de milhar', () => {
    expect(lerInteiro('')).toBeNull();
    expect(lerInteiro('  ')).toBeNull();
    expect(lerInteiro('25')).toBe(25);
    expect(lerInteiro(' 1.500 ')).toBe(1500);
    expect(lerInteiro('1.000.000')).toBe(1_000_000);
  });

  it('não transforma um decimal noutro inteiro: o contrato recusa com a mensagem do campo', () => {
    expect(lerInteiro('2.5')).toBe(2.5);
    expect(lerInteiro('1,5')).toBe(1.5);
    expect(lerInteiro('1.50')).toBe(1.5);
    expect(lerInteiro('-3')).toBe(-3);
    expect(lerInteiro('12.34.567')).toBeNaN();
    expect(lerInteiro('abc')).toBeNaN();
    expect(lerInteiro('10 un')).toBeNaN();
  });
});
