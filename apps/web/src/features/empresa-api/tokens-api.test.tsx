import { beforeAll, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import type { TokenApiCriado, TokenApiResumo } from '@bonifica/contracts';
import { renderizarPagina } from '../../test/renderizar-pagina';
import { envelope, responder, rotasPadrao, servidorFalso, type RequisicaoFalsa } from '../../test/servidor-falso';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 30_000 });

const corpo = (r: RequisicaoFalsa | undefined) => JSON.parse(r?.corpo ?? '{}') as Record<string, unknown>;

const lista = (results: unknown[]) => responder(() => ({ corpo: { ...envelope(null), results } }));

const ATIVO: TokenApiResumo = {
  id: 7,
  nome: 'PDV loja 1',
  prefixo: 'bnf_AbCd1234',
  filialId: null,
  filialNome: null,
  redeCredenciadaId: null,
  redeCredenciadaNome: null,
  escopos: ['vendas:lancar'],
  expiraEm: '2099-12-31',
  revogadoEm: null,
  ultimoUso: null,
  criadoEm: '2026-11-01T12:00:00.000Z',
  situacao: 'ATIVO',
};

describe('Empresa › API / integrações', () => {
  beforeAll(() => import('./tokens-api-page'), 30_000);
  const abrir = () => renderizarPagina('/app/empresa/api', () => import('./tokens-api-page'));

  it('sem tokens mostra o estado vazio', async () => {
    servidorFalso({ ...rotasPadrao(), 'GET company/api': lista([]) });
    abrir();
    expect(await screen.findByText(/Nenhum token criado/)).toBeInTheDocument();
  });

  it('valida em português, cria com PUT e mostra o segredo uma vez', async () => {
    const criado: TokenApiCriado = { ...ATIVO, id: 8, nome: 'ERP', segredo: 'bnf_segredo-de-teste-1234567890' };
    const s = servidorFalso({
      ...rotasPadrao(),
      'GET company/api': lista([ATIVO]),
      'GET company/empresalogadafiliais': lista([]),
      'PUT company/api': responder(() => ({ corpo: envelope(criado) })),
    });
    const { usuario } = abrir();
    expect(await screen.findByText('PDV loja 1')).toBeInTheDocument();
    expect(screen.getByText('31/12/2099')).toBeInTheDocument();
    await usuario.click(screen.getByRole('button', { name: 'Novo token' }));
    const dialogo = await screen.findByRole('dialog');
    await usuario.click(within(dialogo).getByRole('button', { name: 'Criar token' }));
    expect(await within(dialogo).findByText('Informe o nome do token.')).toBeInTheDocument();
    expect(s.chamadas('PUT company/api')).toHaveLength(0);

    await usuario.type(within(dialogo).getByRole('textbox', { name: /Nome/ }), 'ERP');
    await usuario.click(within(dialogo).getByRole('checkbox', { name: /resgates:lancar/ }));
    await usuario.click(within(dialogo).getByRole('button', { name: 'Criar token' }));
    await waitFor(() => expect(s.chamadas('PUT company/api')).toHaveLength(1));
    expect(corpo(s.chamadas('PUT company/api')[0])).toEqual({ nome: 'ERP', filialId: null, redeCredenciadaId: null, escopos: ['vendas:lancar', 'clientes:consultar', 'resgates:lancar'], expiraEm: null });
    expect(await within(dialogo).findByText('bnf_segredo-de-teste-1234567890')).toBeInTheDocument();
    expect(within(dialogo).getByText(/único momento/)).toBeInTheDocument();
    expect(within(dialogo).getByRole('button', { name: 'Copiar token' })).toBeInTheDocument();
  });

  it('edita um token ativo com POST save, sem mostrar o segredo; um revogado não tem Editar', async () => {
    const revogado: TokenApiResumo = { ...ATIVO, id: 9, nome: 'PDV antigo', prefixo: 'bnf_Velho000', revogadoEm: '2026-11-02T12:00:00.000Z', situacao: 'REVOGADO' };
    const filial = { id: 3, shortName: 'Loja Centro', tipo: 'FILIAL' };
    const s = servidorFalso({
      ...rotasPadrao(),
      'GET company/api': lista([ATIVO, revogado]),
      'GET company/empresalogadafiliais': lista([filial]),
      'POST company/api/save': responder((r) => {
        const b = JSON.parse(r.corpo ?? '{}') as TokenApiResumo;
        return { corpo: envelope({ ...ATIVO, ...b, filialNome: 'Loja Centro' }) };
      }),
    });
    const { usuario } = abrir();
    expect(await screen.findByText('PDV loja 1')).toBeInTheDocument();
    await usuario.click(screen.getByRole('radio', { name: 'Todos' }));
    expect(await screen.findByText('PDV antigo')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Editar PDV antigo' })).not.toBeInTheDocument();

    await usuario.click(screen.getByRole('button', { name: 'Editar PDV loja 1' }));
    const dialogo = await screen.findByRole('dialog');
    expect(within(dialogo).getByText('Editar token de API')).toBeInTheDocument();
    const nome = within(dialogo).getByRole('textbox', { name: /Nome/ });
    expect(nome).toHaveValue('PDV loja 1');
    expect(within(dialogo).getByRole('checkbox', { name: /vendas:lancar/ })).toBeChecked();
    expect(within(dialogo).getByRole('checkbox', { name: /clientes:consultar/ })).not.toBeChecked();
    expect(within(dialogo).queryByText(/único momento/)).not.toBeInTheDocument();

    // Validated in Portuguese before any call.
    await usuario.clear(nome);
    await usuario.click(within(dialogo).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialogo).findByText('Informe o nome do token.')).toBeInTheDocument();
    expect(s.chamadas('POST company/api/save')).toHaveLength(0);

    await usuario.type(nome, 'PDV loja 1 - caixa 2');
    await usuario.click(within(dialogo).getByRole('checkbox', { name: /clientes:consultar/ }));
    await usuario.click(within(dialogo).getByRole('combobox', { name: 'Filial' }));
    await usuario.click(await screen.findByRole('option', { name: 'Loja Centro' }));
    await usuario.click(within(dialogo).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(s.chamadas('POST company/api/save')).toHaveLength(1));
    expect(corpo(s.chamadas('POST company/api/save')[0])).toEqual({
      id: 7,
      nome: 'PDV loja 1 - caixa 2',
      filialId: 3,
      redeCredenciadaId: null,
      escopos: ['vendas:lancar', 'clientes:consultar'],
      expiraEm: '2099-12-31',
    });
    expect(await screen.findByText('Token alterado. O segredo continua o mesmo.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('token de parceiro: escolher o parceiro deixa só o escopo do parceiro e some a filial', async () => {
    const parceiro = { id: 5, nome: 'Ótica Central', cnpj: null, telefone: null, cidade: null, uf: null, unidades: ['CASHBACK'], resgateMaximo: 50, ativo: true, criadoEm: '2026-11-01T12:00:00.000Z' };
    const criado: TokenApiCriado = { ...ATIVO, id: 10, nome: 'Ótica', redeCredenciadaId: 5, redeCredenciadaNome: 'Ótica Central', escopos: ['parceiro:resgatar'], segredo: 'bnf_segredo-do-parceiro-123456' };
    const s = servidorFalso({
      ...rotasPadrao(),
      'GET company/api': lista([]),
      'GET company/empresalogadafiliais': lista([]),
      'POST convenio/filterpaginated/0/100': responder(() => ({ corpo: envelope({ content: [parceiro], totalElements: 1, totalPages: 1, number: 0, size: 100 }) })),
      'PUT company/api': responder(() => ({ corpo: envelope(criado) })),
    });
    const { usuario } = abrir();
    await usuario.click(await screen.findByRole('button', { name: 'Novo token' }));
    const dialogo = await screen.findByRole('dialog');
    await usuario.type(within(dialogo).getByRole('textbox', { name: /Nome/ }), 'Ótica');
    await usuario.click(within(dialogo).getByRole('combobox', { name: 'Parceiro da rede credenciada' }));
    await usuario.click(await screen.findByRole('option', { name: 'Ótica Central' }));
    expect(within(dialogo).queryByRole('combobox', { name: 'Filial' })).not.toBeInTheDocument();
    expect(within(dialogo).queryByRole('checkbox', { name: /vendas:lancar/ })).not.toBeInTheDocument();
    expect(within(dialogo).getByText(/^Escopo: Resgatar saldo no parceiro .*\(parceiro:resgatar\)$/)).toBeInTheDocument();
    await usuario.click(within(dialogo).getByRole('button', { name: 'Criar token' }));
    await waitFor(() => expect(s.chamadas('PUT company/api')).toHaveLength(1));
    expect(corpo(s.chamadas('PUT company/api')[0])).toEqual({ nome: 'Ótica', filialId: null, redeCredenciadaId: 5, escopos: ['parceiro:resgatar'], expiraEm: null });
  });
});
