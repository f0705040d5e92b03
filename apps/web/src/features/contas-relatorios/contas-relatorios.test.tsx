import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { hojeISO, somarDias, type ContaBloqueada, type Empresa, type LinhaRanking, type Pagina, type UsuarioLogado } from '@bonifica/contracts';
import { prepararAmbienteTabela } from '../../components/list-page/ambiente-teste';
import { renderizarPagina } from '../../test/renderizar-pagina';
import { envelope, falha, responder, rotasPadrao, servidorFalso, usuarioGerente, type RequisicaoFalsa } from '../../test/servidor-falso';
import { intervaloDo } from './api';

// This machine runs several suites at once: waits and tests get room, the assertions stay the same.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 30_000 });

const corpo = (r: RequisicaoFalsa | undefined) => JSON.parse(r?.corpo ?? '{}') as Record<string, unknown>;
const pagina = <T,>(content: T[]): Pagina<T> => ({ content, totalElements: content.length, totalPages: 1, number: 0, size: 20 });

const EMPRESAS: Empresa[] = [
  { id: 7, shortName: 'Bom Preço', nome: 'Supermercado Bom Preço', cnpj: null, tipo: 'MATRIZ', matrizId: 7, fusoHorario: 'UTC_3_BRASIL', ativa: true },
  { id: 8, shortName: 'Bom Preço Centro', nome: 'Bom Preço Centro', cnpj: null, tipo: 'FILIAL', matrizId: 7, fusoHorario: 'UTC_3_BRASIL', ativa: true },
];

const RANKING: LinhaRanking[] = [
  { posicao: 1, clienteId: 11, nome: 'Alice Souza', documento: null, compras: 3, valorCompras: 1234.5, cashback: 61.72, pontos: 1234 },
  { posicao: 1, clienteId: 12, nome: 'Bruna Lima', documento: null, compras: 1, valorCompras: 1234.5, cashback: 61.72, pontos: 1234 },
  { posicao: 3, clienteId: 13, nome: 'Caio Reis', documento: null, compras: 2, valorCompras: 99.9, cashback: 4.99, pontos: 99 },
];

const LETICIA: ContaBloqueada = {
  contaId: 51,
  clienteId: 21,
  clienteNome: 'Letícia Albuquerque Santos',
  documento: null,
  unidade: 'CASHBACK',
  saldo: 37.4,
  motivo: 'Suspeita de fraude.',
  bloqueadaEm: '2026-03-02T18:20:00Z',
};

function servidor(extra: Record<string, unknown> = {}, usuario: UsuarioLogado = usuarioGerente) {
  return servidorFalso({
    ...rotasPadrao(usuario),
    'GET company/empresalogadafiliais': responder(() => ({ corpo: { ...envelope(null), results: EMPRESAS } })),
    'POST account/ranking/0/20': pagina(RANKING),
    'POST account/contasbloqueadas/0/20': pagina([LETICIA]),
    ...extra,
  });
}

describe('períodos do ranking', () => {
  it('fecham dias do calendário: mês passado vai do dia 1 ao último dia', () => {
    expect(intervaloDo('30d', '2026-03-15')).toEqual({ de: '2026-02-14', ate: '2026-03-15' });
    expect(intervaloDo('mes-anterior', '2026-03-15')).toEqual({ de: '2026-02-01', ate: '2026-02-28' });
    expect(intervaloDo('12m', '2026-03-15')).toEqual({ de: '2025-03-16', ate: '2026-03-15' });
  });
});

describe('Relatórios › Ranking de clientes', () => {
  beforeAll(() => import('./ranking-page'), 30_000);
  beforeEach(() => prepararAmbienteTabela((q) => q.trim() === '' || q.includes('min-width')));
  const abrir = () => renderizarPagina('/app/relatorio/ranking', () => import('./ranking-page'));

  it('pede cashback dos últimos 30 dias por padrão, mostra posições com empate, filtra e imprime o PDF com o mesmo filtro', async () => {
    const s = servidor({ 'POST account/ranking/impressao': responder(() => ({ corpo: '%PDF-1.4', headers: { 'Content-Type': 'application/pdf' } })) });
    const aba = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(aba as unknown as Window);
    URL.createObjectURL = vi.fn(() => 'blob:ranking');
    URL.revokeObjectURL = vi.fn();
    const { usuario } = abrir();
    const alice = (await screen.findByText('Alice Souza')).closest('tr')!;
    expect(within(alice).getByText('1º')).toBeInTheDocument();
    expect(within(alice).getByText('R$ 61,72')).toBeInTheDocument();
    expect(within(screen.getByText('Bruna Lima').closest('tr')!).getByText('1º')).toBeInTheDocument();
    expect(within(screen.getByText('Caio Reis').closest('tr')!).getByText('3º')).toBeInTheDocument();
    const hoje = hojeISO();
    expect(corpo(s.chamadas('POST account/ranking/0/20')[0])).toEqual({ criterio: 'CASHBACK', de: somarDias(hoje, -29), ate: hoje });

    await usuario.click(screen.getByRole('combobox', { name: 'Classificar por' }));
    await usuario.click(await screen.findByRole('option', { name: 'Valor em compras' }));
    await usuario.click(screen.getByRole('combobox', { name: 'Filial' }));
    await usuario.click(await screen.findByRole('option', { name: 'Bom Preço Centro' }));
    await waitFor(() => expect(corpo(s.chamadas('POST account/ranking/0/20').at(-1))).toMatchObject({ criterio: 'COMPRAS', filialId: 8 }));

    await usuario.click(screen.getByRole('button', { name: 'Imprimir' }));
    await waitFor(() => expect(aba.location.href).toBe('blob:ranking'));
    expect(corpo(s.chamadas('POST account/ranking/impressao')[0])).toMatchObject({ criterio: 'COMPRAS', filialId: 8, limite: 100 });
  });

  it('um erro do servidor aparece com o botão de tentar de novo', async () => {
    servidor({ 'POST account/ranking/0/20': responder(() => falha(400, 'O período do ranking pode ter até 366 dias.')) });
    abrir();
    expect(await screen.findByText('O período do ranking pode ter até 366 dias.')).toBeInTheDocument();
  });
});

