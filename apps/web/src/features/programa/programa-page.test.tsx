import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { AlteracaoRegra, Empresa, Pagina, RegraFilial, RegraProgramaWire } from '@bonifica/contracts';
import { prepararAmbienteTabela } from '../../components/list-page/ambiente-teste';
import { renderizarPagina } from '../../test/renderizar-pagina';
import { envelope, falha, responder, rotasPadrao, servidorFalso, type Rotas } from '../../test/servidor-falso';

const REGRA: RegraProgramaWire = {
  cashbackPercentual: 5,
  pontosPorReal: 1,
  compraMinima: 10,
  maximoCashbackPorVenda: 50,
  validadeDias: null,
  carenciaDias: 0,
  configurada: true,
  atualizadoEm: '2026-03-01T12:00:00Z',
  filialId: null,
  propria: true,
};
const empresa = (id: number, shortName: string, tipo: Empresa['tipo']): Empresa => ({ id, shortName, nome: shortName, cnpj: null, tipo, matrizId: 7, fusoHorario: 'UTC_3_BRASIL', ativa: true });
const REDE = [empresa(7, 'Bom Preço', 'MATRIZ'), empresa(8, 'Bom Preço Centro', 'FILIAL')];
const ALTERACAO: AlteracaoRegra = {
  id: 1,
  criadoEm: '2026-03-01T12:00:00Z',
  acao: 'ALTERAR',
  usuario: 'Mariana Souza Lima',
  filialId: null,
  escopo: 'Empresa',
  antes: { ...REGRA, cashbackPercentual: 4 },
  depois: REGRA,
};
const pagina = <T,>(content: T[]): Pagina<T> => ({ content, totalElements: content.length, totalPages: content.length ? 1 : 0, number: 0, size: 10 });
const lista = <T,>(results: T[]) => responder(() => ({ corpo: { ...envelope(null), results } }));
const corpo = (r: { corpo: string | null } | undefined) => JSON.parse(r?.corpo ?? '{}') as Record<string, unknown>;
const semNbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0/g, ' ');

function servidor(extra: Rotas = {}) {
  return servidorFalso({
    ...rotasPadrao(),
    'GET company/empresalogadafiliais': lista(REDE),
    'GET config/configuracaoprograma': responder((r) => ({ corpo: envelope(r.url.searchParams.get('filialId') === '8' ? { ...REGRA, filialId: 8, propria: false } : REGRA) })),
    'GET config/configuracaoprograma/filiais': lista<RegraFilial>([]),
    'POST config/configuracaoprograma/historico/0/10': pagina([ALTERACAO]),
    ...extra,
  });
}

// The first render loads the lazy route and three queries: on a busy machine that passes the 1 s default.
const ESPERA = { timeout: 5_000 };
const abrir = (url = '/app/empresa/programa') => renderizarPagina('/app/empresa/programa', () => import('./programa-page'), url);

