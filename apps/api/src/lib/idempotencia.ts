import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Banco, Executor } from '../db/client.js';
import type { UsuarioContexto } from './contexto.js';
import { comTenant } from './tenant.js';
import { erro } from './erros.js';
import { Desfazer, emTransacaoAgrupada, type Grupo, type Linha } from './transacao-agrupada.js';

export const MENSAGEM_CHAVE_REUSADA = 'Esta chave de idempotência já foi usada com outro conteúdo.';

/** The key of one posting call: who (company), which key, and the fingerprint of what was asked. */
type Pedido = { empresaId: number; chave: string; rota: string; hashCorpo: string };

function pedidoDe(request: FastifyRequest, empresaId: number): Pedido | null {
  const v = request.headers['idempotency-key'];
  if (v === undefined) return null;
  if (typeof v !== 'string' || v.trim().length === 0 || v.length > 100) throw erro.requisicao('Idempotency-Key inválida: use de 1 a 100 caracteres.');
  return {
    empresaId,
    chave: v.trim(),
    rota: `${request.method} ${request.routeOptions.url ?? request.url}`.slice(0, 120),
    hashCorpo: createHash('sha256')
      .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
      .digest('hex'),
  };
}

/**
 * Claims the key: a concurrent request with the same key waits on the unique index until the first
 * commits, then finds the stored reply (replay) — or, if the first rolled back, claims it for real.
 */
const reivindicar = (p: Pedido): SQL => sql`
  insert into idempotencia (empresa_id, chave, rota, hash_corpo, status, resposta)
  values (${p.empresaId}, ${p.chave}, ${p.rota}, ${p.hashCorpo}, 0, 'null'::jsonb)
  on conflict do nothing returning chave`;

const anterior = (p: Pedido): SQL => sql`select hash_corpo, resposta from idempotencia where empresa_id = ${p.empresaId} and chave = ${p.chave}`;

const guardar = (p: Pedido, resposta: unknown): SQL => sql`
  update idempotencia set status = 200, resposta = ${JSON.stringify(resposta ?? null)}::jsonb
  where empresa_id = ${p.empresaId} and chave = ${p.chave}`;

/** The first reply under this key, if there is one; a 409 when it was given to another body. */
function repeticao<T>(p: Pedido, anteriores: Linha[]): { repetida: false } | { repetida: true; resposta: T } {
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
  const p = pedidoDe(request, empresaId);
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

/** What a grouped posting gives back: its reply, and the statements that write it (sent with the COMMIT). */
export type Escrita<T> = { resposta: T; instrucoes: SQL[] };

const registrar = (p: Pedido, resposta: unknown): SQL => sql`
  insert into idempotencia (empresa_id, chave, rota, hash_corpo, status, resposta)
  values (${p.empresaId}, ${p.chave}, ${p.rota}, ${p.hashCorpo}, 200, ${JSON.stringify(resposta ?? null)}::jsonb)`;

function chaveJaRegistrada(e: unknown): boolean {
  return (e as { code?: string; constraint?: string }).code === '23505' && (e as { constraint?: string }).constraint === 'idempotencia_pk';
}

/**
 * A posting written in groups (lib/transacao-agrupada.ts), exactly once per Idempotency-Key, with
 * no round-trip of its own: the first group looks the key up (a replay returns the first reply at
 * once, undoing the locks and lots that group took), and the key is recorded by a plain INSERT in
 * the last group, with the COMMIT. Two requests with the same key at the same time both run; the
 * second meets the first's row on the unique index, so its whole transaction rolls back, and it
 * answers the first's reply — the same outcome as a claim taken up front, for one write instead of two.
 */
export async function postarComIdempotencia<T>(
  banco: Banco,
  usuario: UsuarioContexto,
  request: FastifyRequest,
  empresaId: number,
  fn: (g: Grupo) => Promise<Escrita<T>>,
): Promise<T> {
  const p = pedidoDe(request, empresaId);
  if (p === null) {
    return emTransacaoAgrupada(banco, usuario, async (g) => {
      const e = await fn(g);
      await g.confirmar(e.instrucoes);
      return e.resposta;
    });
  }
  try {
    return await emTransacaoAgrupada(banco, usuario, async (g) => {
      let primeira = true;
      const comChave: Grupo = {
        ...g,
        async enviar(instrucoes) {
          if (!primeira) return g.enviar(instrucoes);
          primeira = false;
          const [anteriores, ...resto] = await g.enviar([anterior(p), ...instrucoes]);
          const r = repeticao<T>(p, anteriores!);
          if (r.repetida) throw new Desfazer(r.resposta);
          return resto;
        },
      };
      const e = await fn(comChave);
      await g.confirmar([...e.instrucoes, registrar(p, e.resposta)]);
      return e.resposta;
    });
  } catch (e) {
    if (!chaveJaRegistrada(e)) throw e;
    const anteriores = await comTenant(banco.db, usuario, async (tx) => ((await tx.execute(anterior(p))) as unknown as { rows: Linha[] }).rows);
    const r = repeticao<T>(p, anteriores);
    if (!r.repetida) throw e;
    return r.resposta;
  }
}
