import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { beneficioBonus, centavosParaReais, formatarBRL, type CupomAplicado } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { cupomDesconto, cupomDescontoCodigo, cupomDescontoUso } from '../../db/schema/index.js';
import { erro } from '../../lib/erros.js';
import { sqlUsosDaCampanha } from './contador.js';

export const MENSAGEM_CUPOM_NAO_ENCONTRADO = 'Cupom não encontrado: confira o código.';
export const MENSAGEM_CUPOM_ESGOTADO = 'Este cupom já atingiu o limite de usos.';
export const MENSAGEM_CODIGO_JA_USADO = 'Este código de cupom já foi usado.';

/** The campaign's fields a sale's coupon is decided on. */
export type CampanhaDoCupom = Pick<
  typeof cupomDesconto.$inferSelect,
  'id' | 'empresaId' | 'nome' | 'ativo' | 'dataVencimento' | 'vencimentoDiaSemana' | 'filiais' | 'compraMinimaCentavos' | 'usosTotal' | 'usos' | 'usosPorCliente' | 'beneficio' | 'percentualBp' | 'valorCentavos'
>;
/** The code's fields a sale's coupon is decided on. */
export type CodigoDoCupom = Pick<typeof cupomDescontoCodigo.$inferSelect, 'id' | 'usos' | 'maximoUsos' | 'clienteId'>;

/** A code found for a sale: its campaign and, unless the campaign's keyword was typed, its code row. */
export type CupomEncontrado = { campanha: CampanhaDoCupom; codigo: CodigoDoCupom | null; texto: string };

/** Finds a code — a unique code first, else a campaign's keyword — without locking (the preview; the sale reads under lock in its batch, venda-com-cupom.ts). */
export async function encontrarCupom(tx: Executor, empresaId: number, texto: string): Promise<CupomEncontrado> {
  const [achado] = await tx
    .select({ id: cupomDescontoCodigo.id, cupomId: cupomDescontoCodigo.cupomId, usos: cupomDescontoCodigo.usos, maximoUsos: cupomDescontoCodigo.maximoUsos, clienteId: cupomDescontoCodigo.clienteId })
    .from(cupomDescontoCodigo)
    .where(and(eq(cupomDescontoCodigo.empresaId, empresaId), eq(cupomDescontoCodigo.codigo, texto)))
    .limit(1);
  const porCampanha = achado ? eq(cupomDesconto.id, achado.cupomId) : eq(cupomDesconto.palavraChave, texto);
  const [campanha] = await tx
    .select({ ...getTableColumns(cupomDesconto), usos: sqlUsosDaCampanha(cupomDesconto.usos, cupomDesconto.id) })
    .from(cupomDesconto)
    .where(and(eq(cupomDesconto.empresaId, empresaId), porCampanha))
    .limit(1);
  if (!campanha) throw erro.naoEncontrado(MENSAGEM_CUPOM_NAO_ENCONTRADO);
  return { campanha, codigo: achado ? { id: achado.id, usos: achado.usos, maximoUsos: achado.maximoUsos, clienteId: achado.clienteId } : null, texto };
}

const DIAS = ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado'];

/** Today's date and weekday in Brasília of an instant (SQL), as the rules compare them. */
export const sqlHojeEmBrasilia = (instante: SQL) =>
  sql`to_char((${instante} at time zone 'America/Sao_Paulo')::date, 'YYYY-MM-DD') as hoje, extract(dow from ${instante} at time zone 'America/Sao_Paulo')::int as dia`;

/** What the coupon gives on a sale of `valor` centavos. A discount never passes the sale's value. */
export function beneficioDoCupom(c: Pick<CampanhaDoCupom, 'beneficio' | 'percentualBp' | 'valorCentavos'>, valor: number): { desconto: number; bonus: number } {
  const quanto = c.percentualBp !== null && (c.beneficio === 'PERCENTUAL' || c.beneficio === 'BONUS_PERCENTUAL') ? Math.round((valor * c.percentualBp) / 10_000) : Number(c.valorCentavos ?? 0);
  return beneficioBonus(c.beneficio) ? { desconto: 0, bonus: quanto } : { desconto: Math.min(quanto, valor), bonus: 0 };
}

/** The sale a coupon is checked for; `clienteId` null in a preview without a customer. */
export type VendaDoCupom = { clienteId: number | null; filialId: number | null; valorCentavos: number };
/** The clock and the count the rules need: today in Brasília, and the customer's uses of the campaign in force. */
export type MomentoDoCupom = { hoje: string; dia: number; usosDoCliente: number };

/**
 * Every rule of a coupon for this sale, in the order the attendant can act on them. In a sale, the
 * rows are read under the batch's locks and the counts include the batch's uses before this one
 * (venda-com-cupom.ts).
 */
export function conferirCupom(e: CupomEncontrado, v: VendaDoCupom, m: MomentoDoCupom): void {
  const c = e.campanha;
  if (!c.ativo) throw erro.conflito('Este cupom está inativo.');
  if (c.dataVencimento && m.hoje > c.dataVencimento) throw erro.conflito('Este cupom está vencido.');
  if (c.vencimentoDiaSemana.length && !c.vencimentoDiaSemana.includes(m.dia)) {
    throw erro.conflito(`Este cupom não vale hoje (${DIAS[m.dia]}): vale ${c.vencimentoDiaSemana.map((d) => DIAS[d]).join(', ')}.`);
  }
  if (v.filialId && c.filiais.length && !c.filiais.includes(v.filialId)) throw erro.conflito('Este cupom não vale nesta loja.');
  if (v.valorCentavos < Number(c.compraMinimaCentavos)) throw erro.conflito(`Este cupom exige compra mínima de ${formatarBRL(centavosParaReais(Number(c.compraMinimaCentavos)))}.`);
  if (c.usosTotal !== null && c.usos >= c.usosTotal) throw erro.conflito(MENSAGEM_CUPOM_ESGOTADO);
  if (e.codigo) {
    if (e.codigo.maximoUsos !== null && e.codigo.usos >= e.codigo.maximoUsos) throw erro.conflito(MENSAGEM_CODIGO_JA_USADO);
    if (e.codigo.clienteId !== null && v.clienteId !== null && e.codigo.clienteId !== v.clienteId) throw erro.conflito('Este código é de outro cliente.');
  }
  if (c.usosPorCliente !== null && v.clienteId !== null && m.usosDoCliente >= c.usosPorCliente) {
    const n = m.usosDoCliente;
    throw erro.conflito(`Este cliente já usou este cupom ${n === 1 ? '1 vez' : `${n} vezes`}: o limite é ${c.usosPorCliente} por cliente.`);
  }
}

/** The rules for the preview (`validar`), on the rows as they are now. */
export async function verificarCupom(tx: Executor, e: CupomEncontrado, v: VendaDoCupom): Promise<void> {
  const c = e.campanha;
  const r = (await tx.execute(
    sql`select ${sqlHojeEmBrasilia(sql`now()`)}, (select count(*)::int from ${cupomDescontoUso}
          where empresa_id = ${c.empresaId} and cupom_id = ${c.id} and cliente_id = ${v.clienteId} and status = 'USADO') as usos_do_cliente`,
  )) as unknown as { rows: [{ hoje: string; dia: number; usos_do_cliente: number }] };
  const [m] = r.rows;
  conferirCupom(e, v, { hoje: m.hoje, dia: Number(m.dia), usosDoCliente: Number(m.usos_do_cliente) });
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
