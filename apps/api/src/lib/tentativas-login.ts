import { and, count, desc, eq, gt, lt, ne } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.js';
import { tentativaLogin } from '../db/schema/index.js';

/**
 * Password and reset-token attempts, counted in the database so the limits hold across API processes
 * (docs/decisions/021). There is no lock of an account as such: a lock anyone can trigger from
 * anywhere would let any stranger keep the manager out. What slows a guesser down:
 * - per (account, IP): `livresPorPar` failures, then a wait of 2^k seconds (k = failures beyond the
 *   free ones), capped at `esperaMaximaMs`; a success of the pair clears its tally;
 * - per IP, over all accounts (password spraying): `maxFalhasPorIp` failures in `janelaMs`.
 */
export type LimitesTentativas = { livresPorPar: number; esperaMaximaMs: number; maxFalhasPorIp: number; janelaMs: number };

export type TipoTentativa = 'SENHA' | 'TOKEN' | 'ESQUECI';

/** A pair's failures are remembered this long: longer than the longest wait, or the tally would restart after each wait. */
export const MEMORIA_DO_PAR_MS = 24 * 3_600_000;

export type Espera = { segundos: number; motivo: 'PAR' | 'IP' } | null;

export type Reserva = { id: number; espera: null } | { id: null; espera: NonNullable<Espera> };

/**
 * Books an attempt before the password or token is checked, then asks whether it may go ahead:
 * booking first means a burst of parallel requests is counted one by one (each sees the ones booked
 * before it), instead of all passing the check together. A refused attempt leaves no trace, so
 * waiting it out is enough; an allowed one counts as a failure until `concluirTentativa` says otherwise.
 * `chave` is the lower-case username for SENHA, '' for TOKEN (the token itself is what is guessed).
 */
export async function reservarTentativa(db: Db, tipo: Exclude<TipoTentativa, 'ESQUECI'>, chave: string, ip: string, l: LimitesTentativas): Promise<Reserva> {
  const [linha] = await db
    .insert(tentativaLogin)
    .values({ tipo, username: chave.slice(0, 120), ip: ip.slice(0, 64), sucesso: false })
    .returning({ id: tentativaLogin.id, em: tentativaLogin.criadoEm });
  const { id, em } = linha!;
  const espera = await esperaAntes(db, { tipo, chave: chave.slice(0, 120), ip: ip.slice(0, 64), id, agora: em.getTime() }, l);
  if (!espera) return { id, espera: null };
  await db.delete(tentativaLogin).where(eq(tentativaLogin.id, id));
  return { id: null, espera };
}

export async function concluirTentativa(db: Db, id: number, sucesso: boolean): Promise<void> {
  if (sucesso) await db.update(tentativaLogin).set({ sucesso: true }).where(eq(tentativaLogin.id, id));
}

async function esperaAntes(db: Db, a: { tipo: TipoTentativa; chave: string; ip: string; id: number; agora: number }, l: LimitesTentativas): Promise<Espera> {
  const antes = lt(tentativaLogin.id, a.id);
  const [porIp] = await db
    .select({ n: count() })
    .from(tentativaLogin)
    .where(and(antes, eq(tentativaLogin.ip, a.ip), eq(tentativaLogin.sucesso, false), ne(tentativaLogin.tipo, 'ESQUECI'), gt(tentativaLogin.criadoEm, new Date(a.agora - l.janelaMs))));
  if ((porIp?.n ?? 0) >= l.maxFalhasPorIp) return { segundos: Math.ceil(l.janelaMs / 1000), motivo: 'IP' };

  const doPar = and(antes, eq(tentativaLogin.tipo, a.tipo), eq(tentativaLogin.username, a.chave), eq(tentativaLogin.ip, a.ip));
  const [sucesso] = await db
    .select({ em: tentativaLogin.criadoEm })
    .from(tentativaLogin)
    .where(and(doPar, eq(tentativaLogin.sucesso, true)))
    .orderBy(desc(tentativaLogin.criadoEm))
    .limit(1);
  const desde = Math.max(a.agora - MEMORIA_DO_PAR_MS, sucesso?.em.getTime() ?? 0);
  const falhas = await db
    .select({ em: tentativaLogin.criadoEm })
    .from(tentativaLogin)
    .where(and(doPar, eq(tentativaLogin.sucesso, false), gt(tentativaLogin.criadoEm, new Date(desde))))
    .orderBy(desc(tentativaLogin.criadoEm))
    .limit(l.livresPorPar + 40);
  const alem = falhas.length - l.livresPorPar;
  if (alem < 0) return null;
  const esperaMs = Math.min(2 ** alem * 1000, l.esperaMaximaMs);
  const restanteMs = falhas[0]!.em.getTime() + esperaMs - a.agora;
  return restanteMs > 0 ? { segundos: Math.ceil(restanteMs / 1000), motivo: 'PAR' } : null;
}

/** The message of a 429 for a wait: the seconds are shown, so a user who mistyped knows a retry soon will work. */
export function mensagemEspera(e: NonNullable<Espera>): string {
  if (e.motivo === 'IP') return 'Muitas tentativas sem sucesso a partir desta rede. Aguarde alguns minutos e tente novamente.';
  const tempo = e.segundos < 60 ? `${e.segundos} ${e.segundos === 1 ? 'segundo' : 'segundos'}` : `${Math.ceil(e.segundos / 60)} minutos`;
  return `Muitas tentativas sem sucesso. Aguarde ${tempo} e tente novamente.`;
}

/**
 * Books a forgot-password request of this IP and says whether it is within `maximo` per window;
 * booked first for the same reason as `reservarTentativa`. A refused request leaves no trace.
 */
export async function reservarPedidoDoIp(db: Executor, ip: string, maximo: number, janelaMs: number): Promise<boolean> {
  const [linha] = await db
    .insert(tentativaLogin)
    .values({ tipo: 'ESQUECI', username: '', ip: ip.slice(0, 64), sucesso: true })
    .returning({ id: tentativaLogin.id, em: tentativaLogin.criadoEm });
  const [r] = await db
    .select({ n: count() })
    .from(tentativaLogin)
    .where(
      and(
        lt(tentativaLogin.id, linha!.id),
        eq(tentativaLogin.tipo, 'ESQUECI'),
        eq(tentativaLogin.ip, ip.slice(0, 64)),
        gt(tentativaLogin.criadoEm, new Date(linha!.em.getTime() - janelaMs)),
      ),
    );
  if ((r?.n ?? 0) < maximo) return true;
  await db.delete(tentativaLogin).where(eq(tentativaLogin.id, linha!.id));
  return false;
}

/** Attempts older than any limit still reads (the window, the pair's memory); returns how many went. */
export async function limparTentativasAntigas(db: Db, janelaMs: number): Promise<number> {
  const guardar = Math.max(2 * janelaMs, MEMORIA_DO_PAR_MS);
  const apagadas = await db.delete(tentativaLogin).where(lt(tentativaLogin.criadoEm, new Date(Date.now() - guardar))).returning({ id: tentativaLogin.id });
  return apagadas.length;
}
