import { and, desc, asc, count, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { centavosParaReais, type CodigoCupom, type FiltroCodigos, type FiltroResgatados, type LoteCupons, type UsoCupom } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { cliente, cupomDesconto, cupomDescontoCodigo, cupomDescontoUso } from '../../db/schema/index.js';
import { padraoComeca, padraoContem } from '../../lib/busca.js';
import { sqlUsosDaCampanha } from './contador.js';

const FUSO = 'America/Sao_Paulo';

function ondeCodigos(empresaId: number, f: FiltroCodigos): SQL | undefined {
  return and(
    eq(cupomDescontoCodigo.empresaId, empresaId),
    f.cupomId ? eq(cupomDescontoCodigo.cupomId, f.cupomId) : undefined,
    f.codigo ? sql`${cupomDescontoCodigo.codigo} like upper(${padraoContem(f.codigo)})` : undefined,
    f.situacao === 'LIVRE' ? sql`(${cupomDescontoCodigo.maximoUsos} is null or ${cupomDescontoCodigo.usos} < ${cupomDescontoCodigo.maximoUsos})` : undefined,
    f.situacao === 'USADO' ? sql`${cupomDescontoCodigo.usos} >= ${cupomDescontoCodigo.maximoUsos}` : undefined,
  );
}

function selecionarCodigos(tx: Executor) {
  return tx
    .select({
      id: cupomDescontoCodigo.id,
      cupomId: cupomDescontoCodigo.cupomId,
      cupomNome: cupomDesconto.nome,
      codigo: cupomDescontoCodigo.codigo,
      clienteId: cupomDescontoCodigo.clienteId,
      clienteNome: cliente.nome,
      usos: cupomDescontoCodigo.usos,
      maximoUsos: cupomDescontoCodigo.maximoUsos,
      criadoEm: cupomDescontoCodigo.criadoEm,
    })
    .from(cupomDescontoCodigo)
    .innerJoin(cupomDesconto, eq(cupomDesconto.id, cupomDescontoCodigo.cupomId))
    .leftJoin(cliente, eq(cliente.id, cupomDescontoCodigo.clienteId));
}

const paraCodigo = (l: Awaited<ReturnType<ReturnType<typeof selecionarCodigos>['where']>>[number]): CodigoCupom => ({ ...l, criadoEm: new Date(l.criadoEm).toISOString() });

/** POST cupomdesconto/filtrar/{p}/{s}: the codes, in the order they were generated. */
export async function listarCodigos(tx: Executor, empresaId: number, f: FiltroCodigos, page: number, size: number) {
  const where = ondeCodigos(empresaId, f);
  const [linhas, [total]] = await Promise.all([
    selecionarCodigos(tx).where(where).orderBy(asc(cupomDescontoCodigo.id)).limit(size).offset(page * size),
    tx.select({ n: count() }).from(cupomDescontoCodigo).where(where),
  ]);
  return { itens: linhas.map(paraCodigo), total: total!.n };
}

/** The codes of a coupon, page by page after an id (CSV and the printed sheet read them without OFFSET). */
export async function codigosDepoisDe(tx: Executor, empresaId: number, f: FiltroCodigos, depoisDe: number | null, limite: number): Promise<CodigoCupom[]> {
  const linhas = await selecionarCodigos(tx)
    .where(and(ondeCodigos(empresaId, f), depoisDe === null ? undefined : sql`${cupomDescontoCodigo.id} > ${depoisDe}`))
    .orderBy(asc(cupomDescontoCodigo.id))
    .limit(limite);
  return linhas.map(paraCodigo);
}

/** POST cupomdesconto/filtrar/resgatados/{p}/{s}: the coupons used in sales, newest first. */
export async function listarResgatados(tx: Executor, empresaId: number, f: FiltroResgatados, page: number, size: number) {
  const where = and(
    eq(cupomDescontoUso.empresaId, empresaId),
    f.cupomId ? eq(cupomDescontoUso.cupomId, f.cupomId) : undefined,
    f.clienteId ? eq(cupomDescontoUso.clienteId, f.clienteId) : undefined,
    f.busca
      ? sql`(${cupomDescontoUso.codigo} like ${padraoComeca(f.busca.replace(/\s+/g, '').toUpperCase())}
          or busca_normalizada(${cupomDesconto.nome} || ' ' || ${cliente.nome}) like busca_normalizada(${padraoContem(f.busca)}))`
      : undefined,
    f.status ? eq(cupomDescontoUso.status, f.status) : undefined,
    f.de ? gte(cupomDescontoUso.criadoEm, sql`(${f.de}::date)::timestamp at time zone ${FUSO}`) : undefined,
    f.ate ? lt(cupomDescontoUso.criadoEm, sql`(${f.ate}::date + 1)::timestamp at time zone ${FUSO}`) : undefined,
  );
  const [linhas, [total]] = await Promise.all([
    tx
      .select({
        id: cupomDescontoUso.id,
        cupomId: cupomDescontoUso.cupomId,
        cupomNome: cupomDesconto.nome,
        codigo: cupomDescontoUso.codigo,
        transacaoId: cupomDescontoUso.transacaoId,
        clienteId: cupomDescontoUso.clienteId,
        clienteNome: cliente.nome,
        filialId: cupomDescontoUso.filialId,
        valorBruto: cupomDescontoUso.valorBrutoCentavos,
        desconto: cupomDescontoUso.descontoCentavos,
        bonus: cupomDescontoUso.bonusCentavos,
        status: cupomDescontoUso.status,
        criadoEm: cupomDescontoUso.criadoEm,
        canceladoEm: cupomDescontoUso.canceladoEm,
      })
      .from(cupomDescontoUso)
      .innerJoin(cupomDesconto, eq(cupomDesconto.id, cupomDescontoUso.cupomId))
      .innerJoin(cliente, eq(cliente.id, cupomDescontoUso.clienteId))
      .where(where)
      .orderBy(desc(cupomDescontoUso.criadoEm), desc(cupomDescontoUso.id))
      .limit(size)
      .offset(page * size),
    // The same joins as the page: the search reads the coupon's and the customer's names.
    tx
      .select({ n: count() })
      .from(cupomDescontoUso)
      .innerJoin(cupomDesconto, eq(cupomDesconto.id, cupomDescontoUso.cupomId))
      .innerJoin(cliente, eq(cliente.id, cupomDescontoUso.clienteId))
      .where(where),
  ]);
  const itens: UsoCupom[] = linhas.map((l) => ({
    ...l,
    valorBruto: centavosParaReais(Number(l.valorBruto)),
    desconto: centavosParaReais(Number(l.desconto)),
    bonus: centavosParaReais(Number(l.bonus)),
    criadoEm: new Date(l.criadoEm).toISOString(),
    canceladoEm: l.canceladoEm ? new Date(l.canceladoEm).toISOString() : null,
  }));
  return { itens, total: total!.n };
}

/** GET cupomdesconto/cuponsdescontolotes: the coupons with generated codes (printed and batches), newest first. */
export async function listarLotes(tx: Executor, empresaId: number): Promise<LoteCupons[]> {
  const linhas = await tx
    .select({
      id: cupomDesconto.id,
      nome: cupomDesconto.nome,
      tipo: cupomDesconto.tipo,
      quantidade: cupomDesconto.quantidade,
      codigosGerados: cupomDesconto.codigosGerados,
      tarefaId: cupomDesconto.tarefaId,
      dataCriacao: cupomDesconto.dataCriacao,
      usos: sqlUsosDaCampanha(cupomDesconto.usos, cupomDesconto.id),
    })
    .from(cupomDesconto)
    .where(and(eq(cupomDesconto.empresaId, empresaId), sql`${cupomDesconto.tipo} <> 'ONLINE'`))
    .orderBy(desc(cupomDesconto.dataCriacao), desc(cupomDesconto.id))
    .limit(200);
  return linhas.map((l) => ({ ...l, dataCriacao: new Date(l.dataCriacao).toISOString() }));
}
