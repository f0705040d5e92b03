import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { centavosParaReais, reaisParaCentavos, type Cupom, type CupomCopia, type CupomDados, type FiltroCupom } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { cupomDesconto, empresa, usuario } from '../../db/schema/index.js';
import type { UsuarioContexto } from '../../lib/contexto.js';
import { padraoContem } from '../../lib/busca.js';
import { erro } from '../../lib/erros.js';
import { campanhaLimitada, sqlDobrarContador, sqlUsosDaCampanha } from './contador.js';

const colunas = {
  id: cupomDesconto.id,
  usuario: usuario.nome,
  nome: cupomDesconto.nome,
  tipo: cupomDesconto.tipo,
  dataCriacao: cupomDesconto.dataCriacao,
  dataVencimento: cupomDesconto.dataVencimento,
  vencimentoDiaSemana: cupomDesconto.vencimentoDiaSemana,
  urlCompartilhamento: cupomDesconto.urlCompartilhamento,
  urlCurto: cupomDesconto.urlCurto,
  token: cupomDesconto.token,
  palavraChave: cupomDesconto.palavraChave,
  whatsAppLote: cupomDesconto.whatsAppLote,
  beneficio: cupomDesconto.beneficio,
  percentualBp: cupomDesconto.percentualBp,
  valorCentavos: cupomDesconto.valorCentavos,
  compraMinimaCentavos: cupomDesconto.compraMinimaCentavos,
  usosPorCliente: cupomDesconto.usosPorCliente,
  usosTotal: cupomDesconto.usosTotal,
  filiais: cupomDesconto.filiais,
  alfabeto: cupomDesconto.alfabeto,
  prefixo: cupomDesconto.prefixo,
  tamanho: cupomDesconto.tamanho,
  quantidade: cupomDesconto.quantidade,
  ativo: cupomDesconto.ativo,
  usos: sqlUsosDaCampanha(cupomDesconto.usos, cupomDesconto.id),
  codigosGerados: cupomDesconto.codigosGerados,
  tarefaId: cupomDesconto.tarefaId,
};

function buscarLinhas(tx: Executor, where: SQL | undefined) {
  return tx.select(colunas).from(cupomDesconto).leftJoin(usuario, eq(usuario.id, cupomDesconto.usuarioId)).where(where);
}
type Linha = Awaited<ReturnType<typeof buscarLinhas>>[number];

export function paraCupom({ percentualBp, valorCentavos, compraMinimaCentavos, dataCriacao, ...l }: Linha): Cupom {
  return {
    ...l,
    dataCriacao: new Date(dataCriacao).toISOString(),
    percentual: percentualBp === null ? null : percentualBp / 100,
    valor: valorCentavos === null ? null : centavosParaReais(Number(valorCentavos)),
    compraMinima: centavosParaReais(Number(compraMinimaCentavos)),
  };
}

export const cupomDaEmpresa = (u: UsuarioContexto): SQL => (u.empresaId === null ? sql`false` : eq(cupomDesconto.empresaId, u.empresaId));

export async function listarCupons(tx: Executor, u: UsuarioContexto, f: FiltroCupom, page: number, size: number) {
  const where = and(
    cupomDaEmpresa(u),
    f.tipo ? eq(cupomDesconto.tipo, f.tipo) : undefined,
    f.ativo === undefined ? undefined : eq(cupomDesconto.ativo, f.ativo),
    f.busca ? sql`busca_normalizada(${cupomDesconto.nome} || ' ' || coalesce(${cupomDesconto.palavraChave}, '')) like busca_normalizada(${padraoContem(f.busca)})` : undefined,
  );
  const [itens, [total]] = await Promise.all([
    buscarLinhas(tx, where).orderBy(sql`${cupomDesconto.dataCriacao} desc`, asc(cupomDesconto.id)).limit(size).offset(page * size),
    tx.select({ n: count() }).from(cupomDesconto).where(where),
  ]);
  return { itens: itens.map(paraCupom), total: total!.n };
}

export async function buscarCupom(tx: Executor, u: UsuarioContexto, id: number): Promise<Cupom | null> {
  const [l] = await buscarLinhas(tx, and(eq(cupomDesconto.id, id), cupomDaEmpresa(u))).limit(1);
  return l ? paraCupom(l) : null;
}

/** A key for the public page that is not guessable nor sequential (base64url, 12 characters). */
const novoToken = () => randomBytes(9).toString('base64url');

/** The public addresses of an online coupon: both served by Bonifica itself (docs/areas/cupons.md). */
export const urlsDoToken = (token: string) => ({ urlCompartilhamento: `/p/cupom/${token}`, urlCurto: `/c/${token}` });

async function conferirReferencias(tx: Executor, u: UsuarioContexto, d: CupomDados, id: number | undefined) {
  if (d.filiais.length) {
    const achadas = await tx.select({ id: empresa.id }).from(empresa).where(and(eq(empresa.matrizId, u.empresaId!), inArray(empresa.id, d.filiais)));
    if (achadas.length !== d.filiais.length) throw erro.requisicao('Filial não encontrada na rede.');
  }
  if (d.palavraChave) {
    const [outro] = await tx
      .select({ id: cupomDesconto.id })
      .from(cupomDesconto)
      .where(and(cupomDaEmpresa(u), eq(cupomDesconto.palavraChave, d.palavraChave), id ? ne(cupomDesconto.id, id) : undefined))
      .limit(1);
    if (outro) throw erro.conflito('Esta palavra-chave já é de outro cupom.');
  }
}

