import { MENSAGENS } from '@bonifica/contracts';
import { PaginaErro } from '../../../components/pagina-erro';

export function Component() {
  return (
    <PaginaErro
      codigo="500"
      titulo="Erro no servidor"
      descricao={MENSAGENS.erroServidorRecarregue}
      acao={{ rotulo: 'Ir para o início', para: '/' }}
    />
  );
}
