import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { lerHandle } from './route-handle';
import { useNomeSistema } from './nome-sistema';

/** Spec §1: the page title is the system name, a separator, then the deepest route's breadcrumb. */
export function TituloDocumento() {
  const nomeSistema = useNomeSistema();
  const matches = useMatches();
  const rotulo = matches
    .map(lerHandle)
    .filter((h) => h !== null)
    .at(-1)?.breadcrumb;

  useEffect(() => {
    document.title = rotulo ? `${nomeSistema} | ${rotulo}` : nomeSistema;
  }, [nomeSistema, rotulo]);

  return null;
}
