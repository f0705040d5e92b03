import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import type { ClientePlano, Pagina, Plano } from '@bonifica/contracts';
import { prepararAmbienteTabela } from '../../components/list-page/ambiente-teste';
import { renderizarPagina } from '../../test/renderizar-pagina';
import { envelope, falha, responder, rotasPadrao, servidorFalso, type RequisicaoFalsa } from '../../test/servidor-falso';

const OURO: Plano = {
  id: 1,
  nome: 'Clube Ouro',
  descricao: '10% em tudo',
  preco: 29.9,
  periodicidade: 'MENSAL',
  cashbackPercentual: 10,
  pontosPorReal: null,
  ativo: true,
  contratosAtivos: 12,
  criadoEm: '2026-01-01T12:00:00Z',
  atualizadoEm: '2026-01-01T12:00:00Z',
};
const ANTIGO: Plano = { ...OURO, id: 2, nome: 'Clube Antigo', preco: 9.9, cashbackPercentual: null, pontosPorReal: 2, ativo: false, contratosAtivos: 0 };

const CONTRATO: ClientePlano = {
  id: 31,
  clienteId: 11,
  clienteNome: 'Ana Beatriz Gonçalves',
  clienteDocumento: '52998224725',
  planoId: 1,
  planoNome: 'Clube Ouro',
  periodicidade: 'MENSAL',
  preco: 29.9,
  status: 'ATIVO',
  situacao: 'VENCIDO',
  inicio: '2026-01-10',
  fim: '2026-02-09',
  filialNome: 'Bom Preço',
  usuarioNome: 'Mariana',
  criadoEm: '2026-01-10T13:00:00Z',
  canceladoEm: null,
  motivoCancelamento: null,
};
const CANCELADO: ClientePlano = { ...CONTRATO, id: 32, clienteId: 12, clienteNome: 'Thiago Mendonça Pires', status: 'CANCELADO', situacao: 'CANCELADO' };

// This machine runs several suites at once: waits and tests get room, the assertions stay the same.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 30_000 });

const corpo = (r: RequisicaoFalsa | undefined) => JSON.parse(r?.corpo ?? '{}') as Record<string, unknown>;
const pagina = <T,>(content: T[]): Pagina<T> => ({ content, totalElements: content.length, totalPages: 1, number: 0, size: 20 });

function servidor(extra: Record<string, unknown> = {}) {
  return servidorFalso({
    ...rotasPadrao(),
    'GET config/configuracaoplano': responder(() => ({ corpo: { ...envelope(null), results: [OURO, ANTIGO] } })),
    'POST account/clienteplano/filterpaginated/0/20': pagina([CONTRATO, CANCELADO]),
    ...extra,
  });
}

