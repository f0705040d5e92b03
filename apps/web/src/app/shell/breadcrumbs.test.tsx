import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderizarApp } from '../../test/renderizar-app';
import { rotasPadrao, servidorFalso, usuarioAdmin, usuarioGerente } from '../../test/servidor-falso';

describe('breadcrumbs e título da página (spec §1)', () => {
  it('monta a trilha com os breadcrumbs das rotas e o título "sistema | rota"', async () => {
    servidorFalso({ ...rotasPadrao(usuarioGerente), 'GET config/nomesistema': 'Fidelize' });
    renderizarApp('/app/cadastros/perfil');
    const trilha = within(await screen.findByTestId('breadcrumbs'));
    expect(trilha.getByRole('link', { name: 'Início' })).toHaveAttribute('href', '/app');
    expect(trilha.getByText('Cadastros')).toBeInTheDocument();
    expect(trilha.queryByRole('link', { name: 'Cadastros' })).not.toBeInTheDocument();
    expect(trilha.getByText('Meu Perfil')).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(document.title).toBe('Fidelize | Meu Perfil'));
  });

  it('liga a página-mãe na trilha de uma rota filha', async () => {
    servidorFalso(rotasPadrao(usuarioAdmin));
    renderizarApp('/app/sistema/monitoramento/detalhes/3');
    await screen.findByRole('heading', { level: 1, name: 'Detalhes do monitoramento' });
    const trilha = within(screen.getByTestId('breadcrumbs'));
    expect(trilha.getByRole('link', { name: 'Monitoramento' })).toHaveAttribute('href', '/app/sistema/monitoramento');
    expect(trilha.getByText('Detalhes')).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(document.title).toBe('Bonifica | Detalhes'));
  });

  it('o título acompanha a navegação e usa "Bonifica" se o nome do sistema falhar', async () => {
    servidorFalso({ ...rotasPadrao(usuarioGerente), 'GET config/nomesistema': undefined });
    const { router } = renderizarApp('/app/pages/bemvindo');
    await waitFor(() => expect(document.title).toBe('Bonifica | Bem-vindo'));
    await router.navigate('/app/cadastros/alterar-senha');
    await waitFor(() => expect(document.title).toBe('Bonifica | Alterar Senha'));
  });

  it('o login também tem título', async () => {
    servidorFalso(rotasPadrao(null));
    renderizarApp('/auth/user/login');
    await screen.findByLabelText('Usuário');
    await waitFor(() => expect(document.title).toBe('Bonifica | Entrar'));
  });
});
