import { describe, expect, it } from 'vitest';
import type { ComboboxItem } from '@mantine/core';
import { UFS_OPCOES } from '@bonifica/contracts';
import { filtrarUfs } from './campo-uf';

const opcoes: ComboboxItem[] = UFS_OPCOES.map((u) => ({ value: u.sigla, label: `${u.sigla} – ${u.nome}` }));
const buscar = (search: string) => (filtrarUfs({ options: opcoes, search, limit: 30 }) as ComboboxItem[]).map((o) => o.value);

describe('CampoUf: a sigla digitada vem primeiro', () => {
  it.each([
    ['pa', 'PA'],
    ['PA', 'PA'],
    ['sp', 'SP'],
    ['ma', 'MA'],
    ['am', 'AM'],
    ['rs', 'RS'],
    ['são', 'SP'],
    ['sao paulo', 'SP'],
    ['paraná', 'PR'],
    ['rio de janeiro', 'RJ'],
  ])('%j → %s primeiro', (busca, primeira) => expect(buscar(busca)[0]).toBe(primeira));

  it('depois da sigla exata vêm as siglas que começam assim e os nomes', () => {
    expect(buscar('p').slice(0, 4)).toEqual(['PA', 'PB', 'PE', 'PI']);
    expect(buscar('pa')).toEqual(expect.arrayContaining(['PA', 'PB', 'PR', 'AP']));
    expect(buscar('xx')).toEqual([]);
    expect(buscar('')).toHaveLength(27);
  });
});
