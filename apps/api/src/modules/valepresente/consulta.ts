import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { centavosParaReais, hojeISO, type FiltroVale, type SituacaoValePresente, type UsoValePresente, type ValePresente } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { cliente, empresa, transacao, valePresente, valePresenteUso } from '../../db/schema/index.js';

const FUSO = 'America/Sao_Paulo';
const comprador = alias(cliente, 'vale_comprador');
const beneficiario = alias(cliente, 'vale_beneficiario');
const filial = alias(empresa, 'vale_filial');

/**
 * What the card's uses in sales still confirmed took: a cancelled sale stops counting here, the
 * same moment its reversing posting gives the amount back to the gift cards' account. The outer
 * table is named in full: inside a raw fragment drizzle may print a column without its table.
 */
export const sqlUsado = sql<number>`coalesce((select sum(u.valor_centavos) from vale_presente_uso u join transacao t on t.id = u.transacao_id
  where u.vale_presente_id = vale_presente.id and t.status = 'CONFIRMADA'), 0)::bigint`;

const colunas = {
  id: valePresente.id,
  codigo: valePresente.codigo,
  cartaoId: valePresente.cartaoId,
  valorCentavos: valePresente.valorCentavos,
  devolvidoCentavos: valePresente.devolvidoCentavos,
  usadoCentavos: sqlUsado.mapWith(Number),
  validoAte: valePresente.validoAte,
  status: valePresente.status,
  compradorClienteId: valePresente.compradorClienteId,
  compradorNome: comprador.nome,
  beneficiarioClienteId: valePresente.beneficiarioClienteId,
  beneficiarioNomeInformado: valePresente.beneficiarioNome,
  beneficiarioNomeCliente: beneficiario.nome,
  mensagem: valePresente.mensagem,
  filialId: valePresente.filialId,
  filialNome: filial.nomeCurto,
  criadoEm: valePresente.criadoEm,
  canceladoEm: valePresente.canceladoEm,
  motivoCancelamento: valePresente.motivoCancelamento,
};
type Linha = { [K in keyof typeof colunas]: unknown } & {
  id: number;
  codigo: string;
  valorCentavos: number;
  devolvidoCentavos: number;
  usadoCentavos: number;
  validoAte: string;
  status: 'ATIVO' | 'CANCELADO';
};

export function situacao(status: 'ATIVO' | 'CANCELADO', saldoCentavos: number, validoAte: string, hoje = hojeISO()): SituacaoValePresente {
  if (status === 'CANCELADO') return 'CANCELADO';
  if (saldoCentavos <= 0) return 'ESGOTADO';
  return validoAte < hoje ? 'VENCIDO' : 'ATIVO';
}

export const saldoCentavos = (l: { valorCentavos: number; devolvidoCentavos: number; usadoCentavos: number }) => l.valorCentavos - l.devolvidoCentavos - l.usadoCentavos;

function paraWire(l: Linha): ValePresente {
  const saldo = saldoCentavos(l);
  const iso = (d: unknown) => (d ? new Date(d as string).toISOString() : null);
  return {
    id: l.id,
    codigo: l.codigo,
    cartaoId: (l.cartaoId as number | null) ?? null,
    valor: centavosParaReais(l.valorCentavos),
    saldo: centavosParaReais(saldo),
    usado: centavosParaReais(l.usadoCentavos),
    devolvido: centavosParaReais(l.devolvidoCentavos),
    validoAte: l.validoAte,
    status: l.status,
    situacao: situacao(l.status, saldo, l.validoAte),
    compradorClienteId: (l.compradorClienteId as number | null) ?? null,
    compradorNome: (l.compradorNome as string | null) ?? null,
    beneficiarioClienteId: (l.beneficiarioClienteId as number | null) ?? null,
    beneficiarioNome: ((l.beneficiarioNomeCliente ?? l.beneficiarioNomeInformado) as string | null) ?? null,
    mensagem: (l.mensagem as string | null) ?? null,
    filialId: (l.filialId as number | null) ?? null,
    filialNome: (l.filialNome as string | null) ?? null,
    criadoEm: iso(l.criadoEm)!,
    canceladoEm: iso(l.canceladoEm),
    motivoCancelamento: (l.motivoCancelamento as string | null) ?? null,
  };
}

