import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { MensagemCaixa, ResumoCaixaSaida } from '@bonifica/contracts';
import { falha, responder, rotasPadrao, servidorFalso } from '../../test/servidor-falso';
import { renderizarPagina } from '../../test/renderizar-pagina';
import { prepararAmbienteTabela } from '../../components/list-page/ambiente-teste';

const pagina = <T,>(content: T[]) => ({ content, totalElements: content.length, totalPages: 1, number: 0, size: 20 });

const M = (id: number, extra: Partial<MensagemCaixa> = {}): MensagemCaixa => ({
  id,
  canal: 'WHATSAPP',
  clienteId: id,
  clienteNome: `Cliente ${id}`,
  para: `55119876500${String(id).padStart(2, '0')}`,
  texto: `Olá, cliente ${id}!`,
  origem: 'CAMPANHA',
  loteId: 3,
  loteNome: 'Verão',
  marketing: true,
  status: 'REVISAR',
  tentativas: 1,
  erro: 'O envio foi interrompido e o gateway não conhece a mensagem: confira com o cliente antes de reenviar.',
  criadoEm: '2026-03-05T15:00:00.000Z',
  enviandoEm: '2026-03-05T15:01:00.000Z',
  enviadaEm: null,
  entregueEm: null,
  lidaEm: null,
  revisao: null,
  revisadaPor: null,
  revisadaEm: null,
  ...extra,
});

const RESUMO: ResumoCaixaSaida = { revisar: 2, lotes: [{ id: 3, nome: 'Verão', criadoEm: '2026-03-05T15:00:00.000Z', revisar: 2 }] };
const abrir = (url = '/app/mensagens/saida') => renderizarPagina('/app/mensagens/saida', () => import('./caixa-page'), url);

