import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { DISPOSITIVO_TOKEN_CHAVE, type Dispositivo, type Empresa, type Filial, type Pagina } from '@bonifica/contracts';
import { prepararAmbienteTabela } from '../../components/list-page/ambiente-teste';
import { envelope, responder, rotasPadrao, servidorFalso, type RequisicaoFalsa } from '../../test/servidor-falso';
import { renderizarPagina } from '../../test/renderizar-pagina';

const LISTA_FILIAIS = 'POST company/filterpaginated/0/20';
const LISTA_DISPOSITIVOS = 'POST computers/filterpaginated/0/20';

const MATRIZ: Filial = {
  id: 7,
  tipo: 'MATRIZ',
  nome: 'Bom Preço Comércio Ltda',
  shortName: 'Bom Preço Centro',
  cnpj: '11222333000181',
  telefone: '1133334444',
  cep: '01001000',
  logradouro: 'Praça da Sé',
  numero: '1',
  complemento: null,
  bairro: 'Sé',
  cidade: 'São Paulo',
  uf: 'SP',
  fusoHorario: 'UTC_3_BRASIL',
  ativa: true,
  logoUrl: null,
  criadoEm: '2026-01-01T12:00:00.000Z',
};
const REDE: Empresa[] = [
  { id: 7, shortName: 'Bom Preço Centro', nome: 'Bom Preço Comércio Ltda', cnpj: null, tipo: 'MATRIZ', matrizId: 7, fusoHorario: 'UTC_3_BRASIL', ativa: true },
  { id: 8, shortName: 'Bom Preço Vila', nome: 'Bom Preço Vila Ltda', cnpj: null, tipo: 'FILIAL', matrizId: 7, fusoHorario: 'UTC_3_BRASIL', ativa: true },
];

const pagina = <T,>(content: T[]): Pagina<T> => ({ content, totalElements: content.length, totalPages: 1, number: 0, size: 20 });
const corpo = (r: RequisicaoFalsa | undefined) => JSON.parse(r?.corpo ?? '{}') as Record<string, unknown>;

