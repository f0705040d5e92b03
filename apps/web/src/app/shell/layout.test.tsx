import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { definirLargura, renderizarApp } from '../../test/renderizar-app';
import { rotasPadrao, servidorFalso, usuarioGerente } from '../../test/servidor-falso';
import { modoPorLargura } from './use-modo-layout';

describe('layout por largura (spec §4)', () => {
  it.each([
    [390, 'mobile'],
    [767, 'mobile'],
    [768, 'tablet'],
    [1024, 'tablet'],
    [1025, 'desktop'],
    [1920, 'desktop'],
  ] as const)('%i px é %s', (largura, modo) => {
    expect(modoPorLargura(largura)).toBe(modo);
  });

  it('desktop: menu expandido; o botão recolhe para a trilha de ícones e expande de novo', async () => {
    servidorFalso(rotasPadrao(usuarioGerente));
    const { usuario } = renderizarApp('/app/pages/bemvindo', { largura: 1280 });
    const menu = await screen.findByTestId('menu-lateral');
    expect(menu).toHaveAttribute('data-estado', 'expandido');
    await usuario.click(screen.getByTestId('botao-menu'));
    expect(menu).toHaveAttribute('data-estado', 'recolhido');
    await usuario.click(screen.getByTestId('botao-menu'));
    expect(menu).toHaveAttribute('data-estado', 'expandido');
  });

  it('tablet: começa recolhido e o botão expande', async () => {
    servidorFalso(rotasPadrao(usuarioGerente));
    const { usuario } = renderizarApp('/app/pages/bemvindo', { largura: 900 });
    const menu = await screen.findByTestId('menu-lateral');
    expect(menu).toHaveAttribute('data-estado', 'recolhido');
    await usuario.click(screen.getByTestId('botao-menu'));
    expect(menu).toHaveAttribute('data-estado', 'expandido');
  });

  it('mobile: menu fora da tela; o botão abre com fundo escuro, e um clique no fundo fecha', async () => {
    servidorFalso(rotasPadrao(usuarioGerente));
    const { usuario } = renderizarApp('/app/pages/bemvindo', { largura: 390 });
    const menu = await screen.findByTestId('menu-lateral');
    expect(menu).toHaveAttribute('data-estado', 'fechado');
    expect(screen.queryByTestId('menu-overlay')).not.toBeInTheDocument();

    await usuario.click(screen.getByTestId('botao-menu'));
    expect(menu).toHaveAttribute('data-estado', 'offcanvas-aberto');
    await usuario.click(screen.getByTestId('menu-overlay'));
    expect(menu).toHaveAttribute('data-estado', 'fechado');
    expect(screen.queryByTestId('menu-overlay')).not.toBeInTheDocument();

    await usuario.click(screen.getByTestId('botao-menu'));
    await usuario.click(screen.getByTestId('botao-menu'));
    expect(menu).toHaveAttribute('data-estado', 'fechado');
  });

  it('mobile: escolher uma página no menu fecha o menu', async () => {
    servidorFalso(rotasPadrao(usuarioGerente));
    const { usuario } = renderizarApp('/app/pages/branco', { largura: 390 });
    const menu = await screen.findByTestId('menu-lateral');
    await usuario.click(screen.getByTestId('botao-menu'));
    await usuario.click(await within(menu).findByRole('link', { name: 'Início' }));
    expect(menu).toHaveAttribute('data-estado', 'fechado');
  });

  it('mudar de faixa de largura volta ao padrão da nova faixa', async () => {
    servidorFalso(rotasPadrao(usuarioGerente));
    renderizarApp('/app/pages/bemvindo', { largura: 1280 });
    const menu = await screen.findByTestId('menu-lateral');
    expect(menu).toHaveAttribute('data-estado', 'expandido');
    definirLargura(800);
    expect(menu).toHaveAttribute('data-estado', 'recolhido');
    definirLargura(500);
    expect(menu).toHaveAttribute('data-estado', 'fechado');
    definirLargura(1440);
    expect(menu).toHaveAttribute('data-estado', 'expandido');
  });
});
