import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { BloqueioPublico, BloqueioPublicoDados, FiltroBloqueioPublico, OrigemBloqueio } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { bloqueioPublico, cliente, usuario } from '../../db/schema/index.js';
import type { UsuarioContexto } from '../../lib/contexto.js';
import { padraoContem } from '../../lib/busca.js';
import { erro } from '../../lib/erros.js';
import { tenant } from './consulta.js';

const colunas = {
  id: bloqueioPublico.id,
  clienteId: bloqueioPublico.clienteId,
  clienteNome: cliente.nome,
  clienteCelular: cliente.celular,
  clienteEmail: cliente.email,
  celular: bloqueioPublico.celular,
  email: bloqueioPublico.email,
  motivo: bloqueioPublico.motivo,
  origem: bloqueioPublico.origem,
  usuarioNome: usuario.nome,
  criadoEm: bloqueioPublico.criadoEm,
};

type Linha = { [K in keyof typeof colunas]: (typeof colunas)[K]['_']['data'] | null };

const paraItem = (l: Linha): BloqueioPublico => ({
  id: l.id!,
  clienteId: l.clienteId,
  clienteNome: l.clienteNome,
  // A blocked customer shows the contact data it has now.
  celular: l.celular ?? l.clienteCelular,
  email: l.email ?? l.clienteEmail,
  motivo: l.motivo,
  origem: l.origem as OrigemBloqueio,
  usuarioNome: l.usuarioNome,
  criadoEm: new Date(l.criadoEm!).toISOString(),
});

const consulta = (tx: Executor) =>
  tx
    .select(colunas)
    .from(bloqueioPublico)
    .leftJoin(cliente, and(eq(cliente.id, bloqueioPublico.clienteId), eq(cliente.empresaId, bloqueioPublico.empresaId)))
    .leftJoin(usuario, eq(usuario.id, bloqueioPublico.usuarioId));

export async function listarBloqueios(tx: Executor, u: UsuarioContexto, f: FiltroBloqueioPublico, page: number, size: number) {
  const empresaId = tenant(u);
  const digitos = f.busca?.replace(/\D/g, '') ?? '';
  const where = and(
    eq(bloqueioPublico.empresaId, empresaId),
    f.origem ? eq(bloqueioPublico.origem, f.origem) : undefined,
    f.busca
      ? sql`(busca_normalizada(coalesce(${cliente.nome}, '') || ' ' || coalesce(${bloqueioPublico.email}, ${cliente.email}, '') || ' ' || ${bloqueioPublico.motivo})
          like busca_normalizada(${padraoContem(f.busca)})
          ${digitos.length >= 4 ? sql`or coalesce(${bloqueioPublico.celular}, ${cliente.celular}) like ${`%${digitos}%`}` : sql``})`
      : undefined,
  );
  const [itens, [total]] = [
    await consulta(tx).where(where).orderBy(desc(bloqueioPublico.criadoEm), desc(bloqueioPublico.id)).limit(size).offset(page * size),
    await tx
      .select({ n: count() })
      .from(bloqueioPublico)
      .leftJoin(cliente, and(eq(cliente.id, bloqueioPublico.clienteId), eq(cliente.empresaId, bloqueioPublico.empresaId)))
      .where(where),
  ];
  return { itens: itens.map(paraItem), total: total?.n ?? 0 };
}

export async function buscarBloqueio(tx: Executor, u: UsuarioContexto, id: number): Promise<BloqueioPublico | null> {
  if (u.empresaId === null) return null;
  const [l] = await consulta(tx)
    .where(and(eq(bloqueioPublico.id, id), eq(bloqueioPublico.empresaId, u.empresaId)))
    .limit(1);
  return l ? paraItem(l) : null;
}

/**
 * Blocks a customer or a loose mobile/e-mail. Blocking again keeps the first row (its who, when and
 * why): the partial unique indexes decide, so two clicks at once still leave one row. Returns the
 * row and whether this call created it.
 */
export async function bloquear(
  tx: Executor,
  empresaId: number,
  usuarioId: number | null,
  d: BloqueioPublicoDados,
  origem: OrigemBloqueio,
): Promise<{ id: number; criado: boolean }> {
  if (d.clienteId) {
    const [c] = await tx
      .select({ id: cliente.id })
      .from(cliente)
      .where(and(eq(cliente.id, d.clienteId), eq(cliente.empresaId, empresaId)))
      .limit(1);
    if (!c) throw erro.naoEncontrado('Cliente não encontrado.');
  }
  const valores = { empresaId, clienteId: d.clienteId ?? null, celular: d.clienteId ? null : d.celular, email: d.clienteId ? null : d.email, motivo: d.motivo, origem, usuarioId };
  const [novo] = await tx.insert(bloqueioPublico).values(valores).onConflictDoNothing().returning({ id: bloqueioPublico.id });
  if (novo) return { id: novo.id, criado: true };
  const [existente] = await tx
    .select({ id: bloqueioPublico.id })
    .from(bloqueioPublico)
    .where(
      and(
        eq(bloqueioPublico.empresaId, empresaId),
        d.clienteId
          ? eq(bloqueioPublico.clienteId, d.clienteId)
          : sql`${bloqueioPublico.clienteId} is null and (${d.celular ? sql`${bloqueioPublico.celular} = ${d.celular}` : sql`false`} or ${d.email ? sql`${bloqueioPublico.email} = ${d.email}` : sql`false`})`,
      ),
    )
    .limit(1);
  return { id: existente!.id, criado: false };
}

export async function desbloquear(tx: Executor, u: UsuarioContexto, id: number): Promise<'EXCLUIR'> {
  await tx.delete(bloqueioPublico).where(and(eq(bloqueioPublico.id, id), eq(bloqueioPublico.empresaId, tenant(u))));
  return 'EXCLUIR';
}
