import { describe, expect, it } from 'vitest';
import type { RegraPrograma, RegraProgramaWire } from '@bonifica/contracts';
import { diferencasDaRegra } from './diferencas';
import { exemploDaRegra, lerTextosRegra, textosDaRegra } from './regra-textos';

const AGORA = new Date('2026-03-01T15:00:00Z');
const texto = (s: string) => s.replace(/\u00a0/g, ' ');
const REGRA: RegraPrograma = { cashbackPercentual: 5, pontosPorReal: 0, compraMinima: 10, maximoCashbackPorVenda: 50, validadeDias: 90, carenciaDias: 7 };
const WIRE: RegraProgramaWire = { ...REGRA, validadeDias: 90, carenciaDias: 7, configurada: true, atualizadoEm: null, filialId: null, propria: true };

describe('exemploDaRegra (o exemplo ao vivo da tela)', () => {
  it('R$ 100,00 a 5% dá R$ 5,00, com as datas de carência e validade a partir de agora', () => {
    expect(texto(exemploDaRegra(REGRA, 10_000, AGORA))).toBe('Uma compra de R$ 100,00 dá R$ 5,00 de cashback, usável a partir de 08/03/2026, vence em 30/05/2026.');
  });

  it('centavo exato para baixo, como o servidor: R$ 123,45 a 3,33% dá R$ 4,11 (não 4,12)', () => {
    expect(texto(exemploDaRegra({ ...REGRA, cashbackPercentual: 3.33, carenciaDias: 0, validadeDias: null }, 12_345, AGORA))).toBe(
      'Uma compra de R$ 123,45 dá R$ 4,11 de cashback, usável na hora, não vence.',
    );
  });

  it('pontos, teto por venda e compra mínima', () => {
    expect(texto(exemploDaRegra({ ...REGRA, pontosPorReal: 2 }, 200_000, AGORA))).toBe(
      'Uma compra de R$ 2.000,00 dá R$ 50,00 de cashback (o máximo por venda) e 4.000 pontos, usável a partir de 08/03/2026, vence em 30/05/2026.',
    );
    expect(texto(exemploDaRegra({ ...REGRA, cashbackPercentual: 0, pontosPorReal: 1 }, 1_050, AGORA))).toBe(
      'Uma compra de R$ 10,50 dá 10 pontos, usável a partir de 08/03/2026, vence em 30/05/2026.',
    );
    expect(texto(exemploDaRegra(REGRA, 999, AGORA))).toBe('Uma compra de R$ 9,99 não acumula: a compra mínima é de R$ 10,00.');
    expect(texto(exemploDaRegra({ ...REGRA, cashbackPercentual: 0 }, 10_000, AGORA))).toBe('Uma compra de R$ 100,00 não acumula cashback nem pontos com esta regra.');
  });
});

describe('lerTextosRegra', () => {
  it('lê o que foi digitado (vírgula, vazios) e devolve a regra do contrato', () => {
    expect(lerTextosRegra({ ...textosDaRegra(WIRE), cashbackPercentual: '7,5', maximoCashbackPorVenda: '', validadeDias: '' })).toEqual({
      ok: true,
      regra: { ...REGRA, cashbackPercentual: 7.5, maximoCashbackPorVenda: null, validadeDias: null },
    });
    expect(textosDaRegra(WIRE)).toEqual({ cashbackPercentual: '5,00', pontosPorReal: '0', compraMinima: '10,00', maximoCashbackPorVenda: '50,00', validadeDias: '90', carenciaDias: '7' });
  });

  it('erros em português, por campo, com as mensagens do contrato', () => {
    const r = lerTextosRegra({ ...textosDaRegra(WIRE), cashbackPercentual: '101', validadeDias: '0', carenciaDias: '400', pontosPorReal: '' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.erros).toEqual({
      cashbackPercentual: 'O percentual de cashback deve ficar entre 0 e 100.',
      pontosPorReal: 'Informe os pontos por real.',
      validadeDias: 'A validade deve ficar entre 1 e 3650 dias (ou vazia, sem validade).',
      carenciaDias: 'A carência deve ficar entre 0 e 365 dias.',
    });
  });
});

describe('diferencasDaRegra (histórico)', () => {
  it('só os campos que mudaram, formatados; na criação, todos', () => {
    expect(diferencasDaRegra({ ...REGRA, configurada: true }, { ...REGRA, cashbackPercentual: 8, validadeDias: null, configurada: true }).map((d) => [d.rotulo, d.de, texto(d.para ?? '')])).toEqual([
      ['Cashback', '5,00%', '8,00%'],
      ['Validade', '90 dias', 'não vence'],
    ]);
    expect(diferencasDaRegra(null, REGRA).map((d) => d.rotulo)).toEqual(['Cashback', 'Pontos por real', 'Compra mínima', 'Máximo por venda', 'Validade', 'Carência']);
    expect(diferencasDaRegra(REGRA, null)).toEqual([]);
  });
});
