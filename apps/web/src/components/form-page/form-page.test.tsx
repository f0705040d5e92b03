import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { TextInput } from '@mantine/core';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { usuarioSaveSchema, type UsuarioSave } from '@bonifica/contracts';
import { ProvedorModais } from '../../app/provedor-modais';
import { Providers } from '../../app/providers';
import { ApiError } from '../../lib/api';
import { FormDrawer } from './form-drawer';
import { FormPage } from './form-page';
import { noCampoDaLista, useFormPage } from './use-form-page';

type Valores = { nome: string; username: string; email: string; perfilId: number | null };

type Salvar = (envio: UsuarioSave) => Promise<unknown>;

function FormularioTeste({ salvar, aoSalvar }: { salvar: Salvar; aoSalvar?: () => void }) {
  const controle = useFormPage({
    schema: usuarioSaveSchema,
    valoresIniciais: { nome: '', username: '', email: '', perfilId: null } as Valores,
    paraEnvio: (v) => ({ nome: v.nome, username: v.username, email: v.email.trim() === '' ? null : v.email, perfilId: v.perfilId as number }),
  });
  const { form } = controle;
  return (
    <FormPage<Valores, UsuarioSave, unknown> controle={controle} salvar={salvar} aoSalvar={aoSalvar} titulo="Cadastro" mensagemSucesso="Usuário salvo.">
      <TextInput label="Nome" {...form.getInputProps('nome')} />
      <TextInput label="Usuário" {...form.getInputProps('username')} />
      <TextInput label="E-mail" {...form.getInputProps('email')} />
      <TextInput
        label="Perfil"
        value={form.values.perfilId === null ? '' : String(form.values.perfilId)}
        onChange={(e) => form.setFieldValue('perfilId', e.currentTarget.value ? Number(e.currentTarget.value) : null)}
        error={form.errors.perfilId}
      />
    </FormPage>
  );
}

function PaginaComDrawer({ salvar }: { salvar: Salvar }) {
  const [aberto, setAberto] = useState(true);
  return (
    <>
      <p>{aberto ? 'Drawer aberto' : 'Drawer fechado'}</p>
      <FormDrawer aberto={aberto} aoFechar={() => setAberto(false)} titulo="Novo usuário">
        <FormularioTeste salvar={salvar} aoSalvar={() => setAberto(false)} />
      </FormDrawer>
    </>
  );
}

function renderizar(elemento: ReactNode) {
  const router = createMemoryRouter(
    [
      {
        path: '/form',
        element: (
          <>
            <Link to="/outra">Ir para outra página</Link>
            <Link to="/form?aba=2">Mudar só a consulta</Link>
            {elemento}
          </>
        ),
      },
      { path: '/outra', element: <p>Outra página</p> },
    ],
    { initialEntries: ['/form'] },
  );
  render(
    <Providers queryClient={new QueryClient()} ambiente="test">
      <ProvedorModais>
        <RouterProvider router={router} />
      </ProvedorModais>
    </Providers>,
  );
  return { router, usuario: userEvent.setup() };
}

async function preencherValido(usuario: ReturnType<typeof userEvent.setup>) {
  await usuario.type(screen.getByLabelText('Nome'), 'Ana Souza');
  await usuario.type(screen.getByLabelText('Usuário'), 'ana.souza');
  await usuario.type(screen.getByLabelText('Perfil'), '3');
}