describe('Relatórios › Contas bloqueadas', () => {
  beforeAll(() => import('./contas-bloqueadas-page'), 30_000);
  beforeEach(() => prepararAmbienteTabela((q) => q.trim() === '' || q.includes('min-width')));
  const abrir = () => renderizarPagina('/app/relatorio/contas-bloqueadas', () => import('./contas-bloqueadas-page'));

  it('lista conta, saldo, motivo e data; desbloquear pede Confirmação e envia cliente e conta', async () => {
    const s = servidor({ 'POST account/desbloquear': { contaId: 51, bloqueada: false } });
    const { usuario } = abrir();
    const linha = (await screen.findByText('Letícia Albuquerque Santos')).closest('tr')!;
    expect(within(linha).getByText('Cashback')).toBeInTheDocument();
    expect(within(linha).getByText('R$ 37,40')).toBeInTheDocument();
    expect(within(linha).getByText('Suspeita de fraude.')).toBeInTheDocument();
    expect(within(linha).getByText('02/03/2026 15:20:00')).toBeInTheDocument();

    await usuario.click(within(linha).getByRole('button', { name: 'Desbloquear conta de cashback de Letícia Albuquerque Santos' }));
    expect(await screen.findByText(/Ela volta a receber e pagar nas vendas/)).toBeInTheDocument();
    await usuario.click(screen.getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(s.chamadas('POST account/desbloquear')).toHaveLength(1));
    expect(corpo(s.chamadas('POST account/desbloquear')[0])).toEqual({ clienteId: 21, unidade: 'CASHBACK' });
    expect(await screen.findByText('Conta desbloqueada.')).toBeInTheDocument();
  });

  it('bloquear conta: exige cliente e motivo e envia a unidade escolhida', async () => {
    const s = servidor({
      'POST client/filterpaginated/0/10': pagina([{ id: 21, nome: 'Letícia Albuquerque Santos', documento: null }]),
      'POST account/bloquear': { contaId: 52, bloqueada: true },
    });
    const { usuario } = abrir();
    await usuario.click(await screen.findByRole('button', { name: 'Bloquear conta' }));
    const drawer = await screen.findByRole('dialog', { name: 'Bloquear conta' });
    await usuario.click(within(drawer).getByRole('button', { name: 'Bloquear' }));
    expect(await within(drawer).findByText('Informe o cliente.')).toBeInTheDocument();
    expect(within(drawer).getByText('Descreva o motivo do bloqueio (ao menos 3 letras).')).toBeInTheDocument();

    await usuario.type(within(drawer).getByRole('combobox', { name: 'Cliente' }), 'Letí');
    await usuario.click(await screen.findByRole('option', { name: 'Letícia Albuquerque Santos' }));
    await usuario.click(within(drawer).getByRole('combobox', { name: 'Conta' }));
    await usuario.click(await screen.findByRole('option', { name: 'Pontos' }));
    await usuario.type(within(drawer).getByRole('textbox', { name: 'Motivo' }), 'Pontos comprados de terceiros');
    await usuario.click(within(drawer).getByRole('button', { name: 'Bloquear' }));
    await waitFor(() => expect(s.chamadas('POST account/bloquear')).toHaveLength(1));
    expect(corpo(s.chamadas('POST account/bloquear')[0])).toEqual({ clienteId: 21, unidade: 'PONTOS', motivo: 'Pontos comprados de terceiros' });
  });

  it('quem só vê relatórios não tem os botões de bloquear e desbloquear', async () => {
    servidor({}, { ...usuarioGerente, permissions: ['RELATORIO_VER'] });
    abrir();
    const linha = (await screen.findByText('Letícia Albuquerque Santos')).closest('tr')!;
    expect(within(linha).queryByRole('button', { name: /Desbloquear/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bloquear conta' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeInTheDocument();
  });
});
