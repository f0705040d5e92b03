import { describe, expect, it } from 'vitest';
import { formatarBRL, iniciais, nomeCurto, primeiroNome } from './format';

describe('primeiroNome', () => {
  it.each([
    ['Mariana Souza Lima', 'Mariana'],
    ['  José   da Silva ', 'José'],
    ['Ana', 'Ana'],
    ['', ''],
    [null, ''],
  ])('%j → %j', (nome, esperado) => expect(primeiroNome(nome)).toBe(esperado));
});

describe('nomeCurto (20 caracteres + "...")', () => {
  it.each([
    ['Supermercado Bom Preço do Bairro', 'Supermercado Bom Pre...'],
    ['12345678901234567890', '12345678901234567890'],
    ['123456789012345678901', '12345678901234567890...'],
    ['Padaria', 'Padaria'],
    [null, ''],
  ])('%j → %j', (texto, esperado) => expect(nomeCurto(texto)).toBe(esperado));
});

describe('iniciais', () => {
  it.each([
    ['Mariana Souza Lima', 'ML'],
    ['ana', 'A'],
    ['', '?'],
  ])('%j → %j', (nome, esperado) => expect(iniciais(nome)).toBe(esperado));
});

describe('formatarBRL (dos contratos)', () => {
  it('usa o padrão brasileiro com 2 casas', () => {
    expect(formatarBRL(1234.56)).toBe('R$ 1.234,56');
  });
});
