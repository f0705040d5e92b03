import { PaginaCupons } from './cupons-page';

/** Cupons › lotes. */
export function Component() {
  return <PaginaCupons tipo="LOTE" />;
}
