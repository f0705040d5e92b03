import { describe, expect, it } from 'vitest';
import { primeiroTextoInvalido, textoInvalido } from './texto-valido.js';

describe('textoInvalido', () => {
  it.each(['', 'Conceição', 'Joana 😀', '\ud83d\ude00', 'a\tb\r\n', '\u2028', '\ufeff'])('aceita %j', (s) => {
    expect(textoInvalido(s)).toBe(false);
  });

  it.each(['\u0000', 'a\u0000b', '\ud800', 'a\ud800b', '\udc00', 'x\ude00', '\ud83d', '\ude00\ud83d', '😀\ud800'])('recusa %j', (s) => {
    expect(textoInvalido(s)).toBe(true);
  });
});

describe('primeiroTextoInvalido', () => {
  it('diz onde está, como os erros de validação', () => {
    expect(primeiroTextoInvalido({ nome: 'ok', contas: [{ nome: 'ok' }, { nome: 'a\u0000' }] })).toBe('contas.1.nome');
    expect(primeiroTextoInvalido({ id: '\u0000' })).toBe('id');
    expect(primeiroTextoInvalido('\ud800')).toBe('');
    expect(primeiroTextoInvalido({ a: { 'b\u0000': 1 } })).toBe('a');
  });

  it('deixa passar números, booleanos, null e texto limpo', () => {
    expect(primeiroTextoInvalido({ a: 1, b: true, c: null, d: ['x', { e: 'y' }] })).toBeUndefined();
    expect(primeiroTextoInvalido(undefined)).toBeUndefined();
  });

  it('percorre JSON aninhado milhares de níveis sem estourar a pilha', () => {
    const fundo = JSON.parse('['.repeat(50_000) + '"\\u0000"' + ']'.repeat(50_000)) as unknown;
    expect(primeiroTextoInvalido(fundo)).toMatch(/^0(\.0)+$/);
  });
});
