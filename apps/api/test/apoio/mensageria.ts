// servidor_whatsapp.situacao defaults to 'DESCONHECIDA' (12 chars) in a varchar(10) column (migration 0028): set it here.
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../src/db/client.js';
import type { EmailAdapter } from '../../src/adapters/email/email.js';
import { entregarAte } from '../../src/modules/mensagem/index.js';

/**
 * Messaging fixtures written straight to the database: servers and instances belong to another part
 * of issue 14 (their routes and screens), so the outbox tests create what they need by hand.
 */

export type ConfigInstancia = {
  empresaId: number | null;
  porMinuto?: number | null;
  porDia?: number | null;
  silencioInicio?: string | null;
  silencioFim?: string | null;
  pareadaEm?: Date | null;
  estado?: 'CONECTADA' | 'CONECTANDO' | 'DESCONECTADA';
  nome?: string;
};

let seq = 0;

export async function criarInstancia(db: Executor, c: ConfigInstancia): Promise<number> {
  seq++;
  const s = (await db.execute(sql`insert into servidor_whatsapp (nome, tipo, base_url, chave, capacidade, situacao)
    values (${`Servidor ${seq}`}, 'sandbox', 'sandbox://local', 'chave', 100, 'OK') returning id`)) as unknown as { rows: { id: number }[] };
  const i = (await db.execute(sql`insert into instancia_whatsapp
      (empresa_id, servidor_id, nome, estado, webhook_token_hash, pareada_em, por_minuto, por_dia, silencio_inicio, silencio_fim)
    values (${c.empresaId}, ${s.rows[0]!.id}, ${c.nome ?? `inst-${seq}-${Date.now()}`}, ${c.estado ?? 'CONECTADA'}, ${'0'.repeat(64)},
      ${c.pareadaEm === undefined ? '2020-01-01T00:00:00Z' : c.pareadaEm?.toISOString() ?? null}::timestamptz,
      ${c.porMinuto ?? null}::smallint, ${c.porDia ?? null}::integer, ${c.silencioInicio === undefined ? '00:00' : c.silencioInicio},
      ${c.silencioFim === undefined ? '00:00' : c.silencioFim})
    returning id`)) as unknown as { rows: { id: number }[] };
  return i.rows[0]!.id;
}

/**
 * `n` customers with a mobile number, named `${prefixo} k`; `consentimento`: the latest WhatsApp
 * consent row (undefined = none). Returns their ids in order.
 */
export async function criarClientes(db: Executor, empresaId: number, n: number, prefixo: string, consentimento?: boolean): Promise<number[]> {
  const r = (await db.execute(sql`insert into cliente (empresa_id, nome, celular)
    select ${empresaId}, ${prefixo} || ' ' || g, '119' || lpad(((${Date.now() % 1000} * 100000 + g) % 100000000)::text, 8, '0')
    from generate_series(1, ${n}) g returning id`)) as unknown as { rows: { id: number }[] };
  const ids = r.rows.map((x) => Number(x.id)).sort((a, b) => a - b);
  if (consentimento !== undefined) await consentir(db, empresaId, ids, consentimento);
  return ids;
}

export async function consentir(db: Executor, empresaId: number, ids: number[], concedido: boolean): Promise<void> {
  await db.execute(sql`insert into cliente_consentimento (empresa_id, cliente_id, canal, concedido, origem)
    select ${empresaId}, x, 'WHATSAPP', ${concedido}, 'TESTE' from unnest(${`{${ids.join(',')}}`}::int[]) x`);
}

/** A clock the test moves: `dormir` advances it instead of waiting. */
export class RelogioFalso {
  constructor(private ms: number) {}
  agora = () => new Date(this.ms);
  avancar = (ms: number) => {
    this.ms += ms;
  };
  dormir = async (ms: number) => {
    this.ms += ms;
  };
}

/** Largest number of sends inside any window [t, t + janela) of a sorted list of instants. */
export function maximoPorJanela(instantes: number[], janelaMs: number): number {
  let max = 0;
  let ini = 0;
  for (let fim = 0; fim < instantes.length; fim++) {
    while (instantes[fim]! - instantes[ini]! >= janelaMs) ini++;
    max = Math.max(max, fim - ini + 1);
  }
  return max;
}

/**
 * Runs the outbox's loops (WhatsApp and e-mail) until nothing is queued (at most a fake hour), on the
 * fake clock; WhatsApp is not expected (a message to the gateway fails the test).
 */
export function entregarEmailsAte(db: Db, relogio: RelogioFalso, email: EmailAdapter) {
  const ate = relogio.agora().getTime() + 3_600_000;
  return entregarAte(db, {
    gateway: () => {
      throw new Error('sem WhatsApp neste teste');
    },
    continuar: () => relogio.agora().getTime() < ate,
    pararQuandoVazio: true,
    agora: relogio.agora,
    dormir: relogio.dormir,
    email: { email, publicUrl: 'https://bonifica.exemplo' },
  });
}
