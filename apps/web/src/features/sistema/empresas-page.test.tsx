import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { EmpresaAdmin, Pagina } from '@bonifica/contracts';
import { prepararAmbienteTabela } from '../../components/list-page/ambiente-teste';
import { renderizarPagina } from '../../test/renderizar-pagina';
import { falha, responder, rotasPadrao, servidorFalso, usuarioAdmin, type RequisicaoFalsa } from '../../test/servidor-falso';
import { paraEnvioEmpresa, sugerirSlug } from './empresa-form';

const URL_LISTA = 'POST company/admin/filterpaginated/0/20';

const PADARIA: EmpresaAdmin = {
  id: 4,
  nome: 'Padaria Pão Quente Ltda',
  shortName: 'Padaria Pão Quente',
  cnpj: null,
  slug: 'padaria-pao-quente',
  fusoHorario: 'UTC_3_BRASIL',
  ativa: true,
  criadoEm: '2026-03-01T12:00:00.000Z',
  experimentalAte: null,
  motivoBloqueio: null,
  uso: { clientes: 1234, vendasMes: 56, valorVendasMes: 1530.5, usuarios: 3, filiais: 0, ultimaAtividade: '2026-03-05T15:04:05.000Z' },
};

const pagina = (content: EmpresaAdmin[]): Pagina<EmpresaAdmin> => ({ content, totalElements: content.length, totalPages: 1, number: 0, size: 20 });
const corpo = (r: RequisicaoFalsa | undefined) => JSON.parse(r?.corpo ?? '{}') as Record<string, unknown>;
const abrir = () => renderizarPagina('/app/sistema/empresas', () => import('./empresas-page'));

describe('Sistema › Empresas', () => {
  beforeAll(() => import('./empresas-page'), 30_000);
  beforeEach(() => prepararAmbienteTabela());

  it('sugere o endereço da página pública a partir do nome fantasia', () => {
    expect(sugerirSlug('Padaria São João & Cia.')).toBe('padaria-sao-joao-cia');
  });

  it('no cadastro, o gerente vai com a senha inicial ou sem ela (convite por e-mail); na edição, sem gerente', () => {
    const v = { nome: 'A Ltda', nomeCurto: 'A A', cnpj: '', slug: 'a-a', fusoHorario: 'UTC_3_BRASIL', gerente: { nome: 'Ana', username: 'ana', email: '', senha: 'segredo123' } };
    expect(paraEnvioEmpresa(v, undefined, 'SENHA')).toEqual({ nome: 'A Ltda', nomeCurto: 'A A', cnpj: null, slug: 'a-a', fusoHorario: 'UTC_3_BRASIL', gerente: { nome: 'Ana', username: 'ana', email: null, senha: 'segredo123' } });
    expect(paraEnvioEmpresa({ ...v, gerente: { ...v.gerente, email: 'ana@a.com.br' } }, undefined, 'EMAIL').gerente).toEqual({ nome: 'Ana', username: 'ana', email: 'ana@a.com.br' });
    expect(paraEnvioEmpresa(v, 4, 'SENHA')).not.toHaveProperty('gerente');
  });

  it('lista o uso de cada empresa e filtra por situação', { timeout: 15_000 }, async () => {
    const s = servidorFalso({ ...rotasPadrao(usuarioAdmin), [URL_LISTA]: pagina([PADARIA]) });
    const { usuario } = abrir();
    const linha = (await screen.findByText('Padaria Pão Quente', {}, { timeout: 5000 })).closest('tr')!;
    expect(within(linha).getByText('Ativa')).toBeInTheDocument();
    expect(within(linha).getByText('1.234')).toBeInTheDocument();
    expect(within(linha).getByText('R$ 1.530,50')).toBeInTheDocument();
    expect(within(linha).getByText('05/03/2026 12:04:05')).toBeInTheDocument();
    await usuario.click(screen.getByRole('combobox', { name: 'Situação' }));
    await usuario.click(await screen.findByRole('option', { name: 'Bloqueadas' }));
    await waitFor(() => expect(corpo(s.chamadas(URL_LISTA).at(-1))).toEqual({ situacao: 'BLOQUEADA' }));
  });

  it('nova empresa: valida em português antes de enviar e mostra a recusa do servidor', { timeout: 20_000 }, async () => {
    const s = servidorFalso({
      ...rotasPadrao(usuarioAdmin),
      [URL_LISTA]: pagina([]),
      'POST company/admin/save': responder(() => falha(409, 'Este usuário já existe: escolha outro para o gerente.')),
    });
    const { usuario } = abrir();
    await usuario.click(await screen.findByRole('button', { name: 'Nova empresa' }, { timeout: 5000 }));
    const gaveta = await screen.findByRole('dialog', { name: 'Nova empresa' });
    await usuario.click(within(gaveta).getByRole('button', { name: 'Salvar' }));
    expect(await within(gaveta).findByText('Informe a razão social.')).toBeInTheDocument();
    expect(within(gaveta).getByText('Informe o nome do gerente.')).toBeInTheDocument();
    expect(s.chamadas('POST company/admin/save')).toHaveLength(0);

    await usuario.type(within(gaveta).getByRole('textbox', { name: /Razão social/ }), 'Mercadinho Bom Preço Ltda');
    await usuario.type(within(gaveta).getByRole('textbox', { name: /Nome fantasia/ }), 'Mercadinho Bom Preço');
    expect(within(gaveta).getByRole('textbox', { name: /Endereço da página pública/ })).toHaveValue('mercadinho-bom-preco');
    await usuario.type(within(gaveta).getByRole('textbox', { name: /Nome do gerente/ }), 'Beatriz Gerente');
    await usuario.type(within(gaveta).getByRole('textbox', { name: /Usuário/ }), 'gerente');
    await usuario.type(within(gaveta).getByLabelText(/Senha inicial/), 'senha-inicial-1');
    await usuario.click(within(gaveta).getByRole('button', { name: 'Salvar' }));
    expect(await within(gaveta).findByText('Este usuário já existe: escolha outro para o gerente.')).toBeInTheDocument();
    expect(corpo(s.chamadas('POST company/admin/save')[0])).toMatchObject({ slug: 'mercadinho-bom-preco', gerente: { username: 'gerente', senha: 'senha-inicial-1' } });
  });

  it('bloquear pede o motivo e envia empresabloqueio/save', { timeout: 15_000 }, async () => {
    const s = servidorFalso({ ...rotasPadrao(usuarioAdmin), [URL_LISTA]: pagina([PADARIA]), 'POST empresabloqueio/save': true });
    const { usuario } = abrir();
    await usuario.click(await screen.findByRole('button', { name: 'Bloquear Padaria Pão Quente' }, { timeout: 5000 }));
    const dialogo = await screen.findByRole('dialog', { name: 'Bloquear empresa' });
    await usuario.click(within(dialogo).getByRole('button', { name: 'Sim, bloquear' }));
    expect(await within(dialogo).findByText('Informe o motivo (pelo menos 5 caracteres).')).toBeInTheDocument();
    expect(s.chamadas('POST empresabloqueio/save')).toHaveLength(0);
    await usuario.type(within(dialogo).getByRole('textbox', { name: /Motivo/ }), 'Fatura em atraso');
    await usuario.click(within(dialogo).getByRole('button', { name: 'Sim, bloquear' }));
    await waitFor(() => expect(corpo(s.chamadas('POST empresabloqueio/save')[0])).toEqual({ empresaId: 4, motivo: 'Fatura em atraso' }));
  });
});
