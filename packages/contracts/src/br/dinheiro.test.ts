import { describe, it, expect } from 'vitest';
import { centavosParaReais, formatarBRL, parseBRL, reaisParaCentavos } from './dinheiro.js';

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
