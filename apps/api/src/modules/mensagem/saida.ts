import { eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { loteMensagem } from '../../db/schema/index.js';

/**
 * Queueing WhatsApp messages into the outbox (docs/areas/mensageria.md "Caixa de saída"). Always inside
 * the caller's transaction: the message exists exactly when the fact that produced it does.
 *
 * Consent (LGPD):
 * - marketing goes only to a customer whose latest WhatsApp consent row says yes and who is not in the
 *   company's audience block list (`bloqueio_publico`: the customer, or its mobile / e-mail blocked on
 *   their own — docs/areas/publicos.md), and whose account is ATIVO;
 * - transactional (receipt, prize ready, coupon asked for…) goes unless the customer's latest WhatsApp
 *   consent row says no (an explicit opt-out — a "SAIR" reply — stops everything); no consent row at
 *   all is not an opt-out, and the audience block does not apply (it is about marketing);
 * - an anonymised customer receives nothing.
 * The worker checks the marketing rule again just before sending (a "SAIR" between queueing and sending wins).
 */

/** The channel of a consent rule: WhatsApp (mobile) or e-mail (address). */
export type CanalConsentimento = 'WHATSAPP' | 'EMAIL';

/** The audience block reaches a customer by id, or by its mobile / e-mail blocked on their own. */
const sqlBloqueadoCliente = sql`exists (select 1 from bloqueio_publico b where b.empresa_id = c.empresa_id and (b.cliente_id = c.id
      or (b.cliente_id is null and (b.celular = c.celular or b.email = lower(c.email)))))`;

/**
 * The SQL condition for customer alias `c` (columns empresa_id, id, status, celular, email) to receive a
 * message on `canal` (the latest consent row of that channel; docs/areas/mensageria.md "Caixa de saída").
 */
export function sqlPodeReceber(marketing: boolean, canal: CanalConsentimento = 'WHATSAPP'): SQL {
  const ultimoConsentimento = sql`(select cc.concedido from cliente_consentimento cc
    where cc.empresa_id = c.empresa_id and cc.cliente_id = c.id and cc.canal = ${canal}
    order by cc.criado_em desc, cc.id desc limit 1)`;
  if (!marketing) return sql`c.status <> 'ANONIMIZADO' and coalesce(${ultimoConsentimento}, true)`;
  return sql`c.status = 'ATIVO' and ${ultimoConsentimento} is true and not ${sqlBloqueadoCliente}`;
}

/**
 * The same for an imported contact, alias `ct` (docs/decisions/034): contacts only ever receive
 * marketing (campaigns), and only with a "yes" as the latest `contato_consentimento` row of the channel
 * — the import records no consent, so a contact without a row receives nothing — and with neither its
 * mobile nor its e-mail in the audience block list.
 */
export function sqlContatoPodeReceber(canal: CanalConsentimento): SQL {
  return sql`(select kc.concedido from contato_consentimento kc
      where kc.empresa_id = ct.empresa_id and kc.contato_id = ct.id and kc.canal = ${canal}
      order by kc.criado_em desc, kc.id desc limit 1) is true
    and not exists (select 1 from bloqueio_publico b where b.empresa_id = ct.empresa_id and b.cliente_id is null
      and ((b.celular is not null and b.celular = ct.celular) or (b.email is not null and b.email = lower(ct.email))))`;
}

/**
 * Whether a queued marketing message may still go (checked by the workers just before sending): a
 * "SAIR", an unsubscribe or a block since it was queued cancels it.
 */
export async function aindaPodeReceber(tx: Executor, m: { canal: CanalConsentimento; cliente_id: number | null; contato_id: number | null }): Promise<boolean> {
  const q =
    m.contato_id !== null
      ? sql`select 1 from contato ct where ct.id = ${m.contato_id} and ${sqlContatoPodeReceber(m.canal)}`
      : m.cliente_id !== null
        ? sql`select 1 from cliente c where c.id = ${m.cliente_id} and ${sqlPodeReceber(true, m.canal)}`
        : null;
  if (q === null) return true;
  return ((await tx.execute(q)) as unknown as { rows: unknown[] }).rows.length > 0;
}

export const MOTIVO_CONSENTIMENTO_RETIRADO = 'Consentimento retirado ou cliente bloqueado antes do envio.';

/**
 * The instance a company sends through: its own active number (DEDICADO), else the platform's shared
 * one when it contracted COMPARTILHADO; null when it has none (nothing can be queued for WhatsApp).
 */
export async function instanciaDaEmpresa(tx: Executor, empresaId: number): Promise<number | null> {
  const [l] = ((await tx.execute(sql`select ${sqlInstanciaDaEmpresa(empresaId)} as id`)) as unknown as { rows: { id: number | null }[] }).rows;
  return l?.id ?? null;
}

/** `instanciaDaEmpresa` as an expression, for a statement that reads it along with other things (a batch's context). */
export function sqlInstanciaDaEmpresa(empresaId: number): SQL {
  return sql`coalesce(
    (select i.id from instancia_whatsapp i where i.empresa_id = ${empresaId} and i.ativa order by i.id limit 1),
    (select i.id from instancia_whatsapp i where i.empresa_id is null and i.ativa
       and (select e.tipo_servidor_whats from empresa e where e.id = ${empresaId}) = 'COMPARTILHADO' order by i.id limit 1))`;
}

export type EnvioParaClientes = {
  empresaId: number;
  /** A query returning customer ids (`select id from cliente where …`): the audience. */
  clientes: SQL;
  texto: string;
  origem: string;
  origemId?: number | null;
  marketing: boolean;
  loteId?: number | null;
  /** Defaults to the company's instance (instanciaDaEmpresa). */
  instanciaId?: number;
};

export class SemInstanciaWhatsapp extends Error {
  constructor() {
    super('A empresa não tem um número de WhatsApp para enviar mensagens.');
    this.name = 'SemInstanciaWhatsapp';
  }
}

/** Who of `cliente c` gets a WhatsApp message: a mobile number and the consent rule above. */
const sqlRecebeWhatsapp = (marketing: boolean): SQL => sql`c.celular ~ '^[0-9]{10,11}$' and ${sqlPodeReceber(marketing)}`;

/**
 * Queues one message per customer of `clientes` who may receive it (the consent rule above) and has a
 * mobile number, in one INSERT…SELECT: a campaign to 100,000 customers is one statement, not 100,000.
 * Returns how many were queued; those left out are simply not there.
 */
export async function enfileirarParaClientes(tx: Executor, e: EnvioParaClientes): Promise<number> {
  const instanciaId = e.instanciaId ?? (await instanciaDaEmpresa(tx, e.empresaId));
  if (instanciaId === null) throw new SemInstanciaWhatsapp();
  const r = await tx.execute(sql`
    insert into mensagem_saida (empresa_id, canal, lote_id, instancia_id, cliente_id, para, texto, origem, origem_id, marketing)
    select c.empresa_id, 'WHATSAPP', ${e.loteId ?? null}::integer, ${instanciaId}::integer, c.id, '55' || c.celular, ${e.texto}, ${e.origem}, ${e.origemId ?? null}::integer, ${e.marketing}
    from cliente c
    where c.empresa_id = ${e.empresaId} and c.id in (${e.clientes})
      and ${sqlRecebeWhatsapp(e.marketing)}`);
  return contagem(r);
}

/**
 * Transactional messages, each with its own text, to many customers in one statement (the vouchers
 * of a batch of prize redemptions, sent with the batch's write): the same rule as `enfileirarParaCliente`.
 */
export function sqlEnfileirarCada(e: { empresaId: number; instanciaId: number; origem: string; mensagens: { clienteId: number; texto: string; origemId: number | null }[] }): SQL {
  const linhas = e.mensagens.map((m) => ({ cliente_id: m.clienteId, texto: m.texto, origem_id: m.origemId }));
  return sql`
    insert into mensagem_saida (empresa_id, canal, instancia_id, cliente_id, para, texto, origem, origem_id, marketing)
    select c.empresa_id, 'WHATSAPP', ${e.instanciaId}::integer, c.id, '55' || c.celular, m.texto, ${e.origem}, m.origem_id, false
    from json_to_recordset(${JSON.stringify(linhas)}::json) as m(cliente_id int, texto text, origem_id int)
    join cliente c on c.id = m.cliente_id and c.empresa_id = ${e.empresaId}
    where ${sqlRecebeWhatsapp(false)}`;
}

/** A single message to one customer (an automatic message, a receipt): the same rule, the same statement. */
export function enfileirarParaCliente(tx: Executor, e: Omit<EnvioParaClientes, 'clientes'> & { clienteId: number }): Promise<number> {
  return enfileirarParaClientes(tx, { ...e, clientes: sql`select ${e.clienteId}::integer` });
}

export type NovoLote = Omit<EnvioParaClientes, 'loteId'> & { nome: string; usuarioId?: number | null };

/** A batch (a campaign run): the `lote_mensagem` row and its messages, one transaction. */
export async function criarLote(tx: Executor, l: NovoLote): Promise<{ loteId: number; total: number }> {
  const [lote] = await tx
    .insert(loteMensagem)
    .values({ empresaId: l.empresaId, nome: l.nome, origem: l.origem, origemId: l.origemId ?? null, usuarioId: l.usuarioId ?? null })
    .returning({ id: loteMensagem.id });
  const total = await enfileirarParaClientes(tx, { ...l, loteId: lote!.id });
  await tx.update(loteMensagem).set({ total }).where(eq(loteMensagem.id, lote!.id));
  return { loteId: lote!.id, total };
}

/** Row count of an INSERT/UPDATE through `execute`, on either driver. */
export function contagem(r: unknown): number {
  const x = r as { rowCount?: number | null; affectedRows?: number };
  return Number(x.rowCount ?? x.affectedRows ?? 0);
}
