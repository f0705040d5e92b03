import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { CONSTANTES } from '@bonifica/contracts';
import { renderizarApp } from '../../test/renderizar-app';
import { falha, responder, rotasPadrao, servidorFalso, usuarioAdmin, usuarioGerente } from '../../test/servidor-falso';

describe('guarda de rotas (spec §5)', () => {
  it('sem login: guarda a URL pedida em url-acesso-backoffice e leva ao login', async () => {
    servidorFalso(rotasPadrao(null));
    const { caminho } = renderizarApp('/app/cadastros/perfil?aba=dados');

    expect(await screen.findByLabelText('Usuário')).toBeInTheDocument();
    expect(caminho()).toBe('/auth/user/login');
    expect(sessionStorage.getItem(CONSTANTES.chaveUrlAcesso)).toBe('/app/cadastros/perfil?aba=dados');
  });

  it('a raiz leva ao login quando ninguém está logado', async () => {
    servidorFalso(rotasPadrao(null));
    const { caminho } = renderizarApp('/');
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(caminho()).toBe('/auth/user/login');
    expect(sessionStorage.getItem(CONSTANTES.chaveUrlAcesso)).toBeNull();
  });

  it('esqueci minha senha e alterar senha abrem sem login', async () => {
    servidorFalso(rotasPadrao(null));
    const { caminho } = renderizarApp('/auth/esqueci-minha-senha');
    expect(await screen.findByLabelText('Usuário ou e-mail')).toBeInTheDocument();
    expect(caminho()).toBe('/auth/esqueci-minha-senha');
  });

  it('logado, ao abrir o login vai para /app (boas-vindas)', async () => {
    servidorFalso(rotasPadrao(usuarioGerente));
    const { caminho } = renderizarApp('/auth/user/login');
    expect(await screen.findByRole('heading', { name: /Mariana!/ })).toBeInTheDocument();
    expect(caminho()).toBe('/app/pages/bemvindo');
  });

  it('logado, ao abrir a raiz vai para /app', async () => {
    servidorFalso(rotasPadrao(usuarioGerente));
    const { caminho } = renderizarApp('/');
    await screen.findByRole('heading', { name: /Mariana!/ });
    expect(caminho()).toBe('/app/pages/bemvindo');
  });

  it('sem a permissão pedida vai para /app/acesso-negado', async () => {
    servidorFalso(rotasPadrao({ ...usuarioGerente, permissions: ['ROLE_USER_COMPANY'] }));
    const { caminho } = renderizarApp('/app/cadastros/usuarios');
    expect(await screen.findByRole('heading', { name: 'Acesso negado' })).toBeInTheDocument();
    expect(caminho()).toBe('/app/acesso-negado');
  });

  it('basta UMA das permissões da lista (any-of)', async () => {
    servidorFalso(rotasPadrao({ ...usuarioGerente, permissions: ['USUARIO_GERENCIAR'] }));
    const { caminho } = renderizarApp('/app/cadastros/usuarios');
    expect(await screen.findByRole('heading', { name: 'Usuários' })).toBeInTheDocument();
    expect(caminho()).toBe('/app/cadastros/usuarios');
  });

  it('servidor WhatsApp é só para perfis de empresa', async () => {
    servidorFalso(rotasPadrao(usuarioAdmin));
    const { caminho } = renderizarApp('/app/servidor/whats');
    await screen.findByRole('heading', { name: 'Acesso negado' });
    expect(caminho()).toBe('/app/acesso-negado');
  });

  it('falha ao carregar o usuário conta como acesso negado: volta ao login', async () => {
    servidorFalso({ ...rotasPadrao(usuarioGerente), 'GET user/getUserInformations': responder(() => falha(500, 'Erro interno')) });
    const { caminho } = renderizarApp('/app/pages/bemvindo');
    expect(await screen.findByLabelText('Usuário')).toBeInTheDocument();
    expect(caminho()).toBe('/auth/user/login');
    expect(sessionStorage.getItem(CONSTANTES.chaveUrlAcesso)).toBe('/app/pages/bemvindo');
  });

  it('o usuário é carregado uma vez e reaproveitado entre páginas', async () => {
    const servidor = servidorFalso(rotasPadrao(usuarioGerente));
    const { router } = renderizarApp('/app/pages/bemvindo');
    await screen.findByRole('heading', { name: /Mariana!/ });
    await router.navigate('/app/cadastros/perfil');
    expect(await screen.findByRole('heading', { name: 'Meu Perfil' })).toBeInTheDocument();
    expect(servidor.chamadas('GET user/getUserInformations')).toHaveLength(1);
  });

  it('endereço desconhecido vai para /error/404', async () => {
    servidorFalso(rotasPadrao(null));
    const { caminho } = renderizarApp('/nao/existe');
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeInTheDocument();
    expect(caminho()).toBe('/error/404');
  });

  describe('áreas de administração do sistema (ROLE_ADMIN + verificação backoffice admin)', () => {
    it('administrador com acesso confirmado vê a área do sistema', async () => {
      const servidor = servidorFalso(rotasPadrao(usuarioAdmin));
      renderizarApp('/app/sistema/monitoramento/detalhes/12');
      expect(await screen.findByRole('heading', { level: 1, name: 'Detalhes do monitoramento' })).toBeInTheDocument();
      expect(servidor.chamadas('GET company/acesso/backoffice/admin')).toHaveLength(1);
      expect(sessionStorage.getItem('acesso-backoffice-admin')).toBe('true');
    });

    it('verificação falsa nega o acesso e limpa a marca guardada', async () => {
      servidorFalso({ ...rotasPadrao(usuarioAdmin), 'GET company/acesso/backoffice/admin': false });
      const { caminho } = renderizarApp('/app/sistema/configuracoes');
      await screen.findByRole('heading', { name: 'Acesso negado' });
      expect(caminho()).toBe('/app/acesso-negado');
      expect(sessionStorage.getItem('acesso-backoffice-admin')).toBeNull();
    });

    it('falha na verificação também nega o acesso', async () => {
      sessionStorage.removeItem('acesso-backoffice-admin');
      servidorFalso({
        ...rotasPadrao(usuarioAdmin),
        'GET company/acesso/backoffice/admin': responder(() => falha(500, 'Erro no servidor.')),
      });
      const { caminho } = renderizarApp('/app/sistema/tarefa');
      await screen.findByRole('heading', { name: 'Acesso negado' });
      expect(caminho()).toBe('/app/acesso-negado');
    });

    it('usuário de empresa sem ROLE_ADMIN não chega à verificação', async () => {
      const servidor = servidorFalso(rotasPadrao(usuarioGerente));
      const { caminho } = renderizarApp('/app/sistema/white-label');
      await screen.findByRole('heading', { name: 'Acesso negado' });
      expect(caminho()).toBe('/app/acesso-negado');
      await waitFor(() => expect(servidor.chamadas('GET company/acesso/backoffice/admin')).toHaveLength(0));
    });
  });
});
