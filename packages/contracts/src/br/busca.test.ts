import { describe, it, expect } from 'vitest';
import { contemBusca, normalizarBusca } from './busca.js';

describe('normalizarBusca', () => {
  it.each([
    ['São Paulo', 'sao paulo'],
    ['  AÇÃO   Promoção  ', 'acao promocao'],
    ['Crédito\tÚnico\nJá', 'credito unico ja'],
    ['Pão de Açúcar', 'pao de acucar'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('normalizarBusca(%j) → %j', (entrada, esperado) => {
    expect(normalizarBusca(entrada)).toBe(esperado);
  });
});

describe('contemBusca', () => {
  it.each([
    ['José da Silva', 'jose', true],
    ['José da Silva', 'SILVA', true],
    ['Farmácia Central', 'farmacia  cent', true],
    ['Conceição', 'CONCEICAO', true],
    ['José da Silva', 'souza', false],
    ['Maria', 'mariana', false],
    [null, 'x', false],
    ['qualquer', '', true],
  ])('contemBusca(%j, %j) → %s', (texto, termo, esperado) => {
    expect(contemBusca(texto, termo)).toBe(esperado);
  });
});
