import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderizarApp } from '../../../test/renderizar-app';
import { rotasPadrao, servidorFalso } from '../../../test/servidor-falso';

describe('páginas estáticas', () => {
  it.each([
    ['/paginas/termos-de-uso', 'Termos de uso'],
    ['/paginas/politica-de-privacidade', 'Política de privacidade'],
  ])('%s abre sem login', async (url, titulo) => {
    servidorFalso(rotasPadrao(null));
    const { caminho } = renderizarApp(url);
    expect(await screen.findByRole('heading', { level: 1, name: titulo })).toBeInTheDocument();
    expect(caminho()).toBe(url);
  });

  it('página desconhecida vai para 404', async () => {
    servidorFalso(rotasPadrao(null));
    const { caminho } = renderizarApp('/paginas/nao-existe');
    await screen.findByRole('heading', { name: 'Página não encontrada' });
    expect(caminho()).toBe('/error/404');
  });

  it('/error/500 explica o erro', async () => {
    servidorFalso(rotasPadrao(null));
    renderizarApp('/error/500');
    expect(await screen.findByRole('heading', { name: 'Erro no servidor' })).toBeInTheDocument();
  });
});
