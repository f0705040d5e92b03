import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { centavosParaReais, reaisParaCentavos, type FiltroSorteio, type Sorteio, type SorteioDados } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { empresa, sorteio } from '../../db/schema/index.js';
import type { UsuarioContexto } from '../../lib/contexto.js';
import { padraoContem } from '../../lib/busca.js';
import { erro } from '../../lib/erros.js';
import { antesDeHoje, conferirExtracaoFutura } from './congelar.js';

// Qualified by hand, as premio.repository: inside the subquery an unqualified column would be the winner's.
const ganhadores = sql<number>`(select count(*)::int from sorteio_ganhador g where g.sorteio_id = "sorteio"."id")`;
const colunas = {
  id: sorteio.id,
  nome: sorteio.nome,
  regulamento: sorteio.regulamento,
  inicio: sorteio.inicio,
  fim: sorteio.fim,
  premios: sorteio.premios,
  filiais: sorteio.filiais,
  regra: sorteio.regra,
  valorPorNumeroCentavos: sorteio.valorPorNumeroCentavos,
  maximoPorCliente: sorteio.maximoPorCliente,
  umPremioPorCliente: sorteio.umPremioPorCliente,
  origemSemente: sorteio.origemSemente,
  dataLoteria: sorteio.dataLoteria,
  semente: sorteio.semente,
  sementeEm: sorteio.sementeEm,
  status: sorteio.status,
  codigoPublico: sorteio.codigoPublico,
  hashLista: sorteio.hashLista,
  totalNumeros: sorteio.totalNumeros,
  totalParticipantes: sorteio.totalParticipantes,
  congeladoEm: sorteio.congeladoEm,
  ganhadores,
  criadoEm: sorteio.criadoEm,
};
type Linha = Awaited<ReturnType<typeof buscarLinhas>>[number];

function buscarLinhas(tx: Executor, where: SQL | undefined) {
  return tx.select(colunas).from(sorteio).where(where);
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function paraSorteio(l: Linha): Sorteio {
  const { valorPorNumeroCentavos, ganhadores: g, ...resto } = l;
  return {
    ...resto,
    valorPorNumero: valorPorNumeroCentavos ? centavosParaReais(valorPorNumeroCentavos) : null,
    ganhadores: Number(g),
    sementeEm: iso(l.sementeEm),
    congeladoEm: iso(l.congeladoEm),
    criadoEm: iso(l.criadoEm)!,
  };
}

const daEmpresa = (u: UsuarioContexto): SQL => (u.empresaId === null ? sql`false` : eq(sorteio.empresaId, u.empresaId));

export async function listarSorteios(tx: Executor, u: UsuarioContexto, f: FiltroSorteio, page: number, size: number) {
  const where = and(
    daEmpresa(u),
    f.status ? eq(sorteio.status, f.status) : undefined,
    f.busca ? sql`busca_normalizada(${sorteio.nome}) like busca_normalizada(${padraoContem(f.busca)})` : undefined,
  );
  const [itens, [total]] = await Promise.all([
    buscarLinhas(tx, where).orderBy(desc(sorteio.criadoEm), desc(sorteio.id)).limit(size).offset(page * size),
    tx.select({ n: count() }).from(sorteio).where(where),
  ]);
  return { itens: itens.map(paraSorteio), total: total!.n };
}

export async function buscarSorteio(tx: Executor, u: UsuarioContexto, id: number, paraAlterar = false): Promise<Sorteio | null> {
  const q = buscarLinhas(tx, and(eq(sorteio.id, id), daEmpresa(u))).limit(1);
  const [l] = paraAlterar ? await q.for('update', { of: sorteio }) : await q;
  return l ? paraSorteio(l) : null;
}

/** The public key of the verification page: 16 random characters, unguessable, safe in a URL. */
const novoCodigoPublico = () => randomBytes(12).toString('base64url');

export async function gravarSorteio(tx: Executor, u: UsuarioContexto, d: SorteioDados, antes: Sorteio | null): Promise<Sorteio> {
  const empresaId = u.empresaId!;
  if (antes && antes.status !== 'RASCUNHO') throw erro.requisicao('Sorteio com a lista congelada não pode ser alterado.');
  if (d.filiais.length) {
    const achadas = await tx.select({ id: empresa.id }).from(empresa).where(and(eq(empresa.matrizId, empresaId), inArray(empresa.id, d.filiais)));
    if (achadas.length !== d.filiais.length) throw erro.requisicao('Filial não encontrada na rede.');
  }
  await conferirExtracaoFutura(tx, d);
  const semente = d.origemSemente === 'FIXA' ? d.semente : null;
  const sementeMudou = !antes || antes.origemSemente !== d.origemSemente || antes.semente !== semente;
  // A fixed seed is public before the period: changed after its start, it could be picked knowing part of the list.
  if (antes?.origemSemente === 'FIXA' && sementeMudou && (await antesDeHoje(tx, antes.inicio, { ouHoje: true }))) {
    throw erro.requisicao('A semente fixa não pode mudar depois do início do período: ela precisa ser conhecida antes de qualquer número da sorte.');
  }
  const valores = {
    nome: d.nome,
    regulamento: d.regulamento,
    inicio: d.inicio,
    fim: d.fim,
    premios: d.premios,
    filiais: d.filiais,
    regra: d.regra,
    valorPorNumeroCentavos: d.regra === 'VALOR' && d.valorPorNumero ? reaisParaCentavos(d.valorPorNumero) : null,
    maximoPorCliente: d.maximoPorCliente,
    umPremioPorCliente: d.umPremioPorCliente,
    origemSemente: d.origemSemente,
    dataLoteria: d.origemSemente === 'LOTERIA' ? d.dataLoteria : null,
    semente,
    ...(sementeMudou ? { sementeEm: semente ? new Date() : null } : {}),
  };
  let id = antes?.id;
  if (antes) await tx.update(sorteio).set({ ...valores, atualizadoEm: new Date() }).where(and(eq(sorteio.id, antes.id), eq(sorteio.empresaId, empresaId)));
  else [{ id }] = (await tx.insert(sorteio).values({ ...valores, empresaId, codigoPublico: novoCodigoPublico() }).returning({ id: sorteio.id })) as [{ id: number }];
  return (await buscarSorteio(tx, u, id!))!;
}

/** Only a draw still being counted may go; a frozen one is public (its hash was published). */
export async function excluirSorteio(tx: Executor, u: UsuarioContexto, id: number, antes: Sorteio): Promise<'EXCLUIR'> {
  if (antes.status !== 'RASCUNHO') throw erro.requisicao('Sorteio com a lista congelada não pode ser excluído: ela já é pública.');
  await tx.delete(sorteio).where(and(eq(sorteio.id, id), eq(sorteio.empresaId, u.empresaId!)));
  return 'EXCLUIR';
}
