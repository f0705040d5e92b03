import { describe, expect, it } from 'vitest';
import { calcularAcumulo, escopoRegraQuerySchema, prazosDoCredito, regraDoWire } from './programa.js';

const regra = regraDoWire({ cashbackPercentual: 5, pontosPorReal: 1, compraMinima: 10, maximoCashbackPorVenda: 50 });

describe('calcularAcumulo (a conta da venda, também o exemplo da tela)', () => {
  it('centavos para baixo, teto, compra mínima e só o que foi pago em dinheiro', () => {
    expect(calcularAcumulo(regra, 10_000, 0)).toEqual({ cashbackCentavos: 500, pontos: 100 });
    expect(calcularAcumulo(regra, 12_345, 0)).toEqual({ cashbackCentavos: 617, pontos: 123 });
    expect(calcularAcumulo(regra, 200_000, 0)).toEqual({ cashbackCentavos: 5_000, pontos: 2_000 });
    expect(calcularAcumulo(regra, 999, 0)).toEqual({ cashbackCentavos: 0, pontos: 0 });
    expect(calcularAcumulo(regra, 10_000, 2_000)).toEqual({ cashbackCentavos: 400, pontos: 80 });
    expect(calcularAcumulo(null, 10_000, 0)).toEqual({ cashbackCentavos: 0, pontos: 0 });
  });

  it('o percentual da tela vira pontos-base exatos (3,33% não vira 3,3299…)', () => {
    expect(regraDoWire({ cashbackPercentual: 3.33, pontosPorReal: 0, compraMinima: 0, maximoCashbackPorVenda: null }).cashbackPercentualBp).toBe(333);
    expect(calcularAcumulo(regraDoWire({ cashbackPercentual: 0.1, pontosPorReal: 0, compraMinima: 0.1, maximoCashbackPorVenda: null }), 10_000, 0).cashbackCentavos).toBe(10);
  });
});

describe('prazosDoCredito', () => {
  it('carência e validade em dias inteiros a partir da venda; sem validade, não vence', () => {
    const venda = new Date('2026-03-01T15:00:00Z');
    expect(prazosDoCredito(venda, 7, 90)).toEqual({ disponivelEm: new Date('2026-03-08T15:00:00Z'), expiraEm: new Date('2026-05-30T15:00:00Z') });
    expect(prazosDoCredito(venda, 0, null)).toEqual({ disponivelEm: venda, expiraEm: null });
  });
});

describe('escopoRegraQuerySchema', () => {
  it('filial da query é um inteiro positivo', () => {
    expect(escopoRegraQuerySchema.parse({ filialId: '7' })).toEqual({ filialId: 7 });
    expect(escopoRegraQuerySchema.parse({})).toEqual({});
    expect(escopoRegraQuerySchema.safeParse({ filialId: 'x' }).success).toBe(false);
    expect(escopoRegraQuerySchema.safeParse({ filialId: '0' }).success).toBe(false);
  });
});
