import type { FastifyRequest } from 'fastify';
import { eq, sql, type SQL } from 'drizzle-orm';
import { CABECALHO_DISPOSITIVO, MENSAGENS_DISPOSITIVO } from '@bonifica/contracts';
import type { Db } from '../../db/client.js';
import { dispositivo } from '../../db/schema/index.js';
import { criarAgrupador, type Agrupador } from '../../lib/agrupador.js';
import { erro, type ErroApi } from '../../lib/erros.js';
import type { Linha } from '../../lib/transacao-agrupada.js';
import { arrayPg } from '../account/index.js';
import { sha256 } from '../../lib/tokens.js';

/** What the gate asks of a request: the hash of the browser's device token (null: none sent). */
export type PedidoDispositivo = { tokenHash: string | null };
/** A question of one network. */
type Pedido = PedidoDispositivo & { empresaId: number };
/** What the gate needs: whether a device matched, its state and its branch's, when it was last seen. */
type Achado = { id: number | null; ativo: boolean | null; filialAtiva: boolean | null; ultimoAcesso: Date | null };

/** Last seen is refreshed at most once a minute, so a busy counter does not write on every sale. */
const TOQUE_MS = 60_000;

/** The device token a request carries (header X-Dispositivo), hashed. */
export function dispositivoDaRequisicao(request: FastifyRequest): PedidoDispositivo {
  const cabecalho = request.headers[CABECALHO_DISPOSITIVO];
  const token = typeof cabecalho === 'string' ? cabecalho.trim() : '';
  return { tokenHash: token ? sha256(token.slice(0, 200)) : null };
}

/** One row per question, in order: the device of that token in that network (without a token: any device of the network). */
function sqlDispositivos(pedidos: Pedido[]): SQL {
  return sql`
    select d.id, d.ativo, f.ativa as "filialAtiva", d.ultimo_acesso as "ultimoAcesso"
    from unnest(${arrayPg(pedidos.map((p) => p.empresaId))}::int[], ${arrayPg(pedidos.map((p) => p.tokenHash))}::text[]) with ordinality as p(empresa_id, token_hash, n)
    left join lateral (
      select x.id, x.ativo, x.filial_id, x.ultimo_acesso from dispositivo x
      where x.empresa_id = p.empresa_id and (p.token_hash is null or x.token_hash = p.token_hash)
      limit 1
    ) d on true
    left join empresa f on f.id = d.filial_id
    order by p.n`;
}

function achado(l: Linha): Achado {
  const ultimo = l.ultimoAcesso as Date | string | null;
  return { id: l.id as number | null, ativo: l.ativo as boolean | null, filialAtiva: l.filialAtiva as boolean | null, ultimoAcesso: ultimo === null ? null : new Date(ultimo) };
}

/**
 * The gate's rule (docs/areas/filiais.md "Dispositivos"): a browser with a device token must be an
 * enabled device of an active branch of this network; a browser without one is let through only
 * while the network has no device registered, so a company that never uses devices keeps selling
 * as before and one that does cannot be bypassed by clearing the storage.
 */
function recusa(p: PedidoDispositivo, a: Achado): ErroApi | null {
  if (!p.tokenHash) return a.id !== null ? erro.proibido(MENSAGENS_DISPOSITIVO.naoRegistrado) : null;
  if (a.id === null) return erro.proibido(MENSAGENS_DISPOSITIVO.naoRegistrado);
  if (!a.ativo) return erro.proibido(MENSAGENS_DISPOSITIVO.desativado);
  if (!a.filialAtiva) return erro.proibido(MENSAGENS_DISPOSITIVO.filialInativa);
  return null;
}

const devidoToque = (a: Achado) => a.id !== null && (!a.ultimoAcesso || Date.now() - a.ultimoAcesso.getTime() > TOQUE_MS);

const leitores = new WeakMap<Db, Agrupador<Pedido, Achado>>();

/**
 * Gates outside the sales' batch (the gift card's) ask at once and share one query (lib/agrupador.ts),
 * as sessions do. The read goes as the database owner with the network written in the query, like
 * the session's.
 */
function leitorDeDispositivos(db: Db): Agrupador<Pedido, Achado> {
  let leitor = leitores.get(db);
  if (!leitor) {
    leitor = criarAgrupador<Pedido, Achado>({
      async executar(pedidos) {
        const r = (await db.execute(sqlDispositivos(pedidos))) as unknown as { rows: Linha[] };
        return r.rows.map(achado);
      },
      grupo: () => 'dispositivo',
      // Reads only: the same counter may ask twice in one batch.
      chaves: () => [],
      maximoLote: 64,
      maximoEmVoo: 2,
    });
    leitores.set(db, leitor);
  }
  return leitor;
}

/** Waits for the device reads already taken (the app closes before the database). */
export async function esvaziarLeitorDeDispositivos(db: Db): Promise<void> {
  await leitores.get(db)?.esvaziar();
}

/** The device gate of a terminal call made outside the sales' batch (selling a gift card). */
export async function exigirDispositivo(db: Db, request: FastifyRequest, empresaId: number): Promise<void> {
  const p = dispositivoDaRequisicao(request);
  const a = await leitorDeDispositivos(db)({ empresaId, ...p });
  const r = recusa(p, a);
  if (r) throw r;
  if (devidoToque(a)) await db.update(dispositivo).set({ ultimoAcesso: new Date() }).where(eq(dispositivo.id, a.id!));
}

/**
 * The gate of the terminal's sale, inside the sales' batch (docs/decisions/017-vendas-em-lote.md,
 * "Portão do dispositivo"): the devices are read in the batch's first round-trip instead of a
 * query of their own before it, which cost every sale one more round-trip and one more queue
 * (bench/RESULTS.md, 28/11: PostgreSQL −10 % of CPU per sale at 1,000/s, median 20–33 → 17–20 ms).
 * `null` for a call without a gate (the integration API's sales).
 */
export const portaoDeDispositivo = {
  ler(empresaId: number, pedidos: (PedidoDispositivo | null)[]): SQL {
    return sqlDispositivos(pedidos.flatMap((p) => (p ? [{ empresaId, ...p }] : [])));
  },
  /**
   * Each call's refusal (or null), and the statement that refreshes the last seen of the devices
   * due one, for the batch's write: a device held by another batch's refresh is skipped, not waited for.
   */
  decidir(empresaId: number, pedidos: (PedidoDispositivo | null)[], linhas: Linha[]): { recusas: (ErroApi | null)[]; toque: SQL | null } {
    let k = 0;
    const toques = new Set<number>();
    const recusas = pedidos.map((p) => {
      if (!p) return null;
      const a = achado(linhas[k++]!);
      const r = recusa(p, a);
      if (!r && devidoToque(a)) toques.add(a.id!);
      return r;
    });
    const ids = [...toques];
    const toque =
      ids.length === 0
        ? null
        : sql`update dispositivo d set ultimo_acesso = now()
              where d.id in (select id from dispositivo where id = any(${arrayPg(ids)}::int[]) and empresa_id = ${empresaId} order by id for update skip locked)`;
    return { recusas, toque };
  },
};
