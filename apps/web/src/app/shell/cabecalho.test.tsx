import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MENSAGENS } from '@bonifica/contracts';
import { renderizarApp } from '../../test/renderizar-app';
import { falha, responder, rotasPadrao, servidorFalso, usuarioAdmin, usuarioGerente } from '../../test/servidor-falso';

describe('cabeçalho (spec §1)', () => {
  it('mostra só o primeiro nome do usuário', async () => {
    servidorFalso(rotasPadrao(usuarioGerente));
    renderizarApp('/app/pages/bemvindo');
    expect(await screen.findByTestId('cabecalho-nome-usuario')).toHaveTextContent(/^Mariana$/);
  });

  it('corta o nome curto da empresa em 20 caracteres e acrescenta "..."', async () => {
    servidorFalso(rotasPadrao({ ...usuarioGerente, companyName: 'Supermercado Bom Preço do Bairro' }));
    renderizarApp('/app/pages/bemvindo');
    expect(await screen.findByTestId('cabecalho-empresa')).toHaveTextContent(/^Supermercado Bom Pre\.\.\.$/);
  });

  it('nome de empresa com até 20 caracteres aparece inteiro', async () => {
    servidorFalso(rotasPadrao({ ...usuarioGerente, companyName: 'Padaria Pão Quente' }));
    renderizarApp('/app/pages/bemvindo');
    expect(await screen.findByTestId('cabecalho-empresa')).toHaveTextContent(/^Padaria Pão Quente$/);
  });

  it('usuário sem empresa aparece como "Analista"', async () => {
    servidorFalso(rotasPadrao(usuarioAdmin));
    renderizarApp('/app/pages/bemvindo');
    expect(await screen.findByTestId('cabecalho-empresa')).toHaveTextContent(/^Analista$/);
    expect(screen.getByTestId('cabecalho-nome-usuario')).toHaveTextContent(/^Carlos$/);
  });

  it('mostra o logo do sistema e o logo da empresa', async () => {
    servidorFalso({ ...rotasPadrao(usuarioGerente), 'GET company/logoimagevo/7': { url: '/arquivo/imagem/empresa/7' } });
    const { container } = renderizarApp('/app/pages/bemvindo');
    expect(await screen.findByRole('img', { name: 'Bonifica' })).toHaveAttribute('src', '/arquivo/imagem/sistema/topoAngular');
    await waitFor(() => expect(container.querySelector('img[src="/arquivo/imagem/empresa/7"]')).not.toBeNull());
  });

  it('ícone do WhatsApp só aparece com servidor DEDICADO e leva a /app/servidor/whats', async () => {
    servidorFalso({ ...rotasPadrao(usuarioGerente), 'GET servidorwhatsapp/tipo/contratado': 'DEDICADO' });
    const { usuario, caminho } = renderizarApp('/app/pages/bemvindo');
    const icone = await screen.findByTestId('icone-whats');
    expect(icone).toHaveAttribute('href', '/app/servidor/whats');
    await usuario.click(icone);
    expect(await screen.findByRole('heading', { name: 'Servidor WhatsApp' })).toBeInTheDocument();
    expect(caminho()).toBe('/app/servidor/whats');
  });

  it('sem ícone do WhatsApp para quem não pode ver a tela (o atendente): não leva a "Acesso negado"', async () => {
    const atendente = { ...usuarioGerente, username: 'atendente', perfil: 'Atendente', permissions: ['CLIENTE_LER'] };
    const servidor = servidorFalso({ ...rotasPadrao(atendente), 'GET servidorwhatsapp/tipo/contratado': 'DEDICADO' });
    renderizarApp('/app/pages/bemvindo');
    await screen.findByTestId('cabecalho-nome-usuario');
    await waitFor(() => expect(servidor.chamadas('GET servidorwhatsapp/tipo/contratado')).toHaveLength(1));
    expect(screen.queryByTestId('icone-whats')).not.toBeInTheDocument();
  });

  it.each(['COMPARTILHADO', 'NENHUM'])('sem ícone do WhatsApp com servidor %s', async (tipo) => {
    const servidor = servidorFalso({ ...rotasPadrao(usuarioGerente), 'GET servidorwhatsapp/tipo/contratado': tipo });
    renderizarApp('/app/pages/bemvindo');
    await screen.findByTestId('cabecalho-nome-usuario');
    await waitFor(() => expect(servidor.chamadas('GET servidorwhatsapp/tipo/contratado')).toHaveLength(1));
    expect(screen.queryByTestId('icone-whats')).not.toBeInTheDocument();
  });

  it('falha no tipo de servidor: registra no console e não mostra o ícone', async () => {
    const erro = vi.spyOn(console, 'error').mockImplementation(() => {});
    servidorFalso({ ...rotasPadrao(usuarioGerente), 'GET servidorwhatsapp/tipo/contratado': responder(() => falha(500, 'x')) });
    renderizarApp('/app/pages/bemvindo');
    await waitFor(() => expect(erro).toHaveBeenCalledWith(MENSAGENS.tipoServidorLog, expect.anything()));
    expect(screen.queryByTestId('icone-whats')).not.toBeInTheDocument();
  });

  it('menu do perfil: Meu Perfil, Alterar Senha, Terminal em nova aba e Sair', async () => {
    servidorFalso(rotasPadrao(usuarioGerente));
    const { usuario, caminho } = renderizarApp('/app/pages/bemvindo');
    await usuario.click(await screen.findByRole('button', { name: 'Menu do usuário' }));
    const terminal = await screen.findByRole('menuitem', { name: 'Terminal' });
    expect(terminal).toHaveAttribute('href', '/app/terminal');
    expect(terminal).toHaveAttribute('target', '_blank');
    expect(terminal.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('menuitem', { name: 'Sair' })).toBeInTheDocument();
    await usuario.click(screen.getByRole('menuitem', { name: 'Alterar Senha' }));
    expect(await screen.findByRole('heading', { name: 'Alterar Senha' })).toBeInTheDocument();
    expect(caminho()).toBe('/app/cadastros/alterar-senha');
  });

  it('painel "Fale com o suporte" traz o link do WhatsApp do suporte', async () => {
    servidorFalso({ ...rotasPadrao(usuarioGerente), 'GET companyconfig/empresa': { contatoSuporteWhats: '(11) 98765-4321' } });
    const { usuario } = renderizarApp('/app/pages/bemvindo');
    await usuario.click(await screen.findByRole('button', { name: 'Fale com o suporte' }));
    const painel = await screen.findByRole('dialog', { name: 'Fale com o suporte' });
    const link = await within(painel).findByRole('link', { name: /Conversar no WhatsApp/ });
    expect(link.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/5511987654321/);
    expect(link).toHaveAttribute('target', '_blank');
  });
});
