import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Instancia, Servidor, Transferencia } from '@bonifica/contracts';
import { renderizarPagina } from '../../test/renderizar-pagina';
import { rotasPadrao, servidorFalso, usuarioAdmin } from '../../test/servidor-falso';

const servidor = (id: number, nome: string): Servidor => ({
  id,
  nome,
  tipo: 'sandbox',
  baseUrl: `http://${nome}.local`,
  temChave: true,
  capacidade: 5,
  ocupadas: 1,
  ordem: id,
  ativo: true,
  situacao: 'OK',
  ultimoErro: null,
  verificadoEm: null,
});

const instancia = { id: 5, empresaId: 7, empresaNome: 'Bom Preço', servidorId: 1, servidorNome: 'alfa' } as Instancia;

const transferencia: Transferencia = {
  id: 3,
  instanciaId: 5,
  empresaNome: 'Bom Preço',
  servidorOrigemId: 1,
  servidorOrigemNome: 'alfa',
  servidorDestinoId: 2,
  servidorDestinoNome: 'beta',
  estado: 'PAREANDO',
  qrCode: null,
  codigoPareamento: null,
  antigaRemovida: false,
  erro: null,
  criadoEm: '2026-03-05T15:04:05.000Z',
  concluidoEm: null,
};

describe('Sistema › Transferência de servidor', () => {
  beforeAll(() => import('./transferencia-page'), 30_000);

  it('mostra a transferência em andamento e inicia outra com instância e destino escolhidos', async () => {
    const s = servidorFalso({
      ...rotasPadrao(usuarioAdmin),
      'GET servidores/instancias': [instancia],
      'GET servidores/listar/todos': [servidor(1, 'alfa'), servidor(2, 'beta')],
      'GET servidores/transferencia/listar': [transferencia],
      'POST servidores/transferencia/iniciar': { id: 4 },
    });
    const { usuario } = renderizarPagina('/app/sistema/transferencia-servidor', () => import('./transferencia-page'));
    const linha = (await screen.findByText('Aguardando leitura do QR', {}, { timeout: 5000 })).closest('tr')!;
    expect(within(linha).getByText('Bom Preço')).toBeInTheDocument();
    expect(within(linha).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    await usuario.click(screen.getByRole('combobox', { name: 'Instância' }));
    await usuario.click(await screen.findByRole('option', { name: 'Bom Preço — alfa' }));
    await usuario.click(screen.getByRole('combobox', { name: 'Servidor de destino' }));
    // The instance's own server is not offered.
    expect(screen.queryByRole('option', { name: /^alfa/ })).not.toBeInTheDocument();
    await usuario.click(await screen.findByRole('option', { name: 'beta (1 de 5)' }));
    await usuario.click(screen.getByRole('button', { name: 'Transferir' }));
    await usuario.click(await screen.findByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(s.chamadas('POST servidores/transferencia/iniciar')).toHaveLength(1));
    expect(JSON.parse(s.chamadas('POST servidores/transferencia/iniciar')[0]!.corpo!)).toEqual({ instanciaId: 5, servidorDestinoId: 2 });
    // Two selects and a confirmation: past the 5 s default on a busy machine.
  }, 20_000);
});
