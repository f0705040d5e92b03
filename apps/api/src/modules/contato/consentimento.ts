import { and, asc, eq, sql } from 'drizzle-orm';
import type { CanalConsentimentoContato } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { contatoConsentimento, usuario } from '../../db/schema/index.js';

export type ConsentimentoVigente = { concedido: boolean; origem: string; criadoEm: Date };

/**
 * The latest consent row of each contact and channel (the history is append-only: the latest row
 * holds), keyed `<contatoId>:<canal>`.
 */
export async function ultimosConsentimentosDeContatos(tx: Executor, empresaId: number, contatoIds: number[]): Promise<Map<string, ConsentimentoVigente>> {
  if (contatoIds.length === 0) return new Map();
  const r = await tx.execute(sql`select distinct on (contato_id, canal) contato_id, canal, concedido, origem, criado_em from contato_consentimento
    where empresa_id = ${empresaId} and contato_id = any(${`{${contatoIds.join(',')}}`}::int[])
    order by contato_id, canal, criado_em desc, id desc`);
  const linhas = (r as unknown as { rows: { contato_id: number; canal: string; concedido: boolean; origem: string; criado_em: Date | string }[] }).rows.map((l) => ({
    contatoId: l.contato_id,
    canal: l.canal,
    concedido: l.concedido,
    origem: l.origem,
    criadoEm: new Date(l.criado_em),
  }));
  return new Map(linhas.map((l) => [`${l.contatoId}:${l.canal}`, { concedido: l.concedido, origem: l.origem, criadoEm: l.criadoEm }]));
}

/** The whole history of one contact, oldest first, with who recorded each row (null: the import job's user is kept, the link has none). */
export function historicoDoContato(tx: Executor, empresaId: number, contatoId: number) {
  return tx
    .select({
      canal: contatoConsentimento.canal,
      concedido: contatoConsentimento.concedido,
      origem: contatoConsentimento.origem,
      criadoEm: contatoConsentimento.criadoEm,
      usuarioNome: sql<string | null>`${usuario.nome}`,
    })
    .from(contatoConsentimento)
    .leftJoin(usuario, eq(usuario.id, contatoConsentimento.usuarioId))
    .where(and(eq(contatoConsentimento.empresaId, empresaId), eq(contatoConsentimento.contatoId, contatoId)))
    .orderBy(asc(contatoConsentimento.criadoEm), asc(contatoConsentimento.id));
}

/** One row of history; the caller has checked that it changes the channel's state. */
export async function registrarConsentimentoContato(
  tx: Executor,
  r: { empresaId: number; contatoId: number; canal: CanalConsentimentoContato; concedido: boolean; origem: string; usuarioId: number | null },
) {
  await tx.insert(contatoConsentimento).values(r);
}
