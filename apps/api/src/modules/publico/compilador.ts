import { sql, type SQL } from 'drizzle-orm';
import { reaisParaCentavos, somarDias, type CondicoesPublico } from '@bonifica/contracts';
import { FUSO } from '../../lib/fuso.js';


/** Start of a calendar day in Brasília, as a timestamptz parameter expression. */
const inicioDoDia = (dia: string): SQL => sql`((${dia}::date)::timestamp at time zone ${FUSO})`;

export const lista = (ids: number[]): SQL => sql.join(
  ids.map((i) => sql`${i}`),
  sql`, `,
);

/** Confirmed sales of the company (the alias `t` is the compiler's own). */
const vendas = (empresaId: number): SQL => sql`select t.cliente_id from transacao t where t.empresa_id = ${empresaId} and t.status = 'CONFIRMADA'`;

/** Customers whose latest consent row of a channel grants it (never asked = not granted). */
const comConsentimento = (empresaId: number, canal: 'WHATSAPP' | 'EMAIL'): SQL => sql`select x.cliente_id from (
    select distinct on (cc.cliente_id) cc.cliente_id, cc.concedido from cliente_consentimento cc
    where cc.empresa_id = ${empresaId} and cc.canal = ${canal}
    order by cc.cliente_id, cc.criado_em desc, cc.id desc) x where x.concedido`;

/**
 * The customers the audience block list reaches: blocked themselves, or through their mobile or
 * e-mail blocked on their own (`bloqueio_publico` keeps e-mails in lower case; a customer's is
 * compared in lower case too, by `cliente_email_minusculo_idx`). A handful of index lookups per
 * block, so a test `id in (…)` against it is hashed once per statement: the statistics and a
 * campaign's selection test every customer of the audience with it (bench/RESULTS.md, 28/11).
 */
const sqlIdsBloqueados = (empresaId: number): SQL => sql`
  select b.cliente_id from bloqueio_publico b where b.empresa_id = ${empresaId} and b.cliente_id is not null
  union select c.id from bloqueio_publico b join cliente c on c.empresa_id = ${empresaId} and c.celular = b.celular
    where b.empresa_id = ${empresaId} and b.cliente_id is null and b.celular is not null
  union select c.id from bloqueio_publico b join cliente c on c.empresa_id = ${empresaId} and lower(c.email) = b.email
    where b.empresa_id = ${empresaId} and b.cliente_id is null and b.email is not null`;

/** Whether the customer of the row (its id column, `c.id` by default) is blocked for marketing. */
export const sqlBloqueado = (empresaId: number, cliente: SQL = sql`c.id`): SQL => sql`${cliente} in (${sqlIdsBloqueados(empresaId)})`;

export const sqlConsentimento = (empresaId: number, canal: 'WHATSAPP' | 'EMAIL', alias = 'c'): SQL => sql`${sql.raw(alias)}.id in (${comConsentimento(empresaId, canal)})`;

/** A balance column within the condition's range, in the unit's storage (centavos or whole points). */
export function faixaDeSaldo(s: NonNullable<CondicoesPublico['saldo']>, coluna: SQL): SQL {
  const paraBanco = (v: number) => (s.unidade === 'CASHBACK' ? reaisParaCentavos(v) : Math.round(v));
  const faixa: SQL[] = [];
  if (s.min !== undefined) faixa.push(sql`${coluna} >= ${paraBanco(s.min)}`);
  if (s.max !== undefined) faixa.push(sql`${coluna} <= ${paraBanco(s.max)}`);
  return sql.join(faixa, sql` and `);
}

/** An active, unexpired contract of one of the plans (read live: the day it lapses is today's). */
export const comPlano = (empresaId: number, planos: number[], id: SQL): SQL => sql`${id} in (select cp.cliente_id from cliente_plano cp where cp.empresa_id = ${empresaId} and cp.status = 'ATIVO'
      and cp.fim >= (now() at time zone ${FUSO})::date and cp.plano_id in (${lista(planos)}))`;

/** Any of the tags (read live). */
export const comEtiqueta = (empresaId: number, etiquetas: number[], id: SQL): SQL =>
  sql`${id} in (select ce.cliente_id from cliente_etiqueta ce where ce.empresa_id = ${empresaId} and ce.etiqueta_id in (${lista(etiquetas)}))`;

/** The having-terms of a purchases condition over a count and a sum (centavos) of the period. */
export function termosDeCompras(k: NonNullable<CondicoesPublico['compras']>, quantidade: SQL, valor: SQL): SQL {
  const ter: SQL[] = [];
  if (k.quantidade?.min !== undefined) ter.push(sql`${quantidade} >= ${k.quantidade.min}`);
  if (k.quantidade?.max !== undefined) ter.push(sql`${quantidade} <= ${k.quantidade.max}`);
  if (k.valor?.min !== undefined) ter.push(sql`${valor} >= ${reaisParaCentavos(k.valor.min)}`);
  if (k.valor?.max !== undefined) ter.push(sql`${valor} <= ${reaisParaCentavos(k.valor.max)}`);
  return sql.join(ter, sql` and `);
}

