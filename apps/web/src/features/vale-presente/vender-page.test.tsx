import { beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { ValeVendido } from '@bonifica/contracts';
import { renderizarPagina } from '../../test/renderizar-pagina';
import { falha, responder, rotasPadrao, servidorFalso } from '../../test/servidor-falso';

const URL_VENDER = 'POST valepresente/vender';
const NUMERO = '9000010000000117';

const VENDIDO: ValeVendido = {
  id: 8,
  codigo: NUMERO,
  cartaoId: 41,
  valor: 80,
  saldo: 80,
  usado: 0,
  devolvido: 0,
  validoAte: '2027-03-05',
  status: 'ATIVO',
  situacao: 'ATIVO',
  compradorClienteId: null,
  compradorNome: null,
  beneficiarioClienteId: null,
  beneficiarioNome: null,
  mensagem: null,
  filialId: 2,
  filialNome: 'Centro',
  criadoEm: '2026-03-05T15:00:00Z',
  canceladoEm: null,
  motivoCancelamento: null,
  pin: '482913',
};

const abrir = () => renderizarPagina('/app/cartoes/vale-presente/vender', () => import('./vender-page'));

describe('Cartões › Vender vale-presente: cartão físico', { timeout: 30_000 }, () => {
  beforeAll(() => import('./vender-page'), 30_000);

  it('"Usar um cartão físico": o número lido vai sem espaços; a tela mostra que o código é o número do cartão e o PIN', async () => {
    const s = servidorFalso({ ...rotasPadrao(), [URL_VENDER]: VENDIDO });
    const { usuario } = abrir();
    await usuario.type(await screen.findByLabelText(/Valor do vale/), '80');
    expect(screen.queryByLabelText(/Número do cartão/)).not.toBeInTheDocument();
    await usuario.click(screen.getByRole('switch', { name: /Usar um cartão físico/ }));
    // The scanner's Enter at the end of the number does not sell yet.
    await usuario.type(screen.getByLabelText(/Número do cartão/), '9000 0100 0000 0117{Enter}');
    expect(s.chamadas(URL_VENDER)).toHaveLength(0);
    await usuario.click(screen.getByRole('button', { name: 'Vender vale-presente' }));
    const vendido = await screen.findByRole('region', { name: 'Vale-presente vendido' });
    expect(vendido).toHaveTextContent('Código (número do cartão)');
    expect(screen.getByTestId('codigo-vale')).toHaveTextContent('9000 0100 0000 0117');
    expect(screen.getByTestId('pin-vale')).toHaveTextContent('482913');
    const [req] = s.chamadas(URL_VENDER);
    expect(JSON.parse(req!.corpo!)).toMatchObject({ valor: 80, cartao: NUMERO });
    expect(req!.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('número com dígito errado não vai ao servidor; sem o cartão físico, o corpo leva cartao: null', async () => {
    const s = servidorFalso({ ...rotasPadrao(), [URL_VENDER]: { ...VENDIDO, cartaoId: null, codigo: '4111111111111111' } });
    const { usuario } = abrir();
    await usuario.type(await screen.findByLabelText(/Valor do vale/), '80');
    await usuario.click(screen.getByRole('switch', { name: /Usar um cartão físico/ }));
    await usuario.type(screen.getByLabelText(/Número do cartão/), '9000010000000118');
    await usuario.click(screen.getByRole('button', { name: 'Vender vale-presente' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Número do cartão inválido: confira os 16 dígitos impressos no cartão.');
    expect(s.chamadas(URL_VENDER)).toHaveLength(0);
    await usuario.click(screen.getByRole('switch', { name: /Usar um cartão físico/ }));
    await usuario.click(screen.getByRole('button', { name: 'Vender vale-presente' }));
    expect(await screen.findByRole('region', { name: 'Vale-presente vendido' })).toHaveTextContent('Código');
    expect(JSON.parse(s.chamadas(URL_VENDER)[0]!.corpo!)).toMatchObject({ cartao: null });
  });

  it('a recusa do servidor (cartão já vinculado) aparece em português e o formulário fica para corrigir', async () => {
    const mensagem = 'Este cartão já está vinculado a um cliente: para o vale-presente use um cartão disponível (emitido e sem cliente).';
    servidorFalso({ ...rotasPadrao(), [URL_VENDER]: responder(() => falha(409, mensagem)) });
    const { usuario } = abrir();
    await usuario.type(await screen.findByLabelText(/Valor do vale/), '80');
    await usuario.click(screen.getByRole('switch', { name: /Usar um cartão físico/ }));
    await usuario.type(screen.getByLabelText(/Número do cartão/), NUMERO);
    await usuario.click(screen.getByRole('button', { name: 'Vender vale-presente' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(mensagem);
    expect(screen.getByLabelText(/Número do cartão/)).toHaveValue(NUMERO);
  });
});
