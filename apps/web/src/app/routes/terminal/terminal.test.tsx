import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ClienteResumo, ComprovanteVenda, LinhaExtrato, PremioParaCliente, ResgatePremio, TransacaoResumo } from '@bonifica/contracts';
import { renderizarPagina } from '../../../test/renderizar-pagina';
import { falha, responder, rotasPadrao, servidorFalso, usuarioGerente, type Rotas } from '../../../test/servidor-falso';

const carregar = () => import('./terminal-page');

function clienteResumo(id: number, nome: string, documento: string | null = '52998224725'): ClienteResumo {
  return {
    id,
    nome,
    documento,
    tipoDocumento: documento ? 'CPF' : null,
    celular: '11987650101',
    celularWhatsapp: true,
    email: null,
    dataNascimento: null,
    filialOrigemId: null,
    filialOrigemNome: null,
    status: 'ATIVO',
    criadoEm: '2025-01-01T12:00:00Z',
  };
}

const ana = clienteResumo(10, 'Ana Beatriz Gonçalves');
const pagina = <T,>(content: T[]) => ({ content, totalElements: content.length, totalPages: 1, number: 0, size: 8 });
const saldos = (cashback: number, pontos: number, disponivel?: number) =>
  responder(() => ({
    corpo: {
      hasError: false,
      messageError: null,
      result: null,
      results: [
        { contaId: 1, unidade: 'CASHBACK', nome: 'Cashback', saldo: cashback, ...(disponivel !== undefined ? { disponivel } : {}), bloqueada: false },
        { contaId: 2, unidade: 'PONTOS', nome: 'Pontos', saldo: pontos, bloqueada: false },
      ],
    },
  }));

function venda(id: number, valor: number, status: TransacaoResumo['status'] = 'CONFIRMADA'): TransacaoResumo {
  return {
    id,
    clienteId: 10,
    clienteNome: ana.nome,
    filialId: 2,
    filialNome: 'Loja Centro',
    valor,
    resgate: 0,
    cashback: 1.5,
    pontos: 30,
    status,
    criadoEm: '2025-03-10T15:00:00Z',
    canceladaEm: null,
    motivoCancelamento: null,
    usuarioNome: 'Amanda',
  };
}

function comprovante(id: number, status: ComprovanteVenda['status'] = 'CONFIRMADA'): ComprovanteVenda {
  return {
    transacaoId: id,
    status,
    empresa: { nome: 'Bom Preço', razaoSocial: 'Bom Preço Ltda', cnpj: null },
    filialNome: null,
    criadoEm: '2025-03-10T15:00:00Z',
    atendente: 'Amanda',
    cliente: { id: 10, nome: ana.nome, documento: '***.982.247-**' },
    valor: 123.45,
    resgate: 0,
    valePresente: 0,
    cupom: null,
    aPagar: 123.45,
    cashback: 6.17,
    pontos: 123,
    saldos: { CASHBACK: 18.67, PONTOS: 163 },
    saldosEm: '2025-03-10T15:00:01Z',
    canceladaEm: null,
    motivoCancelamento: null,
    colunas: 48,
    linhas: [
      ...(status === 'CANCELADA' ? [{ texto: '               *** CANCELADA ***', destaque: true }] : []),
      { texto: '                   BOM PREÇO', destaque: true },
      { texto: `Venda nº ${id}`, destaque: false },
      { texto: `A PAGAR${' '.repeat(32)}R$ 123,45`, destaque: true },
    ],
    escpos: 'G0A=',
    codificacao: 'PC860',
  };
}

const extrato = (linhas: Partial<LinhaExtrato>[]) =>
  pagina(
    linhas.map((l, i) => ({ partidaId: i + 1, lancamentoId: i + 1, tipo: 'VENDA', descricao: 'Venda', valor: 0, criadoEm: '2025-03-10T15:00:00Z', estornoDeId: null, estornado: false, ...l })),
  );

