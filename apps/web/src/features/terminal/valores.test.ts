import { describe, expect, it } from 'vitest';
import { lerReais, mascararCpfParcial, maximoResgate, preencherCadastro, reaisParaTexto } from './valores';

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

  it('mascara o CPF e preenche o cadastro rápido pelo que foi buscado', () => {
    expect(mascararCpfParcial('52998224725')).toBe('***.982.247-**');
    expect(preencherCadastro('529.982.247-25')).toEqual({ nome: '', documento: '52998224725', celular: '' });
    expect(preencherCadastro('(11) 98765-4321')).toEqual({ nome: '', documento: '', celular: '11987654321' });
    expect(preencherCadastro('Joana Prado')).toEqual({ nome: 'Joana Prado', documento: '', celular: '' });
  });
});
