import { and, asc, count, desc, eq, gte, lt, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { centavosParaReais, type FiltroResgatePremio, type HistoricoResgatePremio, type RelatorioResgatePremio, type ResgatePremio } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { cliente, empresa, premio, premioResgate, premioResgateHistorico, usuario } from '../../db/schema/index.js';
import { FUSO } from '../../lib/fuso.js';
import { padraoComeca } from '../../lib/busca.js';

const filial = alias(empresa, 'filial_retirada');

const colunas = {
  id: premioResgate.id,
  codigo: premioResgate.codigo,
  status: premioResgate.status,
  premioId: premioResgate.premioId,
  premioNome: premio.nome,
  fotoArquivoId: premio.fotoArquivoId,
  clienteId: premioResgate.clienteId,
  clienteNome: cliente.nome,
  filialId: premioResgate.filialId,
  filialNome: filial.nomeCurto,
  custoPontos: premioResgate.custoPontos,
  custoCentavos: premioResgate.custoCentavos,
  usuarioNome: usuario.nome,
  criadoEm: premioResgate.criadoEm,
  retiradoEm: premioResgate.retiradoEm,
  canceladoEm: premioResgate.canceladoEm,
  motivoCancelamento: premioResgate.motivoCancelamento,
};

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

function consulta(tx: Executor) {
  return tx
    .select(colunas)
    .from(premioResgate)
    .innerJoin(premio, eq(premio.id, premioResgate.premioId))
    .innerJoin(cliente, eq(cliente.id, premioResgate.clienteId))
    .leftJoin(filial, eq(filial.id, premioResgate.filialId))
    .leftJoin(usuario, eq(usuario.id, premioResgate.usuarioId));
}

function paraResgate(l: Awaited<ReturnType<ReturnType<typeof consulta>['execute']>>[number]): ResgatePremio {
  const { custoCentavos, ...resto } = l;
  return {
    ...resto,
    custoPontos: Number(l.custoPontos),
    custoCashback: centavosParaReais(Number(custoCentavos)),
    criadoEm: iso(l.criadoEm)!,
    retiradoEm: iso(l.retiradoEm),
    canceladoEm: iso(l.canceladoEm),
  };
}

/** `filialVisivel` keeps a counter bound to a branch to its own branch's redemptions (404 otherwise). */
export async function buscarResgate(tx: Executor, empresaId: number, filialVisivel: number | null, id: number): Promise<ResgatePremio | null> {
  const [l] = await consulta(tx)
    .where(and(eq(premioResgate.id, id), eq(premioResgate.empresaId, empresaId), filialVisivel ? eq(premioResgate.filialId, filialVisivel) : undefined))
    .limit(1);
  return l ? paraResgate(l) : null;
}

const periodo = (de?: string, ate?: string): SQL[] => [
  ...(de ? [gte(premioResgate.criadoEm, sql`(${de}::date)::timestamp at time zone ${FUSO}`)] : []),
  ...(ate ? [lt(premioResgate.criadoEm, sql`(${ate}::date + 1)::timestamp at time zone ${FUSO}`)] : []),
];

export async function listarResgates(tx: Executor, empresaId: number, filialVisivel: number | null, f: FiltroResgatePremio, page: number, size: number) {
  const where = and(
    eq(premioResgate.empresaId, empresaId),
    filialVisivel ? eq(premioResgate.filialId, filialVisivel) : undefined,
    f.status ? eq(premioResgate.status, f.status) : undefined,
    f.premioId ? eq(premioResgate.premioId, f.premioId) : undefined,
    f.filialId ? eq(premioResgate.filialId, f.filialId) : undefined,
    f.clienteId ? eq(premioResgate.clienteId, f.clienteId) : undefined,
    // The start of the code is enough (what the customer reads out first); LIKE's wildcards typed are literal.
    f.codigo ? sql`${premioResgate.codigo} like ${padraoComeca(f.codigo.toUpperCase())}` : undefined,
    ...periodo(f.de, f.ate),
  );
  const [linhas, [total]] = await Promise.all([
    consulta(tx).where(where).orderBy(desc(premioResgate.criadoEm), desc(premioResgate.id)).limit(size).offset(page * size),
    tx.select({ n: count() }).from(premioResgate).where(where),
  ]);
  return { itens: linhas.map(paraResgate), total: total!.n };
}

export async function historicoDoResgate(tx: Executor, empresaId: number, resgateId: number): Promise<HistoricoResgatePremio[]> {
  const linhas = await tx
    .select({ de: premioResgateHistorico.de, para: premioResgateHistorico.para, usuarioNome: usuario.nome, observacao: premioResgateHistorico.observacao, criadoEm: premioResgateHistorico.criadoEm })
    .from(premioResgateHistorico)
    .leftJoin(usuario, eq(usuario.id, premioResgateHistorico.usuarioId))
    .where(and(eq(premioResgateHistorico.empresaId, empresaId), eq(premioResgateHistorico.resgateId, resgateId)))
    .orderBy(asc(premioResgateHistorico.id));
  return linhas.map((l) => ({ ...l, criadoEm: iso(l.criadoEm)! }));
}

/** Redemptions per prize in a period (Brasília days, inclusive): how many, how many collected, what they cost. Cancelled ones apart. */
export async function relatorioResgates(tx: Executor, empresaId: number, filialVisivel: number | null, f: { de: string; ate: string; premioId?: number | undefined; filialId?: number | undefined }): Promise<RelatorioResgatePremio> {
  const base = and(
    eq(premioResgate.empresaId, empresaId),
    filialVisivel ? eq(premioResgate.filialId, filialVisivel) : undefined,
    f.premioId ? eq(premioResgate.premioId, f.premioId) : undefined,
    f.filialId ? eq(premioResgate.filialId, f.filialId) : undefined,
    ...periodo(f.de, f.ate),
  );
  const [linhas, [cancelados]] = await Promise.all([
    tx
      .select({
        premioId: premioResgate.premioId,
        premioNome: premio.nome,
        quantidade: sql<number>`count(*)::int`,
        retirados: sql<number>`(count(*) filter (where ${premioResgate.status} = 'RETIRADO'))::int`,
        pontos: sql<string>`coalesce(sum(${premioResgate.custoPontos}), 0)`,
        centavos: sql<string>`coalesce(sum(${premioResgate.custoCentavos}), 0)`,
      })
      .from(premioResgate)
      .innerJoin(premio, eq(premio.id, premioResgate.premioId))
      .where(and(base, ne(premioResgate.status, 'CANCELADO')))
      .groupBy(premioResgate.premioId, premio.nome)
      .orderBy(desc(sql`count(*)`), asc(premio.nome)),
    tx.select({ n: count() }).from(premioResgate).where(and(base, eq(premioResgate.status, 'CANCELADO'))),
  ]);
  const itens = linhas.map((l) => ({ premioId: l.premioId, premioNome: l.premioNome, quantidade: Number(l.quantidade), retirados: Number(l.retirados), pontos: Number(l.pontos), cashback: centavosParaReais(Number(l.centavos)) }));
  const total = itens.reduce((s, l) => ({ quantidade: s.quantidade + l.quantidade, retirados: s.retirados + l.retirados, pontos: s.pontos + l.pontos, cashback: 0 }), { quantidade: 0, retirados: 0, pontos: 0, cashback: 0 });
  total.cashback = centavosParaReais(linhas.reduce((s, l) => s + Number(l.centavos), 0));
  return { linhas: itens, total, cancelados: cancelados!.n };
}