/** What the terminal asks once a customer is selected, answered for Ana. */
function rotas(extra: Rotas = {}): Rotas {
  return {
    ...rotasPadrao(usuarioGerente),
    'POST client/filterpaginated/0/8': pagina([ana]),
    'GET account/saldos/10': saldos(12.5, 40),
    'POST transacao/filterpaginated/0/5': pagina([venda(98, 30)]),
    'POST account/extrato/10/0/10': extrato([{ valor: 1.5 }]),
    'GET transacao/impressao/99': comprovante(99),
    'GET premio/cliente/10': [],
    ...extra,
  };
}

async function selecionarAna(usuario: ReturnType<typeof renderizarPagina>['usuario'], busca = 'ana') {
  // The first test also pays for the lazy page's first import: give it time.
  const campo = await screen.findByLabelText(/^Cliente/, {}, { timeout: 5_000 });
  await waitFor(() => expect(campo).toHaveFocus());
  await usuario.type(campo, `${busca}{Enter}`);
  expect(await screen.findByTestId('terminal-cliente-nome')).toHaveTextContent('Ana Beatriz Gonçalves');
  await waitFor(() => expect(screen.getByTestId('saldo-cashback')).toHaveTextContent('R$ 12,50'));
}

const respostaVenda = { transacaoId: 99, cashback: 6.17, pontos: 123, resgate: 0, saldos: { CASHBACK: 18.67, PONTOS: 163 }, contasBloqueadas: [] };

