import { describe, it, expect } from 'vitest';
import type { FusoHorario } from '../company.js';
import { fimDoDia, formatarData, formatarDataHora, parseDataBR, type DataEntrada } from './datas.js';

describe('formatarData', () => {
  it.each([
    ['2026-03-15T12:00:00Z', undefined, '15/03/2026'],
    ['2026-03-15T02:30:00Z', undefined, '14/03/2026'],
    ['2026-03-15T02:30:00Z', 'UTC_5_BRASIL', '14/03/2026'],
    ['2026-03-15T03:30:00Z', 'UTC_3_BRASIL', '15/03/2026'],
    ['2026-03-15T03:30:00Z', 'UTC_4_BRASIL', '14/03/2026'],
    [new Date(Date.UTC(2026, 0, 1, 2, 0, 0)), undefined, '31/12/2025'],
    ['2026-03-15', undefined, '15/03/2026'],
    ['2026-03-15', 'UTC_5_BRASIL', '15/03/2026'],
    ['não é data', undefined, ''],
    ['', undefined, ''],
    [null, undefined, ''],
    [undefined, undefined, ''],
  ] as [DataEntrada, FusoHorario | undefined, string][])('formatarData(%j, %s) → %j', (data, fuso, esperado) => {
    expect(formatarData(data, fuso)).toBe(esperado);
  });
});

describe('formatarDataHora', () => {
  it.each([
    ['2026-03-15T02:30:00Z', undefined, '14/03/2026 23:30:00'],
    ['2026-03-15T02:30:00Z', 'UTC_3_BRASIL', '14/03/2026 23:30:00'],
    ['2026-03-15T02:30:00Z', 'UTC_4_BRASIL', '14/03/2026 22:30:00'],
    ['2026-03-15T02:30:00Z', 'UTC_5_BRASIL', '14/03/2026 21:30:00'],
    ['2026-03-15T10:00:00-03:00', undefined, '15/03/2026 10:00:00'],
    ['2026-03-15T10:00:00', undefined, '15/03/2026 07:00:00'],
    ['2026-03-15T12:34:56.789Z', undefined, '15/03/2026 09:34:56'],
    // 2019-01-15 was still under Brazilian DST (-02:00): the IANA zone gets it right.
    ['2019-01-15T12:00:00Z', 'UTC_3_BRASIL', '15/01/2019 10:00:00'],
    [new Date(Date.UTC(2026, 6, 4, 15, 5, 9)), 'UTC_4_BRASIL', '04/07/2026 11:05:09'],
    ['2026-03-15', undefined, '15/03/2026 00:00:00'],
    ['lixo', undefined, ''],
    [null, undefined, ''],
  ] as [DataEntrada, FusoHorario | undefined, string][])('formatarDataHora(%j, %s) → %j', (data, fuso, esperado) => {
    expect(formatarDataHora(data, fuso)).toBe(esperado);
  });
});

describe('fimDoDia', () => {
  it.each([
    ['2026-03-31', '2026-03-31T23:59:59-02:00'],
    ['2024-02-29', '2024-02-29T23:59:59-02:00'],
    ['2026-12-31', '2026-12-31T23:59:59-02:00'],
  ])('fimDoDia(%j) → %j', (entrada, esperado) => {
    expect(fimDoDia(entrada)).toBe(esperado);
  });

  it.each(['2026-02-30', '31/03/2026', '2026-3-1', ''])('fimDoDia(%j) throws RangeError', (entrada) => {
    expect(() => fimDoDia(entrada)).toThrow(RangeError);
  });
});

describe('parseDataBR', () => {
  it.each([
    ['15/03/2026', '2026-03-15'],
    [' 01/01/2026 ', '2026-01-01'],
    ['29/02/2024', '2024-02-29'],
    ['29/02/2026', null],
    ['31/02/2026', null],
    ['31/04/2026', null],
    ['00/01/2026', null],
    ['15/13/2026', null],
    ['1/2/2026', null],
    ['2026-03-15', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('parseDataBR(%j) → %j', (entrada, esperado) => {
    expect(parseDataBR(entrada)).toBe(esperado);
  });
});
