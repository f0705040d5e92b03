import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MENSAGENS, type FaturamentoStatus } from '@bonifica/contracts';
import { renderizarApp } from '../../test/renderizar-app';
import { falha, faturamentoSemBanner, responder, rotasPadrao, servidorFalso, usuarioGerente } from '../../test/servidor-falso';

function montar(status: Partial<FaturamentoStatus>) {
  const servidor = servidorFalso({
    ...rotasPadrao(usuarioGerente),
    'GET company/faturamento/status': { ...faturamentoSemBanner, ...status },
  });
  renderizarApp('/app/pages/bemvindo');
  return servidor;
}

describe('banner de faturamento (spec §4)', () => {
  it('fatura em aberto: valor com 2 casas em R$, vencimento DD/MM/AAAA e "Pagar agora"', async () => {
    montar({
      administrador: true,
      faturaAberta: true,
      experimental: true,
      valorFatura: 1234.5,
      vencimentoFatura: '2026-05-10',
      urlFaturaAberta: 'https://pagamento.exemplo.com.br/fatura/99',
    });
    const banner = await screen.findByTestId('banner-faturamento');
    expect(banner).toHaveTextContent('Fatura em aberto: R$ 1.234,50 com vencimento em 10/05/2026');
    expect(within(banner).getByRole('link', { name: 'Pagar agora' })).toHaveAttribute(
      'href',
      'https://pagamento.exemplo.com.br/fatura/99',
    );
    expect(banner).not.toHaveTextContent('período experimental');
  });

  it('período experimental sem fatura: aviso com "Escolher plano"', async () => {
    montar({ administrador: true, experimental: true, urlEscolhaPlano: 'https://exemplo.com.br/planos' });
    const banner = await screen.findByTestId('banner-faturamento');
    expect(banner).toHaveTextContent('período experimental');
    expect(within(banner).getByRole('link', { name: 'Escolher plano' })).toHaveAttribute('href', 'https://exemplo.com.br/planos');
  });

  it('não aparece para quem não é administrador do faturamento', async () => {
    const servidor = montar({ administrador: false, faturaAberta: true, valorFatura: 10, vencimentoFatura: '2026-05-10' });
    await screen.findByTestId('cabecalho-nome-usuario');
    await waitFor(() => expect(servidor.chamadas('GET company/faturamento/status')).toHaveLength(1));
    expect(screen.queryByTestId('banner-faturamento')).not.toBeInTheDocument();
  });

  it('falha: registra no console e não mostra banner', async () => {
    const erro = vi.spyOn(console, 'error').mockImplementation(() => {});
    servidorFalso({ ...rotasPadrao(usuarioGerente), 'GET company/faturamento/status': responder(() => falha(500, 'x')) });
    renderizarApp('/app/pages/bemvindo');
    await waitFor(() => expect(erro).toHaveBeenCalledWith(MENSAGENS.faturamentoLog, expect.anything()));
    expect(screen.queryByTestId('banner-faturamento')).not.toBeInTheDocument();
  });
});
