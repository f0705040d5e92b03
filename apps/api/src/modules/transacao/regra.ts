import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import { centavosParaReais, type AlteracaoRegra, type RegraFilial, type RegraProgramaWire } from '@bonifica/contracts';
import { auditoria, empresa, regraPrograma, usuario } from '../../db/schema/index.js';
import type { Executor } from '../../db/client.js';
import { erro } from '../../lib/erros.js';

/** The audit entity of the programme's rule; its id is the company's (or the branch's) empresa id. */
export const ENTIDADE_REGRA = 'regra_programa';

type LinhaRegra = typeof regraPrograma.$inferSelect;

function paraWire(r: LinhaRegra | undefined, filialId: number | null, propria: boolean, configurada: boolean): RegraProgramaWire {
  if (!r) return { cashbackPercentual: 0, pontosPorReal: 0, compraMinima: 0, maximoCashbackPorVenda: null, validadeDias: null, carenciaDias: 0, configurada: false, atualizadoEm: null, filialId, propria: false };
  return {
    // Basis points → percent with 2 decimals, the same way centavos become reais.
    cashbackPercentual: centavosParaReais(r.cashbackPercentualBp),
    pontosPorReal: r.pontosPorReal,
    compraMinima: centavosParaReais(r.compraMinimaCentavos),
    maximoCashbackPorVenda: r.maximoCashbackPorVendaCentavos === null ? null : centavosParaReais(r.maximoCashbackPorVendaCentavos),
    validadeDias: r.validadeDias,
    carenciaDias: r.carenciaDias,
    configurada,
    atualizadoEm: r.atualizadoEm.toISOString(),
    filialId,
    propria,
  };
}

async function linhaDa(tx: Executor, empresaId: number, filialId: number | null): Promise<LinhaRegra | undefined> {
  const [r] = await tx
    .select()
    .from(regraPrograma)
    .where(and(eq(regraPrograma.empresaId, empresaId), filialId === null ? isNull(regraPrograma.filialId) : eq(regraPrograma.filialId, filialId)))
    .limit(1);
  return r;
}

/** A branch of the company's network, else 404 (another company's branch is not found, never shown). */
export async function exigirFilial(tx: Executor, empresaId: number, filialId: number): Promise<{ id: number; nome: string }> {
  const [f] = await tx
    .select({ id: empresa.id, nome: empresa.nomeCurto })
    .from(empresa)
    .where(and(eq(empresa.id, filialId), eq(empresa.matrizId, empresaId), eq(empresa.tipo, 'FILIAL')))
    .limit(1);
  if (!f) throw erro.naoEncontrado('Filial não encontrada.');
  return f;
}

/**
 * The rule in force for a scope: the branch's own row when it has one, else the company's — the
 * same precedence the sale and the credit lots apply (venda.ts, account/lotes.ts).
 */
export async function lerRegra(tx: Executor, empresaId: number, filialId: number | null): Promise<RegraProgramaWire> {
  const daEmpresa = await linhaDa(tx, empresaId, null);
  const configurada = daEmpresa?.ativo ?? false;
  if (filialId === null) return paraWire(daEmpresa, null, daEmpresa !== undefined, configurada);
  const daFilial = await linhaDa(tx, empresaId, filialId);
  return daFilial ? paraWire(daFilial, filialId, true, configurada) : { ...paraWire(daEmpresa, filialId, false, configurada), propria: false };
}

export async function regrasDasFiliais(tx: Executor, empresaId: number): Promise<RegraFilial[]> {
  const linhas = await tx
    .select({ r: regraPrograma, nome: empresa.nomeCurto })
    .from(regraPrograma)
    .innerJoin(empresa, eq(empresa.id, regraPrograma.filialId))
    .where(and(eq(regraPrograma.empresaId, empresaId), eq(empresa.matrizId, empresaId)))
    .orderBy(asc(empresa.nomeCurto));
  const configurada = (await linhaDa(tx, empresaId, null))?.ativo ?? false;
  return linhas.map((l) => ({ filialId: l.r.filialId!, nome: l.nome, regra: paraWire(l.r, l.r.filialId, true, configurada) }));
}

/** The rule's audit trail, newest first: only this company's rows and only this entity (RLS backs the filter). */
export async function historicoDaRegra(tx: Executor, empresaId: number, page: number, size: number): Promise<{ itens: AlteracaoRegra[]; total: number }> {
  const escopo = alias(empresa, 'escopo');
  const onde = and(eq(auditoria.empresaId, empresaId), eq(auditoria.entidade, ENTIDADE_REGRA));
  const [linhas, [total]] = await Promise.all([
    tx
      .select({
        id: auditoria.id,
        criadoEm: auditoria.criadoEm,
        acao: auditoria.acao,
        usuario: usuario.nome,
        entidadeId: auditoria.entidadeId,
        escopoNome: escopo.nomeCurto,
        antes: auditoria.antes,
        depois: auditoria.depois,
      })
      .from(auditoria)
      .leftJoin(usuario, eq(usuario.id, auditoria.usuarioId))
      .leftJoin(escopo, and(eq(sql`${escopo.id}::text`, auditoria.entidadeId), eq(escopo.matrizId, empresaId)))
      .where(onde)
      .orderBy(desc(auditoria.id))
      .limit(size)
      .offset(page * size),
    tx.select({ n: count() }).from(auditoria).where(onde),
  ]);
  const itens = linhas.map((l): AlteracaoRegra => {
    const filialId = l.entidadeId !== null && Number(l.entidadeId) !== empresaId ? Number(l.entidadeId) : null;
    return {
      id: l.id,
      criadoEm: l.criadoEm.toISOString(),
      acao: l.acao,
      usuario: l.usuario,
      filialId,
      escopo: filialId === null ? 'Empresa' : (l.escopoNome ?? `Filial ${filialId}`),
      antes: (l.antes as Record<string, unknown> | null) ?? null,
      depois: (l.depois as Record<string, unknown> | null) ?? null,
    };
  });
  return { itens, total: total?.n ?? 0 };
}
