import { describe, expect, it } from 'vitest';
import { UFS, UFS_OPCOES, ufValida } from './uf.js';

describe('UFS', () => {
  it('tem as 27 unidades da federação, em ordem de sigla, com nome', () => {
    expect(UFS).toHaveLength(27);
    expect(UFS[0]).toBe('AC');
    expect(UFS).toContain('DF');
    expect(UFS_OPCOES.find((u) => u.sigla === 'SP')?.nome).toBe('São Paulo');
    expect([...UFS].sort()).toEqual(UFS);
  });

  it.each([
    ['SP', true],
    ['sp', true],
    [' rj ', true],
    ['DF', true],
    ['XX', false],
    ['S', false],
    ['', false],
    [null, false],
  ])('ufValida(%j) → %s', (valor, esperado) => {
    expect(ufValida(valor)).toBe(esperado);
  });
});
