import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Aniversariante, Pagina } from '@bonifica/contracts';
import { prepararAmbienteTabela } from '../../components/list-page/ambiente-teste';
import { renderizarPagina } from '../../test/renderizar-pagina';
import { envelope, falha, responder, rotasPadrao, servidorFalso, type RequisicaoFalsa, type Rotas } from '../../test/servidor-falso';

const BASE: Aniversariante = {
  id: 11,
  nome: 'Ana Beatriz Gonçalves',
  dataNascimento: '1988-03-03',
  aniversario: '2026-03-03',
  idade: 38,
  celular: '11987650101',
  celularWhatsapp: true,
  consentimentoWhatsapp: true,
  email: null,
  filialOrigemId: 7,
  filialOrigemNome: 'Bom Preço',
};
const SEM_CONSENTIMENTO: Aniversariante = { ...BASE, id: 12, nome: 'Bruno Sem Aceite', aniversario: '2026-03-10', idade: 30, celular: '11987650202', consentimentoWhatsapp: false };
const SEM_WHATSAPP: Aniversariante = { ...BASE, id: 13, nome: 'Carla Fixo', aniversario: '2026-03-28', idade: 61, celular: '1132650606', celularWhatsapp: false, consentimentoWhatsapp: false };

const pagina = (content: Aniversariante[]): Pagina<Aniversariante> => ({ content, totalElements: content.length, totalPages: 1, number: 0, size: 20 });
const corpo = (r: RequisicaoFalsa | undefined) => JSON.parse(r?.corpo ?? '{}') as Record<string, unknown>;

function servidor(extra: Rotas = {}) {
  return servidorFalso({
    ...rotasPadrao(),
    'GET company/empresalogadafiliais': responder(() => ({ corpo: { ...envelope(null), results: [] } })),
    'POST client/aniversariantes/0/20': responder((r) => ({ corpo: envelope(pagina(corpo(r).mes === 12 ? [] : [BASE, SEM_CONSENTIMENTO, SEM_WHATSAPP])) })),
    ...extra,
  });
}

const abrir = (url = '/app/cadastros/aniversariantes') => renderizarPagina('/app/cadastros/aniversariantes', () => import('./aniversariantes-page'), url);

describe('Cadastros › Aniversariantes', { timeout: 20_000 }, () => {
  beforeAll(() => import('./aniversariantes-page'), 30_000);
  beforeEach(() => prepararAmbienteTabela((q) => q.trim() === '' || q.includes('min-width')));

  it('lista na ordem do servidor com dia, idade e celular; sem mês escolhido pede o mês corrente', async () => {
    const s = servidor();
    abrir();
    const ana = (await screen.findByRole('link', { name: 'Ana Beatriz Gonçalves' }, { timeout: 5_000 })).closest('tr')!;
    expect(ana.closest('tbody')!.querySelectorAll('tr')).toHaveLength(3);
    expect(within(ana).getByText('03/03')).toBeInTheDocument();
    expect(within(ana).getByText('38 anos')).toBeInTheDocument();
    expect(within(ana).getByText('(11) 98765-0101')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ana Beatriz Gonçalves' })).toHaveAttribute('href', '/app/cadastros/clientes/11');
    expect(corpo(s.chamadas('POST client/aniversariantes/0/20')[0])).toEqual({});
  });

  it('o link de WhatsApp (wa.me com DDI 55) só aparece para quem consentiu; sem consentimento, o aviso', async () => {
    servidor();
    abrir();
    const link = await screen.findByRole('link', { name: 'WhatsApp de Ana Beatriz Gonçalves' });
    expect(link.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/5511987650101\?text=Ol%C3%A1%2C%20Ana!/);
    expect(screen.queryByRole('link', { name: 'WhatsApp de Bruno Sem Aceite' })).not.toBeInTheDocument();
    expect(within(screen.getByText('Bruno Sem Aceite').closest('tr')!).getByText('Sem consentimento')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'WhatsApp de Carla Fixo' })).not.toBeInTheDocument();
  });

  it('o mês escolhido vai no corpo e na URL; um mês sem ninguém mostra o estado vazio', async () => {
    const s = servidor();
    abrir('/app/cadastros/aniversariantes?mes=12');
    expect(await screen.findByText('Nenhum registro encontrado.')).toBeInTheDocument();
    expect(corpo(s.chamadas('POST client/aniversariantes/0/20').at(-1))).toEqual({ mes: 12 });
  });

  it('imprimir abre o PDF com o mesmo filtro; um erro do servidor aparece e fecha a aba', async () => {
    let ok = true;
    const s = servidor({
      'POST client/aniversariantes/impressao': responder(() => (ok ? { corpo: '%PDF', headers: { 'Content-Type': 'application/pdf' } } : falha(400, 'A impressão traz até 2.000 aniversariantes: escolha uma filial ou um período menor.'))),
    });
    const aba = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(aba as unknown as Window);
    URL.createObjectURL = vi.fn(() => 'blob:lista');
    URL.revokeObjectURL = vi.fn();
    const { usuario } = abrir('/app/cadastros/aniversariantes?mes=3');
    await screen.findByRole('link', { name: 'Ana Beatriz Gonçalves' });
    await usuario.click(screen.getByRole('button', { name: 'Imprimir lista' }));
    await waitFor(() => expect(aba.location.href).toBe('blob:lista'));
    expect(corpo(s.chamadas('POST client/aniversariantes/impressao')[0])).toEqual({ mes: 3 });
    ok = false;
    await usuario.click(screen.getByRole('button', { name: 'Imprimir lista' }));
    expect(await screen.findByText(/escolha uma filial ou um período menor/)).toBeInTheDocument();
    expect(aba.close).toHaveBeenCalled();
  });
});
