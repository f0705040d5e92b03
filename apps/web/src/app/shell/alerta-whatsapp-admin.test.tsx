import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderizarApp } from '../../test/renderizar-app';
import { rotasPadrao, servidorFalso, usuarioAdmin, usuarioGerente } from '../../test/servidor-falso';

const ALERTA = { execucaoId: 9, falhas: 1, alertas: 2, em: '2026-03-05T15:04:05.000Z' };

describe('alerta do monitoramento no layout do administrador', () => {
  beforeAll(() => import('../../features/whatsapp-admin/monitoramento-detalhe-page'), 30_000);

  it('aparece em qualquer tela do admin, com link para os detalhes, e não é pedido de novo ao navegar', async () => {
    const s = servidorFalso({ ...rotasPadrao(usuarioAdmin), 'GET monitoramento/alerta': ALERTA, 'GET company/acesso/backoffice/admin': true });
    const { usuario } = renderizarApp('/app/pages/bemvindo', { largura: 1280 });
    expect(await screen.findByText('WhatsApp com problema', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/encontrou 1 falha\(s\) e 2 alerta\(s\)/)).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Ver detalhes' });
    expect(link).toHaveAttribute('href', '/app/sistema/monitoramento/detalhes/9');
    await usuario.click(link);
    await waitFor(() => expect(s.chamadas('GET monitoramento/9').length).toBeGreaterThan(0));
    expect(screen.getByText('WhatsApp com problema')).toBeInTheDocument();
    expect(s.chamadas('GET monitoramento/alerta')).toHaveLength(1);
  });

  it('sem falhas na última execução, nada aparece', async () => {
    servidorFalso({ ...rotasPadrao(usuarioAdmin), 'GET monitoramento/alerta': null });
    renderizarApp('/app/pages/bemvindo', { largura: 1280 });
    expect(await screen.findByTestId('menu-lateral', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('WhatsApp com problema')).not.toBeInTheDocument();
  });

  it('um usuário de empresa não pergunta nem vê', async () => {
    const s = servidorFalso({ ...rotasPadrao(usuarioGerente), 'GET monitoramento/alerta': ALERTA });
    renderizarApp('/app/pages/bemvindo', { largura: 1280 });
    expect(await screen.findByTestId('menu-lateral', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('WhatsApp com problema')).not.toBeInTheDocument();
    expect(s.chamadas('GET monitoramento/alerta')).toHaveLength(0);
  });
});
