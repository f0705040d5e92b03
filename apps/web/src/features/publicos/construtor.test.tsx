import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { CondicoesPublicoEntrada, ContagemPublico, Empresa, EstatisticasPublico, Publico } from '@bonifica/contracts';
import { envelope, falha, responder, rotasPadrao, servidorFalso, type RequisicaoFalsa } from '../../test/servidor-falso';
import { renderizarPagina } from '../../test/renderizar-pagina';

const REDE: Empresa[] = [
  { id: 7, shortName: 'Bom Preço Centro', nome: 'Bom Preço Comércio Ltda', cnpj: null, tipo: 'MATRIZ', matrizId: 7, fusoHorario: 'UTC_3_BRASIL', ativa: true },
  { id: 8, shortName: 'Bom Preço Vila', nome: 'Bom Preço Vila Ltda', cnpj: null, tipo: 'FILIAL', matrizId: 7, fusoHorario: 'UTC_3_BRASIL', ativa: true },
];

const corpo = (r: RequisicaoFalsa) => JSON.parse(r.corpo ?? '{}') as CondicoesPublicoEntrada;

/** A fake count: 1000 customers, 400 of them in branch 8; a branch condition with no branch is refused as the API does. */
function contar(c: CondicoesPublicoEntrada): number {
  let n = 1000;
  if (c.filiais) n = c.filiais.includes(8) ? 400 : 0;
  if (c.mesesAniversario) n = Math.round((n * c.mesesAniversario.length) / 12);
  return n;
}

const DADOS_DE = new Date(Date.now() - 60_000).toISOString();

const estatisticas = (n: number): EstatisticasPublico => ({
  clientes: n,
  contatos: 0,
  dadosDe: DADOS_DE,
  alcancaveisWhatsapp: Math.round(n / 2),
  alcancaveisEmail: Math.round(n / 4),
  consentimentoWhatsapp: Math.round(n / 2) + 3,
  consentimentoEmail: Math.round(n / 4),
  bloqueados: 3,
  porFilial: [{ filialId: 8, nome: 'Bom Preço Vila', clientes: n }],
  porFaixaSaldo: [{ rotulo: 'Sem saldo', clientes: n }],
});

function servidor() {
  const validar = (c: CondicoesPublicoEntrada) => (c.filiais && c.filiais.length === 0 ? falha(400, 'Escolha ao menos uma opção em filial.') : null);
  return servidorFalso({
    ...rotasPadrao(),
    'GET company/empresalogadafiliais': responder(() => ({ corpo: { ...envelope(null), results: REDE } })),
    'POST etiqueta/filterpaginated/0/100': { content: [], totalElements: 0, totalPages: 0, number: 0, size: 100 },
    'GET config/configuracaoplano': responder(() => ({ corpo: { ...envelope(null), results: [] } })),
    'POST publico/contagem': responder((r) => validar(corpo(r)) ?? { corpo: envelope<ContagemPublico>({ clientes: contar(corpo(r)), contatos: 0, dadosDe: DADOS_DE }) }),
    'POST publico/estatisticas': responder((r) => validar(corpo(r)) ?? { corpo: envelope(estatisticas(contar(corpo(r)))) }),
    'POST publico/save': responder((r) => ({ corpo: envelope<Publico>({ id: 5, nome: 'x', descricao: null, condicoes: {}, criadoEm: '', atualizadoEm: '', ...JSON.parse(r.corpo ?? '{}') }) })),
    'POST publico/filterpaginated/0/20': { content: [], totalElements: 0, totalPages: 0, number: 0, size: 20 },
  });
}

describe('Marketing › Públicos › construtor', () => {
  beforeAll(() => import('./construtor-page'), 30_000);

  it('a contagem acompanha as condições (com espera), mostra o motivo de uma condição incompleta e salva o que está na tela', { timeout: 30_000 }, async () => {
    const s = servidor();
    const { usuario } = renderizarPagina('/app/marketing/publicos/novo', () => import('./construtor-page'));
    // No condition: everyone, with the statistics beside it.
    await waitFor(() => expect(screen.getByTestId('contagem-clientes')).toHaveTextContent('1.000'));
    const painel = screen.getByLabelText('Contagem do público');
    // The count comes from the customer summary: the panel says of when.
    expect(within(painel).getByTestId('contagem-dados-de')).toHaveTextContent(/^Contagem com dados de \d\d:\d\d; clientes e vendas mais novos entram na próxima atualização/);
    expect(within(painel).getByText('Podem receber WhatsApp')).toBeInTheDocument();
    expect(within(painel).getByText('Bloqueados para marketing')).toBeInTheDocument();

    // A branch condition with no branch yet: the API's reason shows, in Portuguese.
    await usuario.click(screen.getByRole('button', { name: 'Adicionar condição' }));
    await usuario.click(await screen.findByRole('menuitem', { name: 'Filial de cadastro' }));
    expect(await within(painel).findByText('Escolha ao menos uma opção em filial.')).toBeInTheDocument();

    const antes = s.chamadas('POST publico/contagem').length;
    await usuario.click(screen.getByPlaceholderText('Escolha as filiais'));
    await usuario.click(await screen.findByRole('option', { name: 'Bom Preço Vila' }));
    await waitFor(() => expect(screen.getByTestId('contagem-clientes')).toHaveTextContent('400'));
    expect(within(painel).queryByText('Escolha ao menos uma opção em filial.')).not.toBeInTheDocument();
    // Debounced: one more count for the branch chosen, not one per render.
    expect(s.chamadas('POST publico/contagem').length - antes).toBeLessThanOrEqual(2);

    // Birthday months as chips: March and April of the 12 months → 400 × 2 / 12.
    await usuario.click(screen.getByRole('button', { name: 'Adicionar condição' }));
    await usuario.click(await screen.findByRole('menuitem', { name: 'Mês de aniversário' }));
    const mesAtual = new Date().getMonth() + 1;
    const outroMes = mesAtual === 12 ? 1 : mesAtual + 1;
    await usuario.click(screen.getByRole('checkbox', { name: ['Jan', 'Fev', 'Mar', 'Abr', 'Mai', 'Jun', 'Jul', 'Ago', 'Set', 'Out', 'Nov', 'Dez'][outroMes - 1]! }));
    await waitFor(() => expect(screen.getByTestId('contagem-clientes')).toHaveTextContent('67'));

    // Removing a condition widens the audience again.
    await usuario.click(screen.getByRole('button', { name: 'Remover condição Mês de aniversário' }));
    await waitFor(() => expect(screen.getByTestId('contagem-clientes')).toHaveTextContent('400'));

    // Save asks for a name first, then sends the conditions as they are on screen.
    await usuario.click(screen.getByRole('button', { name: 'Salvar público' }));
    expect(await screen.findByText('Informe o nome do público.')).toBeInTheDocument();
    expect(s.chamadas('POST publico/save')).toHaveLength(0);
    await usuario.type(screen.getByLabelText(/^Nome do público/), 'Clientes da Vila');
    await usuario.click(screen.getByRole('button', { name: 'Salvar público' }));
    await waitFor(() => expect(s.chamadas('POST publico/save')).toHaveLength(1));
    expect(JSON.parse(s.chamadas('POST publico/save')[0]!.corpo!)).toEqual({ nome: 'Clientes da Vila', descricao: null, condicoes: { filiais: [8] } });
  });
});
