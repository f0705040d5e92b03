import { isRouteErrorResponse, useRouteError } from 'react-router';
import { MENSAGENS } from '@bonifica/contracts';
import { PaginaErro } from '../components/pagina-erro';

/** Last line of defence: a loader or a lazy chunk failed (e.g. a new deploy replaced the files). */
export function ErroRota() {
  const erro = useRouteError();
  if (isRouteErrorResponse(erro) && erro.status === 404) {
    return (
      <PaginaErro
        codigo="404"
        titulo="Página não encontrada"
        descricao="O endereço que você abriu não existe ou foi movido."
        acao={{ rotulo: 'Ir para o início', para: '/' }}
      />
    );
  }
  if (import.meta.env.DEV) console.error(erro);
  return (
    <PaginaErro
      codigo="500"
      titulo="Algo deu errado"
      descricao={MENSAGENS.erroServidorRecarregue}
      acao={{ rotulo: 'Recarregar a página', aoClicar: () => window.location.reload() }}
    />
  );
}
