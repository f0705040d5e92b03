import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ComprovanteVenda, GrupoDuplicadas, Pagina, Totalizador, TransacaoResumo } from '@bonifica/contracts';
import { prepararAmbienteTabela } from '../../components/list-page/ambiente-teste';
import { renderizarPagina } from '../../test/renderizar-pagina';
import { responder, rotasPadrao, servidorFalso, usuarioGerente, type Rotas } from '../../test/servidor-falso';

const lojas = [
  { id: 1, shortName: 'Centro' },
  { id: 2, shortName: 'Jardins' },
];

function venda(id: number, status: TransacaoResumo['status'] = 'CONFIRMADA'): TransacaoResumo {
  return {
    id,
    clienteId: 10,
    clienteNome: 'Ana Beatriz Gonçalves',
    filialId: 2,
    filialNome: 'Jardins',
    valor: 123.45,
    resgate: 10,
    cashback: 5.67,
    pontos: 113,
    status,
    criadoEm: '2025-03-10T15:00:00Z',
    canceladaEm: null,
    motivoCancelamento: null,
    usuarioNome: 'Amanda Atendente',
  };
}
const pagina = (content: TransacaoResumo[]): Pagina<TransacaoResumo> => ({ content, totalElements: content.length, totalPages: 1, number: 0, size: 20 });

const comprovante: ComprovanteVenda = {
  transacaoId: 7,
  status: 'CANCELADA',
  empresa: { nome: 'Bom Preço', razaoSocial: 'Bom Preço Ltda', cnpj: null },
  filialNome: null,
  criadoEm: '2025-03-10T15:00:00Z',
  atendente: null,
  cliente: { id: 10, nome: 'Ana', documento: null },
  valor: 10,
  resgate: 0,
  valePresente: 0,
  cupom: null,
  aPagar: 10,
  cashback: 0.5,
  pontos: 10,
  saldos: { CASHBACK: 0, PONTOS: 0 },
  saldosEm: '2025-03-10T15:00:00Z',
  canceladaEm: '2025-03-10T16:00:00Z',
  motivoCancelamento: null,
  colunas: 48,
  linhas: [
    { texto: '               *** CANCELADA ***', destaque: true },
    { texto: 'Venda nº 7', destaque: false },
  ],
  escpos: '',
  codificacao: 'PC860',
};

function rotas(extra: Rotas = {}, permissoes = usuarioGerente.permissions): Rotas {
  return { ...rotasPadrao({ ...usuarioGerente, permissions: permissoes }), 'GET company/empresalogadafiliais': responder(() => ({ corpo: { hasError: false, messageError: null, result: null, results: lojas } })), ...extra };
}

