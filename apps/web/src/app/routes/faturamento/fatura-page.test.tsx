import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderizarApp } from '../../../test/renderizar-app';
import { faturamentoSemBanner, rotasPadrao, servidorFalso, usuarioGerente } from '../../../test/servidor-falso';

/** The billing banner's "Pagar agora" and "Escolher plano" open real pages, never the 404 (issue 12 §8). */
describe('fatura da empresa e planos', () => {
  it('/app/faturamento mostra a fatura em aberto e como pagar', async () => {
    servidorFalso({
      ...rotasPadrao(usuarioGerente),
      'GET company/faturamento/status': { ...faturamentoSemBanner, administrador: true, faturaAberta: true, valorFatura: 349.9, vencimentoFatura: '2026-12-01' },
    });
    const { caminho } = renderizarApp('/app/faturamento');
    const fatura = await screen.findByTestId('fatura-aberta');
    expect(fatura).toHaveTextContent('R$ 349,90');
    expect(fatura).toHaveTextContent('01/12/2026');
    expect(fatura).toHaveTextContent('Como pagar');
    expect(caminho()).toBe('/app/faturamento');
  });

  it('quem não administra o faturamento lê a quem perguntar, sem valores', async () => {
    servidorFalso(rotasPadrao(usuarioGerente));
    renderizarApp('/app/faturamento');
    expect(await screen.findByText(/acompanhada pelo administrador do faturamento/)).toBeInTheDocument();
    expect(screen.queryByTestId('fatura-aberta')).toBeNull();
  });

  it('o link antigo da fatura de demonstração leva à página da fatura', async () => {
    servidorFalso(rotasPadrao(usuarioGerente));
    const { caminho } = renderizarApp('/paginas/fatura-demo');
    await screen.findByRole('heading', { level: 1, name: 'Fatura da empresa' });
    expect(caminho()).toBe('/app/faturamento');
  });

  it('/paginas/planos ("Escolher plano") explica como escolher o plano, sem login', async () => {
    servidorFalso(rotasPadrao(null));
    const { caminho } = renderizarApp('/paginas/planos');
    expect(await screen.findByRole('heading', { level: 1, name: 'Planos do Bonifica' })).toBeInTheDocument();
    expect(caminho()).toBe('/paginas/planos');
  });
});