describe('Mensagens › Caixa de saída', () => {
  beforeAll(() => import('./caixa-page'), 30_000);
  // A desktop: every column shows.
  beforeEach(() => prepararAmbienteTabela((q) => q.trim() === '' || q.includes('min-width')));

  it('lista com a situação; as em revisão aparecem destacadas, com o aviso e a contagem', async () => {
    servidorFalso({
      ...rotasPadrao(),
      'GET mensagem/saida/resumo': RESUMO,
      'POST mensagem/saida/filterpaginated/0/20': pagina([
        M(1),
        M(2, { status: 'ENTREGUE', erro: null, enviadaEm: '2026-03-05T15:02:00.000Z', revisao: 'DAR_COMO_ENVIADA', revisadaPor: 'Gabriel', revisadaEm: '2026-03-05T16:00:00.000Z' }),
      ]),
    });
    abrir();
    expect(await screen.findByText('2 mensagens aguardam sua decisão', {}, { timeout: 5000 })).toBeInTheDocument();
    const linha1 = (await screen.findByText('Cliente 1', {}, { timeout: 5000 })).closest('tr')!;
    expect(within(linha1).getByText('Em revisão')).toBeInTheDocument();
    expect(within(linha1).getByText('(11) 98765-0001')).toBeInTheDocument();
    expect(within(linha1).getByRole('button', { name: 'Decidir sobre a mensagem para Cliente 1' })).toBeInTheDocument();
    const linha2 = screen.getByText('Cliente 2').closest('tr')!;
    expect(within(linha2).getByText('Entregue')).toBeInTheDocument();
    expect(within(linha2).getByText(/Dada como enviada por Gabriel/)).toBeInTheDocument();
    expect(within(linha2).queryByRole('button', { name: /Decidir/ })).not.toBeInTheDocument();
    // Only messages in review have a selection box.
    expect(within(linha1).getByRole('checkbox', { name: 'Selecionar a mensagem para Cliente 1' })).toBeInTheDocument();
    expect(within(linha2).queryByRole('checkbox', { name: 'Selecionar a mensagem para Cliente 2' })).toBeDisabled();
  }, 20_000);

  it('reenviar uma pede confirmação dizendo que o cliente pode receber duas vezes; Não não envia nada', async () => {
    const s = servidorFalso({
      ...rotasPadrao(),
      'GET mensagem/saida/resumo': RESUMO,
      'POST mensagem/saida/filterpaginated/0/20': pagina([M(1)]),
      'POST mensagem/saida/resolver': { alteradas: 1, ignoradas: 0 },
    });
    const { usuario } = abrir();
    await usuario.click(await screen.findByRole('button', { name: 'Decidir sobre a mensagem para Cliente 1' }, { timeout: 5000 }));
    await usuario.click(await screen.findByRole('menuitem', { name: 'Reenviar' }));
    const dialogo = await screen.findByRole('dialog');
    expect(within(dialogo).getByText(/o cliente pode receber a mesma mensagem duas vezes/)).toBeInTheDocument();
    await usuario.click(within(dialogo).getByRole('button', { name: 'Não' }));
    expect(s.chamadas('POST mensagem/saida/resolver')).toHaveLength(0);

    await usuario.click(screen.getByRole('button', { name: 'Decidir sobre a mensagem para Cliente 1' }));
    await usuario.click(await screen.findByRole('menuitem', { name: 'Reenviar' }));
    await usuario.click(await screen.findByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(s.chamadas('POST mensagem/saida/resolver')).toHaveLength(1));
    expect(JSON.parse(s.chamadas('POST mensagem/saida/resolver')[0]!.corpo!)).toEqual({ ids: [1], acao: 'REENVIAR' });
    expect(await screen.findByText('1 mensagem voltou para a fila de envio.')).toBeInTheDocument();
  }, 20_000);

  it('seleção múltipla: descarta as escolhidas de uma vez e diz quantas já não estavam em revisão', async () => {
    const s = servidorFalso({
      ...rotasPadrao(),
      'GET mensagem/saida/resumo': RESUMO,
      'POST mensagem/saida/filterpaginated/0/20': pagina([M(1), M(2)]),
      'POST mensagem/saida/resolver': { alteradas: 1, ignoradas: 1 },
    });
    const { usuario } = abrir();
    await usuario.click(await screen.findByRole('checkbox', { name: 'Selecionar a mensagem para Cliente 1' }, { timeout: 5000 }));
    await usuario.click(screen.getByRole('checkbox', { name: 'Selecionar a mensagem para Cliente 2' }));
    const barra = screen.getByTestId('barra-selecao');
    expect(within(barra).getByText('2 selecionadas:')).toBeInTheDocument();
    await usuario.click(within(barra).getByRole('button', { name: 'Descartar' }));
    expect(await screen.findByText(/Descartar 2 mensagens\? Ela não será enviada/)).toBeInTheDocument();
    await usuario.click(screen.getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(s.chamadas('POST mensagem/saida/resolver')).toHaveLength(1));
    expect(JSON.parse(s.chamadas('POST mensagem/saida/resolver')[0]!.corpo!)).toEqual({ ids: [1, 2], acao: 'DESCARTAR' });
    expect(await screen.findByText(/1 mensagem descartada\. 1 já não estava em revisão/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('barra-selecao')).not.toBeInTheDocument());
  }, 20_000);

  it('os filtros da URL vão para o servidor; o aviso filtra só as em revisão', async () => {
    const s = servidorFalso({
      ...rotasPadrao(),
      'GET mensagem/saida/resumo': RESUMO,
      'POST mensagem/saida/filterpaginated/0/20': responder(() => ({ corpo: { hasError: false, messageError: null, result: pagina([M(1)]), results: null } })),
    });
    const { usuario } = abrir('/app/mensagens/saida?lote=3&origem=CAMPANHA&de=2026-03-01&busca=98765');
    await screen.findByText('Cliente 1', {}, { timeout: 5000 });
    expect(JSON.parse(s.chamadas('POST mensagem/saida/filterpaginated/0/20')[0]!.corpo!)).toEqual({
      busca: '98765',
      origem: 'CAMPANHA',
      loteId: 3,
      de: '2026-03-01',
      ordenarPor: 'criadoEm',
      direcao: 'desc',
    });
    await usuario.click(screen.getByRole('button', { name: 'Ver só as mensagens em revisão' }));
    await waitFor(() => expect(s.chamadas('POST mensagem/saida/filterpaginated/0/20').some((c) => JSON.parse(c.corpo!).status === 'REVISAR')).toBe(true));
  }, 20_000);

  it('vazio e erro', async () => {
    servidorFalso({ ...rotasPadrao(), 'GET mensagem/saida/resumo': { revisar: 0, lotes: [] }, 'POST mensagem/saida/filterpaginated/0/20': pagina([]) });
    abrir();
    expect(await screen.findByText('Nenhuma mensagem enviada ainda.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(/mensagens? aguarda/)).not.toBeInTheDocument();

    servidorFalso({ ...rotasPadrao(), 'GET mensagem/saida/resumo': RESUMO, 'POST mensagem/saida/filterpaginated/0/20': responder(() => falha(500, 'Erro no servidor. Atualize a página.')) });
    abrir();
    expect(await screen.findByText('Erro no servidor. Atualize a página.', {}, { timeout: 5000 })).toBeInTheDocument();
  }, 20_000);
});
