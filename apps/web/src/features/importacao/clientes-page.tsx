import { PaginaImportacao } from './pagina-importacao';

export function Component() {
  return <PaginaImportacao tipo="CLIENTE" />;
}
