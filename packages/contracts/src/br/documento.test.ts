import { describe, it, expect } from 'vitest';
import {
  cnpjValido,
  cpfValido,
  documentoValido,
  mascararDocumentoParcial,
  formatarCnpj,
  formatarCpf,
  tipoDocumento,
  type TipoDocumento,
} from './documento.js';

describe('cpfValido', () => {
  it.each([
    ['529.982.247-25', true],
    ['52998224725', true],
    ['123.456.789-09', true],
    ['52998224724', false],
    ['11111111111', false],
    ['00000000000', false],
    ['5299822472', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('cpfValido(%j) → %s', (valor, esperado) => {
    expect(cpfValido(valor)).toBe(esperado);
  });
});

describe('cnpjValido', () => {
  it.each([
    ['11.222.333/0001-81', true],
    ['11222333000181', true],
    ['Q0.SLF.MBD/7VX4-39', true],
    ['Q0SLFMBD7VX439', true],
    ['q0slfmbd7vx439', true],
    ['12.ABC.345/01DE-35', true],
    ['12ABC34501DE35', true],
    ['12.ABC.345/01DE-36', false],
    ['Q0.SLF.MBD/7VX4-38', false],
    ['11222333000180', false],
    ['00000000000000', false],
    ['1122233300018', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('cnpjValido(%j) → %s', (valor, esperado) => {
    expect(cnpjValido(valor)).toBe(esperado);
  });
});

describe('formatarCpf', () => {
  it.each([
    ['52998224725', '529.982.247-25'],
    ['529.982.247-25', '529.982.247-25'],
    ['529 982 247 25', '529.982.247-25'],
    ['5299822472', '5299822472'],
    ['', ''],
    [null, ''],
  ])('formatarCpf(%j) → %j', (valor, esperado) => {
    expect(formatarCpf(valor)).toBe(esperado);
  });
});

describe('formatarCnpj', () => {
  it.each([
    ['11222333000181', '11.222.333/0001-81'],
    ['11.222.333/0001-81', '11.222.333/0001-81'],
    ['q0slfmbd7vx439', 'Q0.SLF.MBD/7VX4-39'],
    ['12ABC34501DE35', '12.ABC.345/01DE-35'],
    ['1122233300018', '1122233300018'],
    ['12ABC34501DEXX', '12ABC34501DEXX'],
    ['', ''],
    [undefined, ''],
  ])('formatarCnpj(%j) → %j', (valor, esperado) => {
    expect(formatarCnpj(valor)).toBe(esperado);
  });
});

describe('tipoDocumento', () => {
  it.each([
    ['529.982.247-25', 'CPF'],
    ['52998224724', 'CPF'],
    ['11.222.333/0001-81', 'CNPJ'],
    ['Q0.SLF.MBD/7VX4-39', 'CNPJ'],
    ['12ABC34501DEXX', null],
    ['123456789', null],
    ['', null],
    [null, null],
  ] as [string | null, TipoDocumento | null][])('tipoDocumento(%j) → %s', (valor, esperado) => {
    expect(tipoDocumento(valor)).toBe(esperado);
  });
});

describe('documentoValido', () => {
  it.each([
    ['529.982.247-25', true],
    ['52998224724', false],
    ['11.222.333/0001-81', true],
    ['11.222.333/0001-80', false],
    ['Q0.SLF.MBD/7VX4-39', true],
    ['12.ABC.345/01DE-35', true],
    ['12.ABC.345/01DE-36', false],
    ['123', false],
    ['', false],
    [null, false],
  ])('documentoValido(%j) → %s', (valor, esperado) => {
    expect(documentoValido(valor)).toBe(esperado);
  });
});

describe('mascararDocumentoParcial', () => {
  it.each([
    ['52998224725', '***.982.247-**'],
    ['529.982.247-25', '***.982.247-**'],
    ['11.222.333/0001-81', '**.222.333/0001-**'],
    ['123', '123'],
    [null, ''],
  ])('mascararDocumentoParcial(%j) → %s', (valor, esperado) => {
    expect(mascararDocumentoParcial(valor)).toBe(esperado);
  });
});
