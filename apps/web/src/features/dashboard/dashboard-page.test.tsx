import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { periodosPredefinidos, type DashboardCompleto, type Empresa } from '@bonifica/contracts';
import { renderizarPagina } from '../../test/renderizar-pagina';
import { falha, responder, servidorFalso, type Rotas } from '../../test/servidor-falso';

const HOJE = '2026-11-22';
const PERIODOS = periodosPredefinidos(HOJE);

const FILIAIS: Empresa[] = [
  { id: 7, shortName: 'Bom Preço', nome: 'Supermercado Bom Preço', cnpj: null, tipo: 'MATRIZ', matrizId: 7, fusoHorario: 'UTC_3_BRASIL', ativa: true },
  { id: 8, shortName: 'Bom Preço Centro', nome: 'Bom Preço Centro', cnpj: null, tipo: 'FILIAL', matrizId: 7, fusoHorario: 'UTC_3_BRASIL', ativa: true },
];

function painel(de: string, ate: string, extra: Partial<DashboardCompleto> = {}): DashboardCompleto {
  return {
    periodo: { de, ate, filialId: null, agrupamento: 'DIA' },
    vendas: { quantidade: 1234, valor: 98765.43, ticketMedio: 80.04, canceladas: 5 },
    cashback: { emitido: 4938.27, resgatado: 1200.5, expirado: 30 },
    pontos: { emitidos: 98765, resgatados: 1000, expirados: 0 },
    prepago: { creditado: 0, utilizado: 0 },
    clientes: { novos: 42, ativos: 991213, ativosAproximado: true },
    topFiliais: [{ filialId: 8, nome: 'Bom Preço Centro', vendas: 800, valor: 60000 }],
    serie: [
      { periodo: de, vendas: 600, valor: 50000, cashbackEmitido: 2500, cashbackResgatado: 600, cashbackExpirado: 0, pontosEmitidos: 50000, pontosResgatados: 0, pontosExpirados: 0, prepagoCreditado: 0, prepagoUtilizado: 0, novosClientes: 20 },
      { periodo: ate, vendas: 634, valor: 48765.43, cashbackEmitido: 2438.27, cashbackResgatado: 600.5, cashbackExpirado: 30, pontosEmitidos: 48765, pontosResgatados: 1000, pontosExpirados: 0, prepagoCreditado: 0, prepagoUtilizado: 0, novosClientes: 22 },
    ],
    ...extra,
  };
}

function rotas(extra: Rotas = {}): Rotas {
  return {
    'GET empresadashboard/filtroperiodo': responder(() => ({ corpo: { hasError: false, messageError: null, result: null, results: PERIODOS } })),
    'GET company/empresalogadafiliais': responder(() => ({ corpo: { hasError: false, messageError: null, result: null, results: FILIAIS } })),
    'POST empresadashboard/completo': responder((req) => {
      const f = JSON.parse(req.corpo ?? '{}') as { de: string; ate: string };
      return { corpo: { hasError: false, messageError: null, result: painel(f.de, f.ate), results: null } };
    }),
    'POST empresadashboard/vendasprepago': responder((req) => {
      const f = JSON.parse(req.corpo ?? '{}') as { de: string; ate: string };
      const numeros = { creditado: 0, utilizado: 0, valesVendidos: 3, carregado: 250, usado: 40.5, devolvido: 0, vencido: 0, emAberto: 209.5 };
      const prepago = { periodo: { de: f.de, ate: f.ate, filialId: null, agrupamento: 'DIA' }, totais: numeros, serie: [{ periodo: f.ate, ...numeros }] };
      return { corpo: { hasError: false, messageError: null, result: prepago, results: null } };
    }),
    ...extra,
  };
}

// The first test also loads the charts and the date picker: on a busy machine that alone can pass 5 s.
vi.setConfig({ testTimeout: 30_000 });

const abrir = (url = '/app/dashboard') => renderizarPagina('/app/dashboard', () => import('./dashboard-page'), url);