describe('Terminal de atendimento (/app/terminal)', () => {
  // The first lazy import transforms the whole page; done once here so no test pays it in its waits.
  beforeAll(() => import('./terminal-page'), 30_000);

  it('lança a venda uma só vez com Idempotency-Key, mesmo com Enter duas vezes e F2 depois; mostra o comprovante do servidor', async () => {
    let liberar: () => void = () => {};
    const servidor = servidorFalso(
      rotas({
        'POST transacao/venda': responder(
          () =>
            new Promise((ok) => {
              liberar = () => ok({ corpo: { hasError: false, messageError: null, result: respostaVenda, results: null } });
            }),
        ),
      }),
    );
    const { usuario } = renderizarPagina('/app/terminal', carregar);
    await selecionarAna(usuario);
    expect(JSON.parse(servidor.chamadas('POST client/filterpaginated/0/8')[0]!.corpo!)).toEqual({ busca: 'ana' });
    expect(screen.getByTestId('terminal-cliente-identificacao')).toHaveTextContent('CPF ***.982.247-** · (11) 98765-0101', { normalizeWhitespace: true });

    const valor = screen.getByLabelText('Valor da compra');
    await waitFor(() => expect(valor).toHaveFocus(), { timeout: 3_000 });
    await usuario.type(valor, '123,45');
    fireEvent.keyDown(valor, { key: 'Enter' });
    fireEvent.keyDown(valor, { key: 'Enter' });
    fireEvent.keyDown(window, { key: 'F2' });
    await waitFor(() => expect(servidor.chamadas('POST transacao/venda')).toHaveLength(1));
    liberar();

    expect(await screen.findByTestId('recibo-cashback')).toHaveTextContent('R$ 6,17');
    expect(screen.getByTestId('recibo-saldo-cashback')).toHaveTextContent('R$ 18,67');
    const [v] = servidor.chamadas('POST transacao/venda');
    expect(JSON.parse(v!.corpo!)).toEqual({ clienteId: 10, valor: 123.45, resgate: 0, identificacao: 'BUSCA' });
    expect(v!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);

    // The receipt is the server's (transacao/impressao/99), with its print button.
    const papel = await screen.findByRole('document', { name: 'Comprovante da venda nº 99' });
    expect(papel).toHaveTextContent('A PAGAR');
    expect(screen.getByRole('button', { name: 'Imprimir comprovante' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancelar esta venda' })).toBeInTheDocument();

    // F2 on the receipt never posts the old values again.
    fireEvent.keyDown(window, { key: 'F2' });
    await new Promise((r) => setTimeout(r, 20));
    expect(servidor.chamadas('POST transacao/venda')).toHaveLength(1);

    // Esc: the next sale, from an empty Cliente field.
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(screen.getByLabelText(/^Cliente/)).toHaveFocus());
    expect(screen.getByLabelText(/^Cliente/)).toHaveValue('');
    expect(screen.queryByTestId('recibo-cashback')).not.toBeInTheDocument();
  }, 20_000);

  it('o resgate fica limitado ao saldo disponível e ao valor; o total aparece quando difere; erro da API como veio', async () => {
    const servidor = servidorFalso(
      rotas({
        'GET account/saldos/10': saldos(20, 40, 12.5),
        'POST transacao/venda': responder(() => falha(409, 'Saldo de cashback insuficiente para este resgate.')),
      }),
    );
    const { usuario } = renderizarPagina('/app/terminal', carregar);
    await selecionarAna(usuario);
    expect(screen.getByTestId('saldo-cashback-total')).toHaveTextContent('total R$ 20,00');
    expect(screen.queryByTestId('saldo-pontos-total')).not.toBeInTheDocument();

    await usuario.type(screen.getByLabelText('Valor da compra'), '10,00');
    const resgate = screen.getByLabelText(/^Usar cashback/);
    // Never rewritten (the cap once turned "50,00" into "10,00,00", and on leaving lowered the amount unseen): a hint, and F2 refuses.
    await usuario.type(resgate, '50,00');
    expect(resgate).toHaveValue('50,00');
    expect(screen.getByText(/^O máximo aqui é R\$\s10,00\.$/)).toBeInTheDocument();
    await usuario.tab();
    expect(resgate).toHaveValue('50,00');
    await usuario.click(screen.getByRole('button', { name: 'Lançar venda (F2)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('O cashback usado pode ser no máximo R$ 10,00.');
    expect(servidor.chamadas('POST transacao/venda')).toHaveLength(0);
    await usuario.clear(screen.getByLabelText('Valor da compra'));
    await usuario.type(screen.getByLabelText('Valor da compra'), '30');
    await usuario.clear(resgate);
    await usuario.type(resgate, '99');
    expect(resgate).toHaveValue('99');
    await usuario.tab();
    expect(resgate).toHaveValue('99,00');
    // "Máximo" fills in what may be used: the available balance, here below the amount.
    await usuario.click(screen.getByRole('button', { name: 'Máximo' }));
    expect(resgate).toHaveValue('12,50');

    await usuario.click(screen.getByRole('button', { name: 'Lançar venda (F2)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Saldo de cashback insuficiente para este resgate.');
    expect(JSON.parse(servidor.chamadas('POST transacao/venda')[0]!.corpo!)).toEqual({ clienteId: 10, valor: 30, resgate: 12.5, identificacao: 'BUSCA' });
  }, 20_000);

  it('o valor da compra aceita só dígitos e separadores: letras não entram e nada é reescrito ao digitar', async () => {
    servidorFalso(rotas());
    const { usuario } = renderizarPagina('/app/terminal', carregar);
    await selecionarAna(usuario);
    const valor = screen.getByLabelText('Valor da compra');
    await usuario.type(valor, 'R$ 1a2b,5-0x');
    expect(valor).toHaveValue('12,50');
    await usuario.clear(valor);
    await usuario.type(valor, '1.234,5');
    expect(valor).toHaveValue('1.234,5');
    await usuario.tab();
    expect(valor).toHaveValue('1.234,50');
  }, 20_000);

  it('conta de cashback bloqueada: o bloqueio aparece antes da venda, o cashback não pode ser usado, e a venda só de pontos passa', async () => {
    const servidor = servidorFalso({
      ...rotas({
        'GET account/saldos/10': responder(() => ({
          corpo: {
            hasError: false,
            messageError: null,
            result: null,
            results: [
              { contaId: 1, unidade: 'CASHBACK', nome: 'Cashback', saldo: 12.5, disponivel: 12.5, bloqueada: true },
              { contaId: 2, unidade: 'PONTOS', nome: 'Pontos', saldo: 40, disponivel: 40, bloqueada: false },
            ],
          },
        })),
        'POST transacao/venda': { ...respostaVenda, cashback: 0, contasBloqueadas: ['CASHBACK'] },
      }),
      ...rotasPadrao({ ...usuarioGerente, permissions: ['TERMINAL_USAR'] }),
    });
    const { usuario } = renderizarPagina('/app/terminal', carregar);
    const campo = await screen.findByLabelText(/^Cliente/, {}, { timeout: 5_000 });
    await usuario.type(campo, 'ana{Enter}');
    expect(await screen.findByTestId('terminal-conta-bloqueada')).toHaveTextContent('Conta bloqueada');
    expect(screen.getByTestId('saldo-cashback-bloqueado')).toHaveTextContent('bloqueado');
    expect(screen.getByTestId('terminal-aviso-bloqueio')).toHaveTextContent('Conta de cashback bloqueada: o saldo não pode ser usado e esta venda acumula só pontos. Para desbloquear, chame o gerente.');
    expect(screen.getByLabelText(/^Usar cashback/)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Máximo' })).toBeDisabled();
    expect(screen.getByText('Conta de cashback bloqueada: chame o gerente.')).toBeInTheDocument();

    await usuario.type(screen.getByLabelText('Valor da compra'), '30{Enter}');
    expect(await screen.findByTestId('recibo-nao-creditado')).toHaveTextContent('Cashback não creditado: conta bloqueada.');
    expect(JSON.parse(servidor.chamadas('POST transacao/venda')[0]!.corpo!)).toEqual({ clienteId: 10, valor: 30, resgate: 0, identificacao: 'BUSCA' });
  }, 20_000);

  it('cartão passado no leitor: 16 dígitos + Enter seleciona direto e a venda vai com o cartão (CARTAO)', async () => {
    const servidor = servidorFalso(rotas({ 'POST transacao/venda': respostaVenda }));
    const { usuario } = renderizarPagina('/app/terminal', carregar);
    await selecionarAna(usuario, '6062 8201 2345 6789');
    expect(JSON.parse(servidor.chamadas('POST client/filterpaginated/0/8')[0]!.corpo!)).toEqual({ busca: '6062820123456789' });
    await usuario.type(screen.getByLabelText('Valor da compra'), '50{Enter}');
    await screen.findByTestId('recibo-cashback');
    // The card goes with the sale, so the sale is recorded on it (card use reports).
    expect(JSON.parse(servidor.chamadas('POST transacao/venda')[0]!.corpo!)).toMatchObject({ identificacao: 'CARTAO', cartao: '6062820123456789' });
  });

  it('cartão que ninguém tem: avisa e não oferece cadastro com o número como celular', async () => {
    servidorFalso(rotas({ 'POST client/filterpaginated/0/8': pagina([]) }));
    const { usuario } = renderizarPagina('/app/terminal', carregar);
    await usuario.type(await screen.findByLabelText(/^Cliente/), '6062820123456789{Enter}');
    expect(await screen.findByText('Cartão não encontrado')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Cadastro rápido' })).not.toBeInTheDocument();
  });

  it('vários clientes: lista navegável com as setas e Enter', async () => {
    servidorFalso(rotas({ 'POST client/filterpaginated/0/8': pagina([clienteResumo(11, 'Ana Clara'), ana]) }));
    const { usuario } = renderizarPagina('/app/terminal', carregar);
    await usuario.type(await screen.findByLabelText(/^Cliente/), 'ana{Enter}');
    expect(await screen.findByRole('listbox', { name: 'Clientes encontrados' })).toBeInTheDocument();
    await usuario.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByTestId('terminal-cliente-nome')).toHaveTextContent('Ana Beatriz Gonçalves');
  });

  it('ninguém encontrado: cadastro rápido com nome e CPF, e o cliente novo fica selecionado', async () => {
    const novo = clienteResumo(50, 'Joana Prado');
    const servidor = servidorFalso(
      rotas({
        'POST client/filterpaginated/0/8': pagina([]),
        'POST client/save': novo,
        'GET account/saldos/50': saldos(0, 0),
        'POST account/extrato/50/0/10': extrato([]),
        'POST transacao/filterpaginated/0/5': pagina([]),
      }),
    );
    const { usuario } = renderizarPagina('/app/terminal', carregar);
    await usuario.type(await screen.findByLabelText(/^Cliente/), '529.982.247-25{Enter}');
    expect(await screen.findByText('Nenhum cliente encontrado')).toBeInTheDocument();
    expect(screen.getByLabelText('CPF')).toHaveValue('52998224725');
    await usuario.type(screen.getByLabelText(/^Nome/), 'Joana Prado');
    await usuario.click(screen.getByRole('button', { name: 'Cadastrar e selecionar' }));

    expect(await screen.findByTestId('terminal-cliente-nome')).toHaveTextContent('Joana Prado');
    expect(JSON.parse(servidor.chamadas('POST client/save')[0]!.corpo!)).toEqual({ nome: 'Joana Prado', documento: '52998224725', celular: null, celularWhatsapp: false });
    await waitFor(() => expect(screen.getByTestId('saldo-cashback')).toHaveTextContent('R$ 0,00'));
    expect(await screen.findByText('Nada por aqui ainda.')).toBeInTheDocument();
  });

  it('histórico: últimas vendas com reimpressão, extrato com resgate e estorno, e cancelamento com confirmação (gestão)', async () => {
    let cancelada = false;
    const servidor = servidorFalso(
      rotas({
        'POST transacao/filterpaginated/0/5': responder(() => ({
          corpo: { hasError: false, messageError: null, result: pagina([venda(98, 30, cancelada ? 'CANCELADA' : 'CONFIRMADA')]), results: null },
        })),
        'POST account/extrato/10/0/10': extrato([
          { valor: -1.5, tipo: 'ESTORNO', descricao: 'Cancelamento da venda 98', estornoDeId: 1 },
          { valor: -2, tipo: 'VENDA' },
          { valor: 1.5, tipo: 'VENDA', estornado: true },
        ]),
        'GET transacao/impressao/98': comprovante(98),
        'GET transacao/cancelar/98': responder(() => {
          cancelada = true;
          return { corpo: { hasError: false, messageError: null, result: { transacaoId: 98, estornoLancamentoId: 5, saldos: { CASHBACK: 11, PONTOS: 10 } }, results: null } };
        }),
      }),
    );
    const { usuario } = renderizarPagina('/app/terminal', carregar);
    await selecionarAna(usuario);
    const vendas = await screen.findByRole('list', { name: 'Últimas vendas' });
    expect(within(vendas).getByText(/nº 98/)).toBeInTheDocument();

    await usuario.click(within(vendas).getByRole('button', { name: 'Reimprimir a venda nº 98' }));
    expect(await screen.findByRole('document', { name: 'Comprovante da venda nº 98' })).toBeInTheDocument();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('document', { name: 'Comprovante da venda nº 98' })).not.toBeInTheDocument());

    await usuario.click(screen.getByRole('button', { name: 'Cancelar a venda nº 98' }));
    expect(await screen.findByText(/Cancelar a venda nº 98 de R\$ 30,00 de Ana Beatriz Gonçalves\?/)).toBeInTheDocument();
    await usuario.click(screen.getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(servidor.chamadas('GET transacao/cancelar/98')).toHaveLength(1));
    expect(await within(await screen.findByRole('list', { name: 'Últimas vendas' })).findByText('Cancelada')).toBeInTheDocument();

    await usuario.click(screen.getByRole('tab', { name: 'Extrato' }));
    const linhas = await screen.findAllByTestId('linha-extrato');
    expect(linhas.map((l) => l.textContent)).toEqual([
      expect.stringMatching(/^Cancelamento da venda 98.*−R\$\s1,50$/),
      expect.stringMatching(/^Resgate na compra.*−R\$\s2,00$/),
      expect.stringMatching(/^Acúmulo da compraEstornado.*\+R\$\s1,50$/),
    ]);
  }, 20_000);

  it('atendente sem gestão: não vê o cancelamento', async () => {
    servidorFalso({ ...rotas(), ...rotasPadrao({ ...usuarioGerente, permissions: ['TERMINAL_USAR'] }), 'POST client/filterpaginated/0/8': pagina([ana]) });
    const { usuario } = renderizarPagina('/app/terminal', carregar);
    await selecionarAna(usuario);
    await screen.findByRole('list', { name: 'Últimas vendas' });
    expect(screen.getByRole('button', { name: 'Reimprimir a venda nº 98' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelar a venda nº 98' })).not.toBeInTheDocument();
  });
  it('passo Prêmios: oferece só o que o saldo alcança, resgata com Idempotency-Key após a confirmação e entrega na hora', async () => {
    const premio = (id: number, nome: string, alcanca: boolean): PremioParaCliente => ({
      id, nome, descricao: null, fotoArquivoId: null, custoPontos: 30, custoCashback: null, estoque: 4, limitePorCliente: null, limitePeriodo: 'SEMPRE',
      validoDe: null, validoAte: null, filiais: [], ativo: true, resgates: 0, criadoEm: '2025-01-01T12:00:00Z', alcanca, motivo: alcanca ? null : 'Saldo insuficiente',
    });
    const resgate: ResgatePremio = {
      id: 55, codigo: 'K7M3Q9TZ', status: 'SOLICITADO', premioId: 1, premioNome: 'Caneca', fotoArquivoId: null, clienteId: 10, clienteNome: ana.nome, filialId: 2,
      filialNome: 'Loja Centro', custoPontos: 30, custoCashback: 0, usuarioNome: 'Amanda', criadoEm: '2025-03-10T15:00:00Z', retiradoEm: null, canceladoEm: null, motivoCancelamento: null,
    };
    const servidor = servidorFalso(
      rotas({
        'GET premio/cliente/10': [premio(1, 'Caneca', true), premio(2, 'Bicicleta', false)],
        'POST premio/resgate/save': resgate,
        'GET premio/resgate/retirar/55/K7M3Q9TZ': { ...resgate, status: 'RETIRADO' },
      }),
    );
    const { usuario } = renderizarPagina('/app/terminal', carregar);
    await selecionarAna(usuario);
    const passo = await screen.findByRole('region', { name: 'Prêmios' });
    expect(await within(passo).findByText('Caneca')).toBeInTheDocument();
    expect(within(passo).getByText('30 pontos · 4 em estoque')).toBeInTheDocument();
    expect(within(passo).queryByText('Bicicleta')).not.toBeInTheDocument();
    expect(within(passo).getByText('1 prêmio indisponível para este cliente agora')).toBeInTheDocument();

    await usuario.click(within(passo).getByRole('button', { name: 'Resgatar Caneca' }));
    await usuario.click(await screen.findByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(servidor.chamadas('POST premio/resgate/save')).toHaveLength(1));
    const pedido = servidor.chamadas('POST premio/resgate/save')[0]!;
    expect(JSON.parse(pedido.corpo!)).toEqual({ premioId: 1, clienteId: 10 });
    expect(pedido.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await within(passo).findByTestId('codigo-resgate')).toHaveTextContent('K7M3Q9TZ');
    // The balances are read again after the redemption.
    await waitFor(() => expect(servidor.chamadas('GET account/saldos/10').length).toBeGreaterThanOrEqual(2));

    await usuario.click(within(passo).getByRole('button', { name: 'Entregar agora' }));
    expect(await within(passo).findByText('Prêmio entregue')).toBeInTheDocument();
    expect(servidor.chamadas('GET premio/resgate/retirar/55/K7M3Q9TZ')).toHaveLength(1);
  });
});