describe('Transações › Vendas', () => {
  beforeAll(() => import('./vendas-page'), 30_000);
  beforeEach(() => prepararAmbienteTabela());

  it('lista com filtros na URL, reimprime e cancela com confirmação', async () => {
    let cancelada = false;
    const servidor = servidorFalso(
      rotas({
        'POST transacao/filterpaginated/0/20': responder(() => ({ corpo: { hasError: false, messageError: null, result: pagina([venda(8), venda(7, cancelada ? 'CANCELADA' : 'CONFIRMADA')]), results: null } })),
        'GET transacao/impressao/7': comprovante,
        'GET transacao/cancelar/7': responder(() => {
          cancelada = true;
          return { corpo: { hasError: false, messageError: null, result: { transacaoId: 7, estornoLancamentoId: 3, saldos: { CASHBACK: 0, PONTOS: 0 } }, results: null } };
        }),
      }),
    );
    const { usuario } = renderizarPagina('/app/transacoes/vendas', () => import('./vendas-page'), '/app/transacoes/vendas?de=2025-03-01&status=CONFIRMADA&cliente=ana');
    expect(await screen.findAllByText('Ana Beatriz Gonçalves', {}, { timeout: 5_000 })).not.toHaveLength(0);
    expect(JSON.parse(servidor.chamadas('POST transacao/filterpaginated/0/20')[0]!.corpo!)).toEqual({ de: '2025-03-01', status: 'CONFIRMADA', cliente: 'ana' });
    expect(screen.getByLabelText('De')).toHaveValue('01/03/2025');

    await usuario.click(screen.getByRole('button', { name: 'Reimprimir a venda nº 7' }));
    const papel = await screen.findByRole('document', { name: 'Comprovante da venda nº 7' });
    expect(papel).toHaveTextContent('*** CANCELADA ***');
    await usuario.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('document')).not.toBeInTheDocument());

    await usuario.click(screen.getByRole('button', { name: 'Cancelar a venda nº 7' }));
    const dialogo = await screen.findByRole('dialog');
    expect(dialogo).toHaveTextContent('Cancelar a venda nº 7 de R$ 123,45 de Ana Beatriz Gonçalves?');
    await usuario.click(within(dialogo).getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(servidor.chamadas('GET transacao/cancelar/7')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancelar a venda nº 7' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Cancelar a venda nº 8' })).toBeInTheDocument();
  }, 20_000);

  it('quem só vê relatórios reimprime mas não cancela', async () => {
    servidorFalso(rotas({ 'POST transacao/filterpaginated/0/20': pagina([venda(8)]) }, ['RELATORIO_VER']));
    renderizarPagina('/app/transacoes/vendas', () => import('./vendas-page'));
    expect(await screen.findByRole('button', { name: 'Reimprimir a venda nº 8' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelar a venda nº 8' })).not.toBeInTheDocument();
  });
});

const totais = { quantidade: 2, valor: 173.45, resgate: 0, cashback: 8.67, pontos: 173, canceladas: 1, valorCanceladas: 300 };
const totalizador: Totalizador = {
  linhas: [{ dia: '2025-03-09', filialId: 2, filialNome: 'Jardins', ...totais }],
  porDia: [{ dia: '2025-03-09', ...totais }],
  porFilial: [{ filialId: 2, filialNome: 'Jardins', ...totais }],
  total: totais,
};

describe('Transações › Totalizador', () => {
  beforeAll(() => import('./totalizador-page'), 30_000);

  it('gera com o mês corrente, mostra os totais por loja e por dia, e valida o período em português', async () => {
    const servidor = servidorFalso(rotas({ 'POST transacao/relatorio/totalizador/': totalizador, 'POST user/filterpaginated/0/100': { content: [], totalElements: 0, totalPages: 0, number: 0, size: 100 } }));
    const { usuario } = renderizarPagina('/app/transacoes/totalizador', () => import('./totalizador-page'));
    expect(await screen.findByTestId('total-Valor vendido')).toHaveTextContent('R$ 173,45');
    expect(screen.getByTestId('total-Canceladas')).toHaveTextContent(/^1$/);
    expect(screen.getByText('R$ 300,00 cancelados')).toBeInTheDocument();
    const porLoja = screen.getByRole('table', { name: 'Por loja' });
    expect(within(porLoja).getAllByText('Jardins')).toHaveLength(1);
    expect(screen.getByRole('table', { name: 'Por dia' })).toHaveTextContent('09/03/2025');
    const [primeira] = servidor.chamadas('POST transacao/relatorio/totalizador/');
    expect(JSON.parse(primeira!.corpo!)).toEqual({ de: expect.stringMatching(/^\d{4}-\d{2}-01$/), ate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });

    await usuario.clear(screen.getByLabelText(/^De/));
    await usuario.type(screen.getByLabelText(/^De/), '01/01/2030');
    await usuario.click(screen.getByRole('button', { name: 'Gerar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A data final deve ser igual ou posterior à inicial.');
    expect(servidor.chamadas('POST transacao/relatorio/totalizador/')).toHaveLength(1);
    // The totals of the last valid period leave the screen instead of standing under the refused one.
    expect(screen.queryByTestId('total-Valor vendido')).not.toBeInTheDocument();
  });
});

const grupo: GrupoDuplicadas = {
  clienteId: 10,
  clienteNome: 'Ana Beatriz Gonçalves',
  filialId: 2,
  filialNome: 'Jardins',
  valor: 49.9,
  vendas: [
    { id: 31, criadoEm: '2025-03-10T15:00:00Z', usuarioNome: 'Amanda', resgate: 0, cashback: 2.49, pontos: 49 },
    { id: 32, criadoEm: '2025-03-10T15:02:00Z', usuarioNome: 'Amanda', resgate: 0, cashback: 2.49, pontos: 49 },
  ],
};

describe('Transações › Vendas duplicadas', () => {
  beforeAll(() => import('./duplicadas-page'), 30_000);

  it('lista os grupos, não deixa corrigir o grupo inteiro, e corrige as cópias escolhidas com confirmação e chave de idempotência', async () => {
    let corrigido = false;
    const servidor = servidorFalso(
      rotas({
        'POST transacao/duplicada/relatorio': responder(() => ({ corpo: { hasError: false, messageError: null, result: null, results: corrigido ? [] : [grupo] } })),
        'POST transacao/duplicada/corrigir': responder(() => {
          corrigido = true;
          return { corpo: { hasError: false, messageError: null, result: { canceladas: [{ transacaoId: 32, estornoLancamentoId: 9, saldos: { CASHBACK: 2.49, PONTOS: 49 } }] }, results: null } };
        }),
      }),
    );
    const { usuario } = renderizarPagina('/app/transacoes/duplicadas', () => import('./duplicadas-page'));
    const card = await screen.findByRole('region', { name: 'Vendas de Ana Beatriz Gonçalves' });
    expect(card).toHaveTextContent('2 vendas de R$ 49,90 · Jardins');
    expect(within(card).getByText('Original')).toBeInTheDocument();
    expect(JSON.parse(servidor.chamadas('POST transacao/duplicada/relatorio')[0]!.corpo!)).toMatchObject({ minutos: 10 });

    await usuario.click(within(card).getByRole('checkbox', { name: 'Cancelar a venda nº 31' }));
    await usuario.click(within(card).getByRole('checkbox', { name: 'Cancelar a venda nº 32' }));
    expect(within(card).getByRole('alert')).toHaveTextContent('Mantenha ao menos uma venda deste grupo.');
    expect(screen.getByRole('button', { name: 'Corrigir escolhidas' })).toBeDisabled();
    await usuario.click(within(card).getByRole('checkbox', { name: 'Cancelar a venda nº 31' }));

    await usuario.click(screen.getByRole('button', { name: 'Corrigir escolhidas' }));
    const dialogo = await screen.findByRole('dialog');
    expect(dialogo).toHaveTextContent('Cancelar a venda nº 32 como duplicada?');
    await usuario.click(within(dialogo).getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(servidor.chamadas('POST transacao/duplicada/corrigir')).toHaveLength(1));
    const [pedido] = servidor.chamadas('POST transacao/duplicada/corrigir');
    expect(JSON.parse(pedido!.corpo!)).toEqual({ ids: [32], minutos: 10 });
    expect(pedido!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('Nenhuma venda duplicada no período.')).toBeInTheDocument();
  }, 20_000);
});
