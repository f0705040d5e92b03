import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { AgendamentoInfo, Pagina, TarefaSistema } from '@bonifica/contracts';
import { renderizarPagina } from '../../test/renderizar-pagina';
import { falha, responder, rotasPadrao, servidorFalso, usuarioAdmin } from '../../test/servidor-falso';

const AGENDAMENTO: AgendamentoInfo = {
  nome: 'validade-creditos',
  titulo: 'Validade dos créditos',
  descricao: 'Baixa o que resta dos lotes vencidos.',
  cron: '0 3 * * *',
  cronPadrao: '0 3 * * *',
  personalizado: false,
  proximas: ['2026-03-06T06:00:00.000Z', '2026-03-07T06:00:00.000Z', '2026-03-08T06:00:00.000Z'],
  ultimoInicio: '2026-03-05T06:00:00.000Z',
  ultimoFim: '2026-03-05T06:00:02.000Z',
  ultimoStatus: 'ERRO',
  ultimoErro: 'A execução falhou; detalhes no log do servidor.',
  execucoes: 4,
  falhas: 1,
  atualizadoEm: null,
  aplicado: false,
};

const FALHOU: TarefaSistema = {
  id: '33333333-3333-4333-8333-333333333333',
  tipo: 'RELATORIO_CLIENTES',
  status: 'ERRO',
  percentual: 0,
  empresaId: 7,
  empresaNome: 'Bom Preço Ltda',
  usuarioNome: 'Gabriel Gerente',
  mensagemErro: 'Falhou de propósito.',
  criadoEm: '2026-03-05T15:04:05.000Z',
  concluidoEm: '2026-03-05T15:04:06.000Z',
  podeReexecutar: true,
};

const pagina = (content: TarefaSistema[]): Pagina<TarefaSistema> => ({ content, totalElements: content.length, totalPages: 1, number: 0, size: 20 });

function servidor(extra: Record<string, unknown> = {}) {
  return servidorFalso({
    ...rotasPadrao(usuarioAdmin),
    'GET sistema/tarefa/agendamentos': [AGENDAMENTO],
    'POST sistema/tarefa/filtrar/0/20': pagina([FALHOU]),
    [`GET sistema/tarefa/agendamento/${AGENDAMENTO.nome}`]: AGENDAMENTO,
    ...extra,
  });
}

describe('Sistema › Tarefas', () => {
  beforeAll(() => Promise.all([import('./tarefas-page'), import('./edicao-page')]), 30_000);

  it('agendamentos com expressão, última execução, falhas e o aviso do modo manual; tarefas com empresa, erro e reexecução', async () => {
    const s = servidor({ [`POST sistema/tarefa/reexecutar/${FALHOU.id}`]: { id: FALHOU.id } });
    const { usuario } = renderizarPagina('/app/sistema/tarefa', () => import('./tarefas-page'));
    const linha = (await screen.findByRole('link', { name: 'Validade dos créditos' })).closest('tr')!;
    expect(within(linha).getByText('0 3 * * *')).toBeInTheDocument();
    expect(within(linha).getByText('Falhou')).toBeInTheDocument();
    expect(within(linha).getByText('4 / 1')).toBeInTheDocument();
    expect(screen.getByText(/modo manual de tarefas/)).toBeInTheDocument();
    const tarefa = (await screen.findByText('Falhou de propósito.')).closest('tr')!;
    expect(within(tarefa).getByText('Bom Preço Ltda')).toBeInTheDocument();
    await usuario.click(within(tarefa).getByRole('button', { name: 'Executar de novo: RELATORIO_CLIENTES' }));
    await usuario.click(await screen.findByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(s.chamadas(`POST sistema/tarefa/reexecutar/${FALHOU.id}`)).toHaveLength(1));
  });

  it('edição: a recusa do servidor aparece no campo; uma expressão válida é enviada aparada', async () => {
    let n = 0;
    const s = servidor({
      'POST sistema/tarefa/agendamento/salvar': responder(() =>
        n++ === 0 ? falha(400, 'Use cinco campos: minuto, hora, dia do mês, mês e dia da semana (ex.: 0 3 * * *).') : { corpo: { hasError: false, messageError: null, result: { ...AGENDAMENTO, cron: '30 4 * * *', personalizado: true }, results: null } },
      ),
    });
    const { usuario } = renderizarPagina('/app/sistema/tarefa/edicao/:id', () => import('./edicao-page'), '/app/sistema/tarefa/edicao/validade-creditos');
    const campo = await screen.findByRole('textbox', { name: 'Expressão cron' });
    await usuario.clear(campo);
    await usuario.type(campo, '0 3 * *');
    await usuario.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(/Use cinco campos/)).toBeInTheDocument();
    await usuario.clear(campo);
    await usuario.type(campo, '30 4 * * *');
    await usuario.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(s.chamadas('POST sistema/tarefa/agendamento/salvar')).toHaveLength(2));
    expect(JSON.parse(s.chamadas('POST sistema/tarefa/agendamento/salvar')[1]!.corpo!)).toEqual({ nome: 'validade-creditos', cron: '30 4 * * *' });
    expect(screen.getByText('06/03/2026 03:00:00')).toBeInTheDocument();
  });
});
