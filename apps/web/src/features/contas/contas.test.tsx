import { beforeAll, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import type { BuscaUnificacao, ConfiguracaoContasPadrao, GrupoDuplicados, LadoUnificacao, Pagina, QuantidadeUnificacao, SaldoConta } from '@bonifica/contracts';
import { renderizarPagina } from '../../test/renderizar-pagina';
import { envelope, falha, responder, rotasPadrao, servidorFalso, type RequisicaoFalsa } from '../../test/servidor-falso';

// This machine runs several suites at once: waits and tests get room, the assertions stay the same.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 30_000 });

const corpo = (r: RequisicaoFalsa | undefined) => JSON.parse(r?.corpo ?? '{}') as Record<string, unknown>;

const INICIAL: ConfiguracaoContasPadrao = {
  configurada: false,
  contas: [
    { unidade: 'CASHBACK', nome: 'Cashback', ordem: 0, ativo: true },
    { unidade: 'PONTOS', nome: 'Pontos', ordem: 1, ativo: true },
  ],
};

describe('Cadastros › Contas padrão', () => {
  beforeAll(() => import('./contas-padrao-page'), 30_000);
  const abrir = () => renderizarPagina('/app/cadastros/contas-padrao', () => import('./contas-padrao-page'));

  it('mostra os padrões; reordenar, renomear e ativar o pré-pago envia a lista inteira na nova ordem', async () => {
    const s = servidorFalso({
      ...rotasPadrao(),
      'GET account/contapadrao': INICIAL,
      'POST account/contapadrao/salvar/ordem': responder((r) => ({
        corpo: envelope({ configurada: true, contas: (corpo(r).contas as { unidade: string; nome: string; ativo: boolean }[]).map((c, ordem) => ({ ...c, ordem })) }),
      })),
    });
    const { usuario } = abrir();
    expect(await screen.findByText(/usa as contas iniciais/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled();

    await usuario.click(screen.getByRole('button', { name: 'Descer Cashback' }));
    const nomes = screen.getAllByRole('textbox', { name: 'Nome exibido' });
    await usuario.clear(nomes[2]!);
    await usuario.type(nomes[2]!, 'Carteira');
    await usuario.click(screen.getAllByRole('switch', { name: 'Ativa' })[2]!);
    // Unsaved changes: assigning to every customer waits for the save.
    expect(screen.getByRole('button', { name: /Atribuir a todos/ })).toBeDisabled();
    await usuario.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(s.chamadas('POST account/contapadrao/salvar/ordem')).toHaveLength(1));
    expect(corpo(s.chamadas('POST account/contapadrao/salvar/ordem')[0])).toEqual({
      contas: [
        { unidade: 'PONTOS', nome: 'Pontos', ativo: true },
        { unidade: 'CASHBACK', nome: 'Cashback', ativo: true },
        { unidade: 'PREPAGO', nome: 'Carteira', ativo: true },
      ],
    });
    expect(await screen.findByText('Contas padrão salvas.')).toBeInTheDocument();
  });

  it('um nome curto ou repetido aparece no campo e não deixa salvar', async () => {
    servidorFalso({ ...rotasPadrao(), 'GET account/contapadrao': INICIAL });
    const { usuario } = abrir();
    const nomes = await screen.findAllByRole('textbox', { name: 'Nome exibido' });
    await usuario.clear(nomes[1]!);
    await usuario.type(nomes[1]!, 'cashback');
    expect(await screen.findByText('Já existe outra conta com este nome.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled();
  });

  it('atribuir a todos pede Confirmação e mostra quantas contas foram criadas', async () => {
    const s = servidorFalso({ ...rotasPadrao(), 'GET account/contapadrao': INICIAL, 'POST account/contapadrao/atribuir': { criadas: 40, clientes: 1234 } });
    const { usuario } = abrir();
    await usuario.click(await screen.findByRole('button', { name: /Atribuir a todos/ }));
    expect(await screen.findByText(/Criar as contas Cashback, Pontos para todos os clientes/)).toBeInTheDocument();
    await usuario.click(screen.getByRole('button', { name: 'Sim' }));
    expect(await screen.findByText('1.234 clientes verificados; 40 contas criadas.')).toBeInTheDocument();
    expect(s.chamadas('POST account/contapadrao/atribuir')).toHaveLength(1);
  });

  it('um erro ao carregar aparece com tentar de novo', async () => {
    servidorFalso({ ...rotasPadrao(), 'GET account/contapadrao': responder(() => falha(403, 'Acesso negado.')) });
    abrir();
    expect(await screen.findByText('Acesso negado.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});

const saldo = (contaId: number, unidade: SaldoConta['unidade'], nome: string, v: number): SaldoConta => ({
  contaId,
  unidade,
  nome,
  saldo: v,
  disponivel: v,
  emCarencia: 0,
  aExpirar: 0,
  proximaExpiracao: null,
  bloqueada: false,
});
const lado = (clienteId: number, nome: string, saldos: SaldoConta[]): LadoUnificacao => ({ clienteId, nome, documento: null, celular: '11955554444', email: null, status: 'ATIVO', unificadoEm: null, saldos });
const PAULO = lado(31, 'Paulo Duplicado', [saldo(1, 'CASHBACK', 'Cashback', 12.34), saldo(2, 'PONTOS', 'Pontos', 150)]);
const HENRIQUE = lado(32, 'Paulo Henrique', [saldo(3, 'CASHBACK', 'Cashback', 5)]);
const QUANTIDADE: QuantidadeUnificacao = { contas: 2, lotes: 2, valores: [{ unidade: 'CASHBACK', saldo: 12.34 }, { unidade: 'PONTOS', saldo: 150 }], cartoes: 1, vendas: 3 };
const pagina = <T,>(content: T[]): Pagina<T> => ({ content, totalElements: content.length, totalPages: 1, number: 0, size: 10 });

describe('Cadastros › Unificação de contas', () => {
  beforeAll(() => import('./unificacao-page'), 30_000);

  it('escolher a origem sugere o duplicado; os dois lados aparecem com saldos; unificar confirma e envia a chave de idempotência', async () => {
    const s = servidorFalso({
      ...rotasPadrao(),
      'POST client/filterpaginated/0/10': pagina([{ id: 31, nome: 'Paulo Duplicado', documento: null }]),
      'POST conta/unificacao/buscarcontas': responder((r) => {
        const b = corpo(r);
        const resposta: BuscaUnificacao = {
          origem: b.origemId ? PAULO : null,
          destino: b.destinoId ? HENRIQUE : null,
          sugestoes: b.destinoId ? [] : [{ clienteId: 32, nome: 'Paulo Henrique', motivo: 'Mesmo celular' }],
        };
        return { corpo: envelope(resposta) };
      }),
      'POST conta/unificacao/quantidade': QUANTIDADE,
      'POST conta/unificacao/unificar': { ...QUANTIDADE, unificacaoId: 1, lancamentoId: 99 },
      'GET client/duplicados': responder(() => ({ corpo: { hasError: false, messageError: null, result: null, results: [] } })),
    });
    const { usuario } = renderizarPagina('/app/cadastros/unificacao-contas', () => import('./unificacao-page'));
    expect(await screen.findByText('Nenhum cliente ativo divide celular ou e-mail com outro.')).toBeInTheDocument();
    await usuario.type(await screen.findByRole('combobox', { name: 'Cliente duplicado (origem)' }), 'Paulo');
    await usuario.click(await screen.findByRole('option', { name: 'Paulo Duplicado' }));
    await usuario.click(await screen.findByRole('button', { name: 'Paulo Henrique · Mesmo celular' }));

    expect(await screen.findByText('Serão movidos R$ 12,34 + 150 pts (2 lotes de crédito). Ficam na origem como histórico: 3 vendas e 1 cartão.', { exact: false })).toBeInTheDocument();
    // Destination balance and available amount, side by side with the origin's.
    expect(screen.getAllByText('R$ 5,00')).toHaveLength(2);
    expect(screen.getAllByText('R$ 12,34').length).toBeGreaterThanOrEqual(2);

    await usuario.type(screen.getByRole('textbox', { name: /Observação/ }), 'Cadastro em dobro');
    await usuario.click(screen.getByRole('button', { name: 'Unificar' }));
    expect(await screen.findByText(/Esta operação não pode ser desfeita/)).toBeInTheDocument();
    await usuario.click(screen.getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(s.chamadas('POST conta/unificacao/unificar')).toHaveLength(1));
    const pedido = s.chamadas('POST conta/unificacao/unificar')[0]!;
    expect(corpo(pedido)).toEqual({ origemId: 31, destinoId: 32, observacao: 'Cadastro em dobro' });
    expect(pedido.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('Unificação concluída')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir a ficha de Paulo Henrique' })).toHaveAttribute('href', '/app/cadastros/clientes/32');
  });

  it('os prováveis duplicados (mesmo celular) abrem a comparação: o cadastro mais novo vai para a origem, o bloqueado fica de fora, e dá para trocar', async () => {
    const grupo: GrupoDuplicados = {
      motivo: 'CELULAR',
      valor: '11955554444',
      clientes: [
        { id: 32, nome: 'Paulo Henrique', documento: null, celular: '11955554444', email: null, status: 'ATIVO' },
        { id: 31, nome: 'Paulo Duplicado', documento: null, celular: '11955554444', email: null, status: 'ATIVO' },
        { id: 40, nome: 'Paulo Antigo', documento: null, celular: '11955554444', email: null, status: 'BLOQUEADO' },
      ],
    };
    const s = servidorFalso({
      ...rotasPadrao(),
      'GET client/duplicados': responder(() => ({ corpo: { hasError: false, messageError: null, result: null, results: [grupo] } })),
      'POST conta/unificacao/buscarcontas': responder((r) => {
        const b = corpo(r);
        const porId = (id: unknown) => (id === 31 ? PAULO : id === 32 ? HENRIQUE : null);
        return { corpo: envelope({ origem: porId(b.origemId), destino: porId(b.destinoId), sugestoes: [] } satisfies BuscaUnificacao) };
      }),
      'POST conta/unificacao/quantidade': QUANTIDADE,
    });
    const { usuario } = renderizarPagina('/app/cadastros/unificacao-contas', () => import('./unificacao-page'));
    const lista = await screen.findByRole('list', { name: 'Prováveis duplicados' });
    expect(within(lista).getByText('Paulo Henrique · Paulo Duplicado')).toBeInTheDocument();
    expect(within(lista).getByText('Mesmo celular: (11) 95555-4444')).toBeInTheDocument();
    await usuario.click(within(lista).getByRole('button', { name: 'Comparar' }));
    // 31 was registered first: it stays, and 32 is folded into it.
    await waitFor(() => expect(corpo(s.chamadas('POST conta/unificacao/buscarcontas').at(-1))).toEqual({ origemId: 32, destinoId: 31 }));
    expect(screen.getByRole('combobox', { name: 'Cliente duplicado (origem)' })).toHaveValue('Paulo Henrique');
    expect(screen.getByRole('combobox', { name: 'Cliente que fica (destino)' })).toHaveValue('Paulo Duplicado');
    await usuario.click(screen.getByRole('button', { name: 'Trocar origem e destino' }));
    await waitFor(() => expect(corpo(s.chamadas('POST conta/unificacao/buscarcontas').at(-1))).toEqual({ origemId: 31, destinoId: 32 }));
    expect(screen.getByRole('combobox', { name: 'Cliente duplicado (origem)' })).toHaveValue('Paulo Duplicado');
  });
});