/**
 * The one compiler of audience conditions (docs/areas/publicos.md "Compilador"): every condition
 * becomes a predicate on `cliente c`, every value a bound parameter — nothing the user typed is
 * concatenated into the SQL. Predicates over sales, balances and consents are semi/anti joins
 * (`in`/`exists`), which PostgreSQL runs as set operations over the whole company instead of one
 * probe per customer.
 */
export function predicadosPublico(empresaId: number, f: CondicoesPublico): SQL[] {
  const p: SQL[] = [sql`c.empresa_id = ${empresaId}`, sql`c.status = 'ATIVO'`];
  if (f.filiais) p.push(sql`c.filial_origem_id in (${lista(f.filiais)})`);
  if (f.ultimaCompra) {
    const u = f.ultimaCompra;
    if (u.nunca) p.push(sql`not exists (${vendas(empresaId)} and t.cliente_id = c.id)`);
    if (u.depoisDe) p.push(sql`c.id in (${vendas(empresaId)} and t.criado_em >= ${inicioDoDia(u.depoisDe)})`);
    if (u.antesDe) {
      p.push(sql`c.id in (${vendas(empresaId)})`);
      p.push(sql`not exists (${vendas(empresaId)} and t.cliente_id = c.id and t.criado_em >= ${inicioDoDia(somarDias(u.antesDe, 1))})`);
    }
  }
  if (f.compras) {
    const k = f.compras;
    const periodo = sql`t.criado_em >= ${inicioDoDia(k.de)} and t.criado_em < ${inicioDoDia(somarDias(k.ate, 1))}`;
    const agregado = sql`c.id in (${vendas(empresaId)} and ${periodo} group by t.cliente_id having ${termosDeCompras(k, sql`count(*)`, sql`sum(t.valor_centavos)`)})`;
    // "At most N purchases" also holds for who bought nothing in the period.
    const admiteZero = !k.quantidade?.min && !k.valor?.min;
    p.push(admiteZero ? sql`(${agregado} or not exists (${vendas(empresaId)} and t.cliente_id = c.id and ${periodo}))` : agregado);
  }
  if (f.saldo) {
    const s = f.saldo;
    const comSaldo = sql`c.id in (select k.cliente_id from conta k where k.empresa_id = ${empresaId} and k.tipo = ${s.unidade} and ${faixaDeSaldo(s, sql`k.saldo`)})`;
    // A customer without the account has a balance of zero.
    const admiteZero = !s.min;
    p.push(
      admiteZero
        ? sql`(${comSaldo} or not exists (select 1 from conta k where k.empresa_id = ${empresaId} and k.tipo = ${s.unidade} and k.cliente_id = c.id))`
        : comSaldo,
    );
  }
  if (f.planos) p.push(comPlano(empresaId, f.planos, sql`c.id`));
  if (f.mesesAniversario) p.push(sql`extract(month from c.data_nascimento)::int in (${lista(f.mesesAniversario)})`);
  if (f.consentimento) {
    const { whatsapp, email } = f.consentimento;
    if (whatsapp !== undefined) p.push(whatsapp ? sqlConsentimento(empresaId, 'WHATSAPP') : sql`not (${sqlConsentimento(empresaId, 'WHATSAPP')})`);
    if (email !== undefined) p.push(email ? sqlConsentimento(empresaId, 'EMAIL') : sql`not (${sqlConsentimento(empresaId, 'EMAIL')})`);
  }
  if (f.etiquetas) p.push(comEtiqueta(empresaId, f.etiquetas, sql`c.id`));
  return p;
}

/** `from cliente c where …` of an audience: the base of the count, the statistics and the selection. */
export const origemPublico = (empresaId: number, f: CondicoesPublico): SQL => sql`from cliente c where ${sql.join(predicadosPublico(empresaId, f), sql` and `)}`;

/**
 * Contacts (leads imported by `empresa/importacao/contato`) reached when the audience includes them:
 * those not yet customers, with a mobile or an e-mail. The customer conditions do not apply to them.
 */
export function selecaoContatosDoPublico(empresaId: number, f: CondicoesPublico, opcoes: { semBloqueados?: boolean } = {}): SQL | null {
  if (!f.incluirContatos) return null;
  const bloqueio = opcoes.semBloqueados
    ? sql` and not exists (select 1 from bloqueio_publico b where b.empresa_id = ${empresaId} and b.cliente_id is null
        and ((b.celular is not null and b.celular = ct.celular) or (b.email is not null and b.email = lower(ct.email))))`
    : sql``;
  return sql`select ct.id as contato_id from contato ct where ct.empresa_id = ${empresaId} and ct.cliente_id is null
    and (ct.celular is not null or ct.email is not null)${bloqueio}`;
}
