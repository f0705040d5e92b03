import { describe, expect, it } from 'vitest';
import { CORES_LEGIVEIS, FUNDOS, resolverVariaveis, tema } from './tema';

/** WCAG 2.x relative luminance and contrast ratio, written from the definition. */
function luminancia(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contraste(a: string, b: string): number {
  const [x, y] = [luminancia(a), luminancia(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
}

describe('tema: contraste AA (4,5:1) do texto secundário e dos campos desabilitados', () => {
  it('a conta confere com valores conhecidos', () => {
    expect(contraste('#000000', '#ffffff')).toBeCloseTo(21, 5);
    // Mantine's default dimmed (gray-6) on white: the 3.3:1 the review measured.
    expect(contraste('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
  });

  it.each(Object.entries(FUNDOS))('texto secundário (dimmed) sobre o fundo %s ≥ 4,5', (_nome, fundo) => {
    expect(contraste(CORES_LEGIVEIS.dimmed, fundo)).toBeGreaterThanOrEqual(4.5);
  });

  it('texto de campo desabilitado sobre o fundo do campo desabilitado ≥ 4,5', () => {
    expect(contraste(CORES_LEGIVEIS.desabilitadoTexto, CORES_LEGIVEIS.desabilitadoFundo)).toBeGreaterThanOrEqual(4.5);
  });

  it('o tema aplica essas cores e tira a opacidade de 60% do campo desabilitado', () => {
    const v = resolverVariaveis(tema as Parameters<typeof resolverVariaveis>[0]).light;
    expect(v['--mantine-color-dimmed']).toBe(CORES_LEGIVEIS.dimmed);
    expect(v['--mantine-color-disabled-color']).toBe(CORES_LEGIVEIS.desabilitadoTexto);
    expect(v['--mantine-color-disabled']).toBe(CORES_LEGIVEIS.desabilitadoFundo);
    expect(tema.components?.Input?.styles).toMatchObject({ input: { opacity: 1 } });
  });
});
