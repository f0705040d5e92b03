import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { CartaoResumo, Cliente, ClientePlano, LinhaExtrato, NotaCliente, Pagina, SaldoConta, UsuarioLogado } from '@bonifica/contracts';
import { prepararAmbienteTabela } from '../../components/list-page/ambiente-teste';
import { renderizarPagina } from '../../test/renderizar-pagina';
import { envelope, falha, responder, rotasPadrao, servidorFalso, usuarioGerente, type Rotas } from '../../test/servidor-falso';

const ANA: Cliente = {
  id: 11,
  nome: 'Ana Beatriz Gonçalves',
  documento: '52998224725',
  tipoDocumento: 'CPF',
  celular: '11987650101',
  celularWhatsapp: true,
  email: 'ana@exemplo.com.br',
  dataNascimento: '1988-07-03',
  filialOrigemId: 7,
  filialOrigemNome: 'Bom Preço',
  status: 'ATIVO',
  criadoEm: '2026-03-05T15:00:00Z',
  cep: null,
  logradouro: null,
  numero: null,
  complemento: null,
  bairro: null,
  cidade: null,
  uf: null,
  observacoes: null,
  atualizadoEm: '2026-03-05T15:00:00Z',
  consentimentos: { WHATSAPP: { concedido: true, data: '2026-03-05T15:00:00Z', origem: 'BACKOFFICE' }, EMAIL: null, SMS: null },
};

const gerente: UsuarioLogado = { ...usuarioGerente, permissions: [...usuarioGerente.permissions, 'CLIENTE_GERENCIAR'] };
const atendente: UsuarioLogado = { ...usuarioGerente, id: 3, username: 'atendente', perfil: 'Atendente', permissions: ['ROLE_USER_COMPANY', 'CLIENTE_CONSULTAR'] };

const pagina = <T,>(content: T[], totalPages = 1): Pagina<T> => ({ content, totalElements: content.length, totalPages, number: 0, size: 10 });
const lista = <T,>(results: T[]) => responder(() => ({ corpo: { ...envelope(null), results } }));

const SALDOS: SaldoConta[] = [
  { contaId: 1, unidade: 'CASHBACK', nome: 'Cashback', saldo: 42.5, disponivel: 30, emCarencia: 12.5, aExpirar: 0, proximaExpiracao: null, bloqueada: false },
  { contaId: 2, unidade: 'PONTOS', nome: 'Pontos', saldo: 1200, disponivel: 1200, emCarencia: 0, aExpirar: 0, proximaExpiracao: null, bloqueada: true },
];
const EXTRATO: LinhaExtrato[] = [
  { partidaId: 9, lancamentoId: 5, tipo: 'VENDA', descricao: 'Cashback da venda #31', valor: 12.5, criadoEm: '2026-03-06T15:00:00Z', estornoDeId: null, estornado: false, estornavel: false },
  { partidaId: 8, lancamentoId: 4, tipo: 'RESGATE', descricao: 'Resgate na venda #30', valor: -5, criadoEm: '2026-03-05T15:00:00Z', estornoDeId: null, estornado: true, estornavel: false },
];
const CARTAO: CartaoResumo = {
  id: 3,
  numero: '6062821234567897',
  status: 'ATIVO',
  motivoStatus: null,
  clienteId: 11,
  clienteNome: 'Ana Beatriz Gonçalves',
  filialId: 7,
  filialNome: 'Bom Preço',
  emitidoEm: '2026-01-02T12:00:00Z',
  vinculadoEm: '2026-01-10T12:00:00Z',
  bloqueadoEm: null,
  naFila: false,
};
const CONTRATO: ClientePlano = {
  id: 4,
  clienteId: 11,
  clienteNome: 'Ana Beatriz Gonçalves',
  clienteDocumento: null,
  planoId: 1,
  planoNome: 'Clube Ouro',
  periodicidade: 'MENSAL',
  preco: 29.9,
  status: 'ATIVO',
  situacao: 'VIGENTE',
  inicio: '2026-03-01',
  fim: '2026-03-31',
  filialNome: null,
  usuarioNome: null,
  criadoEm: '2026-03-01T12:00:00Z',
  canceladoEm: null,
  motivoCancelamento: null,
};
const NOTA: NotaCliente = { id: 1, clienteId: 11, texto: 'Prefere contato pela manhã.', usuarioId: 2, usuarioNome: 'Mariana Souza Lima', criadoEm: '2026-03-07T12:00:00Z' };

