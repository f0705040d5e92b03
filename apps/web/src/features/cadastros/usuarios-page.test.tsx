import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Empresa, Pagina, Perfil, UsuarioResumo } from '@bonifica/contracts';
import { prepararAmbienteTabela } from '../../components/list-page/ambiente-teste';
import { renderizarApp } from '../../test/renderizar-app';
import { renderizarPagina } from '../../test/renderizar-pagina';
import { envelope, responder, rotasPadrao, servidorFalso, usuarioAdmin, usuarioGerente, type RequisicaoFalsa } from '../../test/servidor-falso';

const URL_LISTA = 'POST user/filter/user/client/0/20';

const perfil = (id: number, nome: string): Perfil => ({ id, nome, descricao: null, referencia: nome, empresaId: 7, permissoes: [], sistema: false });
const PERFIS = [perfil(3, 'Gerente'), perfil(4, 'Operador de caixa')];

const EMPRESAS: Empresa[] = [
  { id: 7, shortName: 'Bom Preço', nome: 'Supermercado Bom Preço', cnpj: null, tipo: 'MATRIZ', matrizId: 7, fusoHorario: 'UTC_3_BRASIL', ativa: true },
  { id: 8, shortName: 'Bom Preço Centro', nome: 'Bom Preço Centro', cnpj: null, tipo: 'FILIAL', matrizId: 7, fusoHorario: 'UTC_3_BRASIL', ativa: true },
];

const ANA: UsuarioResumo = {
  id: 5,
  nome: 'Ana Paula Ribeiro',
  username: 'ana.ribeiro',
  email: 'ana@bompreco.com.br',
  ativo: true,
  empresaId: 7,
  empresaNome: 'Bom Preço',
  perfilId: 3,
  perfilNome: 'Gerente',
  administradorFaturamento: false,
  criadoEm: '2026-03-05T15:00:00Z',
};
const JOAO: UsuarioResumo = { ...ANA, id: 6, nome: 'João Lima', username: 'joao', email: null, ativo: false, perfilId: 4, perfilNome: 'Operador de caixa', criadoEm: '2025-12-31T12:00:00Z' };

function paginaDe(content: UsuarioResumo[]): Pagina<UsuarioResumo> {
  return { content, totalElements: content.length, totalPages: 1, number: 0, size: 20 };
}

const corpo = (r: RequisicaoFalsa | undefined) => JSON.parse(r?.corpo ?? '{}') as Record<string, unknown>;

function servidor(extra: Record<string, unknown> = {}, usuarioLogado = usuarioGerente) {
  return servidorFalso({
    ...rotasPadrao(usuarioLogado),
    [URL_LISTA]: paginaDe([ANA, JOAO]),
    'GET profile/listcompanyprofiles': responder(() => ({ corpo: { ...envelope(null), results: PERFIS } })),
    'GET profile/listall': responder(() => ({ corpo: { ...envelope(null), results: [...PERFIS, perfil(1, 'Administrador')] } })),
    'GET company/empresalogadafiliais': responder(() => ({ corpo: { ...envelope(null), results: EMPRESAS } })),
    'GET profile/8/available': responder(() => ({ corpo: { ...envelope(null), results: PERFIS } })),
    ...extra,
  });
}

const abrir = () => renderizarPagina('/app/cadastros/usuarios', () => import('./usuarios-page'));

