import { is, SQL, sql } from 'drizzle-orm';
import { partesDoModelo, zonaIana, type FusoHorario, type NomeVariavel } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { erro } from '../../lib/erros.js';

/**
 * The one renderer of message templates (automatic messages, campaigns, the preview): a template
 * becomes ONE SQL expression over a row of `cliente`, so queueing to 100,000 customers is a single
 * INSERT … SELECT and the preview shows exactly what that INSERT would write. Variables and what
 * they become: packages/contracts/src/mensagem.ts (VARIAVEIS_MODELO) and docs/areas/mensageria.md.
 */

/** What a rendering needs besides the customer row: the company's name and zone, and the message's coupon/link. */
export type ContextoRenderizacao = {
  empresaId: number;
  loja: string;
  fuso: FusoHorario;
  /** The coupon code: one text for every customer, or an SQL expression (a code of each customer's own, coupon sends by WhatsApp). */
  cupom?: string | SQL | null;
  link?: string | null;
  /** When set, {vencimento} is this date (a coupon's expiry) instead of the customer's next cashback expiry. */
  vencimento?: string | null;
};

/** Money as pt-BR text, R$ 1.234,56 (a plain space: WhatsApp and e-mail clients show it as typed). */
const reaisSql = (centavos: SQL) => sql`'R$ ' || translate(to_char((${centavos})::numeric / 100, 'FM999,999,999,990.00'), ',.', '.,')`;

/** The customer's CASHBACK account id (unique per company, customer and type). */
const contaCashback = (c: SQL) => sql`(select ct.id from conta ct where ct.empresa_id = ${c}.empresa_id and ct.cliente_id = ${c}.id and ct.tipo = 'CASHBACK')`;

/** Open cashback lots of the customer that have not lapsed yet. */
const lotesAbertos = (c: SQL) => sql`credito cr where cr.empresa_id = ${c}.empresa_id and cr.conta_id = ${contaCashback(c)} and cr.restante > 0 and cr.expira_em > now()`;

function variavelSql(nome: NomeVariavel, c: SQL, ctx: ContextoRenderizacao): SQL {
  const zona = zonaIana(ctx.fuso);
  switch (nome) {
    case 'nome':
      return sql`${c}.nome`;
    case 'primeiro_nome':
      return sql`split_part(btrim(${c}.nome), ' ', 1)`;
    case 'saldo_cashback':
      return reaisSql(sql`coalesce((select ct.saldo from conta ct where ct.empresa_id = ${c}.empresa_id and ct.cliente_id = ${c}.id and ct.tipo = 'CASHBACK'), 0)`);
    case 'pontos':
      return sql`translate(to_char(coalesce((select ct.saldo from conta ct where ct.empresa_id = ${c}.empresa_id and ct.cliente_id = ${c}.id and ct.tipo = 'PONTOS'), 0), 'FM999,999,999,990'), ',', '.')`;
    case 'vencimento':
      if (ctx.vencimento !== undefined) return sql`${ctx.vencimento ?? ''}::text`;
      return sql`coalesce(to_char((select min(cr.expira_em) from ${lotesAbertos(c)}) at time zone ${zona}, 'DD/MM/YYYY'), '')`;
    case 'valor_vencendo':
      // Everything of the next expiry day (in the company's zone), whatever the lots' hours.
      return reaisSql(
        sql`coalesce((select sum(cr.restante) from ${lotesAbertos(c)} and (cr.expira_em at time zone ${zona})::date = (select (min(cr.expira_em) at time zone ${zona})::date from ${lotesAbertos(c)})), 0)`,
      );
    case 'cupom':
      return is(ctx.cupom, SQL) ? ctx.cupom : sql`${ctx.cupom ?? ''}::text`;
    case 'link':
      return sql`${ctx.link ?? ''}::text`;
    case 'loja':
      return sql`${ctx.loja}::text`;
  }
}

/**
 * The SQL text of `modelo` for the customer row `c` (an alias in the caller's FROM, e.g. sql`c`).
 * Only the variables the text uses cost a subquery.
 */
export function sqlRenderizar(modelo: string, c: SQL, ctx: ContextoRenderizacao): SQL {
  const partes = partesDoModelo(modelo);
  if (!partes.length) return sql`''::text`;
  const pedacos = partes.map((p) => (p.tipo === 'texto' ? sql`${p.valor}::text` : sql`coalesce(${variavelSql(p.nome, c, ctx)}, '')`));
  return sql`concat(${sql.join(pedacos, sql`, `)})`;
}

/** The company's name and zone, which every rendering of its messages needs. */
export async function contextoDaEmpresa(tx: Executor, empresaId: number, extras: { cupom?: string | SQL | null; link?: string | null } = {}): Promise<ContextoRenderizacao> {
  const [e] = await linhas<{ loja: string; fuso: FusoHorario }>(tx, sql`select nome_curto as loja, fuso_horario as fuso from empresa where id = ${empresaId}`);
  if (!e) throw erro.naoEncontrado('Empresa não encontrada.');
  return { empresaId, loja: e.loja, fuso: e.fuso, cupom: extras.cupom ?? null, link: extras.link ?? null };
}

/** A template rendered for one customer of the company; null when the customer is not the company's (→ 404). */
export async function renderizarParaCliente(
  tx: Executor,
  ctx: ContextoRenderizacao,
  clienteId: number,
  modelo: { texto: string; assunto?: string | null },
): Promise<{ texto: string; assunto: string | null; clienteNome: string } | null> {
  const c = sql`c`;
  const assunto = modelo.assunto ? sqlRenderizar(modelo.assunto, c, ctx) : sql`null::text`;
  const [l] = await linhas<{ texto: string; assunto: string | null; nome: string }>(
    tx,
    sql`select ${sqlRenderizar(modelo.texto, c, ctx)} as texto, ${assunto} as assunto, c.nome from cliente c where c.id = ${clienteId} and c.empresa_id = ${ctx.empresaId}`,
  );
  return l ? { texto: l.texto, assunto: l.assunto, clienteNome: l.nome } : null;
}

/** Rows of a raw query, as both drivers return them. */
export async function linhas<T>(tx: Executor, q: SQL): Promise<T[]> {
  return ((await tx.execute(q)) as unknown as { rows: T[] }).rows;
}
