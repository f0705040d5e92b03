import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { centavosParaReais, reaisParaCentavos, TIPOS_FOTO, type FiltroPremio, type Premio, type PremioDados } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { arquivo, empresa, premio } from '../../db/schema/index.js';
import type { UsuarioContexto } from '../../lib/contexto.js';
import { padraoContem } from '../../lib/busca.js';
import { erro } from '../../lib/erros.js';

// Qualified by hand: in a one-table select Drizzle writes the outer columns unqualified, and inside the
// subquery they would resolve to the redemption's own columns.
const resgates = sql<number>`(select count(*)::int from premio_resgate r where r.empresa_id = "premio"."empresa_id" and r.premio_id = "premio"."id")`;
const colunas = {
  id: premio.id,
  nome: premio.nome,
  descricao: premio.descricao,
  fotoArquivoId: premio.fotoArquivoId,
  custoPontos: premio.custoPontos,
  custoCentavos: premio.custoCentavos,
  estoque: premio.estoque,
  limitePorCliente: premio.limitePorCliente,
  limitePeriodo: premio.limitePeriodo,
  validoDe: premio.validoDe,
  validoAte: premio.validoAte,
  filiais: premio.filiais,
  ativo: premio.ativo,
  resgates,
  criadoEm: premio.criadoEm,
};
type Linha = Awaited<ReturnType<typeof buscarLinhas>>[number];

function buscarLinhas(tx: Executor, where: SQL | undefined) {
  return tx.select(colunas).from(premio).where(where);
}

export function paraPremio(l: Linha): Premio {
  return {
    id: l.id,
    nome: l.nome,
    descricao: l.descricao,
    fotoArquivoId: l.fotoArquivoId,
    custoPontos: l.custoPontos || null,
    custoCashback: l.custoCentavos ? centavosParaReais(l.custoCentavos) : null,
    estoque: l.estoque,
    limitePorCliente: l.limitePorCliente,
    limitePeriodo: l.limitePeriodo,
    validoDe: l.validoDe,
    validoAte: l.validoAte,
    filiais: l.filiais,
    ativo: l.ativo,
    resgates: Number(l.resgates),
    criadoEm: new Date(l.criadoEm).toISOString(),
  };
}

const daEmpresa = (u: UsuarioContexto): SQL => (u.empresaId === null ? sql`false` : eq(premio.empresaId, u.empresaId));
/** A prize collected at `filialId`: its list is empty (every branch) or names it. */
export const retiradoNa = (filialId: number): SQL => sql`(cardinality(${premio.filiais}) = 0 or ${filialId} = any(${premio.filiais}))`;

export async function listarPremios(tx: Executor, u: UsuarioContexto, f: FiltroPremio, page: number, size: number) {
  const where = and(
    daEmpresa(u),
    f.ativo === undefined ? undefined : eq(premio.ativo, f.ativo),
    f.filialId ? retiradoNa(f.filialId) : undefined,
    f.busca ? sql`busca_normalizada(${premio.nome} || ' ' || coalesce(${premio.descricao}, '')) like busca_normalizada(${padraoContem(f.busca)})` : undefined,
  );
  const [itens, [total]] = await Promise.all([
    buscarLinhas(tx, where).orderBy(asc(premio.nome), asc(premio.id)).limit(size).offset(page * size),
    tx.select({ n: count() }).from(premio).where(where),
  ]);
  return { itens: itens.map(paraPremio), total: total!.n };
}

export async function buscarPremio(tx: Executor, u: UsuarioContexto, id: number): Promise<Premio | null> {
  const [l] = await buscarLinhas(tx, and(eq(premio.id, id), daEmpresa(u))).limit(1);
  return l ? paraPremio(l) : null;
}

/** The photo and the branches must be the company's own: another company's id answers as missing. */
async function conferirReferencias(tx: Executor, empresaId: number, d: PremioDados) {
  if (d.fotoArquivoId) {
    const [f] = await tx.select({ tipo: arquivo.tipo }).from(arquivo).where(and(eq(arquivo.id, d.fotoArquivoId), eq(arquivo.empresaId, empresaId))).limit(1);
    if (!f) throw erro.requisicao('Foto não encontrada: envie a imagem de novo.');
    // arquivo/upload also takes PDFs, GIFs and icons (template attachments, logos); a prize photo goes on PDFs and vouchers.
    if (!(TIPOS_FOTO as readonly string[]).includes(f.tipo)) throw erro.requisicao('A foto do prêmio deve ser uma imagem PNG, JPEG ou WebP.');
  }
  if (d.filiais.length) {
    const achadas = await tx.select({ id: empresa.id }).from(empresa).where(and(eq(empresa.matrizId, empresaId), inArray(empresa.id, d.filiais)));
    if (achadas.length !== d.filiais.length) throw erro.requisicao('Filial não encontrada na rede.');
  }
}

export async function gravarPremio(tx: Executor, u: UsuarioContexto, d: PremioDados, antes: Premio | null): Promise<Premio> {
  const empresaId = u.empresaId!;
  await conferirReferencias(tx, empresaId, d);
  const valores = {
    nome: d.nome,
    descricao: d.descricao || null,
    fotoArquivoId: d.fotoArquivoId,
    custoPontos: d.custoPontos || null,
    custoCentavos: d.custoCashback ? reaisParaCentavos(d.custoCashback) : null,
    estoque: d.estoque,
    limitePorCliente: d.limitePorCliente,
    limitePeriodo: d.limitePeriodo,
    validoDe: d.validoDe,
    validoAte: d.validoAte,
    filiais: d.filiais,
    ativo: d.ativo,
  };
  let id = antes?.id;
  if (antes) await tx.update(premio).set({ ...valores, atualizadoEm: new Date() }).where(and(eq(premio.id, antes.id), eq(premio.empresaId, empresaId)));
  else [{ id }] = (await tx.insert(premio).values({ ...valores, empresaId }).returning({ id: premio.id })) as [{ id: number }];
  return (await buscarPremio(tx, u, id!))!;
}

/** A prize already redeemed is kept (its redemptions point to it) and only deactivated. */
export async function excluirPremio(tx: Executor, u: UsuarioContexto, id: number, antes: Premio): Promise<'EXCLUIR' | 'DESATIVAR'> {
  const onde = and(eq(premio.id, id), eq(premio.empresaId, u.empresaId!));
  if (antes.resgates > 0) {
    await tx.update(premio).set({ ativo: false, atualizadoEm: new Date() }).where(onde);
    return 'DESATIVAR';
  }
  await tx.delete(premio).where(onde);
  return 'EXCLUIR';
}

/** Active prizes of the catalogue, for the wall PDF and the counter. */
export async function premiosAtivos(tx: Executor, empresaId: number, filialId: number | null): Promise<Premio[]> {
  const hoje = sql`(now() at time zone 'America/Sao_Paulo')::date`;
  const linhas = await tx
    .select(colunas)
    .from(premio)
    .where(
      and(
        eq(premio.empresaId, empresaId),
        eq(premio.ativo, true),
        sql`(${premio.validoDe} is null or ${premio.validoDe} <= ${hoje}) and (${premio.validoAte} is null or ${premio.validoAte} >= ${hoje})`,
        filialId ? retiradoNa(filialId) : undefined,
      ),
    )
    .orderBy(asc(premio.custoPontos), asc(premio.custoCentavos), asc(premio.nome))
    .limit(500);
  return linhas.map(paraPremio);
}
