import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ItemFilaImpressao, LoteImpressao, Pagina } from '@bonifica/contracts';
import { prepararAmbienteTabela } from '../../components/list-page/ambiente-teste';
import { renderizarPagina } from '../../test/renderizar-pagina';
import { falha, responder, rotasPadrao, servidorFalso, type RequisicaoFalsa } from '../../test/servidor-falso';

const URL_FILA = 'POST card/filaimpressao/filter/0/20';

const PENDENTE: ItemFilaImpressao = {
  id: 51,
  cartaoId: 31,
  numero: '9000070000000011',
  cartaoStatus: 'DISPONIVEL',
  clienteNome: null,
  status: 'PENDENTE',
  lote: null,
  solicitadoPorNome: 'Mariana Souza Lima',
  criadoEm: '2026-03-05T15:00:00Z',
  impressoEm: null,
};
const OUTRO: ItemFilaImpressao = { ...PENDENTE, id: 52, cartaoId: 32, numero: '9000070000000029', clienteNome: 'Ana Beatriz Gonçalves' };
const IMPRESSO: ItemFilaImpressao = { ...PENDENTE, id: 50, cartaoId: 30, numero: '9000070000000003', status: 'IMPRESSO', lote: '20260301-1000-50', impressoEm: '2026-03-01T13:00:00Z' };

const LOTE: LoteImpressao = { lote: '20260305-1200-52', quantidade: 1, cartaoIds: [32], itemIds: [52], impressoEm: '2026-03-05T15:00:00Z' };

const pagina = (content: ItemFilaImpressao[]): Pagina<ItemFilaImpressao> => ({ content, totalElements: content.length, totalPages: 1, number: 0, size: 20 });
const corpo = (r: RequisicaoFalsa | undefined) => JSON.parse(r?.corpo ?? '{}') as Record<string, unknown>;

function servidor(extra: Record<string, unknown> = {}) {
  return servidorFalso({ ...rotasPadrao(), [URL_FILA]: pagina([PENDENTE, OUTRO, IMPRESSO]), ...extra });
}

const abrir = () => renderizarPagina('/app/cartoes/fila', () => import('./fila-page'));
const linha = async (texto: string) => (await screen.findByText(texto, {}, { timeout: 5000 })).closest('tr')!;

describe('Cartões › Fila de impressão', { timeout: 30_000 }, () => {
  beforeAll(() => import('./fila-page'), 30_000);
  beforeEach(() => prepararAmbienteTabela((q) => q.trim() === '' || q.includes('min-width')));

  it('lista pendentes e impressos com lote; sem seleção, o lote leva todos os pendentes', async () => {
    const s = servidor({ 'POST card/createcardlistprint': { ...LOTE, quantidade: 2, cartaoIds: [31, 32], itemIds: [51, 52] } });
    const { usuario } = abrir();
    const impresso = await linha('9000 0700 0000 0003');
    expect(within(impresso).getByText('Impresso')).toBeInTheDocument();
    expect(within(impresso).getByText('20260301-1000-50')).toBeInTheDocument();
    expect(within(await linha('9000 0700 0000 0029')).getByText('Pendente')).toBeInTheDocument();
    await usuario.click(screen.getByRole('button', { name: 'Gerar lote com os pendentes' }));
    await waitFor(() => expect(s.chamadas('POST card/createcardlistprint')).toHaveLength(1));
    expect(corpo(s.chamadas('POST card/createcardlistprint')[0])).toEqual({});
    const dialogo = await screen.findByRole('dialog', { name: 'Lote de impressão gerado' });
    expect(within(dialogo).getByText(/com 2 cartões, marcado como impresso/)).toBeInTheDocument();
  });

  it('gera o lote dos selecionados e abre o PDF da frente com os cartões do lote', async () => {
    const aba = { location: { href: '' }, close: vi.fn() };
    const abrirJanela = vi.spyOn(window, 'open').mockReturnValue(aba as unknown as Window);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:lote'), revokeObjectURL: vi.fn() }));
    const s = servidor({
      'POST card/createcardlistprint': LOTE,
      'POST card/printcardlist': responder(() => ({ corpo: '%PDF-1.3', headers: { 'Content-Type': 'application/pdf' } })),
    });
    const { usuario } = abrir();
    await usuario.click(within(await linha('9000 0700 0000 0029')).getByRole('checkbox', { name: 'Selecionar cartão 9000 0700 0000 0029' }));
    await usuario.click(screen.getByRole('button', { name: 'Gerar lote com 1 selecionado' }));
    await waitFor(() => expect(corpo(s.chamadas('POST card/createcardlistprint')[0])).toEqual({ itens: [52] }));
    const dialogo = await screen.findByRole('dialog', { name: 'Lote de impressão gerado' });
    await usuario.click(within(dialogo).getByRole('button', { name: 'Frente (PDF)' }));
    await waitFor(() => expect(aba.location.href).toBe('blob:lote'));
    expect(corpo(s.chamadas('POST card/printcardlist')[0])).toEqual({ ids: [32] });
    abrirJanela.mockRestore();
  });

  it('cancela os selecionados depois da confirmação (Sim/Não) e mostra a recusa do servidor', async () => {
    const s = servidor({ 'POST card/filaimpressao/salveall': responder(() => falha(409, 'O item do cartão final 0003 já foi impresso. Para reimprimir, adicione o cartão à fila de novo.')) });
    const { usuario } = abrir();
    await usuario.click(within(await linha('9000 0700 0000 0003')).getByRole('checkbox'));
    await usuario.click(within(await linha('9000 0700 0000 0011')).getByRole('checkbox'));
    await usuario.click(screen.getByRole('button', { name: 'Cancelar' }));
    const confirmacao = await screen.findByRole('dialog');
    expect(within(confirmacao).getByText('Cancelar a impressão de 2 cartões?')).toBeInTheDocument();
    await usuario.click(within(confirmacao).getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(s.chamadas('POST card/filaimpressao/salveall')).toHaveLength(1));
    expect(corpo(s.chamadas('POST card/filaimpressao/salveall')[0])).toEqual({ itens: [{ id: 50, status: 'CANCELADO' }, { id: 51, status: 'CANCELADO' }] });
    expect(await screen.findByText(/já foi impresso/)).toBeInTheDocument();
  });

  it('filtra por situação pelo corpo da consulta', async () => {
    const s = servidor();
    const { usuario } = abrir();
    await linha('9000 0700 0000 0011');
    await usuario.click(screen.getByRole('combobox', { name: 'Situação' }));
    await usuario.click(await screen.findByRole('option', { name: 'Pendente' }));
    await waitFor(() => expect(corpo(s.requisicoes.filter((r) => r.caminho.startsWith('card/filaimpressao/filter')).at(-1))).toEqual({ status: 'PENDENTE' }));
  });
});
