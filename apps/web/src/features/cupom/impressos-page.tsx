import { PaginaCupons } from './cupons-page';

/** Cupons › impressos. */
export function Component() {
  return <PaginaCupons tipo="IMPRESSO" />;
}
