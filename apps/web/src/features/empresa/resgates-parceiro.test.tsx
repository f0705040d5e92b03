import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Pagina, RedeCredenciada, ResgateParceiro, SaldoConta, TotalizadorParceiro } from '@bonifica/contracts';
import { prepararAmbienteTabela } from '../../components/list-page/ambiente-teste';
import { envelope, responder, rotasPadrao, servidorFalso, type RequisicaoFalsa } from '../../test/servidor-falso';
import { renderizarPagina } from '../../test/renderizar-pagina';

const pagina = <T,>(content: T[]): Pagina<T> => ({ content, totalElements: content.length, totalPages: 1, number: 0, size: 20 });
const corpo = (r: RequisicaoFalsa | undefined) => JSON.parse(r?.corpo ?? '{}') as Record<string, unknown>;

const PARCEIRO: RedeCredenciada = { id: 5, nome: 'Ótica Central', cnpj: null, telefone: null, cidade: 'Campinas', uf: 'SP', unidades: ['CASHBACK', 'PONTOS'], resgateMaximo: 50, ativo: true, criadoEm: '2026-11-01T12:00:00.000Z' };

const RESGATE: ResgateParceiro = {
  id: 31,
  redeCredenciadaId: 5,
  clienteId: 42,
  clienteNome: 'Maria da Silva',
  unidade: 'CASHBACK',
  valor: 10,
  documento: 'CUPOM-1',
  observacao: null,
  situacao: 'LANCADO',
  lancamentoId: 900,
  estornoLancamentoId: null,
  motivoEstorno: null,
  origem: 'Gerente Demo',
  criadoEm: '2026-11-20T15:00:00.000Z',
  estornadoEm: null,
};

const TOTAL: TotalizadorParceiro = {
  parceiro: { id: 5, nome: 'Ótica Central', ativo: true, unidades: ['CASHBACK', 'PONTOS'], resgateMaximo: 50 },
  de: null,
  ate: null,
  aAcertar: { CASHBACK: 10, PONTOS: 0 },
  quantidade: 1,
  estornados: { quantidade: 0, CASHBACK: 0, PONTOS: 0 },
};

const SALDOS: SaldoConta[] = [
  { contaId: 1, unidade: 'CASHBACK', nome: 'Cashback', saldo: 35, disponivel: 30, emCarencia: 5, aExpirar: 0, proximaExpiracao: null, bloqueada: false },
  { contaId: 2, unidade: 'PONTOS', nome: 'Pontos', saldo: 100, disponivel: 100, emCarencia: 0, aExpirar: 0, proximaExpiracao: null, bloqueada: false },
];

function servidor() {
  return servidorFalso({
    ...rotasPadrao(),
    'POST convenio/filterpaginated/0/20': pagina([PARCEIRO]),
    'POST convenio/conta/filtrar/5/0/10': pagina([RESGATE]),
    'GET convenio/conta/5/totalizador': TOTAL,
    'POST client/filterpaginated/0/10': pagina([{ id: 42, nome: 'Maria da Silva', documento: '52998224725' }]),
    'GET account/saldos/42': responder(() => ({ corpo: { ...envelope(null), results: SALDOS } })),
    'POST convenio/conta': { resgate: { ...RESGATE, id: 32, documento: 'CUPOM-9', valor: 12.5 }, saldoDisponivel: 17.5 },
    'DELETE convenio/conta/5/excluir/31': { resgate: { ...RESGATE, situacao: 'ESTORNADO' }, saldoDisponivel: 40 },
  });
}

