import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Cliente, ClienteResumo, Empresa, Pagina, UsuarioLogado } from '@bonifica/contracts';
import { prepararAmbienteTabela } from '../../components/list-page/ambiente-teste';
import { renderizarApp } from '../../test/renderizar-app';
import { renderizarPagina } from '../../test/renderizar-pagina';
import { envelope, falha, responder, rotasPadrao, servidorFalso, usuarioGerente, type RequisicaoFalsa } from '../../test/servidor-falso';
import * as navegador from '../../lib/navegador';

const URL_LISTA = 'POST client/filterpaginated/0/20';

const EMPRESAS: Empresa[] = [
  { id: 7, shortName: 'Bom Preço', nome: 'Supermercado Bom Preço', cnpj: null, tipo: 'MATRIZ', matrizId: 7, fusoHorario: 'UTC_3_BRASIL', ativa: true },
  { id: 8, shortName: 'Bom Preço Centro', nome: 'Bom Preço Centro', cnpj: null, tipo: 'FILIAL', matrizId: 7, fusoHorario: 'UTC_3_BRASIL', ativa: true },
];

const ANA: ClienteResumo = {
  id: 11,
  nome: 'Ana Beatriz Gonçalves',
  documento: '52998224725',
  tipoDocumento: 'CPF',
  celular: '11987650101',
  celularWhatsapp: true,
  email: 'ana@exemplo.com.br',
  dataNascimento: '1988-07-03',
  filialOrigemId: 8,
  filialOrigemNome: 'Bom Preço Centro',
  status: 'ATIVO',
  criadoEm: '2026-03-05T15:00:00Z',
};
const ATELIE: ClienteResumo = {
  ...ANA,
  id: 12,
  nome: 'Ateliê Ponto Fino ME',
  documento: '12ABC345000188',
  tipoDocumento: 'CNPJ',
  celular: '1132650606',
  celularWhatsapp: false,
  email: null,
  filialOrigemId: 7,
  filialOrigemNome: 'Bom Preço',
  status: 'BLOQUEADO',
  criadoEm: '2025-12-31T12:00:00Z',
};

const ANA_COMPLETA: Cliente = {
  ...ANA,
  cep: '01001000',
  logradouro: 'Praça da Sé',
  numero: '120',
  complemento: 'Apto 42',
  bairro: 'Sé',
  cidade: 'São Paulo',
  uf: 'SP',
  observacoes: 'Prefere WhatsApp.',
  atualizadoEm: '2026-03-05T15:00:00Z',
  consentimentos: {
    WHATSAPP: { concedido: true, data: '2026-03-05T15:00:00Z', origem: 'BACKOFFICE' },
    EMAIL: { concedido: false, data: '2026-03-06T13:30:00Z', origem: 'BACKOFFICE' },
    SMS: null,
  },
};

const usuarioAtendente: UsuarioLogado = { ...usuarioGerente, id: 3, username: 'atendente', perfil: 'Atendente', permissions: ['ROLE_USER_COMPANY', 'CLIENTE_CONSULTAR'] };

function paginaDe(content: ClienteResumo[]): Pagina<ClienteResumo> {
  return { content, totalElements: content.length, totalPages: 1, number: 0, size: 20 };
}

const corpo = (r: RequisicaoFalsa | undefined) => JSON.parse(r?.corpo ?? '{}') as Record<string, unknown>;

function servidor(extra: Record<string, unknown> = {}, usuarioLogado = usuarioGerente) {
  return servidorFalso({
    ...rotasPadrao(usuarioLogado),
    [URL_LISTA]: paginaDe([ANA, ATELIE]),
    'GET company/empresalogadafiliais': responder(() => ({ corpo: { ...envelope(null), results: EMPRESAS } })),
    'GET client/findbyid/11': ANA_COMPLETA,
    ...extra,
  });
}

const abrir = (url?: string) => renderizarPagina('/app/cadastros/clientes', () => import('./clientes-page'), url);

