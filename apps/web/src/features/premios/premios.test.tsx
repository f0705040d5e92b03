import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Pagina, Premio, RelatorioResgatePremio, ResgatePremio } from '@bonifica/contracts';
import { prepararAmbienteTabela } from '../../components/list-page/ambiente-teste';
import { falha, responder, rotasPadrao, servidorFalso, type RequisicaoFalsa } from '../../test/servidor-falso';
import { renderizarPagina } from '../../test/renderizar-pagina';

const pagina = <T,>(content: T[]): Pagina<T> => ({ content, totalElements: content.length, totalPages: 1, number: 0, size: 20 });
const corpo = (r: RequisicaoFalsa | undefined) => JSON.parse(r?.corpo ?? '{}') as Record<string, unknown>;

const PREMIO: Premio = {
  id: 7,
  nome: 'Mochila Térmica',
  descricao: 'Para a marmita',
  fotoArquivoId: null,
  custoPontos: 500,
  custoCashback: 10.5,
  estoque: 3,
  limitePorCliente: 1,
  limitePeriodo: 'MES',
  validoDe: null,
  validoAte: null,
  filiais: [],
  ativo: true,
  resgates: 2,
  criadoEm: '2026-11-01T12:00:00.000Z',
};

const RESGATE: ResgatePremio = {
  id: 31,
  codigo: 'K7M3Q9TZ',
  status: 'SOLICITADO',
  premioId: 7,
  premioNome: 'Mochila Térmica',
  fotoArquivoId: null,
  clienteId: 42,
  clienteNome: 'Maria da Silva',
  filialId: 2,
  filialNome: 'Bonifica Jardins',
  custoPontos: 500,
  custoCashback: 10.5,
  usuarioNome: 'Amanda Atendente',
  criadoEm: '2026-11-20T15:00:00.000Z',
  retiradoEm: null,
  canceladoEm: null,
  motivoCancelamento: null,
};

const RELATORIO: RelatorioResgatePremio = {
  linhas: [{ premioId: 7, premioNome: 'Mochila Térmica', quantidade: 4, retirados: 1, pontos: 2000, cashback: 42 }],
  total: { quantidade: 4, retirados: 1, pontos: 2000, cashback: 42 },
  cancelados: 1,
};

describe('Prêmios › Catálogo', () => {
  beforeAll(() => import('./catalogo-page'), 30_000);
  // A desktop: every column shown (`min-width` queries match).
  beforeEach(() => prepararAmbienteTabela((q) => q.trim() === '' || q.includes('min-width')));

  it('lista com o custo em pontos e cashback; o novo prêmio valida em português e envia o custo em reais', { timeout: 30_000 }, async () => {
    const s = servidorFalso({
      ...rotasPadrao(),
      'POST premio/filterpaginated/0/20': pagina([PREMIO]),
      'GET company/empresalogadafiliais': responder(() => ({ corpo: { hasError: false, messageError: null, result: null, results: [{ id: 1, shortName: 'Matriz' }, { id: 2, shortName: 'Bonifica Jardins' }] } })),
      'POST premio/save': { ...PREMIO, id: 8, nome: 'Garrafa' },
    });
    const { usuario } = renderizarPagina('/app/premios/catalogo', () => import('./catalogo-page'));
    expect(await screen.findByText('Mochila Térmica')).toBeInTheDocument();
    expect(screen.getByText('500 pontos + R$ 10,50')).toBeInTheDocument();
    expect(screen.getByText('1 por mês')).toBeInTheDocument();

    await usuario.click(screen.getByRole('button', { name: 'Novo prêmio' }));
    const drawer = await screen.findByRole('dialog', { name: 'Novo prêmio' });
    await usuario.type(within(drawer).getByRole('textbox', { name: /Nome do prêmio/ }), 'Garrafa');
    await usuario.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    expect(await within(drawer).findByText('Informe o custo do prêmio em pontos, em cashback ou nos dois.')).toBeInTheDocument();
    expect(s.chamadas('POST premio/save')).toHaveLength(0);

    await usuario.type(within(drawer).getByRole('textbox', { name: 'Cashback (R$)' }), '12,34');
    await usuario.type(within(drawer).getByRole('textbox', { name: /Estoque/ }), '10');
    await usuario.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(s.chamadas('POST premio/save')).toHaveLength(1));
    expect(corpo(s.chamadas('POST premio/save')[0])).toMatchObject({ nome: 'Garrafa', custoPontos: null, custoCashback: 12.34, estoque: 10, limitePeriodo: 'SEMPRE', filiais: [], ativo: true });
  });
});