function servidor(extra: Rotas = {}, usuario: UsuarioLogado = gerente) {
  return servidorFalso({
    ...rotasPadrao(usuario),
    'GET client/findbyid/11': ANA,
    'GET company/empresalogadafiliais': lista([]),
    'GET account/saldos/11': lista(SALDOS),
    'POST account/extrato/11/0/10': pagina(EXTRATO),
    'POST card/filterpaginated/0/10': pagina([CARTAO]),
    'POST account/clienteplano/filterpaginated/0/10': pagina([CONTRATO]),
    'GET client/11/formapagamento/ativo': lista([{ origem: 'PLANO', clientePlanoId: 4, planoNome: 'Clube Ouro', periodicidade: 'MENSAL', valor: 29.9, proximoVencimento: '2026-04-01', meio: null }]),
    'POST client/11/notas/0/10': pagina([NOTA]),
    ...extra,
  });
}

const abrir = (aba?: string) => renderizarPagina('/app/cadastros/clientes/:id', () => import('./cliente-ficha-page'), `/app/cadastros/clientes/11${aba ? `?aba=${aba}` : ''}`);
const corpo = (r: { corpo: string | null } | undefined) => JSON.parse(r?.corpo ?? '{}') as Record<string, unknown>;

describe('Cadastros › Clientes › ficha do cliente', { timeout: 20_000 }, () => {
  beforeAll(() => import('./cliente-ficha-page'), 30_000);
  beforeEach(() => prepararAmbienteTabela());

  it('mostra o cabeçalho e a aba Dados com o formulário do cadastro', async () => {
    servidor();
    abrir();
    expect(await screen.findByRole('heading', { name: 'Ana Beatriz Gonçalves' })).toBeInTheDocument();
    expect(screen.getByText('529.982.247-25 · (11) 98765-0101 · ana@exemplo.com.br')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Dados', selected: true })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Ana Beatriz Gonçalves')).toBeInTheDocument();
  });

  it('etiquetas no cabeçalho: escolher uma existente e criar outra digitando manda o conjunto inteiro', async () => {
    const s = servidor({
      'GET etiqueta/cliente/11': [{ id: 1, nome: 'VIP' }],
      'POST etiqueta/filterpaginated/0/100': pagina([
        { id: 1, nome: 'VIP', clientes: 3 },
        { id: 2, nome: 'Atacado', clientes: 1 },
      ]),
      'POST etiqueta/save': { id: 9, nome: 'Aniversário', clientes: 0 },
      'POST etiqueta/cliente/11': responder((r) => ({ corpo: envelope((corpo(r).etiquetas as number[]).map((id) => ({ id, nome: { 1: 'VIP', 9: 'Aniversário' }[id] ?? '?' }))) })),
    });
    const { usuario } = abrir();
    const campo = (await screen.findAllByLabelText('Etiquetas do cliente')).find((e) => e.tagName === 'INPUT')!;
    await waitFor(() => expect(screen.getByText('VIP')).toBeInTheDocument());
    await usuario.type(campo, 'Aniversário{Enter}');
    await waitFor(() => expect(s.chamadas('POST etiqueta/cliente/11')).toHaveLength(1));
    expect(corpo(s.chamadas('POST etiqueta/save')[0])).toEqual({ nome: 'Aniversário' });
    expect(corpo(s.chamadas('POST etiqueta/cliente/11')[0])).toEqual({ etiquetas: [1, 9] });
  });

  it('etiquetas: quem só consulta clientes vê as etiquetas, sem campo para mudar', async () => {
    servidor({ 'GET etiqueta/cliente/11': [{ id: 1, nome: 'VIP' }] }, atendente);
    abrir();
    expect(await screen.findByText('VIP')).toBeInTheDocument();
    expect(screen.queryAllByLabelText('Etiquetas do cliente')).toHaveLength(0);
  });

  it('Cartões: pede os cartões do cliente e liga cada um à sua página', async () => {
    const s = servidor();
    abrir('cartoes');
    expect(await screen.findByRole('tab', { name: 'Cartões', selected: true })).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: '6062 8212 3456 7897' });
    expect(link).toHaveAttribute('href', '/app/cartoes/3');
    expect(corpo(s.chamadas('POST card/filterpaginated/0/10')[0])).toMatchObject({ clienteId: 11 });
  });

  it('Contas mostra disponível e total; Extrato lista os movimentos com sinal e troca de conta', async () => {
    const s = servidor({ 'POST account/extrato/11/0/10': responder((r) => ({ corpo: envelope(pagina(corpo(r).unidade === 'PONTOS' ? [] : EXTRATO)) })) });
    const { usuario } = abrir('contas');
    const cashback = (await screen.findByText('Cashback')).closest('div[class*="Paper"]') as HTMLElement;
    expect(within(cashback).getByText('R$ 30,00')).toBeInTheDocument();
    expect(within(cashback).getByText('Saldo total: R$ 42,50')).toBeInTheDocument();
    expect(within(cashback).getByText('Em carência: R$ 12,50')).toBeInTheDocument();
    expect(screen.getByText('Bloqueada')).toBeInTheDocument();
    expect(screen.getAllByText('1.200 pts').length).toBeGreaterThan(0);

    await usuario.click(screen.getByRole('tab', { name: 'Extrato' }));
    // A sale's posting says only "Venda" on both lines; the sign tells the accrual from the redemption, as in the terminal.
    expect(await screen.findByText('Acúmulo da compra')).toBeInTheDocument();
    expect(screen.getByText('Resgate na venda #30')).toBeInTheDocument();
    expect(screen.getByText('+R$ 12,50')).toBeInTheDocument();
    expect(screen.getByText('−R$ 5,00')).toBeInTheDocument();
    expect(screen.getByText('Estornado')).toBeInTheDocument();
    await usuario.click(screen.getByRole('radio', { name: 'Pontos' }));
    expect(await screen.findByText('Nenhum movimento nesta conta.')).toBeInTheDocument();
    expect(s.chamadas('POST account/extrato/11/0/10').map((r) => corpo(r).unidade)).toEqual(['CASHBACK', 'PONTOS']);
  });

  it('Ajustar saldo (gestão): valida em português, confirma e manda o débito com sinal e chave de idempotência; o erro do servidor aparece', async () => {
    const s = servidor({
      'POST account/lancamento/ajuste': responder(() => falha(409, 'Saldo disponível insuficiente: R$ 30,00 disponível para uso agora, e a operação pede R$ 40,00.')),
    });
    const { usuario } = abrir('contas');
    await usuario.click(await screen.findByRole('button', { name: 'Ajustar saldo' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Ajustar saldo' });
    await usuario.click(within(dialogo).getByRole('button', { name: 'Lançar ajuste' }));
    expect(await within(dialogo).findByText('Informe o valor em reais.')).toBeInTheDocument();
    expect(within(dialogo).getByText('Descreva o motivo do ajuste.')).toBeInTheDocument();
    await usuario.click(within(dialogo).getByRole('radio', { name: 'Débito' }));
    await usuario.type(within(dialogo).getByLabelText(/Valor/), '40,00');
    await usuario.type(within(dialogo).getByLabelText(/Motivo/), 'Compra devolvida');
    await usuario.click(within(dialogo).getByRole('button', { name: 'Lançar ajuste' }));
    expect(await screen.findByText(/Debitar R\$\s40,00 de cashback para Ana Beatriz Gonçalves\?/)).toBeInTheDocument();
    await usuario.click(screen.getByRole('button', { name: 'Sim' }));
    expect(await within(dialogo).findByText(/Saldo disponível insuficiente/)).toBeInTheDocument();
    const [chamada] = s.chamadas('POST account/lancamento/ajuste');
    expect(corpo(chamada)).toEqual({ clienteId: 11, unidade: 'CASHBACK', valor: -40, motivo: 'Compra devolvida' });
    expect(chamada!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('Estornar aparece só nos lançamentos estornáveis; pede motivo e Confirmação', async () => {
    const ajuste: LinhaExtrato = { partidaId: 10, lancamentoId: 6, tipo: 'AJUSTE', descricao: 'Cortesia', valor: 3, criadoEm: '2026-03-07T15:00:00Z', estornoDeId: null, estornado: false, estornavel: true };
    const s = servidor({ 'POST account/extrato/11/0/10': pagina([ajuste, ...EXTRATO]), 'POST account/lancamento/estornar/6': { lancamentoId: 7 } });
    const { usuario } = abrir('extrato');
    await usuario.click(await screen.findByRole('button', { name: 'Estornar Cortesia' }));
    expect(screen.getAllByRole('button', { name: /^Estornar / })).toHaveLength(1);
    const dialogo = await screen.findByRole('dialog', { name: 'Estornar lançamento' });
    await usuario.click(within(dialogo).getByRole('button', { name: 'Estornar' }));
    expect(await within(dialogo).findByText('Descreva o motivo do estorno.')).toBeInTheDocument();
    await usuario.type(within(dialogo).getByLabelText(/Motivo do estorno/), 'Lançado por engano');
    await usuario.click(within(dialogo).getByRole('button', { name: 'Estornar' }));
    await usuario.click(await screen.findByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(s.chamadas('POST account/lancamento/estornar/6')).toHaveLength(1));
    expect(corpo(s.chamadas('POST account/lancamento/estornar/6')[0])).toEqual({ motivo: 'Lançado por engano' });
  });

  it('sem a permissão de gestão das contas, nem Ajustar saldo nem Estornar', async () => {
    const ajuste: LinhaExtrato = { partidaId: 10, lancamentoId: 6, tipo: 'AJUSTE', descricao: 'Cortesia', valor: 3, criadoEm: '2026-03-07T15:00:00Z', estornoDeId: null, estornado: false, estornavel: true };
    servidor({ 'POST account/extrato/11/0/10': pagina([ajuste]) }, atendente);
    const { usuario } = abrir('contas');
    expect(await screen.findByText('Saldo total: R$ 42,50')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ajustar saldo' })).not.toBeInTheDocument();
    await usuario.click(screen.getByRole('tab', { name: 'Extrato' }));
    expect(await screen.findByText('Cortesia')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Estornar/ })).not.toBeInTheDocument();
  });

  it('Planos: os contratos do cliente e a cobrança ativa', async () => {
    servidor();
    abrir('planos');
    expect(await screen.findByText('Clube Ouro')).toBeInTheDocument();
    expect(screen.getByText('Vigente')).toBeInTheDocument();
    expect(await screen.findByText(/Clube Ouro: R\$ 29,90 \(mensal\), próximo vencimento em 01\/04\/2026/)).toBeInTheDocument();
  });

  it('o atendente não vê a aba Planos, mas acrescenta notas', async () => {
    servidor({}, atendente);
    abrir('planos');
    expect(await screen.findByRole('tab', { name: 'Dados', selected: true })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Planos' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Notas' })).toBeInTheDocument();
  });

  it('Notas: lista com autor; nota vazia é recusada sem chamar o servidor; a nova vai no corpo e recarrega a lista', async () => {
    const s = servidor({ 'POST client/11/nota': { ...NOTA, id: 2, texto: 'Pediu cartão novo.' } });
    const { usuario } = abrir('notas');
    expect(await screen.findByText('Prefere contato pela manhã.')).toBeInTheDocument();
    expect(screen.getByText(/Mariana Souza Lima · 07\/03\/2026/)).toBeInTheDocument();
    await usuario.click(screen.getByRole('button', { name: 'Adicionar nota' }));
    expect(await screen.findByText('Escreva a nota.')).toBeInTheDocument();
    expect(s.chamadas('POST client/11/nota')).toHaveLength(0);
    await usuario.type(screen.getByLabelText('Nova nota'), 'Pediu cartão novo.');
    await usuario.click(screen.getByRole('button', { name: 'Adicionar nota' }));
    await waitFor(() => expect(s.chamadas('POST client/11/nota')).toHaveLength(1));
    expect(corpo(s.chamadas('POST client/11/nota')[0])).toEqual({ texto: 'Pediu cartão novo.' });
    await waitFor(() => expect(s.chamadas('POST client/11/notas/0/10').length).toBeGreaterThanOrEqual(2));
    expect(screen.getByLabelText('Nova nota')).toHaveValue('');
  });

  it('uma seção que falha mostra o erro e tenta de novo; sem notas, o estado vazio', async () => {
    let falhar = true;
    servidor({ 'POST client/11/notas/0/10': responder(() => (falhar ? falha(500, 'Servidor fora do ar.') : { corpo: envelope(pagina([])) })) });
    const { usuario } = abrir('notas');
    expect(await screen.findByText('Servidor fora do ar.')).toBeInTheDocument();
    falhar = false;
    await usuario.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Nenhuma nota sobre este cliente.')).toBeInTheDocument();
  });

  it('Ações: pede a confirmação por e-mail e mostra o limite do servidor; o termo abre o PDF do cliente', async () => {
    let vezes = 0;
    const s = servidor({
      'POST client/solicitarativacaoemail': responder(() =>
        ++vezes === 1
          ? { corpo: envelope({ clienteId: 11, email: 'ana@exemplo.com.br', enviado: true, solicitadoEm: '2026-03-07T12:00:00Z' }) }
          : falha(429, 'Um e-mail de confirmação foi enviado a este cliente às 09:00. Aguarde 9 minutos para pedir de novo.'),
      ),
      'GET client/gerarcontrato/11': responder(() => ({ corpo: '%PDF-1.3', headers: { 'Content-Type': 'application/pdf' } })),
    });
    const aba = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(aba as unknown as Window);
    URL.createObjectURL = vi.fn(() => 'blob:termo');
    URL.revokeObjectURL = vi.fn();
    const { usuario } = abrir('acoes');
    await usuario.click(await screen.findByRole('button', { name: 'Solicitar confirmação por e-mail' }));
    expect(await screen.findByText('E-mail enviado para ana@exemplo.com.br.')).toBeInTheDocument();
    expect(corpo(s.chamadas('POST client/solicitarativacaoemail')[0])).toEqual({ clienteId: 11 });
    await usuario.click(screen.getByRole('button', { name: 'Solicitar confirmação por e-mail' }));
    expect(await screen.findByText(/Aguarde 9 minutos para pedir de novo\./)).toBeInTheDocument();

    await usuario.click(screen.getByRole('button', { name: 'Gerar termo (PDF)' }));
    await waitFor(() => expect(aba.location.href).toBe('blob:termo'));
    expect(s.chamadas('GET client/gerarcontrato/11')).toHaveLength(1);
  });

  it('sem e-mail, a ação de confirmação fica desabilitada e explica o porquê', async () => {
    servidor({ 'GET client/findbyid/11': { ...ANA, email: null } });
    abrir('acoes');
    expect(await screen.findByText('Cadastre o e-mail do cliente na aba Dados para usar esta ação.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Solicitar confirmação por e-mail' })).toBeDisabled();
  });

  it('cliente inexistente: página de erro com o caminho de volta', async () => {
    servidor({ 'GET client/findbyid/11': responder(() => falha(404, 'Registro não encontrado.')) });
    abrir();
    expect(await screen.findByText('Registro não encontrado.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para Clientes' })).toHaveAttribute('href', '/app/cadastros/clientes');
  });
});