function consulta(tx: Executor) {
  return tx
    .select(colunas)
    .from(valePresente)
    .leftJoin(comprador, eq(comprador.id, valePresente.compradorClienteId))
    .leftJoin(beneficiario, eq(beneficiario.id, valePresente.beneficiarioClienteId))
    .leftJoin(filial, eq(filial.id, valePresente.filialId));
}

/** A card of the company (the counter of a branch sees the cards of its branch only). */
export async function buscarVale(tx: Executor, empresaId: number, filialVisivel: number | null, id: number): Promise<ValePresente | null> {
  const [l] = await consulta(tx)
    .where(and(eq(valePresente.empresaId, empresaId), eq(valePresente.id, id), filialVisivel ? eq(valePresente.filialId, filialVisivel) : undefined))
    .limit(1);
  return l ? paraWire(l as Linha) : null;
}

/** The list of the management, newest first; the situation filter is applied on the derived balance. */
export async function listarVales(tx: Executor, empresaId: number, f: FiltroVale, page: number, size: number): Promise<{ itens: ValePresente[]; total: number }> {
  const saldo = sql`(${valePresente.valorCentavos} - ${valePresente.devolvidoCentavos} - ${sqlUsado})`;
  const hoje = hojeISO();
  const porSituacao: Record<SituacaoValePresente, SQL> = {
    CANCELADO: sql`${valePresente.status} = 'CANCELADO'`,
    ESGOTADO: sql`${valePresente.status} = 'ATIVO' and ${saldo} <= 0`,
    VENCIDO: sql`${valePresente.status} = 'ATIVO' and ${saldo} > 0 and ${valePresente.validoAte} < ${hoje}`,
    ATIVO: sql`${valePresente.status} = 'ATIVO' and ${saldo} > 0 and ${valePresente.validoAte} >= ${hoje}`,
  };
  const codigo = f.codigo?.replace(/\D/g, '');
  const where = and(
    eq(valePresente.empresaId, empresaId),
    codigo ? sql`${valePresente.codigo} like ${`%${codigo}%`}` : undefined,
    f.situacao ? porSituacao[f.situacao] : undefined,
    f.de ? gte(valePresente.criadoEm, sql`(${f.de}::date)::timestamp at time zone ${FUSO}`) : undefined,
    f.ate ? lt(valePresente.criadoEm, sql`(${f.ate}::date + 1)::timestamp at time zone ${FUSO}`) : undefined,
  );
  const [linhas, [total]] = await Promise.all([
    consulta(tx)
      .where(where)
      .orderBy(desc(valePresente.criadoEm), desc(valePresente.id))
      .limit(size)
      .offset(page * size),
    tx.select({ n: sql<number>`count(*)::int` }).from(valePresente).where(where),
  ]);
  return { itens: linhas.map((l) => paraWire(l as Linha)), total: total?.n ?? 0 };
}

/** The sales that used a card, newest first. */
export async function usosDoVale(tx: Executor, empresaId: number, valeId: number): Promise<UsoValePresente[]> {
  const linhas = await tx
    .select({ transacaoId: valePresenteUso.transacaoId, valor: valePresenteUso.valorCentavos, criadoEm: valePresenteUso.criadoEm, status: transacao.status })
    .from(valePresenteUso)
    .innerJoin(transacao, eq(transacao.id, valePresenteUso.transacaoId))
    .where(and(eq(valePresenteUso.empresaId, empresaId), eq(valePresenteUso.valePresenteId, valeId)))
    .orderBy(desc(valePresenteUso.id));
  return linhas.map((l) => ({ transacaoId: l.transacaoId, valor: centavosParaReais(l.valor), criadoEm: l.criadoEm.toISOString(), cancelada: l.status === 'CANCELADA' }));
}
