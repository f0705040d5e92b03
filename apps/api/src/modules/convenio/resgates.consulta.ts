import { and, count, desc, eq, gte, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import {
  centavosParaReais,
  somarDias,
  type FiltroResgatesParceiro,
  type ResgateParceiro,
  type TotalizadorParceiro,
  type UnidadeCredenciada,
} from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { cliente, redeCredenciada, resgateParceiro, tokenApi, usuario } from '../../db/schema/index.js';
import { erro } from '../../lib/erros.js';
import { FUSO } from '../../lib/fuso.js';


const colunas = {
  id: resgateParceiro.id,
  redeCredenciadaId: resgateParceiro.redeCredenciadaId,
  clienteId: resgateParceiro.clienteId,
  clienteNome: cliente.nome,
  unidade: resgateParceiro.unidade,
  valor: resgateParceiro.valor,
  documento: resgateParceiro.documento,
  observacao: resgateParceiro.observacao,
  lancamentoId: resgateParceiro.lancamentoId,
  estornoLancamentoId: resgateParceiro.estornoLancamentoId,
  motivoEstorno: resgateParceiro.motivoEstorno,
  usuarioNome: usuario.nome,
  tokenNome: tokenApi.nome,
  criadoEm: resgateParceiro.criadoEm,
  estornadoEm: resgateParceiro.estornadoEm,
};

type Linha = {
  id: number;
  redeCredenciadaId: number;
  clienteId: number;
  clienteNome: string;
  unidade: UnidadeCredenciada;
  valor: number;
  documento: string;
  observacao: string | null;
  lancamentoId: number;
  estornoLancamentoId: number | null;
  motivoEstorno: string | null;
  usuarioNome: string | null;
  tokenNome: string | null;
  criadoEm: Date;
  estornadoEm: Date | null;
};

const emWire = (u: UnidadeCredenciada, v: number) => (u === 'CASHBACK' ? centavosParaReais(v) : v);

function paraItem(l: Linha): ResgateParceiro {
  return {
    id: l.id,
    redeCredenciadaId: l.redeCredenciadaId,
    clienteId: l.clienteId,
    clienteNome: l.clienteNome,
    unidade: l.unidade,
    valor: emWire(l.unidade, l.valor),
    documento: l.documento,
    observacao: l.observacao,
    situacao: l.estornadoEm ? 'ESTORNADO' : 'LANCADO',
    lancamentoId: l.lancamentoId,
    estornoLancamentoId: l.estornoLancamentoId,
    motivoEstorno: l.motivoEstorno,
    origem: l.usuarioNome ?? (l.tokenNome ? `Token ${l.tokenNome}` : '—'),
    criadoEm: l.criadoEm.toISOString(),
    estornadoEm: l.estornadoEm?.toISOString() ?? null,
  };
}

function consulta(tx: Executor) {
  return tx
    .select(colunas)
    .from(resgateParceiro)
    .innerJoin(cliente, eq(cliente.id, resgateParceiro.clienteId))
    .leftJoin(usuario, eq(usuario.id, resgateParceiro.usuarioId))
    .leftJoin(tokenApi, eq(tokenApi.id, resgateParceiro.tokenApiId));
}

export async function buscarResgate(tx: Executor, empresaId: number, parceiroId: number, id: number): Promise<ResgateParceiro | null> {
  const [l] = await consulta(tx)
    .where(and(eq(resgateParceiro.id, id), eq(resgateParceiro.empresaId, empresaId), eq(resgateParceiro.redeCredenciadaId, parceiroId)))
    .limit(1);
  return l ? paraItem(l as Linha) : null;
}

/** The partner, or 404 — another company's partner is not there to see. */
export async function exigirParceiro(tx: Executor, empresaId: number, id: number) {
  const [p] = await tx
    .select()
    .from(redeCredenciada)
    .where(and(eq(redeCredenciada.id, id), eq(redeCredenciada.empresaId, empresaId)))
    .limit(1);
  if (!p) throw erro.naoEncontrado('Parceiro não encontrado.');
  return p;
}

/** `de`/`ate`: calendar days in Brasília, inclusive. */
function periodo(de: string | undefined, ate: string | undefined): SQL[] {
  const c: SQL[] = [];
  if (de) c.push(gte(resgateParceiro.criadoEm, sql`(${de}::date)::timestamp at time zone ${FUSO}`));
  if (ate) c.push(lt(resgateParceiro.criadoEm, sql`(${somarDias(ate, 1)}::date)::timestamp at time zone ${FUSO}`));
  return c;
}

export async function listarResgates(tx: Executor, empresaId: number, parceiroId: number, f: FiltroResgatesParceiro, page: number, size: number) {
  await exigirParceiro(tx, empresaId, parceiroId);
  const where = and(
    eq(resgateParceiro.empresaId, empresaId),
    eq(resgateParceiro.redeCredenciadaId, parceiroId),
    ...periodo(f.de, f.ate),
    f.situacao === 'LANCADO' ? isNull(resgateParceiro.estornadoEm) : f.situacao === 'ESTORNADO' ? isNotNull(resgateParceiro.estornadoEm) : undefined,
    f.clienteId ? eq(resgateParceiro.clienteId, f.clienteId) : undefined,
  );
  const [linhas, [total]] = await Promise.all([
    consulta(tx)
      .where(where)
      .orderBy(desc(resgateParceiro.criadoEm), desc(resgateParceiro.id))
      .limit(size)
      .offset(page * size),
    tx.select({ n: count() }).from(resgateParceiro).where(where),
  ]);
  return { itens: linhas.map((l) => paraItem(l as Linha)), total: total?.n ?? 0 };
}

/** Live redemptions per unit in the period (what the company owes the partner) and the reversed ones. */
export async function totalizar(tx: Executor, empresaId: number, parceiroId: number, de: string | undefined, ate: string | undefined): Promise<TotalizadorParceiro> {
  const p = await exigirParceiro(tx, empresaId, parceiroId);
  const linhas = await tx
    .select({
      unidade: resgateParceiro.unidade,
      estornado: sql<boolean>`${resgateParceiro.estornadoEm} is not null`,
      n: count(),
      soma: sql<string>`coalesce(sum(${resgateParceiro.valor}), 0)`,
    })
    .from(resgateParceiro)
    .where(and(eq(resgateParceiro.empresaId, empresaId), eq(resgateParceiro.redeCredenciadaId, parceiroId), ...periodo(de, ate)))
    .groupBy(resgateParceiro.unidade, sql`${resgateParceiro.estornadoEm} is not null`);
  const soma = (u: UnidadeCredenciada, estornado: boolean) =>
    emWire(u, linhas.filter((l) => l.unidade === u && Boolean(l.estornado) === estornado).reduce((s, l) => s + Number(l.soma), 0));
  const qtd = (estornado: boolean) => linhas.filter((l) => Boolean(l.estornado) === estornado).reduce((s, l) => s + Number(l.n), 0);
  return {
    parceiro: {
      id: p.id,
      nome: p.nome,
      ativo: p.ativo,
      unidades: p.unidades,
      resgateMaximo: p.resgateMaximoCentavos === null ? null : centavosParaReais(p.resgateMaximoCentavos),
    },
    de: de ?? null,
    ate: ate ?? null,
    aAcertar: { CASHBACK: soma('CASHBACK', false), PONTOS: soma('PONTOS', false) },
    quantidade: qtd(false),
    estornados: { quantidade: qtd(true), CASHBACK: soma('CASHBACK', true), PONTOS: soma('PONTOS', true) },
  };
}
