import { and, asc, count, eq, sql } from 'drizzle-orm';
import { centavosParaReais, reaisParaCentavos, type FiltroRedeCredenciada, type RedeCredenciada, type RedeCredenciadaDados } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { redeCredenciada } from '../../db/schema/index.js';
import type { UsuarioContexto } from '../../lib/contexto.js';
import { padraoContem } from '../../lib/busca.js';
import { erro } from '../../lib/erros.js';

type Linha = typeof redeCredenciada.$inferSelect;

const paraItem = (l: Linha): RedeCredenciada => ({
  id: l.id,
  nome: l.nome,
  cnpj: l.cnpj,
  telefone: l.telefone,
  cidade: l.cidade,
  uf: l.uf,
  unidades: l.unidades,
  resgateMaximo: l.resgateMaximoCentavos === null ? null : centavosParaReais(l.resgateMaximoCentavos),
  ativo: l.ativo,
  criadoEm: new Date(l.criadoEm).toISOString(),
});

function tenant(u: UsuarioContexto): number {
  if (u.empresaId === null) throw erro.proibido('Operação disponível apenas para usuários de uma empresa.');
  return u.empresaId;
}

export async function listarRede(tx: Executor, u: UsuarioContexto, f: FiltroRedeCredenciada, page: number, size: number) {
  const where = and(
    eq(redeCredenciada.empresaId, tenant(u)),
    f.ativo === undefined ? undefined : eq(redeCredenciada.ativo, f.ativo),
    f.busca ? sql`busca_normalizada(${redeCredenciada.nome} || ' ' || coalesce(${redeCredenciada.cidade}, '')) like busca_normalizada(${padraoContem(f.busca)})` : undefined,
  );
  const [itens, [total]] = await Promise.all([
    tx.select().from(redeCredenciada).where(where).orderBy(asc(redeCredenciada.nome), asc(redeCredenciada.id)).limit(size).offset(page * size),
    tx.select({ n: count() }).from(redeCredenciada).where(where),
  ]);
  return { itens: itens.map(paraItem), total: total?.n ?? 0 };
}

export async function buscarParceiro(tx: Executor, u: UsuarioContexto, id: number): Promise<RedeCredenciada | null> {
  if (u.empresaId === null) return null;
  const [l] = await tx
    .select()
    .from(redeCredenciada)
    .where(and(eq(redeCredenciada.id, id), eq(redeCredenciada.empresaId, u.empresaId)))
    .limit(1);
  return l ? paraItem(l) : null;
}

export async function gravarParceiro(tx: Executor, u: UsuarioContexto, d: RedeCredenciadaDados, antes: RedeCredenciada | null): Promise<RedeCredenciada> {
  const empresaId = tenant(u);
  const valores = {
    nome: d.nome,
    cnpj: d.cnpj,
    telefone: d.telefone,
    cidade: d.cidade,
    uf: d.uf,
    unidades: d.unidades,
    resgateMaximoCentavos: d.resgateMaximo === null ? null : reaisParaCentavos(d.resgateMaximo),
    ativo: d.ativo,
  };
  if (antes) {
    await tx.update(redeCredenciada).set(valores).where(and(eq(redeCredenciada.id, antes.id), eq(redeCredenciada.empresaId, empresaId)));
    return (await buscarParceiro(tx, u, antes.id))!;
  }
  const [l] = await tx
    .insert(redeCredenciada)
    .values({ ...valores, empresaId })
    .returning();
  return paraItem(l!);
}

/** A partner leaves the network by deactivation: its history (and any future redemptions) stays readable. */
export async function desativarParceiro(tx: Executor, u: UsuarioContexto, id: number): Promise<'DESATIVAR'> {
  await tx
    .update(redeCredenciada)
    .set({ ativo: false })
    .where(and(eq(redeCredenciada.id, id), eq(redeCredenciada.empresaId, tenant(u))));
  return 'DESATIVAR';
}
