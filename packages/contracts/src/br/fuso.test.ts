import { describe, it, expect } from 'vitest';
import type { FusoHorario } from '../company.js';
import { FUSOS_HORARIOS_OPCOES, offsetFuso, zonaIana } from './fuso.js';

describe('FUSOS_HORARIOS_OPCOES', () => {
  it('lists the three spec options in order', () => {
    expect(FUSOS_HORARIOS_OPCOES).toEqual([
      { valor: 'UTC_3_BRASIL', label: 'Brasília', zona: 'America/Sao_Paulo', offset: '-03:00' },
      {
        valor: 'UTC_4_BRASIL',
        label: 'Manaus, Cuiabá, Campo Grande, Porto Velho, Boa Vista',
        zona: 'America/Manaus',
        offset: '-04:00',
      },
      { valor: 'UTC_5_BRASIL', label: 'Rio Branco', zona: 'America/Rio_Branco', offset: '-05:00' },
    ]);
  });
});

describe('zonaIana / offsetFuso', () => {
  it.each([
    ['UTC_3_BRASIL', 'America/Sao_Paulo', '-03:00'],
    ['UTC_4_BRASIL', 'America/Manaus', '-04:00'],
    ['UTC_5_BRASIL', 'America/Rio_Branco', '-05:00'],
    [null, 'America/Sao_Paulo', '-03:00'],
    [undefined, 'America/Sao_Paulo', '-03:00'],
    ['UTC_9_MARTE' as FusoHorario, 'America/Sao_Paulo', '-03:00'],
  ] as [FusoHorario | null | undefined, string, string][])('%j → %s %s', (fuso, zona, offset) => {
    expect(zonaIana(fuso)).toBe(zona);
    expect(offsetFuso(fuso)).toBe(offset);
  });
});
