import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { DefinicaoManutencao, DetalheManutencao, ExecucaoManutencao, ListaManutencao } from '@bonifica/contracts';
import { renderizarPagina } from '../../test/renderizar-pagina';
import { falha, responder, rotasPadrao, servidorFalso, usuarioAdmin } from '../../test/servidor-falso';

const ACOES: DefinicaoManutencao[] = [
  { acao: 'REFAZER_RESUMOS', titulo: 'Refazer os resumos do dashboard', descricao: 'Apaga e recalcula os resumos do dashboard de uma empresa.', destrutiva: true, empresa: 'OBRIGATORIA' },
  { acao: 'CONFERIR_SALDOS', titulo: 'Conferir saldos com o razão', descricao: 'Compara o saldo guardado com a soma das partidas.', destrutiva: false, empresa: 'OPCIONAL' },
];

const EXECUCAO: ExecucaoManutencao = {
  id: '11111111-1111-4111-8111-111111111111',
  acao: 'CONFERIR_SALDOS',
  titulo: 'Conferir saldos com o razão',
  empresaId: 7,
  empresaNome: 'Bom Preço Ltda',
  usuarioNome: 'Ana Administradora',
  status: 'PROCESSANDO',
  total: 4,
  processados: 2,
  percentual: 50,
  mensagemErro: null,
  criadoEm: '2026-03-05T15:04:05.000Z',
  iniciadoEm: '2026-03-05T15:04:06.000Z',
  concluidoEm: null,
};

const DETALHE: DetalheManutencao = {
  ...EXECUCAO,
  status: 'CONCLUIDA',
  processados: 4,
  percentual: 100,
  concluidoEm: '2026-03-05T15:04:09.000Z',
  destrutiva: false,
  log: [
    { em: '2026-03-05T15:04:06.000Z', nivel: 'INFO', texto: 'Início: Conferir saldos com o razão (Bom Preço Ltda).' },
    { em: '2026-03-05T15:04:08.000Z', nivel: 'AVISO', texto: 'Bom Preço Ltda: conta 42 (cliente 9, CASHBACK) com saldo 1123, soma das partidas 1000, soma dos lotes 1000.' },
  ],
  resumo: { contas: 12, divergencias: [{ contaId: 42, empresaId: 7, clienteId: 9, tipo: 'CASHBACK', saldo: 1123, somaPartidas: 1000, somaLotes: 1000 }] },
};

const lista = (execucoes: ExecucaoManutencao[] = [EXECUCAO]): ListaManutencao => ({ acoes: ACOES, execucoes });

function servidor(extra: Record<string, unknown> = {}) {
  return servidorFalso({
    ...rotasPadrao(usuarioAdmin),
    'GET sistema/manutencao/listall': lista(),
    'GET sistema/manutencao/empresas': [
      { id: 7, nome: 'Bom Preço Ltda', ativa: true },
      { id: 8, nome: 'Padaria Sol', ativa: false },
    ],
    ...extra,
  });
}

const abrirLista = () => renderizarPagina('/app/sistema/manutencao', () => import('./manutencao-page'));

describe('Sistema › Manutenção', () => {
  beforeAll(() => Promise.all([import('./manutencao-page'), import('./detalhe-page')]), 30_000);

  it('lista as ações (com a marca de destrutiva) e as execuções com status, progresso, início e autor', async () => {
    servidor();
    abrirLista();
    expect(await screen.findByRole('heading', { level: 1, name: 'Manutenção' })).toBeInTheDocument();
    expect(await screen.findByText('Apaga e recalcula os resumos do dashboard de uma empresa.')).toBeInTheDocument();
    expect(screen.getByText('Destrutiva')).toBeInTheDocument();
    const linha = screen.getByRole('link', { name: 'Conferir saldos com o razão' }).closest('tr')!;
    expect(within(linha).getByText('Processando')).toBeInTheDocument();
    expect(within(linha).getByText('50%')).toBeInTheDocument();
    expect(within(linha).getByText('Bom Preço Ltda')).toBeInTheDocument();
    expect(within(linha).getByText('Ana Administradora')).toBeInTheDocument();
    expect(within(linha).getByText('05/03/2026 12:04:06')).toBeInTheDocument();
  });

  it('sem execuções: diz que nada foi executado', async () => {
    servidor({ 'GET sistema/manutencao/listall': lista([]) });
    abrirLista();
    expect(await screen.findByText('Nenhuma ação foi executada ainda.')).toBeInTheDocument();
  });

  it('ação destrutiva: só executa com a empresa escolhida e a palavra CONFIRMAR digitada, e envia confirmar: true', async () => {
    const s = servidor({ 'POST sistema/manutencao/executar': { id: '22222222-2222-4222-8222-222222222222' } });
    const { usuario, router } = abrirLista();
    await usuario.click(await screen.findByRole('button', { name: 'Executar: Refazer os resumos do dashboard' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Refazer os resumos do dashboard' });
    const botao = within(dialogo).getByRole('button', { name: 'Executar' });
    expect(botao).toBeDisabled();
    await usuario.click(within(dialogo).getByRole('combobox', { name: /Empresa/ }));
    await usuario.click(await screen.findByRole('option', { name: 'Bom Preço Ltda' }));
    expect(botao).toBeDisabled();
    await usuario.type(within(dialogo).getByRole('textbox', { name: 'Confirmação' }), 'confirma');
    expect(botao).toBeDisabled();
    await usuario.type(within(dialogo).getByRole('textbox', { name: 'Confirmação' }), 'r');
    expect(botao).toBeEnabled();
    await usuario.click(botao);
    await waitFor(() => expect(s.chamadas('POST sistema/manutencao/executar')).toHaveLength(1));
    expect(JSON.parse(s.chamadas('POST sistema/manutencao/executar')[0]!.corpo!)).toEqual({ acao: 'REFAZER_RESUMOS', empresaId: 7, confirmar: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/sistema/manutencao/detalhe/22222222-2222-4222-8222-222222222222'));
  });

  it('a recusa do servidor aparece no diálogo, em português', async () => {
    servidor({ 'POST sistema/manutencao/executar': responder(() => falha(409, 'Esta ação já está em andamento para este alvo: aguarde o fim da execução atual.')) });
    const { usuario } = abrirLista();
    await usuario.click(await screen.findByRole('button', { name: 'Executar: Conferir saldos com o razão' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Conferir saldos com o razão' });
    // Not destructive, company optional: runs over every company with no typed word.
    await usuario.click(within(dialogo).getByRole('button', { name: 'Executar' }));
    expect(await within(dialogo).findByText('Esta ação já está em andamento para este alvo: aguarde o fim da execução atual.')).toBeInTheDocument();
  });

  it('detalhe: progresso, autor, log com avisos e a tabela das contas divergentes', async () => {
    servidor({ [`GET sistema/manutencao/detalhe/${DETALHE.id}`]: DETALHE });
    renderizarPagina('/app/sistema/manutencao/detalhe/:id', () => import('./detalhe-page'), `/app/sistema/manutencao/detalhe/${DETALHE.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Conferir saldos com o razão' })).toBeInTheDocument();
    expect(screen.getByText('Concluída')).toBeInTheDocument();
    expect(screen.getByText('100%')).toBeInTheDocument();
    const log = screen.getByRole('list', { name: 'Log da execução' });
    expect(within(log).getAllByRole('listitem')).toHaveLength(2);
    expect(within(log).getByText(/\[AVISO\] Bom Preço Ltda: conta 42/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Contas divergentes (1)' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '1123' })).toBeInTheDocument();
  });
});
