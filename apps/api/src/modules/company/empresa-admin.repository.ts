import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { EmpresaAdmin, FiltroEmpresaAdmin } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { auditoria, cliente, empresa, sessao, transacao, usuario } from '../../db/schema/index.js';

/**
 * The platform's client companies for the system administrator (docs/areas/sistema.md): head offices
 * only, across tenants — the administrator has no company, so no tenant binding applies to these queries.
 */

/** The outer row's id, qualified: inside a sub-select drizzle would write a bare "id", which binds to the inner table. */
const ID_EXTERNO = sql.raw('"empresa"."id"');

/** Usage of a network: each figure a correlated sub-select, read for one page of companies at a time. */
function colunasUso(inicioMes: Date) {
  return {
    clientes: sql<number>`(select count(*)::int from ${cliente} where ${cliente.empresaId} = ${ID_EXTERNO})`,
    vendasMes: sql<number>`(select count(*)::int from ${transacao} where ${transacao.empresaId} = ${ID_EXTERNO} and ${transacao.status} = 'CONFIRMADA' and ${transacao.criadoEm} >= ${inicioMes})`,
    valorVendasMes: sql<number>`(select coalesce(sum(${transacao.valorCentavos}), 0)::bigint from ${transacao} where ${transacao.empresaId} = ${ID_EXTERNO} and ${transacao.status} = 'CONFIRMADA' and ${transacao.criadoEm} >= ${inicioMes})`,
    usuarios: sql<number>`(select count(*)::int from ${usuario} where ${usuario.empresaId} = ${ID_EXTERNO} and ${usuario.ativo})`,
    filiais: sql<number>`(select count(*)::int from "empresa" f where f.matriz_id = ${ID_EXTERNO} and f.tipo = 'FILIAL')`,
    ultimaAtividade: sql<string | null>`greatest(
      (select max(${sessao.ultimoAcesso}) from ${sessao} join ${usuario} on ${usuario.id} = ${sessao.usuarioId} where ${usuario.empresaId} = ${ID_EXTERNO}),
      (select max(${transacao.criadoEm}) from ${transacao} where ${transacao.empresaId} = ${ID_EXTERNO}),
      (select max(${auditoria.criadoEm}) from ${auditoria} where ${auditoria.empresaId} = ${ID_EXTERNO} and ${auditoria.acao} = 'LOGIN')
    )`,
    // The reason of the block in force: the block itself is `ativa = false`, its reason the audit's last word.
    motivoBloqueio: sql<string | null>`case when "empresa"."ativa" then null else (
      select ${auditoria.depois} ->> 'motivo' from ${auditoria}
      where ${auditoria.entidade} = 'empresa' and ${auditoria.entidadeId} = ${ID_EXTERNO}::text and ${auditoria.acao} = 'BLOQUEAR'
      order by ${auditoria.id} desc limit 1) end`,
  };
}

function inicioDoMes(): Date {
  // The month of the platform's operator (Brasília); a company's own time zone rules its own reports.
  const agora = new Date(Date.now() - 3 * 3_600_000);
  return new Date(Date.UTC(agora.getUTCFullYear(), agora.getUTCMonth(), 1, 3));
}

const colunasBase = {
  id: empresa.id,
  nome: empresa.nome,
  nomeCurto: empresa.nomeCurto,
  cnpj: empresa.cnpj,
  slug: empresa.slug,
  fusoHorario: empresa.fusoHorario,
  ativa: empresa.ativa,
  criadoEm: empresa.criadoEm,
  experimentalAte: empresa.experimentalAte,
};

type LinhaAdmin = {
  id: number;
  nome: string;
  nomeCurto: string;
  cnpj: string | null;
  slug: string;
  fusoHorario: string;
  ativa: boolean;
  criadoEm: Date;
  experimentalAte: string | null;
  motivoBloqueio: string | null;
  clientes: number;
  vendasMes: number;
  valorVendasMes: number | string;
  usuarios: number;
  filiais: number;
  ultimaAtividade: string | Date | null;
};

function paraEmpresaAdmin(l: LinhaAdmin): EmpresaAdmin {
  const ultima = l.ultimaAtividade === null ? null : new Date(l.ultimaAtividade).toISOString();
  return {
    id: l.id,
    nome: l.nome,
    shortName: l.nomeCurto,
    cnpj: l.cnpj,
    slug: l.slug,
    fusoHorario: l.fusoHorario,
    ativa: l.ativa,
    criadoEm: l.criadoEm.toISOString(),
    experimentalAte: l.experimentalAte,
    motivoBloqueio: l.motivoBloqueio,
    uso: {
      clientes: Number(l.clientes),
      vendasMes: Number(l.vendasMes),
      valorVendasMes: Number(l.valorVendasMes) / 100,
      usuarios: Number(l.usuarios),
      filiais: Number(l.filiais),
      ultimaAtividade: ultima,
    },
  };
}

function filtroSql(f: FiltroEmpresaAdmin): SQL | undefined {
  const digitos = f.busca?.replace(/\D/g, '') ?? '';
  const termo = f.busca ? `%${f.busca.replace(/[\\%_]/g, '\\$&')}%` : null;
  return and(
    eq(empresa.tipo, 'MATRIZ'),
    f.situacao ? eq(empresa.ativa, f.situacao === 'ATIVA') : undefined,
    termo
      ? sql`(busca_normalizada(${empresa.nome} || ' ' || ${empresa.nomeCurto} || ' ' || ${empresa.slug}) like busca_normalizada(${termo})
          ${digitos.length >= 3 ? sql`or regexp_replace(coalesce(${empresa.cnpj}, ''), '[^0-9A-Za-z]', '', 'g') like ${`%${digitos}%`}` : sql``})`
      : undefined,
  );
}

export async function listarEmpresasAdmin(tx: Executor, f: FiltroEmpresaAdmin, page: number, size: number) {
  const where = filtroSql(f);
  const ordem = f.ordenarPor === 'criadoEm' ? empresa.criadoEm : sql`lower(${empresa.nomeCurto})`;
  const [linhas, [total]] = await Promise.all([
    tx
      .select({ ...colunasBase, ...colunasUso(inicioDoMes()) })
      .from(empresa)
      .where(where)
      .orderBy(f.direcao === 'desc' ? desc(ordem) : asc(ordem), asc(empresa.id))
      .limit(size)
      .offset(page * size),
    tx.select({ n: count() }).from(empresa).where(where),
  ]);
  return { itens: (linhas as LinhaAdmin[]).map(paraEmpresaAdmin), total: total?.n ?? 0 };
}

/** A head office by id; a branch's id is "not found" here (branches belong to their company's screens). */
export async function buscarEmpresaAdmin(tx: Executor, id: number): Promise<EmpresaAdmin | null> {
  const [l] = await tx
    .select({ ...colunasBase, ...colunasUso(inicioDoMes()) })
    .from(empresa)
    .where(and(eq(empresa.id, id), eq(empresa.tipo, 'MATRIZ')))
    .limit(1);
  return l ? paraEmpresaAdmin(l as LinhaAdmin) : null;
}

export async function slugEmUso(tx: Executor, slug: string, excetoId?: number): Promise<boolean> {
  const [l] = await tx
    .select({ id: empresa.id })
    .from(empresa)
    .where(and(eq(empresa.slug, slug), excetoId ? sql`${empresa.id} <> ${excetoId}` : undefined))
    .limit(1);
  return !!l;
}
