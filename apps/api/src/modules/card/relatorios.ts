import { and, count, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import {
  centavosParaReais,
  STATUS_CARTAO,
  type EstatisticaVidaCartao,
  type RelatorioUsoCliente,
  type RelatorioUsoClienteFiltro,
  type RelatorioUsoEmpresa,
  type RelatorioUsoEmpresaFiltro,
  type StatusCartao,
} from '@bonifica/contracts';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { cartao, cartaoImpressao, cliente, empresa, transacao } from '../../db/schema/index.js';
import type { UsuarioContexto } from '../../lib/contexto.js';
import { erro } from '../../lib/erros.js';
import { exigirFilialDaRede } from '../transacao/index.js';
import { buscarCartao, empresaDo, emSequencia } from './card.repository.js';
import { FUSO } from '../../lib/fuso.js';

/** Calendar days of the filters are days in Brasília, as in the sales list (docs/areas/vendas.md). */

function noPeriodo(f: { de?: string; ate?: string }): (SQL | undefined)[] {
  return [
    f.de ? gte(transacao.criadoEm, sql`(${f.de}::date)::timestamp at time zone ${FUSO}`) : undefined,
    f.ate ? lt(transacao.criadoEm, sql`(${f.ate}::date + 1)::timestamp at time zone ${FUSO}`) : undefined,
  ];
}

/** Only confirmed sales count as use: a cancelled sale was undone in full. */
const confirmada = eq(transacao.status, 'CONFIRMADA');
const somaValor = sql<number>`coalesce(sum(${transacao.valorCentavos}), 0)::bigint`;
const somaCashback = sql<number>`coalesce(sum(${transacao.cashbackCentavos}), 0)::bigint`;
const somaPontos = sql<number>`coalesce(sum(${transacao.pontos}), 0)::bigint`;
const n = (v: unknown) => Number(v ?? 0);

/** GET card/{id}/estatistica/vida: from issue to now, what this card did. */
export async function estatisticaVida(tx: Executor, u: UsuarioContexto, id: number): Promise<EstatisticaVidaCartao | null> {
  const c = await buscarCartao(tx, u, id);
  if (!c) return null;
  const empresaId = u.empresaId!;
  const [[uso], [impressoes]] = await emSequencia([
    tx
      .select({
        vendas: count(),
        valor: somaValor,
        cashback: somaCashback,
        pontos: somaPontos,
        primeiro: sql<string | null>`min(${transacao.criadoEm})`,
        ultimo: sql<string | null>`max(${transacao.criadoEm})`,
      })
      .from(transacao)
      .where(and(eq(transacao.empresaId, empresaId), eq(transacao.cartaoId, id), confirmada)),
    tx
      .select({ n: count() })
      .from(cartaoImpressao)
      .where(and(eq(cartaoImpressao.empresaId, empresaId), eq(cartaoImpressao.cartaoId, id), eq(cartaoImpressao.status, 'IMPRESSO'))),
  ]);
  const iso = (v: string | Date | null | undefined) => (v ? new Date(v).toISOString() : null);
  const diasEmUso = c.vinculadoEm ? Math.floor((Date.now() - Date.parse(c.vinculadoEm)) / 86_400_000) : null;
  return {
    cartaoId: c.id,
    numero: c.numero,
    status: c.status,
    clienteId: c.clienteId,
    clienteNome: c.clienteNome,
    emitidoEm: c.emitidoEm,
    vinculadoEm: c.vinculadoEm,
    bloqueadoEm: c.bloqueadoEm,
    diasEmUso,
    vendas: n(uso?.vendas),
    valorVendas: centavosParaReais(n(uso?.valor)),
    cashback: centavosParaReais(n(uso?.cashback)),
    pontos: n(uso?.pontos),
    primeiroUso: iso(uso?.primeiro),
    ultimoUso: iso(uso?.ultimo),
    impressoes: n(impressoes?.n),
  };
}

/** POST card/relatorio/cliente: each card of the customer, and what was bought without one. */
export async function relatorioUsoCliente(tx: Executor, u: UsuarioContexto, f: RelatorioUsoClienteFiltro): Promise<RelatorioUsoCliente> {
  const empresaId = empresaDo(u);
  const [cl] = await tx
    .select({ id: cliente.id, nome: cliente.nome })
    .from(cliente)
    .where(and(eq(cliente.id, f.clienteId), eq(cliente.empresaId, empresaId)))
    .limit(1);
  if (!cl) throw erro.naoEncontrado('Cliente não encontrado.');
  const vendasDoCartao = and(eq(transacao.empresaId, empresaId), eq(transacao.cartaoId, cartao.id), confirmada, ...noPeriodo(f));
  const [cartoes, [semCartao]] = await emSequencia([
    tx
      .select({
        cartaoId: cartao.id,
        numero: cartao.numero,
        status: cartao.status,
        vendas: sql<number>`count(${transacao.id})`,
        valor: somaValor,
        cashback: somaCashback,
        ultimoUso: sql<string | null>`max(${transacao.criadoEm})`,
      })
      .from(cartao)
      .leftJoin(transacao, vendasDoCartao)
      .where(and(eq(cartao.empresaId, empresaId), eq(cartao.clienteId, f.clienteId)))
      .groupBy(cartao.id, cartao.numero, cartao.status)
      .orderBy(cartao.emitidoEm, cartao.id),
    tx
      .select({ vendas: count(), valor: somaValor })
      .from(transacao)
      .where(and(eq(transacao.empresaId, empresaId), eq(transacao.clienteId, f.clienteId), sql`${transacao.cartaoId} is null`, confirmada, ...noPeriodo(f))),
  ]);
  return {
    clienteId: cl.id,
    clienteNome: cl.nome,
    cartoes: cartoes.map((c) => ({
      ...c,
      vendas: n(c.vendas),
      valor: centavosParaReais(n(c.valor)),
      cashback: centavosParaReais(n(c.cashback)),
      ultimoUso: c.ultimoUso ? new Date(c.ultimoUso).toISOString() : null,
    })),
    vendasSemCartao: n(semCartao?.vendas),
    valorSemCartao: centavosParaReais(n(semCartao?.valor)),
  };
}

/** POST card/relatorio/empresa: how much of the network's buying goes through cards, branch by branch. */
export async function relatorioUsoEmpresa(tx: Executor, u: UsuarioContexto, f: RelatorioUsoEmpresaFiltro): Promise<RelatorioUsoEmpresa> {
  const empresaId = empresaDo(u);
  const filialId = f.filialId !== undefined ? await exigirFilialDaRede(tx, empresaId, f.filialId) : undefined;
  const filial = alias(empresa, 'filial_venda');
  const comCartao = sql`${transacao.cartaoId} is not null`;
  const [porStatus, [ativos], porFilial] = await emSequencia([
    tx
      .select({ status: cartao.status, n: count() })
      .from(cartao)
      .where(and(eq(cartao.empresaId, empresaId), filialId ? eq(cartao.filialId, filialId) : undefined))
      .groupBy(cartao.status),
    tx
      .select({ n: sql<number>`count(distinct ${cartao.clienteId})` })
      .from(cartao)
      .where(and(eq(cartao.empresaId, empresaId), eq(cartao.status, 'ATIVO'), filialId ? eq(cartao.filialId, filialId) : undefined)),
    tx
      .select({
        filialId: transacao.filialId,
        filialNome: filial.nomeCurto,
        vendas: count(),
        valor: somaValor,
        vendasComCartao: sql<number>`count(*) filter (where ${comCartao})`,
        valorComCartao: sql<number>`coalesce(sum(${transacao.valorCentavos}) filter (where ${comCartao}), 0)::bigint`,
      })
      .from(transacao)
      .leftJoin(filial, eq(filial.id, transacao.filialId))
      .where(and(eq(transacao.empresaId, empresaId), confirmada, filialId ? eq(transacao.filialId, filialId) : undefined, ...noPeriodo(f)))
      .groupBy(transacao.filialId, filial.nomeCurto)
      .orderBy(filial.nomeCurto),
  ]);
  const cartoesPorStatus = Object.fromEntries(STATUS_CARTAO.map((s) => [s, 0])) as Record<StatusCartao, number>;
  for (const l of porStatus) cartoesPorStatus[l.status] = n(l.n);
  const linhas = porFilial.map((l) => ({
    filialId: l.filialId,
    filialNome: l.filialNome,
    vendas: n(l.vendas),
    valor: centavosParaReais(n(l.valor)),
    vendasComCartao: n(l.vendasComCartao),
    valorComCartao: centavosParaReais(n(l.valorComCartao)),
  }));
  const soma = (campo: 'valor' | 'valorComCartao') => centavosParaReais(porFilial.reduce((t, l) => t + n(l[campo]), 0));
  return {
    cartoesPorStatus,
    clientesComCartaoAtivo: n(ativos?.n),
    vendas: linhas.reduce((t, l) => t + l.vendas, 0),
    valor: soma('valor'),
    vendasComCartao: linhas.reduce((t, l) => t + l.vendasComCartao, 0),
    valorComCartao: soma('valorComCartao'),
    porFilial: linhas,
  };
}
