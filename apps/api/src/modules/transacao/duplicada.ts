import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { centavosParaReais, hojeISO, type DuplicadaFiltro, type GrupoDuplicadas } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { transacao } from '../../db/schema/index.js';
import { erro } from '../../lib/erros.js';
import { cancelarVenda, type Cancelamento } from './venda.js';
import { selecionarVendas } from './linhas-venda.js';
import { FUSO } from '../../lib/fuso.js';

/** The most groups one search answers: past that, the period is too wide to review by hand. */
export const GRUPOS_MAXIMO = 500;
export const MOTIVO_DUPLICADA = 'Venda duplicada';

type Candidata = {
  id: number;
  clienteId: number;
  filialId: number | null;
  valorCentavos: number;
  criadoEm: Date;
};

const chave = (c: Candidata) => `${c.clienteId}|${c.filialId ?? ''}|${c.valorCentavos}`;

/**
 * Groups sales of one customer, branch and amount: a sale joins the group when it was made within
 * `minutos` of the group's FIRST sale (the original), so a regular who buys the same coffee every
 * morning never chains a month of sales into one group. Groups of one are not duplicates.
 */
export function agrupar<T extends Candidata>(vendas: T[], minutos: number): T[][] {
  const janela = minutos * 60_000;
  const ordenadas = [...vendas].sort((a, b) => chave(a).localeCompare(chave(b)) || a.criadoEm.getTime() - b.criadoEm.getTime() || a.id - b.id);
  const grupos: T[][] = [];
  let atual: T[] = [];
  for (const v of ordenadas) {
    const primeira = atual[0];
    if (primeira && chave(primeira) === chave(v) && v.criadoEm.getTime() - primeira.criadoEm.getTime() <= janela) atual.push(v);
    else {
      if (atual.length > 1) grupos.push(atual);
      atual = [v];
    }
  }
  if (atual.length > 1) grupos.push(atual);
  return grupos;
}

function periodo(f: DuplicadaFiltro): { de: string; ate: string } {
  const ate = f.ate ?? hojeISO();
  const de = f.de ?? hojeISO(new Date(Date.parse(`${ate}T12:00:00-03:00`) - 29 * 86_400_000));
  return { de, ate };
}

/**
 * POST transacao/duplicada/relatorio. The database narrows to confirmed sales that have a twin
 * (same customer, branch and amount) within the window — one pass with lag/lead — and the
 * grouping rule above runs on those few.
 */
export async function buscarDuplicadas(tx: Executor, empresaId: number, f: DuplicadaFiltro): Promise<GrupoDuplicadas[]> {
  const { de, ate } = periodo(f);
  const janela = sql`make_interval(mins => ${f.minutos})`;
  const particao = sql`partition by cliente_id, filial_id, valor_centavos order by criado_em, id`;
  const filtroFilial = f.filialId ? sql`and filial_id = ${f.filialId}` : sql``;
  const r = (await tx.execute(sql`
    select id from (
      select id, criado_em,
        lag(criado_em) over (${particao}) anterior,
        lead(criado_em) over (${particao}) seguinte
      from transacao
      where empresa_id = ${empresaId} and status = 'CONFIRMADA' ${filtroFilial}
        and criado_em >= (${de}::date)::timestamp at time zone ${FUSO}
        and criado_em < (${ate}::date + 1)::timestamp at time zone ${FUSO}
    ) v
    where criado_em - anterior <= ${janela} or seguinte - criado_em <= ${janela}`)) as unknown as { rows: { id: number }[] };
  const ids = r.rows.map((l) => Number(l.id));
  if (ids.length === 0) return [];

  const vendas = await selecionarVendas(tx)
    .where(and(eq(transacao.empresaId, empresaId), inArray(transacao.id, ids)));

  return agrupar(vendas, f.minutos)
    .sort((a, b) => b[0]!.criadoEm.getTime() - a[0]!.criadoEm.getTime())
    .slice(0, GRUPOS_MAXIMO)
    .map((g) => ({
      clienteId: g[0]!.clienteId,
      clienteNome: g[0]!.clienteNome,
      filialId: g[0]!.filialId,
      filialNome: g[0]!.filialNome,
      valor: centavosParaReais(g[0]!.valorCentavos),
      vendas: g.map((v) => ({
        id: v.id,
        criadoEm: v.criadoEm.toISOString(),
        usuarioNome: v.usuarioNome,
        resgate: centavosParaReais(v.resgateCentavos),
        cashback: centavosParaReais(v.cashbackCentavos),
        pontos: v.pontos,
      })),
    }));
}

