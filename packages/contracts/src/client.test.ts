import { describe, expect, it } from 'vitest';
import { clienteSaveSchema, filtroClienteSchema, hojeISO } from './client.js';

const mensagem = (dados: unknown) => {
  const r = clienteSaveSchema.safeParse(dados);
  return r.success ? null : r.error.issues[0]?.message;
};

describe('clienteSaveSchema', () => {
  it('limpa máscaras e troca vazios por null', () => {
    expect(
      clienteSaveSchema.parse({
        nome: '  Sônia Brito ',
        documento: '12.abc.345/01de-35',
        dataNascimento: '',
        celular: '+55 (11) 99123-4567',
        email: ' Sonia@Exemplo.COM ',
        cep: '01001-000',
        uf: 'sp',
        complemento: '   ',
      }),
    ).toEqual({
      nome: 'Sônia Brito',
      documento: '12ABC34501DE35',
      dataNascimento: null,
      celular: '11991234567',
      celularWhatsapp: false,
      email: 'sonia@exemplo.com',
      cep: '01001000',
      uf: 'SP',
      logradouro: null,
      numero: null,
      complemento: null,
      bairro: null,
      cidade: null,
      observacoes: null,
    });
  });

  it.each([
    [{ nome: 'A' }, 'Informe o nome do cliente (ao menos 2 letras).'],
    [{ nome: 'Teste', documento: '529.982.247-24' }, 'CPF inválido.'],
    [{ nome: 'Teste', documento: '11.444.777/0001-62' }, 'CNPJ inválido.'],
    [{ nome: 'Teste', documento: 'abc' }, 'CPF/CNPJ inválido. Informe os 11 dígitos do CPF ou os 14 caracteres do CNPJ.'],
    [{ nome: 'Teste', celular: '119912345' }, 'Celular inválido. Informe o DDD e o número (10 ou 11 dígitos).'],
    [{ nome: 'Teste', dataNascimento: '2000-13-01' }, 'Data de nascimento inválida.'],
    [{ nome: 'Teste', dataNascimento: '9999-01-01' }, 'A data de nascimento não pode estar no futuro.'],
    [{ nome: 'Teste', uf: 'BR' }, 'UF inválida.'],
    [{ nome: 'Teste', cep: '123' }, 'CEP inválido. Informe os 8 dígitos.'],
  ])('%j → %s', (dados, esperado) => expect(mensagem(dados)).toBe(esperado));

  it('aceita hoje e 01/01/1900 como nascimento', () => {
    expect(mensagem({ nome: 'Teste', dataNascimento: hojeISO() })).toBeNull();
    expect(mensagem({ nome: 'Teste', dataNascimento: '1900-01-01' })).toBeNull();
  });
});

describe('hojeISO', () => {
  it('é a data de Brasília, não a de UTC', () => {
    expect(hojeISO(new Date('2026-03-01T02:00:00Z'))).toBe('2026-02-28');
    expect(hojeISO(new Date('2026-03-01T03:00:00Z'))).toBe('2026-03-01');
  });
});

describe('filtroClienteSchema', () => {
  it('recusa mês fora de 1..12 e campos desconhecidos', () => {
    expect(filtroClienteSchema.safeParse({ aniversarioMes: 0 }).success).toBe(false);
    expect(filtroClienteSchema.safeParse({ empresaId: 1 }).success).toBe(false);
    expect(filtroClienteSchema.parse({ busca: '  maria ' })).toEqual({ busca: 'maria' });
  });
});
