import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ClienteResumo } from '@bonifica/contracts';
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
const pagina = (content: ClienteResumo[]) => ({ content, totalElements: content.length, totalPages: 1, number: 0, size: 8 });
const saldos = (cashback: number, pontos: number) =>
  responder(() => ({
    corpo: {
      hasError: false,
      messageError: null,
      result: null,
      results: [
        { contaId: 1, unidade: 'CASHBACK', saldo: cashback, bloqueada: false },
        { contaId: 2, unidade: 'PONTOS', saldo: pontos, bloqueada: false },
      ],
    },
  }));

function rotas(extra: Rotas): Rotas {
  return { ...rotasPadrao(usuarioGerente), ...extra };
}

async function selecionarAna(usuario: ReturnType<typeof renderizarPagina>['usuario']) {
  const campo = await screen.findByLabelText(/^Cliente/);
  expect(campo).toHaveFocus();
  await usuario.type(campo, 'ana{Enter}');
  expect(await screen.findByTestId('terminal-cliente-nome')).toHaveTextContent('Ana Beatriz Gonçalves');
  await waitFor(() => expect(screen.getByTestId('saldo-cashback')).toHaveTextContent('R$ 12,50'));
}

describe('Terminal de atendimento (/app/terminal)', () => {
  it('busca, seleciona e lança a venda uma só vez com Idempotency-Key, mesmo com Enter duas vezes', async () => {
    let liberar: () => void = () => {};
    const servidor = servidorFalso(
      rotas({
        'POST client/filterpaginated/0/8': pagina([ana]),
        'GET account/saldos/10': saldos(12.5, 40),
        'POST transacao/venda': responder(
          () =>
            new Promise((ok) => {
              liberar = () =>
                ok({
                  corpo: {
                    hasError: false,
                    messageError: null,
                    result: { transacaoId: 99, cashback: 6.17, pontos: 123, resgate: 0, saldos: { CASHBACK: 18.67, PONTOS: 163 } },
                    results: null,
                  },
                });
            }),
        ),
      }),
    );
    const { usuario } = renderizarPagina('/app/terminal', carregar);
    await selecionarAna(usuario);
    expect(servidor.chamadas('POST client/filterpaginated/0/8')[0]?.corpo).toBe(JSON.stringify({ busca: 'ana' }));
    expect(screen.getByText('CPF ***.982.247-** · (11) 98765-0101')).toBeInTheDocument();

    const valor = screen.getByLabelText('Valor da compra');
    await waitFor(() => expect(valor).toHaveFocus());
    await usuario.type(valor, '123,45');
    fireEvent.keyDown(valor, { key: 'Enter' });
    fireEvent.keyDown(valor, { key: 'Enter' });
    fireEvent.keyDown(window, { key: 'F2' });
    await waitFor(() => expect(servidor.chamadas('POST transacao/venda')).toHaveLength(1));
    liberar();

    expect(await screen.findByTestId('recibo-cashback')).toHaveTextContent('R$ 6,17');
    expect(screen.getByTestId('recibo-saldo-cashback')).toHaveTextContent('R$ 18,67');
    const [venda] = servidor.chamadas('POST transacao/venda');
    expect(JSON.parse(venda!.corpo!)).toEqual({ clienteId: 10, valor: 123.45, resgate: 0 });
    expect(venda!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(servidor.chamadas('POST transacao/venda')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Cancelar última venda' })).toBeInTheDocument();

    // Esc: the next sale, from the Cliente field again.
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(screen.getByLabelText(/^Cliente/)).toHaveFocus());
    expect(screen.queryByTestId('recibo-cashback')).not.toBeInTheDocument();
  });

  it('o resgate fica limitado ao saldo e ao valor; a resposta de erro da API aparece como veio', async () => {
    const servidor = servidorFalso(
      rotas({
        'POST client/filterpaginated/0/8': pagina([ana]),
        'GET account/saldos/10': saldos(12.5, 40),
        'POST transacao/venda': responder(() => falha(409, 'Saldo de cashback insuficiente para este resgate.')),
      }),
    );
    const { usuario } = renderizarPagina('/app/terminal', carregar);
    await selecionarAna(usuario);

    await usuario.type(screen.getByLabelText('Valor da compra'), '10,00');
    const resgate = screen.getByLabelText(/^Usar cashback/);
    await usuario.type(resgate, '50');
    expect(resgate).toHaveValue('10,00');
    await usuario.clear(screen.getByLabelText('Valor da compra'));
    await usuario.type(screen.getByLabelText('Valor da compra'), '30');
    await usuario.clear(resgate);
    await usuario.type(resgate, '99');
    expect(resgate).toHaveValue('12,50');

    await usuario.click(screen.getByRole('button', { name: 'Lançar venda (F2)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Saldo de cashback insuficiente para este resgate.');
    const [venda] = servidor.chamadas('POST transacao/venda');
    expect(JSON.parse(venda!.corpo!)).toEqual({ clienteId: 10, valor: 30, resgate: 12.5 });
  });

  it('vários clientes: lista navegável com as setas e Enter', async () => {
    servidorFalso(
      rotas({
        'POST client/filterpaginated/0/8': pagina([clienteResumo(11, 'Ana Clara'), ana]),
        'GET account/saldos/10': saldos(12.5, 40),
      }),
    );
    const { usuario } = renderizarPagina('/app/terminal', carregar);
    const campo = await screen.findByLabelText(/^Cliente/);
    await usuario.type(campo, 'ana{Enter}');
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
      }),
    );
    const { usuario } = renderizarPagina('/app/terminal', carregar);
    await usuario.type(await screen.findByLabelText(/^Cliente/), '529.982.247-25{Enter}');
    expect(await screen.findByText('Nenhum cliente encontrado')).toBeInTheDocument();
    expect(screen.getByLabelText('CPF')).toHaveValue('52998224725');
    await usuario.type(screen.getByLabelText(/^Nome/), 'Joana Prado');
    await usuario.click(screen.getByRole('button', { name: 'Cadastrar e selecionar' }));

    expect(await screen.findByTestId('terminal-cliente-nome')).toHaveTextContent('Joana Prado');
    expect(JSON.parse(servidor.chamadas('POST client/save')[0]!.corpo!)).toEqual({
      nome: 'Joana Prado',
      documento: '52998224725',
      celular: null,
      celularWhatsapp: false,
    });
    await waitFor(() => expect(screen.getByTestId('saldo-cashback')).toHaveTextContent('R$ 0,00'));
  });
});
