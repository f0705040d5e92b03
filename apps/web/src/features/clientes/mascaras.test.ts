import { describe, expect, it } from 'vitest';
import { formatarDocumento } from '../../lib/format';
import { mascararCep } from '../../components/campo-cep';
import { isoParaDataBR, mascararData, mascararTelefone } from './mascaras';

describe('máscaras do cadastro de clientes', () => {
  it.each([
    ['', ''],
    ['0', '0'],
    ['09', '09'],
    ['090', '09/0'],
    ['0907', '09/07'],
    ['09071', '09/07/1'],
    ['09071984', '09/07/1984'],
    ['09/07/1984', '09/07/1984'],
    ['090719845', '09/07/1984'],
    ['9.7.84', '97/84'],
  ])('mascararData(%j) → %j', (entrada, esperado) => expect(mascararData(entrada)).toBe(esperado));

  it.each([
    ['', ''],
    ['1', '(1'],
    ['11', '(11'],
    ['119', '(11) 9'],
    ['1132650606', '(11) 3265-0606'],
    ['11987654321', '(11) 98765-4321'],
    ['(11) 98765-43210', '(11) 98765-4321'],
  ])('mascararTelefone(%j) → %j', (entrada, esperado) => expect(mascararTelefone(entrada)).toBe(esperado));

  it.each([
    ['01001', '01001'],
    ['010010', '01001-0'],
    ['01001000', '01001-000'],
    ['01.001-000', '01001-000'],
  ])('mascararCep(%j) → %j', (entrada, esperado) => expect(mascararCep(entrada)).toBe(esperado));

  it.each([
    ['1984-07-09', '09/07/1984'],
    [null, ''],
    ['09/07/1984', ''],
  ])('isoParaDataBR(%j) → %j', (entrada, esperado) => expect(isoParaDataBR(entrada)).toBe(esperado));

  it.each([
    ['52998224725', '529.982.247-25'],
    ['11444777000161', '11.444.777/0001-61'],
    ['12ABC345000188', '12.ABC.345/0001-88'],
    ['1234', '1234'],
    [null, ''],
  ])('formatarDocumento(%j) → %j', (entrada, esperado) => expect(formatarDocumento(entrada)).toBe(esperado));
});
