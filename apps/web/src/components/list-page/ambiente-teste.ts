import { vi } from 'vitest';

/**
 * Test helper for pages with a mantine-datatable, called in beforeEach.
 * The table shows a column only while its media query matches and asks `matchMedia('')` for
 * columns without one: a browser answers true for the empty query, but the shared jsdom stub
 * answers false for everything, which would hide every column. It also scrolls its viewport with
 * `element.scrollTo`, which jsdom lacks.
 */
export function prepararAmbienteTabela(): void {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    matches: query.trim() === '',
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
  Element.prototype.scrollTo ??= () => {};
}