export async function gravarCupom(tx: Executor, u: UsuarioContexto, d: CupomDados, antes: Cupom | null): Promise<Cupom> {
  const empresaId = u.empresaId!;
  await conferirReferencias(tx, u, d, antes?.id);
  if (antes && antes.tipo !== d.tipo) throw erro.requisicao('O tipo de um cupom não muda depois de criado: duplique-o como outro tipo.');
  if (antes && antes.codigosGerados > 0 && (antes.alfabeto !== d.alfabeto || antes.prefixo !== d.prefixo || antes.tamanho !== d.tamanho)) {
    throw erro.requisicao('O padrão dos códigos não muda depois que eles foram gerados.');
  }
  if (antes && d.quantidade < antes.codigosGerados) throw erro.requisicao(`Já foram gerados ${antes.codigosGerados} códigos: a quantidade não pode ser menor.`);
  if (antes && d.usosTotal !== null && d.usosTotal < antes.usos) throw erro.requisicao(`O cupom já foi usado ${antes.usos} vezes: o total de usos não pode ser menor.`);
  const valores = {
    nome: d.nome,
    tipo: d.tipo,
    dataVencimento: d.dataVencimento,
    vencimentoDiaSemana: d.vencimentoDiaSemana,
    palavraChave: d.palavraChave,
    whatsAppLote: d.whatsAppLote,
    beneficio: d.beneficio,
    percentualBp: d.percentual === null ? null : Math.round(d.percentual * 100),
    valorCentavos: d.valor === null ? null : reaisParaCentavos(d.valor),
    compraMinimaCentavos: reaisParaCentavos(d.compraMinima),
    usosPorCliente: d.usosPorCliente,
    usosTotal: d.usosTotal,
    filiais: d.filiais,
    alfabeto: d.alfabeto,
    prefixo: d.prefixo,
    tamanho: d.tamanho,
    quantidade: d.tipo === 'ONLINE' ? 0 : d.quantidade,
    ativo: d.ativo,
  };
  let id = antes?.id;
  if (antes) {
    await tx.update(cupomDesconto).set({ ...valores, atualizadoEm: new Date() }).where(and(eq(cupomDesconto.id, antes.id), eq(cupomDesconto.empresaId, empresaId)));
    // With limits its sales lock and count on its own row (contador.ts): the uses counted apart move there.
    if (campanhaLimitada(d)) await tx.execute(sqlDobrarContador(empresaId, antes.id));
  } else {
    // Every coupon gets its public key: an online one is claimed there, the others may be shared later.
    const token = novoToken();
    [{ id }] = (await tx
      .insert(cupomDesconto)
      .values({ ...valores, empresaId, usuarioId: u.id || null, token, ...urlsDoToken(token) })
      .returning({ id: cupomDesconto.id })) as [{ id: number }];
  }
  return (await buscarCupom(tx, u, id!))!;
}

/** A coupon already used is kept (its uses point to it) and only deactivated; its codes go with it otherwise. */
export async function excluirCupom(tx: Executor, u: UsuarioContexto, id: number, antes: Cupom): Promise<'EXCLUIR' | 'DESATIVAR'> {
  const onde = and(eq(cupomDesconto.id, id), eq(cupomDesconto.empresaId, u.empresaId!));
  const [usado] = await tx.execute(sql`select 1 from cupom_desconto_uso where empresa_id = ${u.empresaId} and cupom_id = ${id} limit 1`).then((r) => (r as unknown as { rows: unknown[] }).rows);
  if (usado || antes.tarefaId) {
    await tx.update(cupomDesconto).set({ ativo: false, atualizadoEm: new Date() }).where(onde);
    return 'DESATIVAR';
  }
  await tx.execute(sql`delete from cupom_desconto_codigo where empresa_id = ${u.empresaId} and cupom_id = ${id}`);
  await tx.delete(cupomDesconto).where(onde);
  return 'EXCLUIR';
}

const SUFIXO_COPIA = ' (Cópia)';

/** Spec §3 "Duplicating a coupon": the fields cleared, " (Cópia)" appended; the form saves it as a new coupon. */
export function copiaDoCupom(c: Cupom): CupomCopia {
  return {
    ...c,
    id: null,
    usuario: null,
    // The name keeps its 120 characters with the suffix: the base is shortened, never the suffix.
    nome: `${c.nome.slice(0, 120 - SUFIXO_COPIA.length)}${SUFIXO_COPIA}`,
    dataCriacao: null,
    dataVencimento: null,
    vencimentoDiaSemana: null,
    urlCompartilhamento: null,
    urlCurto: null,
    token: null,
    palavraChave: null,
    whatsAppLote: null,
    // The copy has no codes nor uses of its own yet.
    usos: 0,
    codigosGerados: 0,
    tarefaId: null,
  };
}
