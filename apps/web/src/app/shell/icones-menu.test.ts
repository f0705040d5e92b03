import { describe, expect, it } from 'vitest';
import { IconBrandWhatsapp, IconHome, IconSettings, IconUsers } from '@tabler/icons-react';
import { ICONE_PADRAO, iconeDoMenu } from './icones-menu';

describe('iconeDoMenu', () => {
  it.each([
    ['home', IconHome],
    ['HOME', IconHome],
    ['fa fa-home', IconHome],
    ['nb-home', IconHome],
    ['users', IconUsers],
    ['settings', IconSettings],
    ['whatsapp', IconBrandWhatsapp],
  ])('%j', (nome, icone) => expect(iconeDoMenu(nome)).toBe(icone));

  it('nome desconhecido ou vazio usa o ícone padrão', () => {
    expect(iconeDoMenu('algo-que-nao-existe')).toBe(ICONE_PADRAO);
    expect(iconeDoMenu(null)).toBe(ICONE_PADRAO);
  });
});
