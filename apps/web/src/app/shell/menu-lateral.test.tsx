import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MENSAGENS, type ItemMenu } from '@bonifica/contracts';
import { renderizarApp } from '../../test/renderizar-app';
import { falha, responder, rotasPadrao, servidorFalso, usuarioGerente } from '../../test/servidor-falso';

const item = (parcial: Partial<ItemMenu> & Pick<ItemMenu, 'titulo' | 'tipo'>): ItemMenu => ({
  icone: 'home',
  state: null,
  urlExterna: null,
  navegadorExclusivo: false,
  subMenu: [],
  ...parcial,
});

const MENU: ItemMenu[] = [
  item({ titulo: 'Início', tipo: 'interno', state: '/app/pages/bemvindo' }),
  item({ titulo: 'Página em branco', tipo: 'interno', icone: 'file', state: '/app/pages/branco' }),
  item({ titulo: 'Central de ajuda', tipo: 'externo', icone: 'external', urlExterna: 'https://ajuda.exemplo.com.br/' }),
  item({ titulo: 'Relatórios BI', tipo: 'externo', icone: 'chart', urlExterna: 'https://bi.exemplo.com.br/', navegadorExclusivo: true }),
  item({
    titulo: 'Cadastros',
    tipo: 'sub',
    icone: 'users',
    subMenu: [
      item({ titulo: 'Meu Perfil', tipo: 'interno', icone: 'user', state: '/app/cadastros/perfil' }),
      item({ titulo: 'Usuários', tipo: 'interno', icone: 'users', state: '/app/cadastros/usuarios' }),
    ],
  }),
  item({ titulo: 'Ícone desconhecido', tipo: 'interno', icone: 'nao-existe', state: '/app/pages/branco' }),
];

function montar(url = '/app/pages/bemvindo') {
  servidorFalso({ ...rotasPadrao(usuarioGerente), 'GET backoffice/menu': { menuList: MENU } });
  return renderizarApp(url);
}

async function menu() {
  return within(await screen.findByTestId('menu-lateral'));
}

describe('menu lateral vindo do servidor (spec §2)', () => {
  it('interno: navega para a rota de state', async () => {
    const { usuario, caminho } = montar();
    const m = await menu();
    await usuario.click(await m.findByRole('link', { name: 'Página em branco' }));
    expect(await screen.findByTestId('pagina-branco')).toBeInTheDocument();
    expect(caminho()).toBe('/app/pages/branco');
  });

  it('marca como ativo o item da página atual', async () => {
    montar('/app/pages/branco');
    const m = await menu();
    expect(await m.findByRole('link', { name: 'Página em branco' })).toHaveAttribute('aria-current', 'page');
    expect(m.getByRole('link', { name: 'Início' })).not.toHaveAttribute('aria-current');
  });

  it('externo: abre urlExterna em nova aba', async () => {
    const abrir = vi.spyOn(window, 'open').mockReturnValue(null);
    const { usuario, caminho } = montar();
    const m = await menu();
    await usuario.click(await m.findByRole('link', { name: 'Central de ajuda' }));
    expect(abrir).toHaveBeenCalledTimes(1);
    const [url, alvo, recursos] = abrir.mock.calls[0];
    expect(url).toBe('https://ajuda.exemplo.com.br/');
    expect(alvo).toBe('_blank');
    expect(String(recursos)).not.toMatch(/width=/);
    expect(caminho()).toBe('/app/pages/bemvindo');
  });

  it('externo com navegadorExclusivo: abre popup de 1000x600', async () => {
    const abrir = vi.spyOn(window, 'open').mockReturnValue(null);
    const { usuario } = montar();
    const m = await menu();
    await usuario.click(await m.findByRole('link', { name: 'Relatórios BI' }));
    expect(abrir).toHaveBeenCalledTimes(1);
    const [url, alvo, recursos] = abrir.mock.calls[0];
    expect(url).toBe('https://bi.exemplo.com.br/');
    expect(alvo).toBe('_blank');
    expect(String(recursos)).toContain('width=1000,height=600');
  });

  it('sub: abre e fecha o grupo com os filhos', async () => {
    const { usuario } = montar();
    const m = await menu();
    const grupo = await m.findByRole('button', { name: 'Cadastros' });
    expect(grupo).toHaveAttribute('aria-expanded', 'false');
    expect(m.queryByRole('link', { name: 'Usuários' })).not.toBeInTheDocument();

    await usuario.click(grupo);
    expect(grupo).toHaveAttribute('aria-expanded', 'true');
    expect(m.getByRole('link', { name: 'Meu Perfil' })).toBeInTheDocument();
    expect(m.getByRole('link', { name: 'Usuários' })).toBeInTheDocument();

    await usuario.click(grupo);
    expect(m.queryByRole('link', { name: 'Usuários' })).not.toBeInTheDocument();
  });

  it('sub: começa aberto quando contém a página atual', async () => {
    montar('/app/cadastros/perfil');
    const m = await menu();
    expect(await m.findByRole('button', { name: 'Cadastros' })).toHaveAttribute('aria-expanded', 'true');
    expect(m.getByRole('link', { name: 'Meu Perfil' })).toHaveAttribute('aria-current', 'page');
  });

  it('ícone desconhecido usa o ícone padrão sem quebrar o item', async () => {
    montar();
    const m = await menu();
    expect(await m.findByRole('link', { name: 'Ícone desconhecido' })).toBeInTheDocument();
  });

  it('falha ao carregar o menu: registra no console, não mostra menu e avisa a mensagem do servidor', async () => {
    const erro = vi.spyOn(console, 'error').mockImplementation(() => {});
    servidorFalso({ ...rotasPadrao(usuarioGerente), 'GET backoffice/menu': responder(() => falha(500, 'Erro no servidor.')) });
    renderizarApp('/app/pages/bemvindo');
    expect(await screen.findByText('Erro no servidor.')).toBeInTheDocument();
    expect(erro).toHaveBeenCalledWith(MENSAGENS.menuLog, expect.anything());
    expect(within(screen.getByTestId('menu-lateral')).queryAllByRole('link')).toHaveLength(0);
  });
});
