import { describe, expect, it } from 'vitest';
import { percentualCashback, reais } from './valores.js';
import { ajusteSchema } from './account.js';
import { planoSaveSchema } from './plano.js';
import { regraProgramaSchema, vendaSchema } from './transacao.js';

const mensagem = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('reais', () => {
  const valor = reais('o valor da venda');

  it.each([0, -0, 10, 19.99, 0.01, 1_000_000])('aceita %s', (v) => {
    expect(valor.safeParse(v).success).toBe(true);
  });

  it.each([
    [1e-7, 'O valor da venda deve ter no máximo 2 casas decimais (centavos).'],
    [1.005, 'O valor da venda deve ter no máximo 2 casas decimais (centavos).'],
    [1e308, 'O valor da venda está fora do limite.'],
    [2 ** 53 + 1, 'O valor da venda está fora do limite.'],
  ])('recusa %s com mensagem clara', (v, esperada) => {
    expect(mensagem(valor.safeParse(v))).toBe(esperada);
  });

  it.each([NaN, Infinity, '10', null])('recusa %s', (v) => {
    expect(valor.safeParse(v).success).toBe(false);
  });
});

describe('percentualCashback', () => {
  const p = percentualCashback('Informe o percentual.');
  it.each([0, 5.5, 12.34, 100])('aceita %s', (v) => expect(p.safeParse(v).success).toBe(true));
  it.each([1e-7, 5.555, -1, 100.01])('recusa %s', (v) => expect(p.safeParse(v).success).toBe(false));
});

describe('os esquemas que levam dinheiro recusam 1e-7', () => {
  it('venda, resgate, preço de plano, percentual, regra do programa e ajuste', () => {
    expect(vendaSchema.safeParse({ clienteId: 1, valor: 1e-7 }).success).toBe(false);
    expect(vendaSchema.safeParse({ clienteId: 1, valor: 10, resgate: 1e-7 }).success).toBe(false);
    const plano = { nome: 'Plano', preco: 10, periodicidade: 'MENSAL', cashbackPercentual: 5 };
    expect(planoSaveSchema.safeParse(plano).success).toBe(true);
    expect(planoSaveSchema.safeParse({ ...plano, preco: 1e-7 }).success).toBe(false);
    expect(planoSaveSchema.safeParse({ ...plano, cashbackPercentual: 1e-7 }).success).toBe(false);
    const regra = { cashbackPercentual: 5, pontosPorReal: 1, compraMinima: 0, maximoCashbackPorVenda: null };
    expect(regraProgramaSchema.safeParse(regra).success).toBe(true);
    expect(regraProgramaSchema.safeParse({ ...regra, cashbackPercentual: 1e-7 }).success).toBe(false);
    expect(regraProgramaSchema.safeParse({ ...regra, compraMinima: 1e-7 }).success).toBe(false);
    const ajuste = { clienteId: 1, unidade: 'CASHBACK', valor: 10, motivo: 'Correção' };
    expect(ajusteSchema.safeParse(ajuste).success).toBe(true);
    expect(mensagem(ajusteSchema.safeParse({ ...ajuste, valor: 1e-7 }))).toBe('O valor deve ter no máximo 2 casas decimais (centavos).');
    expect(ajusteSchema.safeParse({ ...ajuste, valor: -1e-7 }).success).toBe(false);
  });
});
