import { describe, expect, it } from 'vitest';
import { linkWhatsApp } from './abrir-externo';

describe('linkWhatsApp', () => {
  it.each([
    ['11987654321', 'https://wa.me/5511987654321'],
    ['(11) 98765-4321', 'https://wa.me/5511987654321'],
    ['+55 11 98765-4321', 'https://wa.me/5511987654321'],
    ['1133334444', 'https://wa.me/551133334444'],
  ])('%j → %j', (numero, esperado) => expect(linkWhatsApp(numero)).toBe(esperado));

  it('sem número válido não há link', () => {
    expect(linkWhatsApp(null)).toBeNull();
    expect(linkWhatsApp('123')).toBeNull();
  });

  it('leva o texto inicial codificado', () => {
    expect(linkWhatsApp('11987654321', 'Olá, ajuda')).toBe('https://wa.me/5511987654321?text=Ol%C3%A1%2C%20ajuda');
  });
});
