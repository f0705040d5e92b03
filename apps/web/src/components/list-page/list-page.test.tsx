import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import type { Pagina } from '@bonifica/contracts';
import { ProvedorModais } from '../../app/provedor-modais';
import { Providers } from '../../app/providers';
import { api } from '../../lib/api';
import { falha, responder, servidorFalso, type RequisicaoFalsa } from '../../test/servidor-falso';
import { ListPage } from './list-page';
import { ESPERA_BUSCA_MS } from './filtro-texto';
import { prepararAmbienteTabela } from './ambiente-teste';
import type { BuscarPagina, FiltroDef } from './tipos';
import type { DataTableColumn } from 'mantine-datatable';

type Fruta = { id: number; nome: string; cor: string };

const COLUNAS: DataTableColumn<Fruta>[] = [
  { accessor: 'nome', title: 'Nome', sortable: true },
  { accessor: 'cor', title: 'Cor' },
];

const FILTROS: FiltroDef[] = [
  { nome: 'busca', rotulo: 'Busca', tipo: 'texto' },
  { nome: 'madura', rotulo: 'Madura', tipo: 'booleano' },
  {
    nome: 'cor',
    rotulo: 'Cor',
    tipo: 'selecao',
    opcoes: [
      { value: 'vermelha', label: 'Vermelha' },
      { value: 'amarela', label: 'Amarela' },
    ],
  },
];

const buscarFrutas: BuscarPagina<Fruta> = async (filtro, page, size, ordenacao) =>
  (await api.post<Pagina<Fruta>>(`fruta/filterpaginated/${page}/${size}`, { ...filtro, ordenacao })).result!;

function pagina(content: Fruta[], total = content.length, number = 0, size = 20): Pagina<Fruta> {
  return { content, totalElements: total, totalPages: Math.ceil(total / size), number, size };
}

const FRUTAS: Fruta[] = [
  { id: 1, nome: 'Maçã', cor: 'vermelha' },
  { id: 2, nome: 'Banana', cor: 'amarela' },
];

const ROTA = 'POST fruta/filterpaginated/0/20';

/** `ficha`: the lazy route of a row's page, resolved when the test says (its code still loading). */
function renderizar(url = '/frutas', ficha?: Promise<void>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/frutas',
        element: (
          <ListPage<Fruta>
            titulo="Frutas"
            colunas={COLUNAS}
            buscar={buscarFrutas}
            chaveConsulta={(c) => ['frutas', c]}
            filtros={FILTROS}
            acoesLinha={(f) => (
              <>
                <button type="button">Editar {f.nome}</button>
                <Link to={`/frutas/${f.id}`}>Abrir {f.nome}</Link>
              </>
            )}
            acaoNovo={<button type="button">Nova fruta</button>}
          />
        ),
      },
      {
        path: '/frutas/:id',
        lazy: async () => {
          await ficha;
          return { element: <h1>Ficha da fruta</h1> };
        },
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <Providers queryClient={queryClient} ambiente="test">
      <ProvedorModais>
        <RouterProvider router={router} />
      </ProvedorModais>
    </Providers>,
  );
  const params = () => new URLSearchParams(router.state.location.search);
  return { router, params, usuario: userEvent.setup() };
}

const corpo = (r: RequisicaoFalsa) => JSON.parse(r.corpo ?? '{}') as Record<string, unknown>;