describe('Dashboard', () => {
  beforeEach(() => vi.restoreAllMocks());

  it('abre nos últimos 30 dias (datas do servidor) e mostra os indicadores em reais', async () => {
    const s = servidorFalso(rotas());
    abrir();
    // The first render imports the charts (two blocks of them now, with the gift cards'): slow on a loaded machine.
    expect(await screen.findByText('R$ 98.765,43', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('1.234')).toBeInTheDocument();
    expect(screen.getByText('Ticket médio R$ 80,04')).toBeInTheDocument();
    expect(screen.getByText('R$ 4.938,27')).toBeInTheDocument();
    // An estimate says so.
    expect(screen.getByText('≈ 991.213')).toBeInTheDocument();
    expect(screen.getByText('Filiais que mais vendem')).toBeInTheDocument();
    expect(screen.getByText('24/10/2026 a 22/11/2026 · por dia')).toBeInTheDocument();
    // Gift cards (vendasprepago): sold, loaded, used and what is still owed to the bearers.
    const vales = await screen.findByRole('region', { name: 'Vale-presente' });
    expect(vales).toHaveTextContent('R$ 250,00');
    expect(vales).toHaveTextContent('R$ 40,50');
    expect(vales).toHaveTextContent('Em aberto no fim do período: R$ 209,50');
    const corpo = JSON.parse(s.chamadas('POST empresadashboard/completo')[0]!.corpo!);
    expect(corpo).toEqual({ de: '2026-10-24', ate: HOJE });
  });

  it('o período e a filial vêm da URL e vão para a chamada', async () => {
    const s = servidorFalso(rotas());
    abrir('/app/dashboard?periodo=ESTE_ANO&filial=8');
    await screen.findByText('R$ 98.765,43', {}, { timeout: 5000 });
    expect(JSON.parse(s.chamadas('POST empresadashboard/completo')[0]!.corpo!)).toEqual({ de: '2026-01-01', ate: HOJE, filialId: 8 });
  });

  it('período personalizado inválido: avisa em português e não chama o servidor', async () => {
    const s = servidorFalso(rotas());
    abrir('/app/dashboard?periodo=PERSONALIZADO&de=2026-11-20&ate=2026-11-01');
    expect(await screen.findByText('A data final deve ser igual ou posterior à inicial.')).toBeInTheDocument();
    expect(screen.getByText('Escolha as datas do período personalizado.')).toBeInTheDocument();
    expect(s.chamadas('POST empresadashboard/completo')).toHaveLength(0);
  });

  it('um período sem vendas mostra o aviso de vazio', async () => {
    servidorFalso(
      rotas({
        'POST empresadashboard/completo': painel('2026-10-24', HOJE, {
          vendas: { quantidade: 0, valor: 0, ticketMedio: 0, canceladas: 0 },
          clientes: { novos: 0, ativos: 0, ativosAproximado: false },
          topFiliais: [],
          serie: [],
        }),
      }),
    );
    abrir();
    expect(await screen.findByText(/Nenhuma venda nem cliente novo neste período/)).toBeInTheDocument();
    expect(screen.getAllByText('Nada no período.').length).toBeGreaterThanOrEqual(3);
  });

  it('falha do servidor: mensagem e botão para tentar de novo', async () => {
    let vezes = 0;
    servidorFalso(
      rotas({
        'POST empresadashboard/completo': responder((req) => {
          vezes++;
          if (vezes === 1) return falha(500, 'Erro no servidor! Atualize a página e tente novamente!');
          const f = JSON.parse(req.corpo ?? '{}') as { de: string; ate: string };
          return { corpo: { hasError: false, messageError: null, result: painel(f.de, f.ate), results: null } };
        }),
      }),
    );
    const { usuario } = abrir();
    expect(await screen.findByText('Erro no servidor! Atualize a página e tente novamente!')).toBeInTheDocument();
    await usuario.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('R$ 98.765,43', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('"Resultados por usuário" abre o PDF do período na tela numa aba', async () => {
    const aba = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(aba as unknown as Window);
    URL.createObjectURL = vi.fn(() => 'blob:resultados');
    URL.revokeObjectURL = vi.fn();
    const s = servidorFalso(
      rotas({
        'POST empresadashboard/imprimir/resultados/usuario': responder(() => ({ corpo: '%PDF-1.7', headers: { 'Content-Type': 'application/pdf' } })),
      }),
    );
    const { usuario } = abrir();
    await screen.findByText('R$ 98.765,43', {}, { timeout: 5000 });
    await usuario.click(screen.getByRole('button', { name: /Resultados por usuário/ }));
    await waitFor(() => expect(aba.location.href).toBe('blob:resultados'));
    expect(JSON.parse(s.chamadas('POST empresadashboard/imprimir/resultados/usuario')[0]!.corpo!)).toEqual({ de: '2026-10-24', ate: HOJE });
  });
});
