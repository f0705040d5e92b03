/**
 * Leaves the SPA for a server-handled address (e.g. /logout). Kept apart so tests can replace it:
 * jsdom does not let window.location be spied on.
 */
export function sairDoApp(url: string): void {
  window.location.assign(url);
}
