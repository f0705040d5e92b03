import { describe, expect, it } from 'vitest';
import { lerDataDigitada } from './campo-data';

describe('CampoData: o que o usuário digita', () => {
  it.each([
    ['03/11/1988', '1988-11-03'],
    ['3/11/1988', '1988-11-03'],
    ['03111988', '1988-11-03'],
    [' 29/02/2024 ', '2024-02-29'],
  ])('%j → %j (dia antes do mês, como no Brasil)', (texto, esperado) => expect(lerDataDigitada(texto)).toBe(esperado));

  it.each(['31/02/1990', '29/02/2025', '11/31/2026', '2026', ''])('%j não é data: o campo espera o resto', (texto) => expect(lerDataDigitada(texto)).toBeNull());
});