/**
 * POST transacao/duplicada/corrigir: cancels the chosen copies through the normal cancel (one
 * reversing posting each). Every sale of the groups involved is locked first, in id order, so two
 * corrections racing over one group see each other's result: a sale cancelled by the other is
 * no longer a duplicate, and the last one standing is never taken. All or nothing.
 */
export async function corrigirDuplicadas(
  tx: Executor,
  c: { empresaId: number; ids: number[]; minutos: number; usuarioId: number; filialId: number | null },
): Promise<Cancelamento[]> {
  const pedidas = await tx
    .select({ id: transacao.id, clienteId: transacao.clienteId, filialId: transacao.filialId, valorCentavos: transacao.valorCentavos, criadoEm: transacao.criadoEm, status: transacao.status })
    .from(transacao)
    .where(and(eq(transacao.empresaId, c.empresaId), inArray(transacao.id, c.ids)));
  const faltando = c.ids.find((id) => !pedidas.some((p) => p.id === id));
  if (faltando !== undefined) throw erro.naoEncontrado(`Venda nº ${faltando} não encontrada.`);

  const janela = c.minutos * 60_000;
  const inicio = new Date(Math.min(...pedidas.map((p) => p.criadoEm.getTime())) - janela);
  const fim = new Date(Math.max(...pedidas.map((p) => p.criadoEm.getTime())) + janela);
  const vizinhas = await tx
    .select({ id: transacao.id, clienteId: transacao.clienteId, filialId: transacao.filialId, valorCentavos: transacao.valorCentavos, criadoEm: transacao.criadoEm })
    .from(transacao)
    .where(
      and(
        eq(transacao.empresaId, c.empresaId),
        inArray(transacao.clienteId, [...new Set(pedidas.map((p) => p.clienteId))]),
        eq(transacao.status, 'CONFIRMADA'),
        sql`${transacao.criadoEm} between ${inicio.toISOString()}::timestamptz and ${fim.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(transacao.id))
    .for('update');

  const grupos = agrupar(vizinhas, c.minutos);
  const pedidasSet = new Set(c.ids);
  for (const id of c.ids) {
    const grupo = grupos.find((g) => g.some((v) => v.id === id));
    if (!grupo) {
      const p = pedidas.find((x) => x.id === id)!;
      // Locked above as CONFIRMADA or not found there: the re-read after the lock tells which.
      const jaCancelada = p.status === 'CANCELADA' || !vizinhas.some((v) => v.id === id);
      throw erro.conflito(jaCancelada ? `A venda nº ${id} já foi cancelada.` : `A venda nº ${id} não é uma venda duplicada.`);
    }
    if (grupo.every((v) => pedidasSet.has(v.id))) {
      throw erro.conflito(`Mantenha ao menos uma venda de cada grupo: a venda nº ${grupo[0]!.id} é a original.`);
    }
  }

  const canceladas: Cancelamento[] = [];
  for (const id of [...c.ids].sort((a, b) => a - b)) {
    canceladas.push(await cancelarVenda(tx, { empresaId: c.empresaId, transacaoId: id, usuarioId: c.usuarioId, motivo: MOTIVO_DUPLICADA, filialId: c.filialId }));
  }
  return canceladas;
}