describe('Prêmios › Resgates', () => {
  beforeAll(() => import('./resgates-page'), 30_000);
  // A desktop: every column shown (`min-width` queries match).
  beforeEach(() => prepararAmbienteTabela((q) => q.trim() === '' || q.includes('min-width')));

  function servidor() {
    return servidorFalso({
      ...rotasPadrao(),
      'POST premio/resgate/filtrar/0/20': pagina([RESGATE]),
      'GET company/empresalogadafiliais': responder(() => ({ corpo: { hasError: false, messageError: null, result: null, results: [] } })),
      'POST premio/resgate/relatorio': RELATORIO,
      'GET premio/resgate/retirar/31/ERRADO1': responder(() => falha(409, 'O código não confere com o deste resgate.')),
      'GET premio/resgate/retirar/31/K7M3Q9TZ': { ...RESGATE, status: 'RETIRADO' },
      'GET premio/resgate/cancelar/31': { ...RESGATE, status: 'CANCELADO' },
    });
  }

  it('lista com situação e custo, e o relatório do mês para a gestão', { timeout: 30_000 }, async () => {
    servidor();
    renderizarPagina('/app/premios/resgates', () => import('./resgates-page'));
    const linha = (await screen.findByText('K7M3Q9TZ')).closest('tr')!;
    expect(within(linha).getByText('Solicitado')).toBeInTheDocument();
    expect(within(linha).getByText('500 pontos + R$ 10,50')).toBeInTheDocument();
    expect(within(linha).getByText('Bonifica Jardins')).toBeInTheDocument();
    expect(await screen.findByText(/4 resgates \(1 retirado\) · 2\.000 pontos · R\$ 42,00 em cashback · 1 cancelado$/)).toBeInTheDocument();
  });

  it('no celular: o código leva prêmio, cliente e situação; as ações continuam na linha', { timeout: 30_000 }, async () => {
    prepararAmbienteTabela((q) => q.trim() === '' || q.includes('max-width'));
    servidor();
    renderizarPagina('/app/premios/resgates', () => import('./resgates-page'));
    const linha = (await screen.findByText('K7M3Q9TZ')).closest('tr')!;
    expect(within(linha).getByText('Solicitado')).toBeInTheDocument();
    expect(within(linha).getByText(/^Mochila Térmica · /)).toBeInTheDocument();
    expect(within(linha).queryByText('500 pontos + R$ 10,50')).not.toBeInTheDocument();
    expect(within(linha).getByRole('button', { name: 'Entregar o resgate K7M3Q9TZ' })).toBeInTheDocument();
  });

  it('entregar pelo código: o código errado mostra a recusa do servidor; o certo entrega', { timeout: 30_000 }, async () => {
    const s = servidor();
    const { usuario } = renderizarPagina('/app/premios/resgates', () => import('./resgates-page'));
    await usuario.click(await screen.findByRole('button', { name: 'Entregar o resgate K7M3Q9TZ' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Entregar Mochila Térmica' });
    const campo = within(dialogo).getByRole('textbox', { name: /Código do resgate/ });
    await usuario.type(campo, 'ERRADO1');
    await usuario.click(within(dialogo).getByRole('button', { name: 'Entregar prêmio' }));
    expect(await screen.findByText('O código não confere com o deste resgate.')).toBeInTheDocument();
    await usuario.clear(campo);
    await usuario.type(campo, 'K7M3Q9TZ');
    await usuario.click(within(dialogo).getByRole('button', { name: 'Entregar prêmio' }));
    expect(await screen.findByText('Prêmio entregue.')).toBeInTheDocument();
    expect(s.chamadas('GET premio/resgate/retirar/31/K7M3Q9TZ')).toHaveLength(1);
  });

  it('cancelar pede o motivo e o envia; avisa que saldo e estoque voltam', { timeout: 30_000 }, async () => {
    const s = servidor();
    const { usuario } = renderizarPagina('/app/premios/resgates', () => import('./resgates-page'));
    await usuario.click(await screen.findByRole('button', { name: 'Mais ações do resgate K7M3Q9TZ' }));
    await usuario.click(await screen.findByRole('menuitem', { name: 'Cancelar resgate' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Cancelar o resgate K7M3Q9TZ' });
    expect(within(dialogo).getByText('Os pontos e o cashback voltam ao cliente e a unidade volta ao estoque.')).toBeInTheDocument();
    await usuario.type(within(dialogo).getByRole('textbox', { name: /Motivo/ }), 'Cliente desistiu');
    await usuario.click(within(dialogo).getByRole('button', { name: 'Cancelar resgate' }));
    await waitFor(() => expect(s.chamadas('GET premio/resgate/cancelar/31')).toHaveLength(1));
    expect(s.chamadas('GET premio/resgate/cancelar/31')[0]!.url.searchParams.get('motivo')).toBe('Cliente desistiu');
    expect(await screen.findByText('Resgate cancelado: saldo e estoque devolvidos.')).toBeInTheDocument();
  });
});
