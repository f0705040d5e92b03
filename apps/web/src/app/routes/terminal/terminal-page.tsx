import { Terminal } from '../../../features/terminal/terminal';

/** /app/terminal — opened from the profile menu in a new tab (issue 3 §6). */
export function Component() {
  return <Terminal />;
}
