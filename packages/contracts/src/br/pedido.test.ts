import { describe, it, expect } from 'vitest';
import { numeroPedidoCurto } from './pedido.js';

describe('numeroPedidoCurto', () => {
  it.each([
    ['20260315000123', '0123'],
    ['ABC-98765', '8765'],
    ['12345', '2345'],
    ['1234', '1234'],
    ['42', '42'],
    [987654, '7654'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('numeroPedidoCurto(%j) → %j', (entrada, esperado) => {
    expect(numeroPedidoCurto(entrada)).toBe(esperado);
  });
});
