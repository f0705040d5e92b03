import { describe, it, expect } from 'vitest';
import { casasDecimais, centavosParaReais, emUnidadesInteiras, formatarBRL, parseBRL, reaisParaCentavos } from './dinheiro.js';

describe('reaisParaCentavos', () => {
  it.each([
    [0.1 + 0.2, 30],
    [19.99, 1999],
    [1.005, 101],
    [8.675, 868],
    [2.675, 268],
    [1.45, 145],
    [1234567.89, 123456789],
    [0.01, 1],
    [0.005, 1],
    [0.004, 0],
    [100, 10000],
    [-1.005, -101],
    [-19.99, -1999],
    [1e-7, 0],
    [0, 0],
  ])('reaisParaCentavos(%s) → %s', (reais, esperado) => {
    expect(reaisParaCentavos(reais)).toBe(esperado);
  });

  it('never returns negative zero', () => {
    expect(Object.is(reaisParaCentavos(-0), 0)).toBe(true);
    expect(Object.is(reaisParaCentavos(-0.001), 0)).toBe(true);
  });

  it.each([NaN, Infinity, -Infinity, 1e21])('reaisParaCentavos(%s) throws RangeError', (reais) => {
    expect(() => reaisParaCentavos(reais)).toThrow(RangeError);
  });
});

describe('centavosParaReais', () => {
  it.each([
    [30, 0.3],
    [1999, 19.99],
    [101, 1.01],
    [123456789, 1234567.89],
    [-1999, -19.99],
    [0, 0],
  ])('centavosParaReais(%s) → %s', (centavos, esperado) => {
    expect(centavosParaReais(centavos)).toBe(esperado);
  });

  it.each([NaN, Infinity, -Infinity, 1.5])('centavosParaReais(%s) throws RangeError', (centavos) => {
    expect(() => centavosParaReais(centavos)).toThrow(RangeError);
  });

  it.each([0.1 + 0.2, 19.99, 1.01, 1234567.89, 8.67])('round-trips %s reais', (reais) => {
    expect(centavosParaReais(reaisParaCentavos(reais))).toBe(Number(reais.toFixed(2)));
  });
});

describe('formatarBRL', () => {
  it.each([
    [1234.56, 'R$ 1.234,56'],
    [0, 'R$ 0,00'],
    [0.1 + 0.2, 'R$ 0,30'],
    [1.005, 'R$ 1,01'],
    [19.9, 'R$ 19,90'],
    [1234567.89, 'R$ 1.234.567,89'],
    [-1234.56, '-R$ 1.234,56'],
    [-0.001, 'R$ 0,00'],
    [NaN, ''],
    [Infinity, ''],
    [null, ''],
    [undefined, ''],
  ])('formatarBRL(%s) → %j', (reais, esperado) => {
    expect(formatarBRL(reais)).toBe(esperado);
  });

  it('uses a plain space, not a no-break space, after the symbol', () => {
    expect(formatarBRL(1)).not.toMatch(/[\u00a0\u202f]/);
  });
});

describe('parseBRL', () => {
  it.each([
    ['1.234,56', 123456],
    ['R$ 1.234,56', 123456],
    ['R$\u00a01.234,56', 123456],
    ['R$1.234,56', 123456],
    ['1234,56', 123456],
    ['1.234.567,89', 123456789],
    ['1234', 123400],
    ['0,5', 50],
    ['0,05', 5],
    [' 19,99 ', 1999],
    ['-R$ 1,00', -100],
    ['R$ -1,00', -100],
    ['-0,00', 0],
    ['12.34', null],
    ['1.23,45', null],
    ['1,234', null],
    ['--1,00', null],
    ['R$', null],
    ['abc', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('parseBRL(%j) → %s', (texto, esperado) => {
    expect(parseBRL(texto)).toBe(esperado);
  });
});

describe('casasDecimais', () => {
  it.each([
    [0, 0],
    [-0, 0],
    [10, 0],
    [19.99, 2],
    [0.1 + 0.2, 17],
    [1.005, 3],
    [1e-7, 7],
    [1.5e-7, 8],
    [-2.5e-7, 8],
    [1e21, 0],
    [1e308, 0],
    [2 ** 53 + 1, 0],
  ])('casasDecimais(%s) → %s', (valor, esperado) => {
    expect(casasDecimais(valor)).toBe(esperado);
  });

  it.each([NaN, Infinity, -Infinity])('casasDecimais(%s) → Infinity', (valor) => {
    expect(casasDecimais(valor)).toBe(Infinity);
  });
});

describe('emUnidadesInteiras (centavos)', () => {
  it.each([0, -0, 1, 19.99, 0.01, -19.99, 1234567.89, 1e13, 90_071_992_547_409.91])('aceita %s', (reais) => {
    expect(emUnidadesInteiras(reais, 2)).toBe(true);
  });

  // 1e-7 passed the old check (its text has no dot) and was stored as 0 centavos.
  it.each([1e-7, -1e-7, 1e-9, 5e-3, 1.005, 0.1 + 0.2, 1e21, 1e308, -1e308, 2 ** 53 + 1, 90_071_992_547_409.92, NaN, Infinity, -Infinity])(
    'recusa %s',
    (reais) => {
      expect(emUnidadesInteiras(reais, 2)).toBe(false);
    },
  );

  it('vale para outras casas: pontos inteiros e percentuais com 2 casas', () => {
    expect(emUnidadesInteiras(5, 0)).toBe(true);
    expect(emUnidadesInteiras(5.5, 0)).toBe(false);
    expect(emUnidadesInteiras(5.55, 2)).toBe(true);
    expect(emUnidadesInteiras(5.555, 2)).toBe(false);
  });
});
