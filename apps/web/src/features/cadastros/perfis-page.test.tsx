import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Pagina, Perfil } from '@bonifica/contracts';
import { prepararAmbienteTabela } from '../../components/list-page/ambiente-teste';
import { envelope, falha, responder, rotasPadrao, servidorFalso, type RequisicaoFalsa } from '../../test/servidor-falso';
import { renderizarPagina } from '../../test/renderizar-pagina';

const URL_LISTA = 'POST profile/filterpaginated/0/20';

const ADMIN_EMPRESA: Perfil = {
  id: 2,
  nome: 'Administrador da empresa',
  descricao: 'Tudo o que a empresa pode fazer.',
  referencia: 'ADMIN_EMPRESA',
  empresaId: null,
  permissoes: ['ROLE_COMPANY', 'ROLE_USER_COMPANY_ADMIN'],
  sistema: true,
};
const CAIXA: Perfil = {
  id: 11,
  nome: 'Caixa',
  descricao: null,
  referencia: 'caixa',
  empresaId: 7,
  permissoes: ['TERMINAL_USAR'],
  sistema: false,
};

const PERMISSOES = [
  { valor: 'ROLE_USER_COMPANY', rotulo: 'Usuário da empresa' },
  { valor: 'TERMINAL_USAR', rotulo: 'Usar o terminal de atendimento' },
  { valor: 'CLIENTE_CONSULTAR', rotulo: 'Consultar clientes' },
];

const paginaDe = (content: Perfil[]): Pagina<Perfil> => ({ content, totalElements: content.length, totalPages: 1, number: 0, size: 20 });
const corpo = (r: RequisicaoFalsa | undefined) => JSON.parse(r?.corpo ?? '{}') as Record<string, unknown>;

function servidor(extra: Record<string, unknown> = {}) {
  return servidorFalso({
    ...rotasPadrao(),
    [URL_LISTA]: paginaDe([ADMIN_EMPRESA, CAIXA]),
    'GET profile/permissoes': responder(() => ({ corpo: { ...envelope(null), results: PERMISSOES } })),
    ...extra,
  });
}

const abrir = () => renderizarPagina('/app/cadastros/perfis', () => import('./perfis-page'));

