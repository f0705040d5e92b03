import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach } from 'vitest';
import { respostaMidia } from './midia';

// Mantine reads matchMedia and ResizeObserver, which jsdom does not implement.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => respostaMidia(query, false),
  });
}

class ResizeObserverFalso {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverFalso });
}

// findBy*/waitFor wait up to 5 s instead of 1 s: on a loaded 2-core CI machine a page's first render
// and its fake server's answer can take longer than a second. A screen that never shows still fails.
configure({ asyncUtilTimeout: 5000 });

Element.prototype.scrollIntoView ??= () => {};
window.scrollTo = () => {};

beforeEach(() => {
  sessionStorage.clear();
  document.title = '';
});

afterEach(() => {
  cleanup();
  // The toast store is module-global; one test's toasts must not show up in the next.
  notifications.clean();
  notifications.cleanQueue();
});