describe('Empresa › Filiais', () => {
  beforeAll(() => import('./filiais-page'), 30_000);
  beforeEach(() => prepararAmbienteTabela());

  it('lista com o selo Matriz; nova filial valida CNPJ e telefone em português, busca o CEP e salva', { timeout: 30_000 }, async () => {
    const s = servidorFalso({
      ...rotasPadrao(),
      [LISTA_FILIAIS]: pagina([MATRIZ]),
      'GET endereco/cep/05422010': { street: 'Rua dos Pinheiros', number: null, neighborhoord: 'Pinheiros', city: { name: 'São Paulo', state: { acronym: 'SP' } }, cep: '05422010' },
      'POST company/save': { ...MATRIZ, id: 9, tipo: 'FILIAL' },
    });
    const { usuario } = renderizarPagina('/app/empresa/filiais', () => import('./filiais-page'));
    const linha = (await screen.findByText('Bom Preço Centro')).closest('tr')!;
    expect(within(linha).getByText('Matriz')).toBeInTheDocument();
    expect(within(linha).getByText('11.222.333/0001-81')).toBeInTheDocument();
    // The head office cannot be deactivated: no button for it.
    expect(within(linha).queryByRole('button', { name: /Desativar/ })).not.toBeInTheDocument();

    await usuario.click(screen.getAllByRole('button', { name: 'Nova filial' })[0]!);
    const drawer = await screen.findByRole('dialog', { name: 'Nova filial' });
    await usuario.type(within(drawer).getByLabelText(/^Nome da filial/), 'Bom Preço Pinheiros');
    await usuario.type(within(drawer).getByLabelText(/^Razão social/), 'Bom Preço Pinheiros Ltda');
    await usuario.type(within(drawer).getByLabelText(/^CNPJ/), '12.ABC.345/01DE-XX');
    await usuario.type(within(drawer).getByLabelText(/^Telefone/), '123');
    await usuario.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    expect(await within(drawer).findByText('CNPJ inválido: confira os dígitos verificadores.')).toBeInTheDocument();
    expect(within(drawer).getByText('Telefone inválido. Informe o DDD e o número (10 ou 11 dígitos).')).toBeInTheDocument();

    await usuario.clear(within(drawer).getByLabelText(/^CNPJ/));
    await usuario.type(within(drawer).getByLabelText(/^CNPJ/), '12.ABC.345/01DE-35');
    await usuario.clear(within(drawer).getByLabelText(/^Telefone/));
    await usuario.type(within(drawer).getByLabelText(/^Telefone/), '(11) 3333-4444');
    // The shared CEP field: masked while typed and looked up at the 8th digit, as in the customer form.
    await usuario.type(within(drawer).getByLabelText(/^CEP/), '05422010');
    expect(within(drawer).getByLabelText(/^CEP/)).toHaveValue('05422-010');
    await waitFor(() => expect(within(drawer).getByLabelText(/^Logradouro/)).toHaveValue('Rua dos Pinheiros'));
    await usuario.click(within(drawer).getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Filial cadastrada.')).toBeInTheDocument();
    expect(corpo(s.chamadas('POST company/save')[0])).toMatchObject({
      shortName: 'Bom Preço Pinheiros',
      cnpj: '12ABC34501DE35',
      telefone: '1133334444',
      cep: '05422010',
      logradouro: 'Rua dos Pinheiros',
      cidade: 'São Paulo',
      uf: 'SP',
      fusoHorario: 'UTC_3_BRASIL',
      ativa: true,
    });
  });
});

describe('Empresa › Dispositivos', () => {
  beforeAll(() => import('./dispositivos-page'), 30_000);
  beforeEach(() => {
    prepararAmbienteTabela();
    localStorage.removeItem(DISPOSITIVO_TOKEN_CHAVE);
  });

  it('novo dispositivo: valida, salva, mostra o token uma vez e pareia este navegador', { timeout: 30_000 }, async () => {
    const criado: Dispositivo = { id: 3, nome: 'Caixa 1', identificador: 'CAIXA-01', filialId: 8, filialNome: 'Bom Preço Vila', ativo: true, ultimoAcesso: null, criadoEm: '2026-01-01T12:00:00.000Z', token: 'segredo-do-caixa-1' };
    const s = servidorFalso({
      ...rotasPadrao(),
      [LISTA_DISPOSITIVOS]: pagina<Dispositivo>([]),
      'GET company/empresalogadafiliais': responder(() => ({ corpo: { ...envelope(null), results: REDE } })),
      'POST computers/save': criado,
    });
    const { usuario } = renderizarPagina('/app/empresa/dispositivos', () => import('./dispositivos-page'));
    await usuario.click((await screen.findAllByRole('button', { name: 'Novo dispositivo' }))[0]!);
    const drawer = await screen.findByRole('dialog', { name: 'Novo dispositivo' });
    await usuario.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    expect(await within(drawer).findByText('Informe o nome do dispositivo.')).toBeInTheDocument();

    await usuario.type(within(drawer).getByLabelText(/^Nome/), 'Caixa 1');
    await usuario.type(within(drawer).getByLabelText(/^Identificador/), 'CAIXA-01');
    await usuario.click(within(drawer).getByRole('combobox', { name: /^Filial/ }));
    await usuario.click(await screen.findByRole('option', { name: 'Bom Preço Vila' }));
    await usuario.click(within(drawer).getByRole('button', { name: 'Salvar' }));

    expect(corpo(await waitFor(() => s.chamadas('POST computers/save')[0]!))).toEqual({ nome: 'Caixa 1', identificador: 'CAIXA-01', filialId: 8, ativo: true });
    const modal = await screen.findByRole('dialog', { name: 'Token do dispositivo' });
    expect(within(modal).getByText('segredo-do-caixa-1')).toBeInTheDocument();
    await usuario.click(within(modal).getByRole('button', { name: 'Parear este navegador' }));
    expect(localStorage.getItem(DISPOSITIVO_TOKEN_CHAVE)).toBe('segredo-do-caixa-1');
  });
});

describe('Empresa › Rede credenciada', () => {
  beforeAll(() => import('./rede-credenciada-page'), 30_000);
  beforeEach(() => prepararAmbienteTabela());

  it('novo parceiro: exige um saldo aceito e envia o resgate máximo em reais', { timeout: 30_000 }, async () => {
    const s = servidorFalso({
      ...rotasPadrao(),
      'POST convenio/filterpaginated/0/20': pagina([]),
      'POST convenio/save': { id: 1 },
    });
    const { usuario } = renderizarPagina('/app/empresa/rede-credenciada', () => import('./rede-credenciada-page'));
    await usuario.click((await screen.findAllByRole('button', { name: 'Novo parceiro' }))[0]!);
    const drawer = await screen.findByRole('dialog', { name: 'Novo parceiro' });
    await usuario.type(within(drawer).getByLabelText(/^Nome do parceiro/), 'Farmácia Parceira');
    await usuario.click(within(drawer).getByRole('checkbox', { name: 'Cashback' }));
    await usuario.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    expect(await within(drawer).findByText('Escolha ao menos uma unidade aceita.')).toBeInTheDocument();

    await usuario.click(within(drawer).getByRole('checkbox', { name: 'Pontos' }));
    await usuario.type(within(drawer).getByLabelText(/^Resgate máximo por venda/), '25,50');
    await usuario.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Parceiro cadastrado.')).toBeInTheDocument();
    expect(corpo(s.chamadas('POST convenio/save')[0])).toEqual({ nome: 'Farmácia Parceira', cnpj: null, telefone: null, cidade: null, uf: null, unidades: ['PONTOS'], resgateMaximo: 25.5, ativo: true });
  });
});
