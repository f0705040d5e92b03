import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Empresa, FusoHorario } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { empresa, faturaEmpresa } from '../../db/schema/index.js';
import { ehAdmin, type UsuarioContexto } from '../../lib/contexto.js';

const colunas = {
  id: empresa.id,
  nomeCurto: empresa.nomeCurto,
  nome: empresa.nome,
  cnpj: empresa.cnpj,
  tipo: empresa.tipo,
  matrizId: empresa.matrizId,
  fusoHorario: empresa.fusoHorario,
  ativa: empresa.ativa,
  experimentalAte: empresa.experimentalAte,
  temLogo: sql<boolean>`${empresa.logoArquivoId} is not null`,
};

type Linha = { id: number; nomeCurto: string; nome: string; cnpj: string | null; tipo: 'MATRIZ' | 'FILIAL'; matrizId: number; fusoHorario: string; ativa: boolean };

export function paraEmpresa(l: Linha): Empresa {
  return { id: l.id, shortName: l.nomeCurto, nome: l.nome, cnpj: l.cnpj, tipo: l.tipo, matrizId: l.matrizId, fusoHorario: l.fusoHorario as FusoHorario, ativa: l.ativa };
}

/**
 * The companies the caller may see — their own network; all of them for a system administrator —
 * written in the query itself, with row-level security as the second lock (ARCHITECTURE §6).
 */
export function empresasVisiveis(u: UsuarioContexto): SQL | undefined {
  if (ehAdmin(u) && u.empresaId === null) return undefined;
  return u.empresaId === null ? sql`false` : eq(empresa.matrizId, u.empresaId);
}

export async function buscarEmpresa(tx: Executor, u: UsuarioContexto, id: number) {
  const [l] = await tx.select(colunas).from(empresa).where(and(eq(empresa.id, id), empresasVisiveis(u))).limit(1);
  return l ?? null;
}

/** Head office first, then branches by name. */
export async function empresasDaRede(tx: Executor, matrizId: number, somenteFiliais = false): Promise<Empresa[]> {
  const linhas = await tx
    .select(colunas)
    .from(empresa)
    .where(and(eq(empresa.matrizId, matrizId), somenteFiliais ? eq(empresa.tipo, 'FILIAL') : undefined))
    .orderBy(desc(sql`${empresa.tipo} = 'MATRIZ'`), asc(empresa.nomeCurto));
  return linhas.map(paraEmpresa);
}

export async function faturaAberta(tx: Executor, matrizId: number) {
  const [f] = await tx
    .select()
    .from(faturaEmpresa)
    .where(and(eq(faturaEmpresa.empresaId, matrizId), eq(faturaEmpresa.status, 'ABERTA')))
    .orderBy(asc(faturaEmpresa.vencimento))
    .limit(1);
  return f ?? null;
}

export async function slugDaEmpresa(tx: Executor, id: number): Promise<string | null> {
  const [l] = await tx.select({ slug: empresa.slug }).from(empresa).where(eq(empresa.id, id)).limit(1);
  return l?.slug ?? null;
}

/** The company's short name, as its documents and messages sign them (prize, coupon and gift-card PDFs, draw notices). */
export async function nomeDaEmpresa(tx: Executor, empresaId: number): Promise<string> {
  const [e] = await tx.select({ nome: empresa.nomeCurto }).from(empresa).where(eq(empresa.id, empresaId)).limit(1);
  return e?.nome ?? '';
}