describe('Cadastros › Perfis', () => {
  beforeAll(() => import('./perfis-page'), 30_000);
  beforeEach(() => prepararAmbienteTabela());

  it('lista os perfis com o selo "Sistema" e busca por texto', async () => {
    const s = servidor();
    const { usuario, router } = abrir();
    const linha = (await screen.findByText('Administrador da empresa')).closest('tr')!;
    expect(within(linha).getByText('Sistema')).toBeInTheDocument();
    expect(within(linha).getByText('2')).toBeInTheDocument();
    expect(within(linha).queryByRole('button', { name: /Excluir/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Excluir Caixa' })).toBeInTheDocument();
    expect(corpo(s.chamadas(URL_LISTA)[0])).toEqual({});

    await usuario.type(screen.getByLabelText('Busca'), 'caixa');
    await waitFor(() => expect(corpo(s.chamadas(URL_LISTA).at(-1))).toEqual({ busca: 'caixa' }));
    expect(router.state.location.search).toBe('?busca=caixa');
  });

  it('perfil do sistema abre só para leitura', async () => {
    servidor();
    const { usuario } = abrir();
    await usuario.click(await screen.findByRole('button', { name: 'Ver Administrador da empresa' }));
    const drawer = await screen.findByRole('dialog', { name: 'Perfil do sistema' });

    expect(within(drawer).getByText('Sistema')).toBeInTheDocument();
    expect(within(drawer).getByLabelText(/^Nome/)).toBeDisabled();
    expect(within(drawer).queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    // Permissions outside the assignable catalogue are still shown, checked.
    expect(await within(drawer).findByRole('checkbox', { name: 'Administrador da empresa' })).toBeChecked();
    expect(within(drawer).getByRole('checkbox', { name: 'Usar o terminal de atendimento' })).not.toBeChecked();
    expect(within(drawer).getByRole('checkbox', { name: 'Usar o terminal de atendimento' })).toBeDisabled();

    // The form's own Fechar (the drawer's X is also labelled Fechar and comes first).
    await usuario.click(within(drawer).getAllByRole('button', { name: 'Fechar' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('novo perfil: valida o nome e salva nome, descrição e permissões marcadas', async () => {
    const s = servidor({ 'POST profile/save': { id: 12 } });
    const { usuario } = abrir();
    await screen.findByText('Caixa');
    await usuario.click(screen.getAllByRole('button', { name: 'Novo perfil' })[0]);
    const drawer = await screen.findByRole('dialog', { name: 'Novo perfil' });

    await usuario.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    expect(await within(drawer).findByText('Informe o nome do perfil.')).toBeInTheDocument();

    await usuario.type(within(drawer).getByLabelText(/^Nome/), 'Atendimento');
    await usuario.click(await within(drawer).findByRole('checkbox', { name: 'Consultar clientes' }));
    await usuario.click(within(drawer).getByRole('checkbox', { name: 'Usar o terminal de atendimento' }));
    await usuario.click(within(drawer).getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Perfil cadastrado.')).toBeInTheDocument();
    expect(corpo(s.chamadas('POST profile/save')[0])).toEqual({
      nome: 'Atendimento',
      descricao: null,
      permissoes: ['CLIENTE_CONSULTAR', 'TERMINAL_USAR'],
    });
    await waitFor(() => expect(s.chamadas(URL_LISTA).length).toBeGreaterThan(1));
  });

  it('o próprio perfil abre com as permissões travadas; fora do catálogo de quem edita, a permissão aparece mas não muda', { timeout: 20_000 }, async () => {
    // usuarioGerente (servidor-falso) has perfilId 3.
    const meu: Perfil = { ...CAIXA, id: 3, nome: 'Meu perfil', permissoes: ['TERMINAL_USAR'] };
    const alheio: Perfil = { ...CAIXA, id: 12, nome: 'Relatórios', permissoes: ['RELATORIO_VER'] };
    servidor({ [URL_LISTA]: paginaDe([meu, alheio]) });
    const { usuario } = abrir();
    await usuario.click(await screen.findByRole('button', { name: 'Editar Meu perfil' }, { timeout: 5_000 }));
    let drawer = await screen.findByRole('dialog', { name: 'Editar perfil' });
    expect(within(drawer).getByText('Este é o seu perfil: você não pode alterar as permissões dele.')).toBeInTheDocument();
    expect(await within(drawer).findByRole('checkbox', { name: 'Usar o terminal de atendimento' })).toBeDisabled();
    expect(within(drawer).getByRole('checkbox', { name: 'Consultar clientes' })).toBeDisabled();
    expect(within(drawer).getByLabelText(/^Nome/)).toBeEnabled();
    await usuario.click(within(drawer).getAllByRole('button', { name: /Fechar|Cancelar/ }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await usuario.click(screen.getByRole('button', { name: 'Editar Relatórios' }));
    drawer = await screen.findByRole('dialog', { name: 'Editar perfil' });
    expect(await within(drawer).findByRole('checkbox', { name: 'Ver relatórios' })).toBeDisabled();
    expect(within(drawer).getByRole('checkbox', { name: 'Consultar clientes' })).toBeEnabled();
  });

  it('excluir pede Confirmação e mostra a mensagem do servidor quando há conflito (409)', async () => {
    const s = servidor({
      'DELETE profile/delete/11': responder(() => falha(409, 'Este perfil está em uso por 3 usuários e não pode ser excluído.')),
    });
    const { usuario } = abrir();
    await usuario.click(await screen.findByRole('button', { name: 'Excluir Caixa' }));
    expect(await screen.findByText('Deseja excluir o perfil Caixa?')).toBeInTheDocument();
    await usuario.click(screen.getByRole('button', { name: 'Sim' }));

    expect(await screen.findByText('Este perfil está em uso por 3 usuários e não pode ser excluído.')).toBeInTheDocument();
    expect(screen.getByText('Erro')).toBeInTheDocument();
    expect(s.chamadas('DELETE profile/delete/11')).toHaveLength(1);
    expect(screen.getByText('Caixa')).toBeInTheDocument();
  });
});