describe('Empresa › Rede credenciada › Resgates', () => {
  beforeAll(() => import('./rede-credenciada-page'), 30_000);
  beforeEach(() => prepararAmbienteTabela());

  async function abrirResgates() {
    const { usuario } = renderizarPagina('/app/empresa/rede-credenciada', () => import('./rede-credenciada-page'));
    await usuario.click(await screen.findByRole('button', { name: 'Resgates em Ótica Central' }));
    const drawer = await screen.findByRole('dialog', { name: 'Resgates em Ótica Central' });
    return { usuario, drawer };
  }

  it('mostra o totalizador a acertar e a lista; o filtro de situação vai no corpo', { timeout: 30_000 }, async () => {
    const s = servidor();
    const { usuario, drawer } = await abrirResgates();
    expect(await within(drawer).findByText('CUPOM-1')).toBeInTheDocument();
    expect(within(drawer).getByText('A acertar (cashback)').nextSibling).toHaveTextContent('R$ 10,00');
    expect(within(drawer).getByText(/até R\$ 50,00 de cashback por venda/)).toBeInTheDocument();
    await usuario.click(within(drawer).getByRole('combobox', { name: 'Situação' }));
    await usuario.click(await screen.findByRole('option', { name: 'Estornados' }));
    await waitFor(() => expect(s.chamadas('POST convenio/conta/filtrar/5/0/10').some((c) => corpo(c).situacao === 'ESTORNADO')).toBe(true));
  });

  it('lançar resgate: valida em português, mostra o saldo disponível e envia com Idempotency-Key', { timeout: 30_000 }, async () => {
    const s = servidor();
    const { usuario, drawer } = await abrirResgates();
    await usuario.click(await within(drawer).findByRole('button', { name: 'Lançar resgate' }));
    await usuario.click(within(drawer).getByRole('button', { name: 'Lançar resgate' }));
    expect(await within(drawer).findByText('Informe o cliente.')).toBeInTheDocument();
    expect(within(drawer).getByText('Informe o valor do resgate.')).toBeInTheDocument();
    expect(within(drawer).getByText('Informe o nº do documento do parceiro.')).toBeInTheDocument();
    expect(s.chamadas('POST convenio/conta')).toHaveLength(0);

    await usuario.type(within(drawer).getByRole('combobox', { name: /^Cliente/ }), 'Maria');
    await usuario.click(await screen.findByRole('option', { name: /Maria da Silva/ }));
    expect(await within(drawer).findByText('Saldo disponível para uso agora')).toBeInTheDocument();
    expect(within(drawer).getByText('R$ 30,00')).toBeInTheDocument();
    expect(within(drawer).getByText(/Em carência: R\$ 5,00/)).toBeInTheDocument();

    const valor = within(drawer).getByRole('textbox', { name: /^Valor do resgate/ });
    await usuario.type(valor, '31');
    await usuario.type(within(drawer).getByRole('textbox', { name: /^Nº do documento/ }), 'CUPOM-9');
    // The messages of the first attempt go away as the fields are filled.
    expect(within(drawer).queryByText('Informe o nº do documento do parceiro.')).not.toBeInTheDocument();
    expect(within(drawer).queryByText('Informe o cliente.')).not.toBeInTheDocument();
    await usuario.click(within(drawer).getByRole('button', { name: 'Lançar resgate' }));
    expect(await within(drawer).findByText('Valor acima do saldo disponível do cliente.')).toBeInTheDocument();
    await usuario.clear(valor);
    await usuario.type(valor, '12,50');
    await usuario.click(within(drawer).getByRole('button', { name: 'Lançar resgate' }));
    await waitFor(() => expect(s.chamadas('POST convenio/conta')).toHaveLength(1));
    const chamada = s.chamadas('POST convenio/conta')[0]!;
    expect(corpo(chamada)).toEqual({ redeCredenciadaId: 5, clienteId: 42, unidade: 'CASHBACK', valor: 12.5, documento: 'CUPOM-9' });
    expect(chamada.headers.get('Idempotency-Key')).toMatch(/.{8,}/);
    expect(await screen.findByText('Resgate lançado. Saldo disponível do cliente: R$ 17,50.')).toBeInTheDocument();
  });

  it('estorno: pede confirmação e motivo, e envia o DELETE com o motivo e a chave', { timeout: 30_000 }, async () => {
    const s = servidor();
    const { usuario, drawer } = await abrirResgates();
    await usuario.click(await within(drawer).findByRole('button', { name: 'Estornar resgate CUPOM-1' }));
    const modal = await screen.findByRole('dialog', { name: 'Confirmação' });
    expect(within(modal).getByText(/Deseja estornar o resgate nº 31 de Maria da Silva \(R\$ 10,00, documento CUPOM-1\)/)).toBeInTheDocument();
    await usuario.click(within(modal).getByRole('button', { name: 'Sim, estornar' }));
    expect(await within(modal).findByText('Descreva o motivo do estorno.')).toBeInTheDocument();
    expect(s.chamadas('DELETE convenio/conta/5/excluir/31')).toHaveLength(0);
    await usuario.type(within(modal).getByRole('textbox', { name: /Motivo do estorno/ }), 'Compra devolvida');
    await usuario.click(within(modal).getByRole('button', { name: 'Sim, estornar' }));
    await waitFor(() => expect(s.chamadas('DELETE convenio/conta/5/excluir/31')).toHaveLength(1));
    const chamada = s.chamadas('DELETE convenio/conta/5/excluir/31')[0]!;
    expect(corpo(chamada)).toEqual({ motivo: 'Compra devolvida' });
    expect(chamada.headers.get('Idempotency-Key')).toMatch(/.{8,}/);
    expect(await screen.findByText('Resgate estornado: o saldo voltou ao cliente.')).toBeInTheDocument();
  });
});