describe('FormPage', () => {
  it('mostra sob cada campo as mensagens em português do schema do contrato e não envia', async () => {
    const salvar = vi.fn<Salvar>();
    const { usuario } = renderizar(<FormularioTeste salvar={salvar} />);

    await usuario.type(screen.getByLabelText('Usuário'), 'Ab');
    await usuario.type(screen.getByLabelText('E-mail'), 'sem-arroba');
    await usuario.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Informe o nome.')).toBeInTheDocument();
    expect(screen.getByText('O usuário deve ter pelo menos 3 caracteres.')).toBeInTheDocument();
    expect(screen.getByText('E-mail inválido.')).toBeInTheDocument();
    expect(screen.getByText('Escolha o perfil.')).toBeInTheDocument();
    expect(screen.getByLabelText('Nome')).toHaveAttribute('aria-invalid', 'true');
    expect(salvar).not.toHaveBeenCalled();
  });

  it('envia o payload já validado pelo contrato, avisa "Sucesso" e chama aoSalvar', async () => {
    const salvar = vi.fn<Salvar>().mockResolvedValue({ id: 9 });
    const aoSalvar = vi.fn();
    const { usuario } = renderizar(<FormularioTeste salvar={salvar} aoSalvar={aoSalvar} />);

    await usuario.type(screen.getByLabelText('Nome'), '  Ana Souza  ');
    await usuario.type(screen.getByLabelText('Usuário'), 'ana.souza');
    await usuario.type(screen.getByLabelText('Perfil'), '3');
    await usuario.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(aoSalvar).toHaveBeenCalledTimes(1));
    // Trimmed, as the server will read it; user/save has no defaults (a field not sent is kept, decision 019).
    expect(salvar).toHaveBeenCalledWith({ nome: 'Ana Souza', username: 'ana.souza', email: null, perfilId: 3 });
    expect(await screen.findByText('Sucesso')).toBeInTheDocument();
    expect(screen.getByText('Usuário salvo.')).toBeInTheDocument();
  });

  it('não envia duas vezes: o botão fica ocupado enquanto salva', async () => {
    let concluir: (v: unknown) => void = () => {};
    const salvar = vi.fn<Salvar>(() => new Promise((r) => (concluir = r)));
    const { usuario } = renderizar(<FormularioTeste salvar={salvar} />);
    await preencherValido(usuario);

    const form = screen.getByRole('button', { name: 'Salvar' }).closest('form')!;
    // Two submits in the same frame (double click, Enter + click) before React re-renders.
    act(() => {
      fireEvent.submit(form);
      fireEvent.submit(form);
    });
    await usuario.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(salvar).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled();
    expect(screen.getByLabelText('Nome')).toBeDisabled();

    await act(async () => concluir({}));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Salvar' })).toBeEnabled());
  });

  it('erro do servidor: mostra a mensagem (alerta e notificação) e mantém o formulário', async () => {
    const salvar = vi.fn<Salvar>().mockRejectedValue(new ApiError('Já existe um usuário com este nome de acesso.', 409));
    const { usuario } = renderizar(<FormularioTeste salvar={salvar} />);
    await preencherValido(usuario);
    await usuario.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findAllByText('Já existe um usuário com este nome de acesso.')).toHaveLength(2);
    expect(screen.getByText('Erro')).toBeInTheDocument();
    expect(screen.getByLabelText('Nome')).toHaveValue('Ana Souza');
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeEnabled();
  });

  it('com alterações não salvas, pergunta antes de sair da página (Não fica, Sim sai)', async () => {
    const { router, usuario } = renderizar(<FormularioTeste salvar={vi.fn<Salvar>()} />);
    await usuario.type(screen.getByLabelText('Nome'), 'Ana');

    await usuario.click(screen.getByRole('link', { name: 'Ir para outra página' }));
    expect(await screen.findByText('Confirmação')).toBeInTheDocument();
    expect(screen.getByText('Há alterações não salvas. Deseja sair mesmo assim?')).toBeInTheDocument();
    await usuario.click(screen.getByRole('button', { name: 'Não' }));
    await waitFor(() => expect(screen.queryByText('Confirmação')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/form');
    expect(screen.getByLabelText('Nome')).toHaveValue('Ana');

    await usuario.click(screen.getByRole('link', { name: 'Ir para outra página' }));
    await usuario.click(await screen.findByRole('button', { name: 'Sim' }));
    expect(await screen.findByText('Outra página')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/outra');
  });

  it('sessão expirada com alterações: vai ao login sem perguntar (o rascunho guarda o que foi digitado)', async () => {
    const { router, usuario } = renderizar(<FormularioTeste salvar={vi.fn<Salvar>()} />);
    await usuario.type(screen.getByLabelText('Nome'), 'Ana');
    await act(() => router.navigate('/outra', { replace: true, state: { sessaoExpirada: true } }));
    expect(await screen.findByText('Outra página')).toBeInTheDocument();
    expect(screen.queryByText('Confirmação')).not.toBeInTheDocument();
  });

  it('sem alterações, ou mudando só a consulta da URL, sai sem perguntar', async () => {
    const { router, usuario } = renderizar(<FormularioTeste salvar={vi.fn<Salvar>()} />);
    await usuario.type(screen.getByLabelText('Nome'), 'A');
    await usuario.click(screen.getByRole('link', { name: 'Mudar só a consulta' }));
    expect(router.state.location.search).toBe('?aba=2');
    expect(screen.queryByText('Confirmação')).not.toBeInTheDocument();

    await usuario.clear(screen.getByLabelText('Nome'));
    await usuario.click(screen.getByRole('link', { name: 'Ir para outra página' }));
    expect(await screen.findByText('Outra página')).toBeInTheDocument();
  });

  it('depois de salvar, sair não pergunta', async () => {
    const { router, usuario } = renderizar(<FormularioTeste salvar={vi.fn<Salvar>().mockResolvedValue({})} />);
    await preencherValido(usuario);
    await usuario.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Sucesso');
    await usuario.click(screen.getByRole('link', { name: 'Ir para outra página' }));
    expect(await screen.findByText('Outra página')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/outra');
  });

  it('avisa o navegador (beforeunload) só quando há alterações', async () => {
    const { usuario } = renderizar(<FormularioTeste salvar={vi.fn<Salvar>()} />);
    const limpo = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(limpo);
    expect(limpo.defaultPrevented).toBe(false);

    await usuario.type(screen.getByLabelText('Nome'), 'Ana');
    const sujo = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(sujo);
    expect(sujo.defaultPrevented).toBe(true);
  });

  it('no drawer: Cancelar com alterações pergunta; sem alterações fecha direto', async () => {
    const { usuario } = renderizar(<PaginaComDrawer salvar={vi.fn<Salvar>()} />);
    expect(screen.getByText('Novo usuário')).toBeInTheDocument();
    await usuario.type(screen.getByLabelText('Nome'), 'Ana');

    await usuario.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByText('Há alterações não salvas. Deseja sair mesmo assim?')).toBeInTheDocument();
    await usuario.click(screen.getByRole('button', { name: 'Não' }));
    expect(screen.getByText('Drawer aberto')).toBeInTheDocument();

    await usuario.click(screen.getByRole('button', { name: 'Fechar' }));
    await usuario.click(await screen.findByRole('button', { name: 'Sim' }));
    expect(await screen.findByText('Drawer fechado')).toBeInTheDocument();
  });
});

describe('noCampoDaLista', () => {
  it('o erro de um item de uma lista digitada num campo só aparece no campo, com a posição do item', () => {
    const valores = { premios: 'TV\nX\n', nome: '', filiais: ['1'] };
    expect(noCampoDaLista({ 'premios.1': 'Descreva cada prêmio (pelo menos 2 caracteres).', nome: 'Informe o nome.', 'filiais.0': 'Filial inválida.' }, valores)).toEqual({
      premios: '2º: Descreva cada prêmio (pelo menos 2 caracteres).',
      nome: 'Informe o nome.',
      // A list the form holds as a list keeps its item key (the input of that item shows it).
      'filiais.0': 'Filial inválida.',
    });
    // The list's own error wins over its items'.
    expect(noCampoDaLista({ 'premios.0': 'Item ruim.', premios: 'Informe pelo menos um prêmio.' }, valores)).toEqual({ premios: 'Informe pelo menos um prêmio.' });
  });
});