describe('Cadastros › Catálogo de planos', () => {
  beforeAll(() => import('./planos-page'), 30_000);
  beforeEach(() => prepararAmbienteTabela((q) => q.trim() === '' || q.includes('min-width')));
  const abrir = (url?: string) => renderizarPagina('/app/cadastros/planos', () => import('./planos-page'), url);

  it('lista preço por período, benefícios, contratos ativos e situação; o filtro de situação roda na tela', async () => {
    servidor();
    const { usuario } = abrir();
    const ouro = (await screen.findByText('Clube Ouro')).closest('tr')!;
    expect(within(ouro).getByText('R$ 29,90 / mensal')).toBeInTheDocument();
    expect(within(ouro).getByText('10% de cashback')).toBeInTheDocument();
    expect(within(ouro).getByText('12')).toBeInTheDocument();
    const antigo = screen.getByText('Clube Antigo').closest('tr')!;
    expect(within(antigo).getByText('2 pontos por real')).toBeInTheDocument();
    expect(within(antigo).getByText('Inativo')).toBeInTheDocument();
    await usuario.click(screen.getByRole('radio', { name: 'Ativos' }));
    await waitFor(() => expect(screen.queryByText('Clube Antigo')).not.toBeInTheDocument());
    expect(screen.getByText('Clube Ouro')).toBeInTheDocument();
  });

  it('novo plano: valida em português e envia reais e percentuais; o erro do servidor aparece', async () => {
    let tentativas = 0;
    const s = servidor({
      'POST config/salvarconfiguracaoplano': responder(() => (++tentativas === 1 ? falha(409, 'Já existe um plano com este nome.') : { corpo: envelope({ ...OURO, id: 9, nome: 'Clube Diamante' }) })),
    });
    const { usuario } = abrir();
    await usuario.click(await screen.findByRole('button', { name: 'Novo plano' }));
    const drawer = await screen.findByRole('dialog', { name: 'Novo plano' });
    await usuario.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    expect(await within(drawer).findByText('Informe o nome do plano (ao menos 2 letras).')).toBeInTheDocument();
    expect(within(drawer).getByText('Informe o preço.')).toBeInTheDocument();
    expect(s.chamadas('POST config/salvarconfiguracaoplano')).toHaveLength(0);

    await usuario.type(within(drawer).getByRole('textbox', { name: 'Nome' }), 'Clube Diamante');
    await usuario.type(within(drawer).getByRole('textbox', { name: 'Preço por período' }), '49,9');
    await usuario.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    expect(await within(drawer).findByText('Informe ao menos um benefício: percentual de cashback ou pontos por real.')).toBeInTheDocument();
    await usuario.type(within(drawer).getByRole('textbox', { name: 'Cashback do plano' }), '12,5');
    await usuario.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    expect((await screen.findAllByText('Já existe um plano com este nome.')).length).toBeGreaterThan(0);
    await usuario.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(s.chamadas('POST config/salvarconfiguracaoplano')).toHaveLength(2));
    expect(corpo(s.chamadas('POST config/salvarconfiguracaoplano')[1])).toEqual({
      nome: 'Clube Diamante',
      descricao: null,
      preco: 49.9,
      periodicidade: 'MENSAL',
      cashbackPercentual: 12.5,
      pontosPorReal: null,
      ativo: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novo plano' })).not.toBeInTheDocument());
  });
});

describe('Cadastros › Planos dos clientes', () => {
  beforeAll(() => import('./contratos-page'), 30_000);
  beforeEach(() => prepararAmbienteTabela((q) => q.trim() === '' || q.includes('min-width')));
  const abrir = (url?: string) => renderizarPagina('/app/cadastros/planos-clientes', () => import('./contratos-page'), url);

  it('lista contratos com situação; só os ativos têm renovar e cancelar; filtros vão ao servidor', async () => {
    const s = servidor({ 'POST account/clienteplano/filterpaginated/0/20': responder((r) => ({ corpo: envelope(pagina(corpo(r).situacao === 'VENCIDO' ? [CONTRATO] : [CONTRATO, CANCELADO])) })) });
    const { usuario } = abrir();
    const ana = (await screen.findByText('Ana Beatriz Gonçalves')).closest('tr')!;
    expect(within(ana).getByText('Vencido')).toBeInTheDocument();
    expect(within(ana).getByText('09/02/2026')).toBeInTheDocument();
    expect(within(ana).getByRole('button', { name: 'Renovar contrato 31 de Ana Beatriz Gonçalves' })).toBeInTheDocument();
    const thiago = screen.getByText('Thiago Mendonça Pires').closest('tr')!;
    expect(within(thiago).getByText('Cancelado')).toBeInTheDocument();
    expect(within(thiago).queryByRole('button', { name: /Cancelar contrato/ })).not.toBeInTheDocument();
    expect(corpo(s.chamadas('POST account/clienteplano/filterpaginated/0/20')[0])).toEqual({ ordenarPor: 'criadoEm', direcao: 'desc' });

    await usuario.click(screen.getByRole('combobox', { name: 'Situação' }));
    await usuario.click(await screen.findByRole('option', { name: 'Vencido' }));
    await waitFor(() => expect(corpo(s.chamadas('POST account/clienteplano/filterpaginated/0/20').at(-1))).toMatchObject({ situacao: 'VENCIDO' }));
  });

  it('cancelar pede Confirmação e chama o GET com cliente e contrato; renovar idem', async () => {
    const s = servidor({
      'GET account/clienteplano/cancelar/11/31': { ...CONTRATO, status: 'CANCELADO', situacao: 'CANCELADO' },
      'GET account/gerarrenovacao/31': { ...CONTRATO, situacao: 'VIGENTE', fim: '2026-12-31' },
    });
    const { usuario } = abrir();
    await usuario.click(await screen.findByRole('button', { name: 'Cancelar contrato 31 de Ana Beatriz Gonçalves' }));
    expect(await screen.findByText(/Cancelar o contrato nº 31 \(Clube Ouro\) de Ana Beatriz Gonçalves\?/)).toBeInTheDocument();
    await usuario.click(screen.getByRole('button', { name: 'Não' }));
    expect(s.chamadas('GET account/clienteplano/cancelar/11/31')).toHaveLength(0);
    await usuario.click(screen.getByRole('button', { name: 'Cancelar contrato 31 de Ana Beatriz Gonçalves' }));
    await usuario.click(await screen.findByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(s.chamadas('GET account/clienteplano/cancelar/11/31')).toHaveLength(1));
    expect(await screen.findByText('Contrato cancelado.')).toBeInTheDocument();

    await usuario.click(screen.getByRole('button', { name: 'Renovar contrato 31 de Ana Beatriz Gonçalves' }));
    expect(await screen.findByText(/Venceu em 09\/02\/2026: o novo período começa hoje/)).toBeInTheDocument();
    await usuario.click(screen.getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(s.chamadas('GET account/gerarrenovacao/31')).toHaveLength(1));
  });

  it('contratar: busca o cliente no servidor, escolhe um plano ativo e envia cliente, plano e início', async () => {
    const s = servidor({
      'POST client/filterpaginated/0/10': pagina([{ id: 11, nome: 'Ana Beatriz Gonçalves', documento: '52998224725' }]),
      'POST account/clienteplano/save': { ...CONTRATO, situacao: 'VIGENTE' },
    });
    const { usuario } = abrir();
    await usuario.click(await screen.findByRole('button', { name: 'Contratar plano' }));
    const drawer = await screen.findByRole('dialog', { name: 'Contratar plano' });
    await usuario.click(within(drawer).getByRole('button', { name: 'Contratar' }));
    expect(await within(drawer).findByText('Informe o cliente.')).toBeInTheDocument();

    await usuario.type(within(drawer).getByRole('combobox', { name: 'Cliente' }), 'Ana');
    await usuario.click(await screen.findByRole('option', { name: 'Ana Beatriz Gonçalves · 529.982.247-25' }));
    expect(corpo(s.chamadas('POST client/filterpaginated/0/10')[0])).toEqual({ busca: 'Ana', status: 'ATIVO' });
    await usuario.click(within(drawer).getByRole('combobox', { name: 'Plano' }));
    // Inactive plans are not offered.
    expect(screen.queryByRole('option', { name: /Clube Antigo/ })).not.toBeInTheDocument();
    await usuario.click(await screen.findByRole('option', { name: 'Clube Ouro · R$\u00a029,90 mensal' }));
    expect(await within(drawer).findByText(/10% de cashback enquanto vigente/)).toBeInTheDocument();
    await usuario.click(within(drawer).getByRole('button', { name: 'Contratar' }));
    await waitFor(() => expect(s.chamadas('POST account/clienteplano/save')).toHaveLength(1));
    expect(corpo(s.chamadas('POST account/clienteplano/save')[0])).toMatchObject({ clienteId: 11, planoId: 1, inicio: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  });
});
