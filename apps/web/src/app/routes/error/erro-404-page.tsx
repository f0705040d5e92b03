import { PaginaErro } from '../../../components/pagina-erro';

export function Component() {
  return (
    <PaginaErro
      codigo="404"
      titulo="Página não encontrada"
      descricao="O endereço que você abriu não existe ou foi movido. Confira o link ou volte ao início."
      acao={{ rotulo: 'Ir para o início', para: '/' }}
    />
  );
}
