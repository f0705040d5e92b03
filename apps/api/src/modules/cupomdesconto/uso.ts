import { and, eq, sql } from 'drizzle-orm';
import { beneficioBonus, centavosParaReais, formatarBRL, type CupomAplicado } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { cupomDesconto, cupomDescontoCodigo, cupomDescontoUso } from '../../db/schema/index.js';
import { erro } from '../../lib/erros.js';
import { contaCliente, contaSistema, lancar } from '../account/index.js';

export const MENSAGEM_CUPOM_NAO_ENCONTRADO = 'Cupom não encontrado: confira o código.';
export const MENSAGEM_CUPOM_ESGOTADO = 'Este cupom já atingiu o limite de usos.';
export const MENSAGEM_CODIGO_JA_USADO = 'Este código de cupom já foi usado.';

type Campanha = typeof cupomDesconto.$inferSelect;
type Codigo = typeof cupomDescontoCodigo.$inferSelect;

/** A code found for a sale: its campaign and, unless the campaign's keyword was typed, its code row. */
export type CupomEncontrado = { campanha: Campanha; codigo: Codigo | null; texto: string };

/**
 * Finds a code and, with `travar`, locks the campaign row and then the code row — always in this
 * order, before the customer's accounts (the sale locks them after): concurrent uses of one coupon
 * queue on the campaign, so its total, the code's single use and the per-customer count are read
 * and moved by one at a time. The CHECKs of the tables are the last barrier.
 */
export async function encontrarCupom(tx: Executor, empresaId: number, texto: string, travar: boolean): Promise<CupomEncontrado> {
  const [achado] = await tx
    .select({ id: cupomDescontoCodigo.id, cupomId: cupomDescontoCodigo.cupomId })
    .from(cupomDescontoCodigo)
    .where(and(eq(cupomDescontoCodigo.empresaId, empresaId), eq(cupomDescontoCodigo.codigo, texto)))
    .limit(1);
  const porCampanha = achado ? eq(cupomDesconto.id, achado.cupomId) : eq(cupomDesconto.palavraChave, texto);
  const q = tx.select().from(cupomDesconto).where(and(eq(cupomDesconto.empresaId, empresaId), porCampanha)).limit(1);
  const [campanha] = travar ? await q.for('update') : await q;
  if (!campanha) throw erro.naoEncontrado(MENSAGEM_CUPOM_NAO_ENCONTRADO);
  if (!achado) return { campanha, codigo: null, texto };
  const qc = tx.select().from(cupomDescontoCodigo).where(eq(cupomDescontoCodigo.id, achado.id)).limit(1);
  const [codigo] = travar ? await qc.for('update') : await qc;
  return { campanha, codigo: codigo!, texto };
}

const DIAS = ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado'];

/** Today's date and weekday in Brasília, from the database clock (the same clock as the sale's). */
async function hojeEmBrasilia(tx: Executor): Promise<{ hoje: string; dia: number }> {
  const r = (await tx.execute(
    sql`select to_char((now() at time zone 'America/Sao_Paulo')::date, 'YYYY-MM-DD') as hoje, extract(dow from now() at time zone 'America/Sao_Paulo')::int as dia`,
  )) as unknown as { rows: [{ hoje: string; dia: number }] };
  return r.rows[0];
}

/** What the coupon gives on a sale of `valor` centavos. A discount never passes the sale's value. */
export function beneficioDoCupom(c: Campanha, valor: number): { desconto: number; bonus: number } {
  const quanto = c.percentualBp !== null && (c.beneficio === 'PERCENTUAL' || c.beneficio === 'BONUS_PERCENTUAL') ? Math.round((valor * c.percentualBp) / 10_000) : Number(c.valorCentavos ?? 0);
  return beneficioBonus(c.beneficio) ? { desconto: 0, bonus: quanto } : { desconto: Math.min(quanto, valor), bonus: 0 };
}

/**
 * Every rule of a coupon for this sale, in the order the attendant can act on them. The limits are
 * read from the locked rows when called by the sale (`encontrarCupom(…, true)`).
 */
