import type { FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { CABECALHO_DISPOSITIVO, MENSAGENS_DISPOSITIVO } from '@bonifica/contracts';
import type { Db } from '../../db/client.js';
import { dispositivo } from '../../db/schema/index.js';
import { criarAgrupador, type Agrupador } from '../../lib/agrupador.js';
import { erro } from '../../lib/erros.js';
import { arrayPg } from '../account/index.js';
import { sha256 } from '../../lib/tokens.js';

/** A sale's question: this network, and the hash of the browser's device token (null: none sent). */
type Pedido = { empresaId: number; tokenHash: string | null };
/** What the gate needs: whether a device matched, its state and its branch's, when it was last seen. */
type Achado = { id: number | null; ativo: boolean | null; filialAtiva: boolean | null; ultimoAcesso: Date | null };

/** Last seen is refreshed at most once a minute, so a busy counter does not write on every sale. */
const TOQUE_MS = 60_000;

const leitores = new WeakMap<Db, Agrupador<Pedido, Achado>>();

/**
 * The sales of many counters ask at once, and share one query (lib/agrupador.ts), as sessions do:
 * a transaction of its own per sale cost four round trips beside the sale's two (decision 017). The
 * read goes as the database owner with the network written in the query, like the session's.
 */
function leitorDeDispositivos(db: Db): Agrupador<Pedido, Achado> {
  let leitor = leitores.get(db);
  if (!leitor) {
    leitor = criarAgrupador<Pedido, Achado>({
      async executar(pedidos) {
        const empresas = pedidos.map((p) => p.empresaId);
        const hashes = pedidos.map((p) => p.tokenHash);
        const r = (await db.execute(sql`
          select d.id, d.ativo, f.ativa as "filialAtiva", d.ultimo_acesso as "ultimoAcesso"
          from unnest(${arrayPg(empresas)}::int[], ${arrayPg(hashes)}::text[]) with ordinality as p(empresa_id, token_hash, n)
          left join lateral (
            select x.id, x.ativo, x.filial_id, x.ultimo_acesso from dispositivo x
            where x.empresa_id = p.empresa_id and (p.token_hash is null or x.token_hash = p.token_hash)
            limit 1
          ) d on true
          left join empresa f on f.id = d.filial_id
          order by p.n`)) as unknown as { rows: { id: number | null; ativo: boolean | null; filialAtiva: boolean | null; ultimoAcesso: Date | string | null }[] };
        return r.rows.map((l) => ({ ...l, ultimoAcesso: l.ultimoAcesso === null ? null : new Date(l.ultimoAcesso) }));
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

/**
 * The device gate of the terminal's sale (docs/areas/filiais.md "Dispositivos"): a browser with a
 * device token must be an enabled device of an active branch of this network; a browser without one
 * is let through only while the network has no device registered, so a company that never uses
 * devices keeps selling as before and one that does cannot be bypassed by clearing the storage.
 */
export async function exigirDispositivo(db: Db, request: FastifyRequest, empresaId: number): Promise<void> {
  const cabecalho = request.headers[CABECALHO_DISPOSITIVO];
  const token = typeof cabecalho === 'string' ? cabecalho.trim() : '';
  const achado = await leitorDeDispositivos(db)({ empresaId, tokenHash: token ? sha256(token.slice(0, 200)) : null });
  if (!token) {
    if (achado.id !== null) throw erro.proibido(MENSAGENS_DISPOSITIVO.naoRegistrado);
    return;
  }
  if (achado.id === null) throw erro.proibido(MENSAGENS_DISPOSITIVO.naoRegistrado);
  if (!achado.ativo) throw erro.proibido(MENSAGENS_DISPOSITIVO.desativado);
  if (!achado.filialAtiva) throw erro.proibido(MENSAGENS_DISPOSITIVO.filialInativa);
  if (!achado.ultimoAcesso || Date.now() - achado.ultimoAcesso.getTime() > TOQUE_MS) {
    await db.update(dispositivo).set({ ultimoAcesso: new Date() }).where(eq(dispositivo.id, achado.id));
  }
}
