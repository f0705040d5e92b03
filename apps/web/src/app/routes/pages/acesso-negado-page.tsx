import { ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { PaginaErro } from '../../../components/pagina-erro';

export function Component() {
  return (
    <PaginaErro
      icone={
        <ThemeIcon size={64} radius="xl" variant="light" color="red">
          <IconLock size={34} />
        </ThemeIcon>
      }
      titulo="Acesso negado"
      descricao="Você não tem permissão para acessar esta página. Se precisar desse acesso, fale com o administrador da sua empresa."
      acao={{ rotulo: 'Voltar ao início', para: '/app' }}
    />
  );
}
