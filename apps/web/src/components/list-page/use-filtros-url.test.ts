import { describe, expect, it } from 'vitest';
import { lerEstadoLista } from './use-filtros-url';
import type { FiltroDef } from './tipos';

const FILTROS: FiltroDef[] = [
  { nome: 'busca', rotulo: 'Busca', tipo: 'texto' },
  { nome: 'ativo', rotulo: 'Situação', tipo: 'booleano' },
  { nome: 'perfilId', rotulo: 'Perfil', tipo: 'selecao' },
];
const ler = (consulta: string) =>
  lerEstadoLista(new URLSearchParams(consulta), { filtros: FILTROS, camposOrdenaveis: ['nome', 'criadoEm'], ordenacaoPadrao: { campo: 'nome', direcao: 'asc' } });

describe('lerEstadoLista', () => {
  it('sem nada na URL: página 1, 20 por página, ordem padrão e nenhum filtro', () => {
    expect(ler('')).toEqual({
      brutos: { busca: '', ativo: '', perfilId: '' },
      filtro: {},
      pagina: 1,
      tamanho: 20,
      ordenacao: { campo: 'nome', direcao: 'asc' },
      temFiltros: false,
    });
  });

  it('tipa os filtros: texto aparado, booleano como boolean, seleção como texto', () => {
    const e = ler('busca=%20ana%20&ativo=false&perfilId=4&pagina=3&tamanho=50&ordem=criadoEm&direcao=desc');
    expect(e.filtro).toEqual({ busca: 'ana', ativo: false, perfilId: '4' });
    expect(e).toMatchObject({ pagina: 3, tamanho: 50, ordenacao: { campo: 'criadoEm', direcao: 'desc' }, temFiltros: true });
  });

  it('um link estragado cai nos padrões em vez de falhar', () => {
    const e = ler('busca=%20%20&ativo=talvez&pagina=-2&tamanho=1000&ordem=senha');
    expect(e.filtro).toEqual({});
    expect(e).toMatchObject({ pagina: 1, tamanho: 20, ordenacao: { campo: 'nome', direcao: 'asc' } });
  });

  it('filtro de data: aceita só um dia AAAA-MM-DD válido', () => {
    const opcoes = { filtros: [{ nome: 'de', rotulo: 'De', tipo: 'data' as const }], camposOrdenaveis: [] };
    expect(lerEstadoLista(new URLSearchParams('de=2025-03-09'), opcoes).filtro).toEqual({ de: '2025-03-09' });
    for (const ruim of ['09/03/2025', '2025-13-40', 'ontem']) expect(lerEstadoLista(new URLSearchParams(`de=${ruim}`), opcoes).filtro).toEqual({});
  });
});
