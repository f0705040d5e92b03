import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { CONSTANTES, MENSAGENS } from '@bonifica/contracts';
import { renderizarApp } from '../../test/renderizar-app';
import { envelope, falha, responder, rotasPadrao, servidorFalso, usuarioGerente } from '../../test/servidor-falso';

/** The user endpoint answers 401 until /login succeeds, like the real session. */
function servidorComLogin(respostaLogin: Parameters<typeof responder>[0]) {
  let logado = false;
  return servidorFalso({
    ...rotasPadrao(usuarioGerente),
    'GET user/getUserInformations': responder(() =>
      logado ? { corpo: envelope(usuarioGerente) } : falha(401, MENSAGENS.naoAutenticado),
    ),
    'POST /login': responder(async (req) => {
      const resposta = await respostaLogin(req);
      if ((resposta.status ?? 200) < 400) logado = true;
      return resposta;
    }),
  });
}

const loginOk = () => ({ corpo: { auth: { hasError: false, messageError: null } }, headers: { 'remember-me': 'token-lembrar-123' } });

describe('login', () => {
  it('envia token do cliente, credenciais Basic e remember-me; depois restaura a URL guardada', async () => {
    sessionStorage.setItem(CONSTANTES.chaveUrlAcesso, '/app/cadastros/perfil');
    const servidor = servidorComLogin(loginOk);
    const { usuario, caminho } = renderizarApp('/auth/user/login');

    await usuario.type(await screen.findByLabelText('Usuário'), 'gerente');
    await usuario.type(screen.getByLabelText('Senha'), 'démo1234');
    await usuario.click(screen.getByLabelText('Lembrar-me'));
    await usuario.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByRole('heading', { name: 'Meu Perfil' })).toBeInTheDocument();
    expect(caminho()).toBe('/app/cadastros/perfil');
    expect(sessionStorage.getItem(CONSTANTES.chaveUrlAcesso)).toBeNull();

    const [req] = servidor.chamadas('POST /login');
    expect(req.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(req.corpo).toBe('token=bonifica-backoffice-web');
    expect(req.headers.get('remember-me')).toBe('true');
    const basico = req.headers.get('Authorization') ?? '';
    expect(basico.startsWith('Basic ')).toBe(true);
    const decodificado = new TextDecoder().decode(Uint8Array.from(atob(basico.slice(6)), (c) => c.charCodeAt(0)));
    expect(decodificado).toBe('gerente:démo1234');
    expect(sessionStorage.getItem(CONSTANTES.chaveRememberMe)).toBe('token-lembrar-123');
  });

  it('sem URL guardada, entra em /app (boas-vindas) e manda remember-me: false', async () => {
    const servidor = servidorComLogin(loginOk);
    const { usuario, caminho } = renderizarApp('/auth/user/login');
    await usuario.type(await screen.findByLabelText('Usuário'), 'gerente');
    await usuario.type(screen.getByLabelText('Senha'), 'demo1234');
    await usuario.click(screen.getByRole('button', { name: 'Entrar' }));
    await screen.findByRole('heading', { name: /Mariana!/ });
    expect(caminho()).toBe('/app/pages/bemvindo');
    expect(servidor.chamadas('POST /login')[0].headers.get('remember-me')).toBe('false');
  });

  it('mostra a messageError quando o servidor responde hasError', async () => {
    servidorComLogin(() => ({ status: 401, corpo: { auth: { hasError: true, messageError: 'Usuário ou senha inválidos.' } } }));
    const { usuario, caminho } = renderizarApp('/auth/user/login');
    await usuario.type(await screen.findByLabelText('Usuário'), 'gerente');
    await usuario.type(screen.getByLabelText('Senha'), 'errada');
    await usuario.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Usuário ou senha inválidos.');
    expect(caminho()).toBe('/auth/user/login');
  });

  it('falha de rede mostra "Erro no servidor."', async () => {
    const servidor = servidorComLogin(loginOk);
    const fetchOriginal = servidor.fetch.getMockImplementation();
    servidor.fetch.mockImplementation(async (entrada, init) => {
      if (String(entrada) === '/login') throw new TypeError('Failed to fetch');
      return fetchOriginal!(entrada, init);
    });
    const { usuario } = renderizarApp('/auth/user/login');
    await usuario.type(await screen.findByLabelText('Usuário'), 'gerente');
    await usuario.type(screen.getByLabelText('Senha'), 'demo1234');
    await usuario.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MENSAGENS.loginFalha);
  });

  it('pede usuário e senha antes de chamar o servidor', async () => {
    const servidor = servidorComLogin(loginOk);
    const { usuario } = renderizarApp('/auth/user/login');
    await usuario.click(await screen.findByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Informe o usuário.')).toBeInTheDocument();
    expect(screen.getByText('Informe a senha.')).toBeInTheDocument();
    expect(servidor.chamadas('POST /login')).toHaveLength(0);
  });

  it('tem link para "Esqueci minha senha"', async () => {
    servidorComLogin(loginOk);
    const { usuario, caminho } = renderizarApp('/auth/user/login');
    await usuario.click(await screen.findByRole('link', { name: 'Esqueci minha senha' }));
    await screen.findByLabelText('Usuário ou e-mail');
    expect(caminho()).toBe('/auth/esqueci-minha-senha');
  });
});

