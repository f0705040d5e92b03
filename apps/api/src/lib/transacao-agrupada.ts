import { hash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Banco, Executor } from '../db/client.js';
import * as schema from '../db/schema/index.js';
import type { UsuarioContexto } from './contexto.js';
import { comLiterais, dialeto, literal } from './sql-literal.js';
import { sqlVinculoTenant } from './tenant.js';

export type Linha = Record<string, unknown>;

/**
 * A transaction whose statements travel in groups: each `enviar` is ONE round-trip to PostgreSQL,
 * however many statements it carries (simple query protocol), and the first one also opens the
 * transaction bound to the tenant. Each statement is prepared once per connection (PREPARE in the
 * same round-trip the first time, EXECUTE afterwards), so PostgreSQL neither parses nor rewrites it
 * again. A batch of sales — the path benchmarked at 1,500/s — is two groups: read-and-lock, then
 * write-and-commit (docs/decisions/013-venda-em-duas-idas-ao-banco.md, 017-vendas-em-lote.md).
 */
export type Grupo = {
  /** Runs the statements in order in one round-trip; the rows of each, in order. */
  enviar(instrucoes: SQL[]): Promise<Linha[][]>;
  /** The same, and COMMIT in that very round-trip. Nothing may be sent after it. */
  confirmar(instrucoes: SQL[]): Promise<Linha[][]>;
  /** The rare statement outside the groups (an error message's detail, a first account): the same transaction. */
  executor(): Promise<Executor>;
};

/**
 * The longest a grouped transaction waits for each lock (a customer's accounts held by a long job):
 * past it the call fails with a clear 409 instead of hanging at the counter — and a sale's
 * transaction stays short enough for the dashboard to close its intervals soon (resumo.ts).
 */
export const LIMITE_ESPERA_TRAVA = '20s';

/** Statements prepared on each connection, by name. Bounded: past the cap, statements run unprepared. */
const preparadasPorConexao = new WeakMap<pg.PoolClient, Set<string>>();
const MAXIMO_PREPARADAS = 200;

/** A statement for the simple protocol: `EXECUTE` of its prepared form, preceded by the `PREPARE` the first time. */
function comoTexto(instrucao: SQL, preparadas: Set<string>): { prepare: string | null; texto: string; nome: string } {
  const { sql: texto, params } = dialeto.sqlToQuery(instrucao);
  const nome = `g_${hash('sha1', texto, 'hex').slice(0, 20)}`;
  const argumentos = params.length > 0 ? `(${params.map(literal).join(', ')})` : '';
  if (preparadas.has(nome)) return { prepare: null, texto: `execute ${nome}${argumentos}`, nome };
  if (preparadas.size >= MAXIMO_PREPARADAS) {
    return { prepare: null, texto: comLiterais(texto, params), nome };
  }
  return { prepare: `prepare ${nome} as ${texto}`, texto: `execute ${nome}${argumentos}`, nome };
}

function linhas(r: unknown): Linha[] {
  return (r as { rows?: Linha[] }).rows ?? [];
}

/**
 * Runs `fn` in one transaction of the caller's company, sending its statements in groups.
 * On PostgreSQL each group is one round-trip; PGlite lives in the process, so there the statements
 * simply run one after the other in a normal transaction. A throw rolls everything back.
 */
export async function emTransacaoAgrupada<T>(
  banco: Banco,
  usuario: UsuarioContexto,
  fn: (g: Grupo) => Promise<T>,
  limiteEsperaTrava: string = LIMITE_ESPERA_TRAVA,
): Promise<T> {
  const vinculo = sqlVinculoTenant(usuario);
  if (!banco.pool) {
    return banco.db.transaction(async (tx) => {
      if (vinculo) await tx.execute(vinculo);
      return fn(grupoSequencial(tx));
    });
  }
  const cliente = await banco.pool.connect();
  let preparadas = preparadasPorConexao.get(cliente);
  if (!preparadas) preparadasPorConexao.set(cliente, (preparadas = new Set()));
  let aberta = false;
  let confirmada = false;
  let executor: Executor | null = null;

  const ida = async (instrucoes: SQL[], commit: boolean): Promise<Linha[][]> => {
    if (confirmada) throw new Error('Transação já confirmada: nada pode ser enviado depois do COMMIT.');
    const todas = [...(aberta || !vinculo ? [] : [vinculo]), ...instrucoes];
    // Generic plans: the grouped statements are keyed lookups and writes whose best plan does not
    // depend on the values, and planning them per call cost a third of PostgreSQL's time per sale.
    const textos: string[] = aberta ? [] : ['begin', 'set local plan_cache_mode = force_generic_plan', `set local lock_timeout = '${limiteEsperaTrava}'`];
    const indices: number[] = [];
    const novas: string[] = [];
    for (const i of todas) {
      const t = comoTexto(i, preparadas);
      if (t.prepare) {
        textos.push(t.prepare);
        novas.push(t.nome);
        preparadas.add(t.nome);
      }
      indices.push(textos.length);
      textos.push(t.texto);
    }
    if (commit) textos.push('commit');
    aberta = true;
    let r: unknown;
    try {
      r = await cliente.query(textos.join(';\n'));
    } catch (e) {
      // A failure stops the rest of the round-trip: PREPAREs after it did not run. PREPARE is not
      // undone by a rollback, so the set is read back from the server instead of guessed.
      for (const n of novas) preparadas.delete(n);
      if (novas.length > 0) await sincronizarPreparadas(cliente, preparadas);
      throw e;
    }
    if (commit) confirmada = true;
    const resultados = Array.isArray(r) ? r : [r];
    return indices.slice(todas.length - instrucoes.length).map((k) => linhas(resultados[k]));
  };

  const g: Grupo = {
    enviar: (instrucoes) => ida(instrucoes, false),
    confirmar: (instrucoes) => ida(instrucoes, true),
    async executor() {
      if (!aberta) await ida([], false);
      executor ??= drizzlePg({ client: cliente, schema, casing: 'snake_case' }) as unknown as Executor;
      return executor;
    },
  };
  let descartar = false;
  try {
    const resultado = await fn(g);
    if (aberta && !confirmada) await cliente.query('commit');
    return resultado;
  } catch (e) {
    if (aberta && !confirmada) {
      // A connection whose ROLLBACK failed is in an unknown state: the pool must not hand it out again.
      await cliente.query('rollback').catch(() => (descartar = true));
    }
    throw e;
  } finally {
    cliente.release(descartar || undefined);
  }
}

/** After a failed round-trip the transaction is aborted; the list is read once it has been rolled back. */
async function sincronizarPreparadas(cliente: pg.PoolClient, preparadas: Set<string>): Promise<void> {
  try {
    await cliente.query('rollback');
    const r = await cliente.query<{ name: string }>(`select name from pg_prepared_statements where name like 'g\\_%'`);
    preparadas.clear();
    for (const l of r.rows) preparadas.add(l.name);
  } catch {
    preparadas.clear();
  }
}

/** The same interface over an open transaction, one statement at a time (seed, tests, PGlite). */
export function grupoSequencial(tx: Executor): Grupo {
  const enviar = async (instrucoes: SQL[]) => {
    const r: Linha[][] = [];
    for (const i of instrucoes) r.push(linhas(await tx.execute(i)));
    return r;
  };
  return { enviar, confirmar: enviar, executor: async () => tx };
}
