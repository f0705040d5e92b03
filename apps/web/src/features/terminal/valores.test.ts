import { describe, expect, it } from 'vitest';
import { identificacaoDaBusca, lerReais, maximoResgate, pareceCartao, preencherCadastro, reaisParaTexto } from './valores';

describe('valores do terminal', () => {
  it('lê reais como o balcão digita', () => {
    expect(lerReais('123,45')).toBe(123.45);
    expect(lerReais('1.234,5')).toBe(1234.5);
    expect(lerReais('123.45')).toBe(123.45);
    expect(lerReais('R$ 10')).toBe(10);
    expect(lerReais('')).toBeNull();
    expect(lerReais('abc')).toBeNull();
    expect(lerReais('1,234')).toBeNull();
  });

  it('formata para o campo e limita o resgate ao saldo e ao valor', () => {
    expect(reaisParaTexto(1234.5)).toBe('1.234,50');
    expect(maximoResgate(12.5, 100)).toBe(12.5);
    expect(maximoResgate(12.5, 8)).toBe(8);
    expect(maximoResgate(12.5, null)).toBe(0);
  });

  it('preenche o cadastro rápido pelo que foi buscado', () => {
    expect(preencherCadastro('529.982.247-25')).toEqual({ nome: '', documento: '52998224725', celular: '' });
    expect(preencherCadastro('(11) 98765-4321')).toEqual({ nome: '', documento: '', celular: '11987654321' });
    expect(preencherCadastro('Joana Prado')).toEqual({ nome: 'Joana Prado', documento: '', celular: '' });
  });

  it('reconhece o cartão do leitor (16 dígitos) e diz como o cliente foi identificado', () => {
    expect(pareceCartao('6062 8201 2345 6789')).toBe(true);
    expect(pareceCartao('6062820123456789')).toBe(true);
    expect(pareceCartao('606282012345678')).toBe(false);
    expect(identificacaoDaBusca('6062820123456789')).toBe('CARTAO');
    expect(identificacaoDaBusca('529.982.247-25')).toBe('CPF');
    expect(identificacaoDaBusca('(11) 98765-4321')).toBe('CELULAR');
    expect(identificacaoDaBusca('Joana')).toBe('BUSCA');
    expect(identificacaoDaBusca('123')).toBe('BUSCA');
  });
});