describe('Cadastros › Usuários', () => {
  // The first lazy import transforms the whole page; done once here so no test pays it in its waits.
  beforeAll(() => import('./usuarios-page'), 30_000);
  beforeEach(() => prepararAmbienteTabela());

  it('lista nome, usuário, e-mail, empresa, perfil, situação e data de criação (DD/MM/YYYY), ordenada por nome', async () => {
    const s = servidor();
    abrir();

    expect(await screen.findByText('Ana Paula Ribeiro')).toBeInTheDocument();
    const linhaAna = screen.getByText('Ana Paula Ribeiro').closest('tr')!;
    expect(within(linhaAna).getByText('ana.ribeiro')).toBeInTheDocument();
    expect(within(linhaAna).getByText('ana@bompreco.com.br')).toBeInTheDocument();
    expect(within(linhaAna).getByText('Bom Preço')).toBeInTheDocument();
    expect(within(linhaAna).getByText('Gerente')).toBeInTheDocument();
    expect(within(linhaAna).getByText('Ativo')).toBeInTheDocument();
    expect(within(linhaAna).getByText('05/03/2026')).toBeInTheDocument();
    const linhaJoao = screen.getByText('João Lima').closest('tr')!;
    expect(within(linhaJoao).getByText('Inativo')).toBeInTheDocument();
    expect(within(linhaJoao).queryByRole('button', { name: 'Desativar João Lima' })).not.toBeInTheDocument();

    expect(corpo(s.chamadas(URL_LISTA)[0])).toEqual({ ordenarPor: 'nome', direcao: 'asc' });
    expect(s.chamadas('GET profile/listcompanyprofiles')).toHaveLength(1);
    expect(s.chamadas('GET profile/listall')).toHaveLength(0);
  });

  it('no celular: o nome leva usuário, perfil e "Inativo"; e-mail, empresa e data ficam para telas maiores', async () => {
    prepararAmbienteTabela((q) => q.trim() === '' || q.includes('max-width'));
    servidor();
    abrir();
    const linhaAna = (await screen.findByText('Ana Paula Ribeiro')).closest('tr')!;
    expect(within(linhaAna).getByText('ana.ribeiro · Gerente')).toBeInTheDocument();
    expect(within(linhaAna).queryByText('ana@bompreco.com.br')).not.toBeInTheDocument();
    expect(within(screen.getByText('João Lima').closest('tr')!).getByText('Inativo')).toBeInTheDocument();
  });

  it('filtra por situação e perfil (perfilId numérico) e ordena por data de criação', async () => {
    const s = servidor();
    const { usuario, router } = abrir();
    await screen.findByText('Ana Paula Ribeiro');

    await usuario.click(screen.getByRole('radio', { name: 'Inativos' }));
    await usuario.click(screen.getByRole('combobox', { name: 'Perfil' }));
    await usuario.click(await screen.findByRole('option', { name: 'Operador de caixa' }));
    await waitFor(() => expect(corpo(s.chamadas(URL_LISTA).at(-1))).toEqual({ ativo: false, perfilId: 4, ordenarPor: 'nome', direcao: 'asc' }));

    await usuario.click(screen.getByRole('button', { name: /^Criado em/ }));
    await waitFor(() => expect(corpo(s.chamadas(URL_LISTA).at(-1))).toMatchObject({ ordenarPor: 'criadoEm', direcao: 'asc' }));
    expect(router.state.location.search).toContain('perfilId=4');
    expect(router.state.location.search).toContain('ordem=criadoEm');
  });

  it('ROLE_ADMIN escolhe entre todos os perfis (profile/listall)', async () => {
    const s = servidor({}, usuarioAdmin);
    const { usuario } = abrir();
    await screen.findByText('Ana Paula Ribeiro');
    await usuario.click(screen.getByRole('combobox', { name: 'Perfil' }));
    expect(await screen.findByRole('option', { name: 'Administrador' })).toBeInTheDocument();
    expect(s.chamadas('GET profile/listcompanyprofiles')).toHaveLength(0);
  });

  it('só oferece o que o servidor aceitaria: perfis dentro das permissões de quem cadastra, faturamento só para o administrador dele', { timeout: 20_000 }, async () => {
    const soUsuarios = { ...usuarioGerente, permissions: ['USUARIO_GERENCIAR'], administradorFaturamento: false };
    const perfis = [{ ...PERFIS[0]!, permissoes: ['ROLE_COMPANY', 'USUARIO_GERENCIAR'] }, { ...PERFIS[1]!, permissoes: ['USUARIO_GERENCIAR'] }];
    servidor({ 'GET profile/listcompanyprofiles': responder(() => ({ corpo: { ...envelope(null), results: perfis } })) }, soUsuarios);
    const { usuario } = abrir();
    await screen.findByText('Ana Paula Ribeiro');
    await usuario.click(screen.getAllByRole('button', { name: 'Novo usuário' })[0]!);
    const drawer = await screen.findByRole('dialog', { name: 'Novo usuário' });
    await usuario.click(within(drawer).getByRole('combobox', { name: /^Perfil/ }));
    expect(await within(drawer).findByRole('option', { name: 'Operador de caixa' })).toBeInTheDocument();
    expect(within(drawer).queryByRole('option', { name: 'Gerente' })).not.toBeInTheDocument();
    expect(within(drawer).getByRole('switch', { name: /Administrador do faturamento/ })).toBeDisabled();
    expect(within(drawer).getByText('Somente um administrador do faturamento pode concedê-la.')).toBeInTheDocument();
  });

  it('no próprio cadastro, perfil e faturamento não mudam', { timeout: 20_000 }, async () => {
    const eu: UsuarioResumo = { ...ANA, id: usuarioGerente.id, nome: 'Mariana Souza Lima', username: 'gerente', administradorFaturamento: true };
    servidor({ [URL_LISTA]: paginaDe([eu]) });
    const { usuario } = abrir();
    await usuario.click(await screen.findByRole('button', { name: 'Editar Mariana Souza Lima' }, { timeout: 5_000 }));
    // Nobody deactivates themselves: the server refuses it, so the list does not offer it.
    expect(screen.queryByRole('button', { name: 'Desativar Mariana Souza Lima' })).not.toBeInTheDocument();
    const drawer = await screen.findByRole('dialog', { name: 'Editar usuário' });
    expect(within(drawer).getByRole('combobox', { name: /^Perfil/ })).toBeDisabled();
    expect(within(drawer).getByText('Você não pode trocar o seu próprio perfil.')).toBeInTheDocument();
    expect(within(drawer).getByRole('switch', { name: /Administrador do faturamento/ })).toBeDisabled();
  });

  it('a empresa escolhida limita os perfis (profile/{empresa}/available) e descarta o perfil que não vale para ela', async () => {
    const s = servidor({ 'GET profile/7/available': responder(() => ({ corpo: { ...envelope(null), results: [PERFIS[0]!] } })) });
    const { usuario } = abrir();
    await screen.findByText('Ana Paula Ribeiro');
    await usuario.click(screen.getAllByRole('button', { name: 'Novo usuário' })[0]!);
    const drawer = await screen.findByRole('dialog', { name: 'Novo usuário' });
    await usuario.click(within(drawer).getByRole('combobox', { name: /^Perfil/ }));
    await usuario.click(await within(drawer).findByRole('option', { name: 'Operador de caixa' }));
    await usuario.click(within(drawer).getByRole('combobox', { name: 'Empresa' }));
    await usuario.click(await within(drawer).findByRole('option', { name: 'Bom Preço (matriz)' }));
    await waitFor(() => expect(s.chamadas('GET profile/7/available')).toHaveLength(1));
    await waitFor(() => expect(within(drawer).getByRole('combobox', { name: /^Perfil/ })).toHaveValue(''));
    await usuario.click(within(drawer).getByRole('combobox', { name: /^Perfil/ }));
    expect(await within(drawer).findByRole('option', { name: 'Gerente' })).toBeInTheDocument();
    expect(within(drawer).queryByRole('option', { name: 'Operador de caixa' })).not.toBeInTheDocument();
  });

  it('novo usuário: sugere o usuário, avisa quando já está em uso, exige senha e salva', { timeout: 20_000 }, async () => {
    const s = servidor({
      'POST user/generateUsername': 'carla.souza',
      'POST user/existeusuario': responder((req) => ({ corpo: envelope(corpo(req).username === 'carla') })),
      'POST user/save': { id: 10 },
    });
    const { usuario } = abrir();
    await screen.findByText('Ana Paula Ribeiro');
    await usuario.click(screen.getAllByRole('button', { name: 'Novo usuário' })[0]);
    const drawer = await screen.findByRole('dialog', { name: 'Novo usuário' });

    await usuario.type(within(drawer).getByLabelText(/^Usuário/), 'carla');
    await usuario.tab();
    expect(await within(drawer).findByText('Este usuário já está em uso. Escolha outro.')).toBeInTheDocument();

    await usuario.type(within(drawer).getByLabelText(/^Nome/), 'Carla Souza');
    await usuario.click(within(drawer).getByRole('button', { name: 'Sugerir' }));
    await waitFor(() => expect(within(drawer).getByLabelText(/^Usuário/)).toHaveValue('carla.souza'));
    expect(corpo(s.chamadas('POST user/generateUsername')[0])).toEqual({ name: 'Carla Souza' });

    await usuario.click(within(drawer).getByRole('combobox', { name: /^Perfil/ }));
    await usuario.click(await within(drawer).findByRole('option', { name: 'Operador de caixa' }));
    await usuario.click(within(drawer).getByRole('combobox', { name: 'Empresa' }));
    await usuario.click(await within(drawer).findByRole('option', { name: 'Bom Preço Centro' }));

    await usuario.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    expect(await within(drawer).findByText('Informe a senha.')).toBeInTheDocument();
    expect(s.chamadas('POST user/save')).toHaveLength(0);

    await usuario.type(within(drawer).getByLabelText(/^Senha/), 'segredo123');
    const listasAntes = s.chamadas(URL_LISTA).length;
    await usuario.click(within(drawer).getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Usuário cadastrado.')).toBeInTheDocument();
    expect(screen.getByText('Sucesso')).toBeInTheDocument();
    expect(corpo(s.chamadas('POST user/save')[0])).toEqual({
      nome: 'Carla Souza',
      username: 'carla.souza',
      email: null,
      empresaId: 8,
      perfilId: 4,
      ativo: true,
      administradorFaturamento: false,
      senha: 'segredo123',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novo usuário' })).not.toBeInTheDocument());
    await waitFor(() => expect(s.chamadas(URL_LISTA).length).toBeGreaterThan(listasAntes));
  });

  it('editar: abre com os dados da linha e, com a senha em branco, não a envia', async () => {
    const s = servidor({ 'POST user/save': { id: 5 } });
    const { usuario } = abrir();
    await usuario.click(await screen.findByRole('button', { name: 'Editar Ana Paula Ribeiro' }));
    const drawer = await screen.findByRole('dialog', { name: 'Editar usuário' });
    expect(within(drawer).getByLabelText(/^Nome/)).toHaveValue('Ana Paula Ribeiro');
    expect(within(drawer).queryByRole('button', { name: 'Sugerir' })).not.toBeInTheDocument();

    await usuario.click(within(drawer).getByRole('switch', { name: /Administrador do faturamento/ }));
    await usuario.click(within(drawer).getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Usuário atualizado.')).toBeInTheDocument();
    expect(corpo(s.chamadas('POST user/save')[0])).toEqual({
      id: 5,
      nome: 'Ana Paula Ribeiro',
      username: 'ana.ribeiro',
      email: 'ana@bompreco.com.br',
      empresaId: 7,
      perfilId: 3,
      ativo: true,
      administradorFaturamento: true,
    });
    expect(s.chamadas('POST user/existeusuario')).toHaveLength(0);
  });

  it('desativar pede Confirmação: Não não chama; Sim chama DELETE user/delete/{id}', async () => {
    const s = servidor({ 'DELETE user/delete/5': null });
    const { usuario } = abrir();
    await usuario.click(await screen.findByRole('button', { name: 'Desativar Ana Paula Ribeiro' }));
    expect(await screen.findByText('Deseja desativar o usuário Ana Paula Ribeiro?')).toBeInTheDocument();
    expect(screen.getByText('Confirmação')).toBeInTheDocument();
    await usuario.click(screen.getByRole('button', { name: 'Não' }));
    expect(s.chamadas('DELETE user/delete/5')).toHaveLength(0);

    await usuario.click(screen.getByRole('button', { name: 'Desativar Ana Paula Ribeiro' }));
    await usuario.click(await screen.findByRole('button', { name: 'Sim' }));
    expect(await screen.findByText('Usuário desativado.')).toBeInTheDocument();
    expect(s.chamadas('DELETE user/delete/5')).toHaveLength(1);
  });

  it('abre pela rota real /app/cadastros/usuarios (guarda, menu e carregamento preguiçoso)', async () => {
    servidor();
    renderizarApp('/app/cadastros/usuarios');
    expect(await screen.findByText('Ana Paula Ribeiro')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Usuários' })).toBeInTheDocument();
  });
});
