import { describe, expect, it } from 'vitest';
import { formatarBRL, formatarInteiro, formatarMovimento, formatarValorConta, iniciais, nomeCurto, primeiroNome, rotuloExtrato } from './format';

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

describe('formatarBRL', () => {
  it('usa o padrão brasileiro com 2 casas, e o R$ nunca fica numa linha e o número na outra', () => {
    expect(formatarBRL(1234.56)).toBe('R$\u00a01.234,56');
    expect(formatarBRL(-2)).toBe('-R$\u00a02,00');
  });
});

describe('formatarInteiro, formatarValorConta, formatarMovimento e rotuloExtrato', () => {
  it('milhar com ponto; pontos com "pts"; movimento sempre com sinal e o menos tipográfico', () => {
    expect(formatarInteiro(1201)).toBe('1.201');
    expect(formatarValorConta('PONTOS', 1372)).toBe('1.372\u00a0pts');
    expect(formatarValorConta('CASHBACK', 39.47)).toBe('R$\u00a039,47');
    expect(formatarMovimento('CASHBACK', -29.25)).toBe('\u2212R$\u00a029,25');
    expect(formatarMovimento('PONTOS', 24)).toBe('+24\u00a0pts');
  });

  it('a partida de uma venda diz "Venda" nas duas linhas: o sinal separa acúmulo de resgate', () => {
    expect(rotuloExtrato({ tipo: 'VENDA', descricao: 'Venda', valor: 5 })).toBe('Acúmulo da compra');
    expect(rotuloExtrato({ tipo: 'VENDA', descricao: 'Venda', valor: -5 })).toBe('Resgate na compra');
    expect(rotuloExtrato({ tipo: 'VENDA', descricao: 'Venda 42', valor: 5 })).toBe('Acúmulo da venda 42');
    expect(rotuloExtrato({ tipo: 'VENDA', descricao: 'Venda 42', valor: -5 })).toBe('Resgate na venda 42');
    expect(rotuloExtrato({ tipo: 'ESTORNO', descricao: 'Cancelamento da venda 7', valor: -5 })).toBe('Cancelamento da venda 7');
  });
});
