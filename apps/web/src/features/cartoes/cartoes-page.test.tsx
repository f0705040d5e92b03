import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { CartaoResumo, NumeracaoCartao, Pagina, UsuarioLogado } from '@bonifica/contracts';
import { prepararAmbienteTabela } from '../../components/list-page/ambiente-teste';
import { renderizarPagina } from '../../test/renderizar-pagina';
import { envelope, falha, responder, rotasPadrao, servidorFalso, usuarioGerente, type RequisicaoFalsa } from '../../test/servidor-falso';

const URL_LISTA = 'POST card/filterpaginated/0/20';

const DISPONIVEL: CartaoResumo = {
  id: 31,
  numero: '9000070000000011',
  status: 'DISPONIVEL',
  motivoStatus: null,
  clienteId: null,
  clienteNome: null,
  filialId: 7,
  filialNome: 'Bom Preço',
  emitidoEm: '2026-03-05T15:00:00Z',
  vinculadoEm: null,
  bloqueadoEm: null,
  naFila: true,
};
const ATIVO: CartaoResumo = { ...DISPONIVEL, id: 32, numero: '9000070000000029', status: 'ATIVO', clienteId: 11, clienteNome: 'Ana Beatriz Gonçalves', vinculadoEm: '2026-03-06T15:00:00Z', naFila: false };
const BLOQUEADO: CartaoResumo = { ...ATIVO, id: 33, numero: '9000070000000037', status: 'BLOQUEADO', clienteNome: 'João Pedro Araújo', motivoStatus: 'Perdido' };

const NUMERACAO: NumeracaoCartao = { prefixo: '900007', proximaSequencia: 4, proximoNumero: '9000070000000045', cartoesEmitidos: 3, alteravel: false };

const atendente: UsuarioLogado = { ...usuarioGerente, id: 3, username: 'atendente', perfil: 'Atendente', permissions: ['ROLE_USER_COMPANY', 'CLIENTE_CONSULTAR', 'TERMINAL_USAR'] };

const pagina = (content: CartaoResumo[]): Pagina<CartaoResumo> => ({ content, totalElements: content.length, totalPages: 1, number: 0, size: 20 });
const corpo = (r: RequisicaoFalsa | undefined) => JSON.parse(r?.corpo ?? '{}') as Record<string, unknown>;

function servidor(extra: Record<string, unknown> = {}, usuario = usuarioGerente) {
  return servidorFalso({
    ...rotasPadrao(usuario),
    [URL_LISTA]: pagina([DISPONIVEL, ATIVO, BLOQUEADO]),
    'GET card/numeracao': NUMERACAO,
    'GET company/empresalogadafiliais': responder(() => ({ corpo: { ...envelope(null), results: [{ id: 7, shortName: 'Bom Preço' }] } })),
    ...extra,
  });
}

const abrir = (url?: string) => renderizarPagina('/app/cartoes/lista', () => import('./cartoes-page'), url);
const linha = async (texto: string) => (await screen.findByText(texto, {}, { timeout: 5000 })).closest('tr')!;

