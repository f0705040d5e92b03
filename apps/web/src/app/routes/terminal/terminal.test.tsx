import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderizarApp } from '../../../test/renderizar-app';
import { rotasPadrao, servidorFalso, usuarioGerente } from '../../../test/servidor-falso';

describe('Terminal de atendimento (/app/terminal)', () => {
  it('existe para o link do menu do perfil, diz que chega na próxima etapa e volta ao Início', async () => {
    servidorFalso(rotasPadrao(usuarioGerente));
    const { usuario, caminho } = renderizarApp('/app/terminal');

    expect(await screen.findByRole('heading', { level: 1, name: 'Terminal de atendimento' })).toBeInTheDocument();
    expect(
      screen.getByText('O terminal de atendimento (identificar cliente, lançar venda, resgatar) chega na próxima etapa do Bonifica.'),
    ).toBeInTheDocument();
    expect(caminho()).toBe('/app/terminal');

    await usuario.click(screen.getByRole('link', { name: 'Voltar ao início' }));
    await waitFor(() => expect(caminho()).toBe('/app/pages/bemvindo'));
  });
});
