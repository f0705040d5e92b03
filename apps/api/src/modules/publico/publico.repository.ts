import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { CondicoesPublico, FiltroPublico, Publico, PublicoDados } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { publico } from '../../db/schema/index.js';
import type { UsuarioContexto } from '../../lib/contexto.js';
import { padraoContem } from '../../lib/busca.js';
import { tenant } from './consulta.js';

type Linha = typeof publico.$inferSelect;

const paraItem = (l: Linha): Publico => ({
  id: l.id,
  nome: l.nome,
  descricao: l.descricao,
  condicoes: l.condicoes as CondicoesPublico,
  criadoEm: new Date(l.criadoEm).toISOString(),
  atualizadoEm: new Date(l.atualizadoEm).toISOString(),
});

export async function listarPublicos(tx: Executor, u: UsuarioContexto, f: FiltroPublico, page: number, size: number) {
  const where = and(
    eq(publico.empresaId, tenant(u)),
    f.busca ? sql`busca_normalizada(${publico.nome}) like busca_normalizada(${padraoContem(f.busca)})` : undefined,
  );
  const [itens, [total]] = [
    await tx.select().from(publico).where(where).orderBy(asc(publico.nome), asc(publico.id)).limit(size).offset(page * size),
    await tx.select({ n: count() }).from(publico).where(where),
  ];
  return { itens: itens.map(paraItem), total: total?.n ?? 0 };
}

export async function buscarPublico(tx: Executor, u: UsuarioContexto, id: number): Promise<Publico | null> {
  if (u.empresaId === null) return null;
  const [l] = await tx
    .select()
    .from(publico)
    .where(and(eq(publico.id, id), eq(publico.empresaId, u.empresaId)))
    .limit(1);
  return l ? paraItem(l) : null;
}

export async function gravarPublico(tx: Executor, u: UsuarioContexto, d: PublicoDados, antes: Publico | null): Promise<Publico> {
  const empresaId = tenant(u);
  const valores = { nome: d.nome, descricao: d.descricao, condicoes: d.condicoes };
  if (antes) {
    await tx
      .update(publico)
      .set({ ...valores, atualizadoEm: new Date() })
      .where(and(eq(publico.id, antes.id), eq(publico.empresaId, empresaId)));
    return (await buscarPublico(tx, u, antes.id))!;
  }
  const [l] = await tx
    .insert(publico)
    .values({ ...valores, empresaId, usuarioId: u.id })
    .returning();
  return paraItem(l!);
}

/** An audience is only a saved filter: deleting it leaves campaigns that used it with their own participant list. */
export async function excluirPublico(tx: Executor, u: UsuarioContexto, id: number): Promise<'EXCLUIR'> {
  await tx.delete(publico).where(and(eq(publico.id, id), eq(publico.empresaId, tenant(u))));
  return 'EXCLUIR';
}