describe('Empresa › Programa de fidelidade', { timeout: 20_000 }, () => {
  beforeAll(() => import('./programa-page'), 30_000);
  beforeEach(() => prepararAmbienteTabela());

  it('mostra a regra, o exemplo ao vivo que acompanha o formulário e o histórico', async () => {
    servidor();
    const { usuario } = abrir();
    const percentual = await screen.findByLabelText('Cashback (%)', {}, ESPERA);
    expect(percentual).toHaveValue('5,00');
    const exemplo = screen.getByTestId('exemplo-regra');
    expect(semNbsp(exemplo.textContent)).toBe('Uma compra de R$ 100,00 dá R$ 5,00 de cashback e 100 pontos, usável na hora, não vence.');
    await usuario.clear(percentual);
    await usuario.type(percentual, '3,33');
    await usuario.clear(screen.getByLabelText('Carência (dias)'));
    await usuario.type(screen.getByLabelText('Carência (dias)'), '7');
    expect(semNbsp(exemplo.textContent)).toMatch(/^Uma compra de R\$ 100,00 dá R\$ 3,33 de cashback e 100 pontos, usável a partir de \d\d\/\d\d\/\d{4}, não vence\.$/);
    await usuario.clear(screen.getByLabelText('Valor da compra'));
    await usuario.type(screen.getByLabelText('Valor da compra'), '5');
    expect(semNbsp(exemplo.textContent)).toBe('Uma compra de R$ 5,00 não acumula: a compra mínima é de R$ 10,00.');
    // History: who, and before → after.
    expect(await screen.findByText('Mariana Souza Lima')).toBeInTheDocument();
    expect(screen.getByText(/4,00% →/)).toBeInTheDocument();
  });

  it('valida em português sem chamar o servidor; salvar manda a regra lida do formulário', async () => {
    const s = servidor({ 'POST config/salvarconfiguracaoprograma': { ...REGRA, cashbackPercentual: 8 } });
    const { usuario } = abrir();
    const percentual = await screen.findByLabelText('Cashback (%)', {}, ESPERA);
    await usuario.clear(percentual);
    await usuario.type(percentual, '150');
    expect(await screen.findByText('O percentual de cashback deve ficar entre 0 e 100.')).toBeInTheDocument();
    expect(screen.getByTestId('exemplo-regra')).toHaveTextContent('Corrija os campos acima para ver o exemplo.');
    await usuario.click(screen.getByRole('button', { name: 'Salvar regra' }));
    expect(s.chamadas('POST config/salvarconfiguracaoprograma')).toHaveLength(0);
    await usuario.clear(percentual);
    await usuario.type(percentual, '8');
    await usuario.type(screen.getByLabelText('Validade dos créditos (dias)'), '180');
    await usuario.click(screen.getByRole('button', { name: 'Salvar regra' }));
    await waitFor(() => expect(s.chamadas('POST config/salvarconfiguracaoprograma')).toHaveLength(1));
    const [chamada] = s.chamadas('POST config/salvarconfiguracaoprograma');
    expect(chamada!.url.search).toBe('');
    expect(corpo(chamada)).toEqual({ cashbackPercentual: 8, pontosPorReal: 1, compraMinima: 10, maximoCashbackPorVenda: 50, validadeDias: 180, carenciaDias: 0 });
    expect(await screen.findByText(/as já feitas não mudam/)).toBeInTheDocument();
  });

  it('filial sem regra própria: mostra a da empresa e cria a própria com filialId; erro do servidor aparece', async () => {
    const s = servidor({ 'POST config/salvarconfiguracaoprograma': responder(() => falha(404, 'Filial não encontrada.')) });
    const { usuario } = abrir('/app/empresa/programa?filial=8');
    expect(await screen.findByText(/Bom Preço Centro segue a regra da empresa/, {}, ESPERA)).toBeInTheDocument();
    expect(screen.getByText('Segue a regra da empresa')).toBeInTheDocument();
    await usuario.click(screen.getByRole('button', { name: 'Criar regra própria' }));
    await waitFor(() => expect(s.chamadas('POST config/salvarconfiguracaoprograma')).toHaveLength(1));
    expect(s.chamadas('POST config/salvarconfiguracaoprograma')[0]!.url.searchParams.get('filialId')).toBe('8');
    expect(await screen.findByText('Filial não encontrada.')).toBeInTheDocument();
  });

  it('remover a regra própria de uma filial pede Confirmação', async () => {
    const s = servidor({
      'GET config/configuracaoprograma': { ...REGRA, filialId: 8, propria: true, cashbackPercentual: 10 },
      'GET config/configuracaoprograma/filiais': lista<RegraFilial>([{ filialId: 8, nome: 'Bom Preço Centro', regra: { ...REGRA, filialId: 8, cashbackPercentual: 10 } }]),
      'DELETE config/configuracaoprograma/filial/8': { ...REGRA, filialId: 8, propria: false },
    });
    const { usuario } = abrir('/app/empresa/programa?filial=8');
    expect(await screen.findByText('10,00%', {}, ESPERA)).toBeInTheDocument();
    await usuario.click(await screen.findByRole('button', { name: 'Remover regra própria' }));
    expect(await screen.findByText(/Remover a regra própria de Bom Preço Centro\?/)).toBeInTheDocument();
    await usuario.click(screen.getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(s.chamadas('DELETE config/configuracaoprograma/filial/8')).toHaveLength(1));
  });
});