export async function verificarCupom(tx: Executor, e: CupomEncontrado, v: { clienteId: number | null; filialId: number | null; valorCentavos: number }) {
  const c = e.campanha;
  if (!c.ativo) throw erro.conflito('Este cupom está inativo.');
  const { hoje, dia } = await hojeEmBrasilia(tx);
  if (c.dataVencimento && hoje > c.dataVencimento) throw erro.conflito('Este cupom está vencido.');
  if (c.vencimentoDiaSemana.length && !c.vencimentoDiaSemana.includes(dia)) {
    throw erro.conflito(`Este cupom não vale hoje (${DIAS[dia]}): vale ${c.vencimentoDiaSemana.map((d) => DIAS[d]).join(', ')}.`);
  }
  if (v.filialId && c.filiais.length && !c.filiais.includes(v.filialId)) throw erro.conflito('Este cupom não vale nesta loja.');
  if (v.valorCentavos < Number(c.compraMinimaCentavos)) throw erro.conflito(`Este cupom exige compra mínima de ${formatarBRL(centavosParaReais(Number(c.compraMinimaCentavos)))}.`);
  if (c.usosTotal !== null && c.usos >= c.usosTotal) throw erro.conflito(MENSAGEM_CUPOM_ESGOTADO);
  if (e.codigo) {
    if (e.codigo.maximoUsos !== null && e.codigo.usos >= e.codigo.maximoUsos) throw erro.conflito(MENSAGEM_CODIGO_JA_USADO);
    if (e.codigo.clienteId !== null && v.clienteId !== null && e.codigo.clienteId !== v.clienteId) throw erro.conflito('Este código é de outro cliente.');
  }
  if (c.usosPorCliente !== null && v.clienteId !== null) {
    const [{ n }] = (await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(cupomDescontoUso)
      .where(and(eq(cupomDescontoUso.empresaId, c.empresaId), eq(cupomDescontoUso.cupomId, c.id), eq(cupomDescontoUso.clienteId, v.clienteId), eq(cupomDescontoUso.status, 'USADO')))) as [{ n: number }];
    if (n >= c.usosPorCliente) throw erro.conflito(`Este cliente já usou este cupom ${n === 1 ? '1 vez' : `${n} vezes`}: o limite é ${c.usosPorCliente} por cliente.`);
  }
}

export function cupomAplicado(e: CupomEncontrado, valorCentavos: number): CupomAplicado {
  const { desconto, bonus } = beneficioDoCupom(e.campanha, valorCentavos);
  return {
    cupomId: e.campanha.id,
    nome: e.campanha.nome,
    codigo: e.texto,
    beneficio: e.campanha.beneficio,
    desconto: centavosParaReais(desconto),
    bonus: centavosParaReais(bonus),
    valorAPagar: centavosParaReais(valorCentavos - desconto),
  };
}

export type UsoNovo = {
  empresaId: number;
  transacaoId: number;
  clienteId: number;
  filialId: number | null;
  usuarioId: number | null;
  valorBrutoCentavos: number;
};

/**
 * Records the use with its sale (same transaction, rows locked by `encontrarCupom`): the counters
 * move, and a bonus is credited to the customer's cashback by its own AJUSTE posting, which the
 * sale's cancellation reverses (devolucao.ts).
 */
export async function registrarUso(tx: Executor, e: CupomEncontrado, u: UsoNovo): Promise<{ desconto: number; bonus: number }> {
  const c = e.campanha;
  const { desconto, bonus } = beneficioDoCupom(c, u.valorBrutoCentavos);
  let lancamentoId: number | null = null;
  if (bonus > 0) {
    const cliente = await contaCliente(tx, u.empresaId, u.clienteId, 'CASHBACK');
    const sistema = await contaSistema(tx, u.empresaId, 'CASHBACK');
    lancamentoId = await lancar(tx, {
      empresaId: u.empresaId,
      tipo: 'AJUSTE',
      descricao: `Bônus do cupom ${e.texto} (venda ${u.transacaoId})`.slice(0, 200),
      filialId: u.filialId,
      usuarioId: u.usuarioId,
      referencia: { cupomId: c.id, codigo: e.texto, transacaoId: u.transacaoId },
      partidas: [
        { contaId: cliente, valor: bonus },
        { contaId: sistema, valor: -bonus },
      ],
    });
  }
  await tx.update(cupomDesconto).set({ usos: sql`${cupomDesconto.usos} + 1` }).where(eq(cupomDesconto.id, c.id));
  if (e.codigo) await tx.update(cupomDescontoCodigo).set({ usos: sql`${cupomDescontoCodigo.usos} + 1` }).where(eq(cupomDescontoCodigo.id, e.codigo.id));
  await tx.insert(cupomDescontoUso).values({
    empresaId: u.empresaId,
    cupomId: c.id,
    codigoId: e.codigo?.id ?? null,
    codigo: e.texto,
    transacaoId: u.transacaoId,
    clienteId: u.clienteId,
    filialId: u.filialId,
    valorBrutoCentavos: u.valorBrutoCentavos,
    descontoCentavos: desconto,
    bonusCentavos: bonus,
    lancamentoId,
    usuarioId: u.usuarioId,
  });
  return { desconto, bonus };
}