describe('esqueci minha senha', () => {
  it('chama user/esqueciminhasenha/{x} codificado e mostra a mensagem do servidor', async () => {
    const servidor = servidorFalso({
      ...rotasPadrao(null),
      'GET user/esqueciminhasenha/maria%40exemplo.com.br': 'Enviamos as instruções para o e-mail cadastrado.',
    });
    const { usuario } = renderizarApp('/auth/esqueci-minha-senha');
    await usuario.type(await screen.findByLabelText('Usuário ou e-mail'), 'maria@exemplo.com.br');
    await usuario.click(screen.getByRole('button', { name: 'Enviar link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Enviamos as instruções para o e-mail cadastrado.');
    expect(servidor.requisicoes.some((r) => r.url.pathname === '/services/user/esqueciminhasenha/maria%40exemplo.com.br')).toBe(true);
  });
});

describe('alterar senha pelo link do e-mail', () => {
  it('lê ?token= e envia user/changePassword com o token', async () => {
    const servidor = servidorFalso({ ...rotasPadrao(null), 'POST user/changePassword': null });
    const { usuario } = renderizarApp('/auth/alterar-senha?token=abc123');
    await usuario.type(await screen.findByLabelText('Nova senha'), 'novaSenha9');
    await usuario.type(screen.getByLabelText('Confirme a nova senha'), 'novaSenha9');
    await usuario.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(await screen.findByText('Senha alterada')).toBeInTheDocument();
    const [req] = servidor.chamadas('POST user/changePassword');
    expect(JSON.parse(req.corpo ?? '{}')).toEqual({ token: 'abc123', novaSenha: 'novaSenha9', confirmacaoSenha: 'novaSenha9' });
  });

  it('sem token, oferece pedir um novo link', async () => {
    servidorFalso(rotasPadrao(null));
    renderizarApp('/auth/alterar-senha');
    expect(await screen.findByRole('heading', { name: 'Link inválido' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pedir um novo link' })).toHaveAttribute('href', '/auth/esqueci-minha-senha');
  });
});

describe('sessão expirada (401 no meio do trabalho)', () => {
  it('guarda onde o usuário estava e leva ao login com o aviso', async () => {
    let expirou = false;
    servidorFalso({
      ...rotasPadrao(usuarioGerente),
      'GET user/getUserInformations': responder(() =>
        expirou ? falha(401, MENSAGENS.naoAutenticado) : { corpo: envelope(usuarioGerente) },
      ),
      'POST user/salvarperfil': responder(() => {
        expirou = true;
        return falha(401, MENSAGENS.naoAutenticado);
      }),
    });
    const { usuario, caminho } = renderizarApp('/app/cadastros/perfil?x=1');
    const nome = await screen.findByLabelText(/Nome/);
    await usuario.clear(nome);
    await usuario.type(nome, 'Mariana Lima');
    await usuario.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Sua sessão expirou. Entre novamente.')).toBeInTheDocument();
    expect(caminho()).toBe('/auth/user/login');
    expect(sessionStorage.getItem(CONSTANTES.chaveUrlAcesso)).toBe('/app/cadastros/perfil?x=1');
  });
});

vi.mock('../../lib/navegador', () => ({ sairDoApp: vi.fn() }));

describe('sair', () => {
  it('limpa o remember-me e vai para /logout', async () => {
    const { sairDoApp } = await import('../../lib/navegador');
    sessionStorage.setItem(CONSTANTES.chaveRememberMe, 'token-velho');
    servidorFalso(rotasPadrao(usuarioGerente));
    const { usuario } = renderizarApp('/app/pages/bemvindo');
    await usuario.click(await screen.findByRole('button', { name: 'Menu do usuário' }));
    await usuario.click(await screen.findByRole('menuitem', { name: 'Sair' }));
    await waitFor(() => expect(sairDoApp).toHaveBeenCalledWith('/logout'));
    expect(sessionStorage.getItem(CONSTANTES.chaveRememberMe)).toBeNull();
  });
});
