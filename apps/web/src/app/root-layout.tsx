import { Outlet } from 'react-router';
import { TituloDocumento } from './titulo-documento';
import { useSessaoExpirada } from './session/use-sessao-expirada';
import { AplicarWhiteLabel } from './white-label';

/** Root of every route: the page title and the session-expiry watcher live above both layouts. */
export function RootLayout() {
  useSessaoExpirada();
  return (
    <>
      <TituloDocumento />
      <AplicarWhiteLabel />
      <Outlet />
    </>
  );
}
