import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { DetalheMonitoramento, Servidor } from '@bonifica/contracts';
import { renderizarPagina } from '../../test/renderizar-pagina';
import { rotasPadrao, servidorFalso, usuarioAdmin } from '../../test/servidor-falso';

const S = (id: number, nome: string, extra: Partial<Servidor> = {}): Servidor => ({
  id,
  nome,
  tipo: 'evolution',
  baseUrl: `https://${nome}.exemplo.com.br`,
  temChave: true,
  capacidade: 50,
  ocupadas: 10,
  ordem: id,
  ativo: true,
  situacao: 'OK',
  ultimoErro: null,
  verificadoEm: '2026-03-05T15:04:05.000Z',
  ...extra,
});

describe('Sistema › Servidores e Monitoramento', () => {
  beforeAll(() => Promise.all([import('./servidores-page'), import('./monitoramento-detalhe-page')]), 30_000);

  it('lista em ordem com ocupação e situação; a seta envia a nova ordem', async () => {
    const s = servidorFalso({
      ...rotasPadrao(usuarioAdmin),
      'GET servidores/listar/todos': [S(1, 'alfa'), S(2, 'beta', { situacao: 'FALHA', ultimoErro: 'chave recusada' })],
      'POST servidores/salvaordem': [],
    });
    const { usuario } = renderizarPagina('/app/sistema/servidores', () => import('./servidores-page'));
    const linha = (await screen.findByText('beta', {}, { timeout: 5000 })).closest('tr')!;
    expect(within(linha).getByText('Fora do ar')).toBeInTheDocument();
    expect(within(linha).getByText('10 de 50')).toBeInTheDocument();
    // The monitoring alert lives in the admin layout now (app/shell/alerta-whatsapp-admin.test.tsx).
    await usuario.click(screen.getByRole('button', { name: 'Subir beta' }));
    await waitFor(() => expect(s.chamadas('POST servidores/salvaordem')).toHaveLength(1));
    expect(JSON.parse(s.chamadas('POST servidores/salvaordem')[0]!.corpo!)).toEqual({ ids: [2, 1] });
  });

  it('editar não mostra a chave e, em branco, não a envia', async () => {
    const s = servidorFalso({ ...rotasPadrao(usuarioAdmin), 'GET servidores/listar/todos': [S(1, 'alfa')], 'POST servidores/save': S(1, 'alfa') });
    const { usuario } = renderizarPagina('/app/sistema/servidores', () => import('./servidores-page'));
    await usuario.click(await screen.findByRole('button', { name: 'Editar alfa' }, { timeout: 5000 }));
    const dialogo = await screen.findByRole('dialog', { name: 'Editar servidor' });
    expect(within(dialogo).getByLabelText('Chave (apikey)')).toHaveValue('');
    await usuario.click(within(dialogo).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(s.chamadas('POST servidores/save')).toHaveLength(1));
    expect(JSON.parse(s.chamadas('POST servidores/save')[0]!.corpo!)).toEqual({ id: 1, nome: 'alfa', tipo: 'evolution', baseUrl: 'https://alfa.exemplo.com.br', capacidade: 50, ativo: true });
  });

  it('detalhes de uma execução: cada servidor e instância com a situação', async () => {
    const d: DetalheMonitoramento = {
      id: 9,
      origem: 'MANUAL',
      status: 'FALHA',
      servidores: 1,
      instancias: 1,
      falhas: 2,
      alertas: 0,
      iniciadoEm: '2026-03-05T15:04:05.000Z',
      concluidoEm: '2026-03-05T15:04:06.000Z',
      verificacoes: [
        { alvo: 'SERVIDOR', servidorId: 1, servidorNome: 'alfa', instanciaId: null, empresaNome: null, situacao: 'FALHA', detalhe: 'O servidor não respondeu como esperado: chave recusada.', latenciaMs: 12 },
        { alvo: 'INSTANCIA', servidorId: 1, servidorNome: 'alfa', instanciaId: 5, empresaNome: 'Bom Preço', situacao: 'FALHA', detalhe: 'Servidor fora do ar: não foi possível consultar.', latenciaMs: null },
      ],
    };
    servidorFalso({ ...rotasPadrao(usuarioAdmin), 'GET monitoramento/9': d });
    renderizarPagina('/app/sistema/monitoramento/detalhes/:id', () => import('./monitoramento-detalhe-page'), '/app/sistema/monitoramento/detalhes/9');
    expect(await screen.findByText('O servidor não respondeu como esperado: chave recusada.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Bom Preço')).toBeInTheDocument();
    expect(screen.getByText('1 servidor(es), 1 instância(s): 2 falha(s), 0 alerta(s)')).toBeInTheDocument();
  });
});
