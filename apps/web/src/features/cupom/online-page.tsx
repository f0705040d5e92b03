import { PaginaCupons } from './cupons-page';

/** Cupons › online. */
export function Component() {
  return <PaginaCupons tipo="ONLINE" />;
}
