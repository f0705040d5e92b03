import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Dispositivo, DispositivoDados, FiltroDispositivo } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { dispositivo, empresa } from '../../db/schema/index.js';
import type { UsuarioContexto } from '../../lib/contexto.js';
import { padraoContem } from '../../lib/busca.js';
import { erro } from '../../lib/erros.js';
import { sha256, tokenAleatorio } from '../../lib/tokens.js';

const colunas = {
  id: dispositivo.id,
  nome: dispositivo.nome,
  identificador: dispositivo.identificador,
  filialId: dispositivo.filialId,
  filialNome: empresa.nomeCurto,
  ativo: dispositivo.ativo,
  ultimoAcesso: dispositivo.ultimoAcesso,
  criadoEm: dispositivo.criadoEm,
};

type Linha = { id: number; nome: string; identificador: string; filialId: number; filialNome: string; ativo: boolean; ultimoAcesso: Date | null; criadoEm: Date };

const paraDispositivo = (l: Linha): Dispositivo => ({
  ...l,
  ultimoAcesso: l.ultimoAcesso ? new Date(l.ultimoAcesso).toISOString() : null,
  criadoEm: new Date(l.criadoEm).toISOString(),
});

function tenant(u: UsuarioContexto): number {
  if (u.empresaId === null) throw erro.proibido('Operação disponível apenas para usuários de uma empresa.');
  return u.empresaId;
}

export async function listarDispositivos(tx: Executor, u: UsuarioContexto, f: FiltroDispositivo, page: number, size: number) {
  const where = and(
    eq(dispositivo.empresaId, tenant(u)),
    f.filialId ? eq(dispositivo.filialId, f.filialId) : undefined,
    f.ativo === undefined ? undefined : eq(dispositivo.ativo, f.ativo),
    f.busca ? sql`busca_normalizada(${dispositivo.nome} || ' ' || ${dispositivo.identificador}) like busca_normalizada(${padraoContem(f.busca)})` : undefined,
  );
  const [itens, [total]] = await Promise.all([
    tx
      .select(colunas)
      .from(dispositivo)
      .innerJoin(empresa, eq(empresa.id, dispositivo.filialId))
      .where(where)
      .orderBy(asc(empresa.nomeCurto), asc(dispositivo.nome), asc(dispositivo.id))
      .limit(size)
      .offset(page * size),
    tx.select({ n: count() }).from(dispositivo).where(where),
  ]);
  return { itens: itens.map(paraDispositivo), total: total?.n ?? 0 };
}

export async function buscarDispositivo(tx: Executor, u: UsuarioContexto, id: number): Promise<Dispositivo | null> {
  if (u.empresaId === null) return null;
  const [l] = await tx
    .select(colunas)
    .from(dispositivo)
    .innerJoin(empresa, eq(empresa.id, dispositivo.filialId))
    .where(and(eq(dispositivo.id, id), eq(dispositivo.empresaId, u.empresaId)))
    .limit(1);
  return l ? paraDispositivo(l) : null;
}

/** A new device gets its token here, returned once; an update keeps the token the browser holds. */
export async function gravarDispositivo(tx: Executor, u: UsuarioContexto, d: DispositivoDados, antes: Dispositivo | null): Promise<Dispositivo> {
  const empresaId = tenant(u);
  const [filial] = await tx
    .select({ id: empresa.id })
    .from(empresa)
    .where(and(eq(empresa.id, d.filialId), eq(empresa.matrizId, empresaId)))
    .limit(1);
  if (!filial) throw erro.requisicao('Filial não encontrada na rede.');
  const valores = { nome: d.nome, identificador: d.identificador, filialId: d.filialId, ativo: d.ativo };
  if (antes) {
    await tx.update(dispositivo).set(valores).where(and(eq(dispositivo.id, antes.id), eq(dispositivo.empresaId, empresaId)));
    return (await buscarDispositivo(tx, u, antes.id))!;
  }
  const token = tokenAleatorio();
  const [novo] = await tx
    .insert(dispositivo)
    .values({ ...valores, empresaId, tokenHash: sha256(token) })
    .returning({ id: dispositivo.id });
  return { ...(await buscarDispositivo(tx, u, novo!.id))!, token };
}

/** Pairs the device again (a new browser, cleared storage): the old token stops working at once. */
export async function novoToken(tx: Executor, u: UsuarioContexto, id: number): Promise<Dispositivo | null> {
  const token = tokenAleatorio();
  const r = await tx
    .update(dispositivo)
    .set({ tokenHash: sha256(token) })
    .where(and(eq(dispositivo.id, id), eq(dispositivo.empresaId, tenant(u))))
    .returning({ id: dispositivo.id });
  if (!r.length) return null;
  return { ...(await buscarDispositivo(tx, u, id))!, token };
}

export async function alternarStatus(tx: Executor, u: UsuarioContexto, id: number): Promise<void> {
  await tx
    .update(dispositivo)
    .set({ ativo: sql`not ${dispositivo.ativo}` })
    .where(and(eq(dispositivo.id, id), eq(dispositivo.empresaId, tenant(u))));
}

export async function excluirDispositivo(tx: Executor, u: UsuarioContexto, id: number): Promise<'EXCLUIR'> {
  await tx.delete(dispositivo).where(and(eq(dispositivo.id, id), eq(dispositivo.empresaId, tenant(u))));
  return 'EXCLUIR';
}
