import { vi } from 'vitest';
import { respostaMidia } from '../../test/midia';

/**
 * Test helper for pages with a mantine-datatable, called in beforeEach.
 * The table shows a column only while its media query matches and asks `matchMedia('')` for
 * columns without one: a browser answers true for the empty query, but the shared jsdom stub
 * answers false for everything, which would hide every column. It also scrolls its viewport with
 * `element.scrollTo`, which jsdom lacks. `casa` simulates a screen width (which queries match); the default
 * is a desktop: every `min-width` query matches, so columns hidden only on phones are shown.
 */
export function prepararAmbienteTabela(casa: (query: string) => boolean = (q) => q.trim() === '' || q.includes('min-width')): void {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => respostaMidia(query, casa(query)));
  Element.prototype.scrollTo ??= () => {};
}