describe('Cartões › Cartões', { timeout: 30_000 }, () => {
  beforeAll(() => import('./cartoes-page'), 30_000);
  beforeEach(() => prepararAmbienteTabela((q) => q.trim() === '' || q.includes('min-width')));

  it('lista número agrupado, titular, situação e a marca da fila; ações conforme a situação', async () => {
    const s = servidor();
    abrir();
    const d = await linha('9000 0700 0000 0011');
    expect(within(d).getByText('Sem cliente')).toBeInTheDocument();
    expect(within(d).getByText('Disponível')).toBeInTheDocument();
    expect(within(d).getByText('Na fila de impressão')).toBeInTheDocument();
    expect(within(d).getByRole('button', { name: 'Vincular cartão 9000 0700 0000 0011' })).toBeInTheDocument();
    const a = await linha('9000 0700 0000 0029');
    expect(within(a).getByText('Ana Beatriz Gonçalves')).toBeInTheDocument();
    expect(within(a).queryByRole('button', { name: /^Vincular/ })).not.toBeInTheDocument();
    expect(within(a).getByRole('link', { name: 'Ver cartão 9000 0700 0000 0029' })).toHaveAttribute('href', '/app/cartoes/32');
    expect(corpo(s.chamadas(URL_LISTA)[0])).toEqual({ ordenarPor: 'emitidoEm', direcao: 'desc' });
    expect(screen.getByRole('button', { name: 'Emitir lote' })).toBeInTheDocument();
  });

  it('cartão de vale-presente: situação "Vale-presente", sem vincular, imprimir nem bloquear', async () => {
    const vale: CartaoResumo = { ...DISPONIVEL, id: 34, numero: '9000070000000045', status: 'VALE_PRESENTE', naFila: false };
    servidor({ [URL_LISTA]: pagina([vale, ATIVO]) });
    abrir();
    const v = await linha('9000 0700 0000 0045');
    expect(within(v).getByText('Vale-presente')).toBeInTheDocument();
    expect(within(v).getByRole('link', { name: 'Ver cartão 9000 0700 0000 0045' })).toBeInTheDocument();
    expect(within(v).queryByRole('button', { name: /^Vincular/ })).not.toBeInTheDocument();
    expect(within(v).queryByRole('button', { name: /^Mais ações/ })).not.toBeInTheDocument();
  });

  it('busca e situação vão no corpo da consulta e na URL', async () => {
    const s = servidor();
    const { usuario, router } = abrir();
    await linha('9000 0700 0000 0011');
    await usuario.click(screen.getByRole('combobox', { name: 'Situação' }));
    await usuario.click(await screen.findByRole('option', { name: 'Bloqueado' }));
    await usuario.type(screen.getByRole('searchbox', { name: 'Busca' }), '0029{Enter}');
    await waitFor(() => expect(corpo(s.requisicoes.filter((r) => r.caminho.startsWith('card/filterpaginated')).at(-1))).toMatchObject({ status: 'BLOQUEADO', busca: '0029' }));
    expect(router.state.location.search).toContain('status=BLOQUEADO');
  });

  it('emite um lote validando a quantidade em português (vazia não vai ao servidor)', async () => {
    const s = servidor({ 'POST card/emitir': { quantidade: 5, primeiro: '9000070000000045', ultimo: '9000070000000086', ids: [1, 2, 3, 4, 5] } });
    const { usuario } = abrir();
    await linha('9000 0700 0000 0011');
    await usuario.click(screen.getByRole('button', { name: 'Emitir lote' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Emitir lote de cartões' });
    expect(await within(dialogo).findByText('9000 0700 0000 0045')).toBeInTheDocument();
    const quantidade = within(dialogo).getByRole('textbox', { name: 'Quantidade' });
    await usuario.clear(quantidade);
    await usuario.click(within(dialogo).getByRole('button', { name: 'Emitir cartões' }));
    expect(await within(dialogo).findByText('Informe a quantidade.')).toBeInTheDocument();
    expect(s.chamadas('POST card/emitir')).toHaveLength(0);
    // Past the limit the number stays as typed and is refused, never issued as 500 without a word.
    await usuario.type(quantidade, '2000');
    await usuario.click(within(dialogo).getByRole('button', { name: 'Emitir cartões' }));
    expect(await within(dialogo).findByText('A quantidade deve ficar entre 1 e 500.')).toBeInTheDocument();
    expect(quantidade).toHaveValue('2000');
    expect(s.chamadas('POST card/emitir')).toHaveLength(0);
    await usuario.clear(quantidade);
    await usuario.type(quantidade, '5');
    await usuario.click(within(dialogo).getByRole('button', { name: 'Emitir cartões' }));
    await waitFor(() => expect(s.chamadas('POST card/emitir')).toHaveLength(1));
    expect(corpo(s.chamadas('POST card/emitir')[0])).toEqual({ quantidade: 5, adicionarFila: true });
    expect(await screen.findByText('5 cartões emitidos: 9000 0700 0000 0045 a 9000 0700 0000 0086.')).toBeInTheDocument();
  });

  it('bloqueia pedindo o motivo e mostra a recusa do servidor', async () => {
    const s = servidor({ 'POST card/32/bloquear': responder(() => falha(409, 'Este cartão já está bloqueado.')) });
    const { usuario } = abrir();
    const a = await linha('9000 0700 0000 0029');
    await usuario.click(within(a).getByRole('button', { name: 'Mais ações do cartão 9000 0700 0000 0029' }));
    await usuario.click(await screen.findByRole('menuitem', { name: 'Bloquear' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Bloquear cartão' });
    await usuario.click(within(dialogo).getByRole('button', { name: 'Bloquear' }));
    expect(await within(dialogo).findByText('Informe o motivo (ao menos 3 letras).')).toBeInTheDocument();
    await usuario.type(within(dialogo).getByRole('textbox', { name: 'Motivo' }), 'Perdido na loja');
    await usuario.click(within(dialogo).getByRole('button', { name: 'Bloquear' }));
    await waitFor(() => expect(s.chamadas('POST card/32/bloquear')).toHaveLength(1));
    expect(corpo(s.chamadas('POST card/32/bloquear')[0])).toEqual({ motivo: 'Perdido na loja' });
    expect(await screen.findByText('Este cartão já está bloqueado.')).toBeInTheDocument();
  });

  it('imprime a frente abrindo o PDF numa nova aba', async () => {
    const aba = { location: { href: '' }, close: vi.fn() };
    const abrirJanela = vi.spyOn(window, 'open').mockReturnValue(aba as unknown as Window);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf-do-cartao'), revokeObjectURL: vi.fn() }));
    const s = servidor({ 'POST card/print': responder(() => ({ corpo: '%PDF-1.3', headers: { 'Content-Type': 'application/pdf' } })) });
    const { usuario } = abrir();
    const a = await linha('9000 0700 0000 0029');
    await usuario.click(within(a).getByRole('button', { name: 'Mais ações do cartão 9000 0700 0000 0029' }));
    await usuario.click(await screen.findByRole('menuitem', { name: 'Imprimir frente (PDF)' }));
    await waitFor(() => expect(aba.location.href).toBe('blob:pdf-do-cartao'));
    expect(abrirJanela).toHaveBeenCalledWith('', '_blank');
    expect(corpo(s.chamadas('POST card/print')[0])).toEqual({ id: 32 });
    abrirJanela.mockRestore();
  });

  it('o atendente vê e vincula, mas não emite, imprime nem bloqueia', async () => {
    servidor({}, atendente);
    abrir();
    const d = await linha('9000 0700 0000 0011');
    expect(within(d).getByRole('button', { name: /^Vincular/ })).toBeInTheDocument();
    expect(within(d).queryByRole('button', { name: /^Mais ações/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Emitir lote' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Exportar CSV' })).not.toBeInTheDocument();
  });

  it('mostra a mensagem do servidor quando a lista falha', async () => {
    servidor({ [URL_LISTA]: responder(() => falha(403, 'Acesso negado.')) });
    abrir();
    expect(await screen.findByText('Acesso negado.')).toBeInTheDocument();
  });
});