describe('Cadastros › Clientes', () => {
  beforeAll(() => import('./clientes-page'), 30_000);
  beforeEach(() => {
    // A wide desktop: every column of the table is shown (the narrow ones hide some by media query).
    prepararAmbienteTabela((q) => q.trim() === '' || q.includes('min-width'));
  });

  it('lista nome, CPF/CNPJ e celular formatados, WhatsApp, e-mail, filial, situação e data; ordena por nome', async () => {
    const s = servidor();
    abrir();
    // The first render of the file also pays for the page's lazy import.
    expect(await screen.findByText('Ana Beatriz Gonçalves', {}, { timeout: 10_000 })).toBeInTheDocument();
    const ana = screen.getByText('Ana Beatriz Gonçalves').closest('tr')!;
    expect(within(ana).getByText('529.982.247-25')).toBeInTheDocument();
    expect(within(ana).getByText('(11) 98765-0101')).toBeInTheDocument();
    expect(within(ana).getByRole('img', { name: 'WhatsApp' })).toBeInTheDocument();
    expect(within(ana).getByText('ana@exemplo.com.br')).toBeInTheDocument();
    expect(within(ana).getByText('Bom Preço Centro')).toBeInTheDocument();
    expect(within(ana).getByText('Ativo')).toBeInTheDocument();
    expect(within(ana).getByText('05/03/2026')).toBeInTheDocument();
    expect(within(ana).getByRole('button', { name: 'Bloquear Ana Beatriz Gonçalves' })).toBeInTheDocument();

    const atelie = screen.getByText('Ateliê Ponto Fino ME').closest('tr')!;
    expect(within(atelie).getByText('12.ABC.345/0001-88')).toBeInTheDocument();
    expect(within(atelie).getByText('(11) 3265-0606')).toBeInTheDocument();
    expect(within(atelie).queryByRole('img', { name: 'WhatsApp' })).not.toBeInTheDocument();
    expect(within(atelie).getByText('Bloqueado')).toBeInTheDocument();
    // Already blocked: no block button.
    expect(within(atelie).queryByRole('button', { name: /^Bloquear/ })).not.toBeInTheDocument();

    expect(corpo(s.chamadas(URL_LISTA)[0])).toEqual({ ordenarPor: 'nome', direcao: 'asc' });
    expect(screen.getByRole('button', { name: 'Novo cliente' })).toBeInTheDocument();
  });

  it('no celular a tabela mostra só nome e ações; telefone e situação vão sob o nome', async () => {
    prepararAmbienteTabela((q) => q.trim() === '' || q.includes('max-width'));
    servidor();
    abrir();
    const ana = (await screen.findByText('Ana Beatriz Gonçalves')).closest('tr')!;
    expect(await within(ana).findByText('(11) 98765-0101')).toBeInTheDocument();
    expect(within(ana).getByText('Ativo')).toBeInTheDocument();
    expect(within(ana).queryByText('529.982.247-25')).not.toBeInTheDocument();
    expect(within(ana).queryByText('ana@exemplo.com.br')).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Celular' })).not.toBeInTheDocument();
    expect(within(ana).getByRole('button', { name: 'Editar Ana Beatriz Gonçalves' })).toBeInTheDocument();
  });

  it('filtros de situação, filial e aniversário vão no corpo e na URL; ordena por data de criação', async () => {
    const s = servidor();
    const { usuario, router } = abrir();
    await screen.findByText('Ana Beatriz Gonçalves');

    await usuario.click(screen.getByRole('combobox', { name: 'Situação' }));
    await usuario.click(await screen.findByRole('option', { name: 'Bloqueados' }));
    await usuario.click(screen.getByRole('combobox', { name: 'Filial de origem' }));
    await usuario.click(await screen.findByRole('option', { name: 'Bom Preço Centro' }));
    await usuario.click(screen.getByRole('combobox', { name: 'Aniversário' }));
    await usuario.click(await screen.findByRole('option', { name: 'Julho' }));
    await waitFor(() =>
      expect(corpo(s.chamadas(URL_LISTA).at(-1))).toEqual({ status: 'BLOQUEADO', filialOrigemId: 8, aniversarioMes: 7, ordenarPor: 'nome', direcao: 'asc' }),
    );
    await usuario.click(screen.getByRole('button', { name: /^Criado em/ }));
    await waitFor(() => expect(corpo(s.chamadas(URL_LISTA).at(-1))).toMatchObject({ ordenarPor: 'criadoEm', direcao: 'asc' }));
    expect(router.state.location.search).toContain('aniversarioMes=7');
    expect(router.state.location.search).toContain('status=BLOQUEADO');
  });

  it('a busca vai como digitada (o servidor entende nome, CPF com máscara ou telefone)', async () => {
    const s = servidor();
    const { usuario } = abrir();
    await screen.findByText('Ana Beatriz Gonçalves');
    await usuario.type(screen.getByRole('searchbox', { name: 'Busca' }), '529.982.247-25{Enter}');
    await waitFor(() => expect(corpo(s.chamadas(URL_LISTA).at(-1))).toMatchObject({ busca: '529.982.247-25' }));
  });

  it('novo cliente: máscaras, CEP preenche o endereço, data inválida é recusada antes de enviar; salva o corpo do contrato', { timeout: 30_000 }, async () => {
    const s = servidor({
      'GET endereco/cep/01001000': { street: 'Praça da Sé', number: null, neighborhoord: 'Sé', city: { name: 'São Paulo', state: { acronym: 'SP' } }, cep: '01001000' },
      'POST client/save': { ...ANA_COMPLETA, id: 30 },
    });
    const { usuario } = abrir();
    await screen.findByText('Ana Beatriz Gonçalves');
    await usuario.click(screen.getByRole('button', { name: 'Novo cliente' }));
    const drawer = await screen.findByRole('dialog', { name: 'Novo cliente' });

    await usuario.type(within(drawer).getByLabelText(/^Nome/), 'Sônia Maria Brito');
    await usuario.type(within(drawer).getByLabelText('CPF/CNPJ'), '52998224725');
    await usuario.tab();
    expect(within(drawer).getByLabelText('CPF/CNPJ')).toHaveValue('529.982.247-25');
    await usuario.type(within(drawer).getByLabelText('Data de nascimento'), '31022001');
    expect(within(drawer).getByLabelText('Data de nascimento')).toHaveValue('31/02/2001');
    await usuario.type(within(drawer).getByLabelText('Celular'), '11991234567');
    expect(within(drawer).getByLabelText('Celular')).toHaveValue('(11) 99123-4567');
    await usuario.click(within(drawer).getByRole('switch', { name: 'O celular é WhatsApp' }));
    await usuario.type(within(drawer).getByLabelText('E-mail'), 'Sonia@Exemplo.com.br');

    // The 8th digit looks the address up by itself (once), no Enter or "Buscar" needed.
    await usuario.type(within(drawer).getByLabelText('CEP'), '01001000');
    await waitFor(() => expect(within(drawer).getByLabelText('Logradouro')).toHaveValue('Praça da Sé'));
    expect(s.chamadas('GET endereco/cep/01001000')).toHaveLength(1);
    expect(within(drawer).getByLabelText('Bairro')).toHaveValue('Sé');
    expect(within(drawer).getByLabelText('Cidade')).toHaveValue('São Paulo');
    expect(within(drawer).getByRole('combobox', { name: 'UF' })).toHaveValue('SP – São Paulo');
    await waitFor(() => expect(within(drawer).getByLabelText('Número')).toHaveFocus());
    await usuario.type(within(drawer).getByLabelText('Número'), '100');
    await usuario.click(within(drawer).getByRole('switch', { name: /^E-mail/ }));

    await usuario.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    expect(await within(drawer).findByText('Data de nascimento inválida.')).toBeInTheDocument();
    expect(s.chamadas('POST client/save')).toHaveLength(0);

    const data = within(drawer).getByLabelText('Data de nascimento');
    await usuario.clear(data);
    await usuario.type(data, '09071984');
    await usuario.click(within(drawer).getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Cliente cadastrado.')).toBeInTheDocument();
    expect(corpo(s.chamadas('POST client/save')[0])).toEqual({
      nome: 'Sônia Maria Brito',
      documento: '52998224725',
      dataNascimento: '1984-07-09',
      celular: '11991234567',
      celularWhatsapp: true,
      email: 'sonia@exemplo.com.br',
      cep: '01001000',
      logradouro: 'Praça da Sé',
      numero: '100',
      complemento: null,
      bairro: 'Sé',
      cidade: 'São Paulo',
      uf: 'SP',
      filialOrigemId: 7,
      observacoes: null,
      consentimentos: [
        { canal: 'WHATSAPP', concedido: false },
        { canal: 'EMAIL', concedido: true },
        { canal: 'SMS', concedido: false },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novo cliente' })).not.toBeInTheDocument());
  });

  it('CEP não encontrado mostra a mensagem do servidor e não mexe no endereço', { timeout: 20_000 }, async () => {
    servidor({ 'GET endereco/cep/99999999': responder(() => falha(404, 'CEP não encontrado. Confira os números ou preencha o endereço manualmente.')) });
    const { usuario } = abrir();
    await screen.findByText('Ana Beatriz Gonçalves');
    await usuario.click(screen.getByRole('button', { name: 'Novo cliente' }));
    const drawer = await screen.findByRole('dialog', { name: 'Novo cliente' });
    await usuario.type(within(drawer).getByLabelText('CEP'), '9999');
    await usuario.click(within(drawer).getByRole('button', { name: 'Buscar' }));
    expect(await within(drawer).findByText('CEP inválido. Informe os 8 dígitos.')).toBeInTheDocument();
    await usuario.type(within(drawer).getByLabelText('CEP'), '9999');
    expect(await screen.findByText('CEP não encontrado. Confira os números ou preencha o endereço manualmente.')).toBeInTheDocument();
    expect(within(drawer).getByLabelText('Logradouro')).toHaveValue('');
  });

  it('UF: Enter no campo não envia o formulário, e a busca põe a sigla digitada primeiro', { timeout: 20_000 }, async () => {
    const s = servidor({ 'POST client/save': { ...ANA_COMPLETA, id: 31 } });
    const { usuario } = abrir();
    await screen.findByText('Ana Beatriz Gonçalves', {}, { timeout: 10_000 });
    await usuario.click(screen.getByRole('button', { name: 'Novo cliente' }));
    const drawer = await screen.findByRole('dialog', { name: 'Novo cliente' });
    await usuario.type(within(drawer).getByLabelText(/^Nome/), 'Sônia Maria Brito');
    const uf = within(drawer).getByRole('combobox', { name: 'UF' });
    await usuario.click(uf);
    await usuario.type(uf, 'pa');
    const opcoes = await screen.findAllByRole('option');
    expect(opcoes[0]).toHaveTextContent('PA – Pará');
    await usuario.clear(uf);
    await usuario.type(uf, 'sp');
    expect((await screen.findAllByRole('option'))[0]).toHaveTextContent('SP – São Paulo');
    // Escape closes the list; Enter on the closed select used to submit the whole form.
    await usuario.keyboard('{Escape}');
    await usuario.clear(uf);
    await usuario.keyboard('{Enter}');
    await new Promise((r) => setTimeout(r, 200));
    expect(s.chamadas('POST client/save')).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Novo cliente' })).toBeInTheDocument();
  });

  it('editar: carrega o cadastro completo, mostra os consentimentos com data e origem e envia a mudança; 409 do servidor aparece no formulário', { timeout: 20_000 }, async () => {
    let tentativas = 0;
    const s = servidor({
      'POST client/save': responder(() => (++tentativas === 1 ? falha(409, 'Já existe um cliente com este CPF/CNPJ.') : { corpo: envelope(ANA_COMPLETA) })),
    });
    const { usuario } = abrir();
    await usuario.click(await screen.findByRole('button', { name: 'Editar Ana Beatriz Gonçalves' }));
    const drawer = await screen.findByRole('dialog', { name: 'Editar cliente' });
    expect(await within(drawer).findByDisplayValue('Ana Beatriz Gonçalves')).toBeInTheDocument();
    expect(within(drawer).getByLabelText('CPF/CNPJ')).toHaveValue('529.982.247-25');
    expect(within(drawer).getByLabelText('Data de nascimento')).toHaveValue('03/07/1988');
    expect(within(drawer).getByLabelText('CEP')).toHaveValue('01001-000');
    expect(within(drawer).getByRole('switch', { name: /^WhatsApp/ })).toBeChecked();
    expect(within(drawer).getByText('Concedido em 05/03/2026 12:00:00 (back office).')).toBeInTheDocument();
    expect(within(drawer).getByText('Retirado em 06/03/2026 10:30:00 (back office).')).toBeInTheDocument();
    expect(within(drawer).getByText('Sem registro até agora.')).toBeInTheDocument();
    expect(within(drawer).getByRole('combobox', { name: 'Situação' })).toHaveValue('Ativo');

    await usuario.click(within(drawer).getByRole('switch', { name: /^SMS/ }));
    await usuario.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    expect(await within(drawer).findByText('Já existe um cliente com este CPF/CNPJ.')).toBeInTheDocument();
    await usuario.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Cliente atualizado.')).toBeInTheDocument();
    expect(corpo(s.chamadas('POST client/save')[1])).toMatchObject({
      id: 11,
      nome: 'Ana Beatriz Gonçalves',
      documento: '52998224725',
      dataNascimento: '1988-07-03',
      status: 'ATIVO',
      filialOrigemId: 8,
      complemento: 'Apto 42',
      consentimentos: [
        { canal: 'WHATSAPP', concedido: true },
        { canal: 'EMAIL', concedido: false },
        { canal: 'SMS', concedido: true },
      ],
    });
  });

  it('bloquear pede Confirmação: Não não chama; Sim chama DELETE client/delete/{id}', async () => {
    const s = servidor({ 'DELETE client/delete/11': true });
    const { usuario } = abrir();
    await usuario.click(await screen.findByRole('button', { name: 'Bloquear Ana Beatriz Gonçalves' }));
    expect(await screen.findByText(/Deseja bloquear o cliente Ana Beatriz Gonçalves\?/)).toBeInTheDocument();
    await usuario.click(screen.getByRole('button', { name: 'Não' }));
    expect(s.chamadas('DELETE client/delete/11')).toHaveLength(0);

    await usuario.click(screen.getByRole('button', { name: 'Bloquear Ana Beatriz Gonçalves' }));
    await usuario.click(await screen.findByRole('button', { name: 'Sim' }));
    expect(await screen.findByText('Cliente bloqueado.')).toBeInTheDocument();
    expect(s.chamadas('DELETE client/delete/11')).toHaveLength(1);
  });

  it('LGPD no formulário: exporta os dados em JSON e anonimiza depois da Confirmação', async () => {
    const baixar = vi.spyOn(navegador, 'baixarArquivo').mockImplementation(() => {});
    const s = servidor({
      'GET client/11/lgpd/exportar': { formato: 'bonifica.cliente.lgpd/1', titular: { nome: 'Ana Beatriz Gonçalves' }, consentimentos: [] },
      'POST client/11/lgpd/anonimizar': { ...ANA_COMPLETA, nome: 'Cliente anonimizado #11', status: 'ANONIMIZADO' },
    });
    const { usuario } = abrir();
    await usuario.click(await screen.findByRole('button', { name: 'Editar Ana Beatriz Gonçalves' }));
    const drawer = await screen.findByRole('dialog', { name: 'Editar cliente' });
    await usuario.click(await within(drawer).findByRole('button', { name: 'Exportar dados (LGPD)' }));
    await waitFor(() => expect(baixar).toHaveBeenCalledTimes(1));
    expect(baixar.mock.calls[0]![0]).toBe('cliente-11-dados-lgpd.json');
    expect(JSON.parse(baixar.mock.calls[0]![1] as string)).toMatchObject({ titular: { nome: 'Ana Beatriz Gonçalves' } });

    await usuario.click(within(drawer).getByRole('button', { name: 'Anonimizar' }));
    expect(await screen.findByText(/Não há como desfazer/)).toBeInTheDocument();
    await usuario.click(screen.getByRole('button', { name: 'Sim' }));
    expect(await screen.findByText('Cliente anonimizado.')).toBeInTheDocument();
    expect(s.chamadas('POST client/11/lgpd/anonimizar')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar cliente' })).not.toBeInTheDocument());
  });

  it('o atendente (só consulta) não vê Novo, Bloquear nem as ações LGPD; abre o cadastro só para leitura', async () => {
    const s = servidor({}, usuarioAtendente);
    const { usuario } = abrir();
    await screen.findByText('Ana Beatriz Gonçalves');
    expect(screen.queryByRole('button', { name: 'Novo cliente' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Bloquear/ })).not.toBeInTheDocument();
    await usuario.click(screen.getByRole('button', { name: 'Ver Ana Beatriz Gonçalves' }));
    const drawer = await screen.findByRole('dialog', { name: 'Cliente' });
    expect(await within(drawer).findByDisplayValue('Ana Beatriz Gonçalves')).toBeDisabled();
    expect(within(drawer).queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Exportar dados (LGPD)' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Anonimizar' })).not.toBeInTheDocument();
    expect(s.chamadas('POST client/save')).toHaveLength(0);
  });

  it('abre pela rota real /app/cadastros/clientes, com o breadcrumb Clientes', async () => {
    servidor();
    renderizarApp('/app/cadastros/clientes');
    expect(await screen.findByText('Ana Beatriz Gonçalves')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Clientes' })).toBeInTheDocument();
    expect(screen.getByTestId('breadcrumbs')).toHaveTextContent('Clientes');
  });
});