describe('ListPage', () => {
  beforeEach(() => prepararAmbienteTabela());

  it('mostra o carregamento e depois as linhas, com a coluna de ações', async () => {
    let liberar: () => void = () => {};
    const espera = new Promise<void>((r) => (liberar = r));
    servidorFalso({
      [ROTA]: responder(async () => {
        await espera;
        return { corpo: { hasError: false, messageError: null, result: pagina(FRUTAS), results: null } };
      }),
    });
    renderizar();

    expect(await screen.findByRole('status', { name: 'Carregando' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Frutas' })).toBeInTheDocument();
    liberar();

    expect(await screen.findByText('Maçã')).toBeInTheDocument();
    expect(screen.getByText('Banana')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Carregando' })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Ações' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Editar Maçã' })).toBeInTheDocument();
    expect(screen.getByText('1–2 de 2')).toBeInTheDocument();
  });

  it('contagem limitada pelo servidor: "de mais de 10.000", com as páginas até lá', async () => {
    servidorFalso({ [ROTA]: responder(async () => ({ corpo: { hasError: false, messageError: null, result: { ...pagina(FRUTAS, 10_000), totalLimitado: true }, results: null } })) });
    renderizar();
    expect(await screen.findByText(/^1–\d+ de mais de 10\.000$/)).toBeInTheDocument();
  });

  it('sem registros: mostra a mensagem e limpa os filtros vindos da URL', async () => {
    const servidor = servidorFalso({
      [ROTA]: responder((req) => ({
        corpo: { hasError: false, messageError: null, result: pagina(corpo(req).busca ? [] : FRUTAS), results: null },
      })),
    });
    const { params, usuario } = renderizar('/frutas?busca=kiwi');

    expect(await screen.findByText('Nenhum registro encontrado.')).toBeInTheDocument();
    expect(screen.getByLabelText('Busca')).toHaveValue('kiwi');
    expect(corpo(servidor.chamadas(ROTA)[0]).busca).toBe('kiwi');

    const [limpar] = screen.getAllByRole('button', { name: 'Limpar filtros' });
    await usuario.click(limpar);

    expect(await screen.findByText('Maçã')).toBeInTheDocument();
    expect(params().has('busca')).toBe(false);
    expect(screen.getByLabelText('Busca')).toHaveValue('');
    expect(corpo(servidor.chamadas(ROTA).at(-1)!).busca).toBeUndefined();
  });

  it('erro: mostra a mensagem do servidor e tenta de novo', async () => {
    let tentativas = 0;
    servidorFalso({
      [ROTA]: responder(() =>
        ++tentativas === 1 ? falha(500, 'Falha no servidor. Atualize a página e tente novamente.') : { corpo: { hasError: false, messageError: null, result: pagina(FRUTAS), results: null } },
      ),
    });
    const { usuario } = renderizar();

    expect(await screen.findByText('Falha no servidor. Atualize a página e tente novamente.')).toBeInTheDocument();
    await usuario.click(screen.getByRole('button', { name: 'Tentar novamente' }));

    expect(await screen.findByText('Maçã')).toBeInTheDocument();
    expect(tentativas).toBe(2);
  });

  it('filtros vão para a URL (busca com espera) e disparam nova consulta na página 1', async () => {
    const servidor = servidorFalso({
      'POST fruta/filterpaginated/0/20': pagina(FRUTAS, 45),
      'POST fruta/filterpaginated/1/20': pagina(FRUTAS, 45, 1),
    });
    const { params, usuario } = renderizar('/frutas?pagina=2');
    await screen.findByText('Maçã');
    expect(servidor.chamadas('POST fruta/filterpaginated/1/20')).toHaveLength(1);

    await usuario.type(screen.getByLabelText('Busca'), 'ma');
    // Typing does not fetch per keystroke: the URL changes once, after the pause.
    expect(params().get('busca')).toBeNull();
    await waitFor(() => expect(params().get('busca')).toBe('ma'));
    expect(params().has('pagina')).toBe(false);
    await waitFor(() => expect(corpo(servidor.chamadas(ROTA).at(-1)!)).toMatchObject({ busca: 'ma' }));
    expect(servidor.chamadas(ROTA).filter((r) => corpo(r).busca === 'm')).toHaveLength(0);

    await usuario.click(screen.getByRole('radio', { name: 'Não' }));
    await waitFor(() => expect(params().get('madura')).toBe('false'));
    await waitFor(() => expect(corpo(servidor.chamadas(ROTA).at(-1)!)).toMatchObject({ busca: 'ma', madura: false }));

    await usuario.click(screen.getByRole('combobox', { name: 'Cor' }));
    await usuario.click(await screen.findByRole('option', { name: 'Amarela' }));
    await waitFor(() => expect(params().get('cor')).toBe('amarela'));
    await waitFor(() => expect(corpo(servidor.chamadas(ROTA).at(-1)!)).toMatchObject({ busca: 'ma', madura: false, cor: 'amarela' }));
  });

  it('ordena pela coluna clicada e guarda a ordem na URL', async () => {
    const servidor = servidorFalso({ [ROTA]: pagina(FRUTAS) });
    const { params, usuario } = renderizar();
    await screen.findByText('Maçã');
    expect(corpo(servidor.chamadas(ROTA)[0]).ordenacao).toBeNull();

    await usuario.click(screen.getByRole('button', { name: /^Nome/ }));
    await waitFor(() => expect(params().get('ordem')).toBe('nome'));
    expect(params().get('direcao')).toBe('asc');
    await waitFor(() => expect(corpo(servidor.chamadas(ROTA).at(-1)!).ordenacao).toEqual({ campo: 'nome', direcao: 'asc' }));

    await usuario.click(screen.getByRole('button', { name: /^Nome/ }));
    await waitFor(() => expect(params().get('direcao')).toBe('desc'));
    await waitFor(() => expect(corpo(servidor.chamadas(ROTA).at(-1)!).ordenacao).toEqual({ campo: 'nome', direcao: 'desc' }));
  });

  it('lê página, tamanho e ordem da URL ao abrir (recarregar ou voltar mantém a lista)', async () => {
    const servidor = servidorFalso({ 'POST fruta/filterpaginated/2/50': pagina(FRUTAS, 150, 2, 50) });
    renderizar('/frutas?pagina=3&tamanho=50&ordem=nome&direcao=desc&madura=true');
    await screen.findByText('Maçã');
    const [req] = servidor.chamadas('POST fruta/filterpaginated/2/50');
    expect(corpo(req)).toEqual({ madura: true, ordenacao: { campo: 'nome', direcao: 'desc' } });
    expect(screen.getByRole('radio', { name: 'Sim' })).toBeChecked();
  });

  it('ignora na URL ordem por coluna não ordenável e tamanho fora da lista', async () => {
    const servidor = servidorFalso({ [ROTA]: pagina(FRUTAS) });
    renderizar('/frutas?ordem=cor&tamanho=7');
    await screen.findByText('Maçã');
    expect(corpo(servidor.chamadas(ROTA)[0]).ordenacao).toBeNull();
  });

  it('muda de página e de tamanho de página pela paginação', async () => {
    const servidor = servidorFalso({
      [ROTA]: pagina(FRUTAS, 45),
      'POST fruta/filterpaginated/1/20': pagina(FRUTAS, 45, 1),
      'POST fruta/filterpaginated/0/50': pagina(FRUTAS, 45, 0, 50),
    });
    const { params, usuario } = renderizar();
    await screen.findByText('Maçã');

    await usuario.click(screen.getByRole('button', { name: 'Próxima página' }));
    await waitFor(() => expect(params().get('pagina')).toBe('2'));
    await waitFor(() => expect(servidor.chamadas('POST fruta/filterpaginated/1/20')).toHaveLength(1));

    await usuario.click(screen.getByRole('button', { name: '20' }));
    await usuario.click(await screen.findByRole('menuitem', { name: '50' }));
    await waitFor(() => expect(params().get('tamanho')).toBe('50'));
    expect(params().has('pagina')).toBe(false);
    await waitFor(() => expect(servidor.chamadas('POST fruta/filterpaginated/0/50')).toHaveLength(1));
  });

  it('digitar a busca e abrir uma linha logo em seguida leva à linha: a busca que termina durante a ida não volta para a lista', async () => {
    servidorFalso({ [ROTA]: pagina(FRUTAS) });
    let carregar: () => void = () => {};
    const ficha = new Promise<void>((r) => (carregar = r));
    const { router, usuario } = renderizar('/frutas', ficha);
    await screen.findByText('Maçã');

    await usuario.type(screen.getByLabelText('Busca'), 'ma');
    await usuario.click(screen.getByRole('link', { name: 'Abrir Maçã' }));
    // The search's pause ends while the row's page is still loading.
    await new Promise((r) => setTimeout(r, ESPERA_BUSCA_MS + 200));
    carregar();

    expect(await screen.findByRole('heading', { name: 'Ficha da fruta' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/frutas/1');
  });
});
