import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/client.js';
import { ErroApi, erro } from './erros.js';
import { sha256 } from './tokens.js';
import type { Linha } from './transacao-agrupada.js';

export const MENSAGEM_CHAVE_REUSADA = 'Esta chave de idempotência já foi usada com outro conteúdo.';

/** The key of one posting call: who (company), which key, and the fingerprint of what was asked. */
export type PedidoIdempotente = { empresaId: number; chave: string; rota: string; hashCorpo: string };

/** The Idempotency-Key of a posting call, or null when it sent none; 400 for an invalid one. */
export function pedidoIdempotente(request: FastifyRequest, empresaId: number): PedidoIdempotente | null {
  const v = request.headers['idempotency-key'];
  if (v === undefined) return null;
  if (typeof v !== 'string' || v.trim().length === 0 || v.length > 100) throw erro.requisicao('Idempotency-Key inválida: use de 1 a 100 caracteres.');
  return {
    empresaId,
    chave: v.trim(),
    rota: `${request.method} ${request.routeOptions.url ?? request.url}`.slice(0, 120),
    hashCorpo: sha256(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`),
  };
}

/**
 * Claims the key: a concurrent request with the same key waits on the unique index until the first
 * commits, then finds the stored reply (replay) — or, if the first rolled back, claims it for real.
 */
const reivindicar = (p: PedidoIdempotente): SQL => sql`
  insert into idempotencia (empresa_id, chave, rota, hash_corpo, status, resposta)
  values (${p.empresaId}, ${p.chave}, ${p.rota}, ${p.hashCorpo}, 0, 'null'::jsonb)
  on conflict do nothing returning chave`;

const anterior = (p: PedidoIdempotente): SQL => sql`select hash_corpo, resposta from idempotencia where empresa_id = ${p.empresaId} and chave = ${p.chave}`;

const guardar = (p: PedidoIdempotente, resposta: unknown): SQL => sql`
  update idempotencia set status = 200, resposta = ${JSON.stringify(resposta ?? null)}::jsonb
  where empresa_id = ${p.empresaId} and chave = ${p.chave}`;

/** The first reply under this key, if there is one; a 409 when it was given to another body. */
function repeticao<T>(p: PedidoIdempotente, anteriores: Linha[]): { repetida: false } | { repetida: true; resposta: T } {
  const a = anteriores[0] as { hash_corpo: string; resposta: T } | undefined;
  if (!a) return { repetida: false };
  if (a.hash_corpo !== p.hashCorpo) throw erro.conflito(MENSAGEM_CHAVE_REUSADA);
  return { repetida: true, resposta: a.resposta };
}

/**
 * Posting calls run through here (ARCHITECTURE §5), inside the caller's transaction. A failed call
 * stores nothing, so retrying it is safe.
 */
export async function comIdempotencia<T>(tx: Executor, request: FastifyRequest, empresaId: number, fn: () => Promise<T>): Promise<T> {
  const p = pedidoIdempotente(request, empresaId);
  if (p === null) return fn();
  const reivindicada = (await tx.execute(reivindicar(p))) as unknown as { rows: Linha[] };
  if (reivindicada.rows.length === 0) {
    // Taken: by a committed call (replay), or — the row being gone — by one that rolled back in between.
    const anteriores = (await tx.execute(anterior(p))) as unknown as { rows: Linha[] };
    const r = repeticao<T>(p, anteriores.rows);
    if (r.repetida) return r.resposta;
    if (anteriores.rows.length === 0) throw erro.conflito(MENSAGEM_CHAVE_REUSADA);
  }
  const resultado = await fn();
  await tx.execute(guardar(p, resultado));
  return resultado;
}

/**
 * Batched postings (sales and prize redemptions, lib/lote-de-postagens.ts) claim no key up front: the first
 * round-trip looks up the keys of the whole batch (`sqlAnteriores`), a replay is answered from the
 * stored reply, and the keys of the calls that took effect are recorded by one INSERT with the
 * COMMIT (`sqlRegistrar`). A key used at the same time by another process meets this one's row on
 * the unique index: the batch rolls back and runs again, and then finds the first reply.
 *
 * This statement reads the stored replies of some keys of a company (`chave, hash_corpo, resposta`).
 */
export function sqlAnteriores(empresaId: number, chaves: string[]): SQL {
  return sql`
    select chave, hash_corpo, resposta from idempotencia
    where empresa_id = ${empresaId} and chave in (select value from json_array_elements_text(${JSON.stringify(chaves)}::json))`;
}

/**
 * What a batched call answers without being run again, from `anteriores` (the rows of
 * `sqlAnteriores`): the first reply under its key, the 409 of a key given to another body, or
 * undefined when the key is new.
 */
export function respostaAnterior<T>(p: PedidoIdempotente, anteriores: Linha[]): T | ErroApi | undefined {
  try {
    const r = repeticao<T>(
      p,
      anteriores.filter((a) => a.chave === p.chave),
    );
    return r.repetida ? r.resposta : undefined;
  } catch (e) {
    if (e instanceof ErroApi) return e;
    throw e;
  }
}

/**
 * Records the replies of the calls that took effect, one row each, in key order: two batches of two
 * processes that share keys then wait on the unique index in the same order instead of deadlocking.
 */
export function sqlRegistrar(empresaId: number, itens: { pedido: PedidoIdempotente; resposta: unknown }[]): SQL {
  const linhas = itens.map(({ pedido, resposta }) => ({ chave: pedido.chave, rota: pedido.rota, hash_corpo: pedido.hashCorpo, resposta: resposta ?? null }));
  return sql`
    insert into idempotencia (empresa_id, chave, rota, hash_corpo, status, resposta)
    select ${empresaId}, x.chave, x.rota, x.hash_corpo, 200, x.resposta
    from json_to_recordset(${JSON.stringify(linhas)}::json) as x(chave varchar, rota varchar, hash_corpo varchar, resposta jsonb)
    order by x.chave`;
}

/** The unique index refused a key: another call recorded it first and committed. */
export function chaveJaRegistrada(e: unknown): boolean {
  return (e as { code?: string; constraint?: string }).code === '23505' && (e as { constraint?: string }).constraint === 'idempotencia_pk';
}
