import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderizarApp } from '../../../test/renderizar-app';
import { envelope, responder, rotasPadrao, servidorFalso, usuarioGerente } from '../../../test/servidor-falso';

describe('Meu Perfil', () => {
  it('salva nome e e-mail em user/salvarperfil e atualiza o cabeçalho', async () => {
    let usuarioAtual = usuarioGerente;
    const servidor = servidorFalso({
      ...rotasPadrao(usuarioGerente),
      'GET user/getUserInformations': responder(() => ({ corpo: envelope(usuarioAtual) })),
      'POST user/salvarperfil': responder((req) => {
        const { nome, email } = JSON.parse(req.corpo ?? '{}') as { nome: string; email: string | null };
        usuarioAtual = { ...usuarioAtual, name: nome, email };
        return { corpo: envelope(null) };
      }),
    });
    const { usuario } = renderizarApp('/app/cadastros/perfil');
    const nome = await screen.findByLabelText(/Nome/);
    expect(nome).toHaveValue('Mariana Souza Lima');
    await usuario.clear(nome);
    await usuario.type(nome, 'Renata Alves');
    await usuario.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Perfil atualizado.')).toBeInTheDocument();
    const [req] = servidor.chamadas('POST user/salvarperfil');
    expect(JSON.parse(req.corpo ?? '{}')).toEqual({ nome: 'Renata Alves', email: 'mariana@exemplo.com.br' });
    await waitFor(() => expect(screen.getByTestId('cabecalho-nome-usuario')).toHaveTextContent('Renata'));
  });

  it('valida o e-mail antes de enviar', async () => {
    const servidor = servidorFalso({ ...rotasPadrao(usuarioGerente), 'POST user/salvarperfil': null });
    const { usuario } = renderizarApp('/app/cadastros/perfil');
    const email = await screen.findByLabelText(/E-mail/);
    await usuario.clear(email);
    await usuario.type(email, 'nao-e-email');
    await usuario.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('E-mail inválido.')).toBeInTheDocument();
    expect(servidor.chamadas('POST user/salvarperfil')).toHaveLength(0);
  });
});

describe('Alterar Senha (logado)', () => {
  it('envia senhaAtual, novaSenha e confirmacaoSenha', async () => {
    const servidor = servidorFalso({ ...rotasPadrao(usuarioGerente), 'POST user/changePassword': null });
    const { usuario } = renderizarApp('/app/cadastros/alterar-senha');
    await usuario.type(await screen.findByLabelText(/Senha atual/), 'antiga123');
    await usuario.type(screen.getByLabelText(/^Nova senha/), 'novaSenha9');
    await usuario.type(screen.getByLabelText(/Confirme a nova senha/), 'novaSenha9');
    await usuario.click(screen.getByRole('button', { name: 'Alterar senha' }));
    expect(await screen.findByText('Senha alterada com sucesso.')).toBeInTheDocument();
    const [req] = servidor.chamadas('POST user/changePassword');
    expect(JSON.parse(req.corpo ?? '{}')).toEqual({ senhaAtual: 'antiga123', novaSenha: 'novaSenha9', confirmacaoSenha: 'novaSenha9' });
  });

  it('exige a senha atual e confirmação igual', async () => {
    const servidor = servidorFalso({ ...rotasPadrao(usuarioGerente), 'POST user/changePassword': null });
    const { usuario } = renderizarApp('/app/cadastros/alterar-senha');
    await usuario.type(await screen.findByLabelText(/^Nova senha/), 'novaSenha9');
    await usuario.type(screen.getByLabelText(/Confirme a nova senha/), 'outraSenha9');
    await usuario.click(screen.getByRole('button', { name: 'Alterar senha' }));
    expect(await screen.findByText('Informe a senha atual.')).toBeInTheDocument();
    expect(screen.getByText('A confirmação não confere com a nova senha.')).toBeInTheDocument();
    expect(servidor.chamadas('POST user/changePassword')).toHaveLength(0);
  });
});
