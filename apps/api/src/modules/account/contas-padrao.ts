import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { ROTULOS_UNIDADE, type ContaPadrao, type ConfiguracaoContasPadrao, type UnidadeConta } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { contaPadrao } from '../../db/schema/index.js';

/** What a company without its own configuration gets: cashback and points (docs/areas/razao.md "Contas padrão"). */
export const CONTAS_PADRAO_INICIAIS: ContaPadrao[] = [
  { unidade: 'CASHBACK', nome: ROTULOS_UNIDADE.CASHBACK, ordem: 0, ativo: true },
  { unidade: 'PONTOS', nome: ROTULOS_UNIDADE.PONTOS, ordem: 1, ativo: true },
];

export async function lerContasPadrao(tx: Executor, empresaId: number): Promise<ConfiguracaoContasPadrao> {
  const linhas = await tx
    .select({ unidade: contaPadrao.tipo, nome: contaPadrao.nome, ordem: contaPadrao.ordem, ativo: contaPadrao.ativo })
    .from(contaPadrao)
    .where(eq(contaPadrao.empresaId, empresaId))
    .orderBy(asc(contaPadrao.ordem), asc(contaPadrao.id));
  if (linhas.length === 0) return { configurada: false, contas: CONTAS_PADRAO_INICIAIS };
  return { configurada: true, contas: linhas as ContaPadrao[] };
}

/** The company's active default types, as SQL rows (configured ones, else the built-in defaults). */
function tiposAtivos(empresaId: number): SQL {
  const iniciais = sql.join(
    CONTAS_PADRAO_INICIAIS.map((c) => sql`(${c.unidade}::varchar)`),
    sql`, `,
  );
  return sql`(
    select p.tipo from conta_padrao p where p.empresa_id = ${empresaId} and p.ativo
    union all
    select v.tipo from (values ${iniciais}) as v(tipo)
    where not exists (select 1 from conta_padrao p where p.empresa_id = ${empresaId})
  )`;
}

/**
 * Creates the missing default accounts of some customers in ONE statement (customer sign-up pays a
 * single round-trip). `clientes` is a list of ids or a subquery of ids of the same company.
 * Existing accounts are left alone (unique key), so it is idempotent. Returns how many were created.
 */
export async function criarContasPadrao(tx: Executor, empresaId: number, clientes: number[] | SQL): Promise<number> {
  if (Array.isArray(clientes) && clientes.length === 0) return 0;
  const ids = Array.isArray(clientes) ? sql`(values ${sql.join(clientes.map((id) => sql`(${id}::int)`), sql`, `)})` : clientes;
  const r = await tx.execute(sql`
    insert into conta (empresa_id, cliente_id, tipo)
    select ${empresaId}, c.id, t.tipo
    from ${ids} as c(id) cross join ${tiposAtivos(empresaId)} as t
    on conflict do nothing
    returning id`);
  return (r as unknown as { rows: unknown[] }).rows.length;
}

/** Saves the whole configuration in display order (index = order); types left out become inactive. */
export async function salvarContasPadrao(tx: Executor, empresaId: number, contas: { unidade: UnidadeConta; nome: string; ativo: boolean }[]) {
  for (const [ordem, c] of contas.entries()) {
    await tx
      .insert(contaPadrao)
      .values({ empresaId, tipo: c.unidade, nome: c.nome, ordem, ativo: c.ativo })
      .onConflictDoUpdate({ target: [contaPadrao.empresaId, contaPadrao.tipo], set: { nome: c.nome, ordem, ativo: c.ativo } });
  }
  const enviados = new Set(contas.map((c) => c.unidade));
  const antigos = await tx.select({ tipo: contaPadrao.tipo }).from(contaPadrao).where(eq(contaPadrao.empresaId, empresaId));
  for (const a of antigos.filter((x) => !enviados.has(x.tipo))) {
    await tx
      .update(contaPadrao)
      .set({ ativo: false, ordem: contas.length })
      .where(and(eq(contaPadrao.empresaId, empresaId), eq(contaPadrao.tipo, a.tipo)));
  }
}
