import { sql, type SQL } from 'drizzle-orm';
import type { CanalMensagem } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { linhas, sqlRenderizar, type ContextoRenderizacao } from './renderizacao.js';

/**
 * The one place where automatic messages enter the outbox (`mensagem_saida`), kept apart so the
 * outbox's own queueing (branch i14-saida: consent, audience block, pacing) can take its place
 * without touching the triggers. Everything is one INSERT … SELECT: no row travels through Node.
 */

/**
 * Who may receive on `canal` (alias `c` of `cliente`): an active customer with a WhatsApp number
 * (celular + celular_whatsapp) or an e-mail; marketing needs the latest consent of the channel to
 * be a yes, transactional only that it is not a no (an opt-out "SAIR" stops everything).
 */
export function sqlPodeReceber(canal: CanalMensagem, marketing: boolean, c: SQL): SQL {
  const contato = canal === 'WHATSAPP' ? sql`${c}.celular is not null and ${c}.celular_whatsapp` : sql`${c}.email is not null`;
  const ultimo = sql`(select cc.concedido from cliente_consentimento cc
    where cc.empresa_id = ${c}.empresa_id and cc.cliente_id = ${c}.id and cc.canal = ${canal}
    order by cc.criado_em desc, cc.id desc limit 1)`;
  return sql`${c}.status = 'ATIVO' and ${contato} and coalesce(${ultimo}, ${!marketing})`;
}

/** The address on the channel: phone with Brazil's country code, or the e-mail. */
export function sqlDestino(canal: CanalMensagem, c: SQL): SQL {
  return canal === 'WHATSAPP' ? sql`'55' || ${c}.celular` : sql`${c}.email`;
}

export type Enfileiramento = {
  ctx: ContextoRenderizacao;
  gatilho: string;
  canal: CanalMensagem;
  marketing: boolean;
  loteId: number;
  modelo: { texto: string; assunto: string | null; arquivoId: number | null };
  /** `select cliente_id, motivo …` of the company: who and why. */
  candidatos: SQL;
};

/**
 * Records (customer, reason) in `envio_automatica` — the unique key drops what was already sent —
 * and queues one rendered message per new row, pointing back to it (origem AUTOMATICA, origem_id).
 * Returns how many were queued.
 */
export async function enfileirarAutomaticas(tx: Executor, e: Enfileiramento): Promise<number> {
  const c = sql`c`;
  const empresaId = e.ctx.empresaId;
  const [r] = await linhas<{ n: number }>(
    tx,
    sql`with cand as (${e.candidatos}),
    env as (
      insert into envio_automatica (empresa_id, gatilho, cliente_id, motivo, lote_id, canal)
      select ${empresaId}, ${e.gatilho}, cand.cliente_id, cand.motivo, ${e.loteId}, ${e.canal}
      from cand join cliente c on c.id = cand.cliente_id and c.empresa_id = ${empresaId}
      where ${sqlPodeReceber(e.canal, e.marketing, c)}
      on conflict do nothing
      returning id, cliente_id
    ),
    msg as (
      insert into mensagem_saida (empresa_id, canal, lote_id, cliente_id, para, assunto, texto, arquivo_id, origem, origem_id, marketing)
      select ${empresaId}, ${e.canal}, ${e.loteId}, c.id, ${sqlDestino(e.canal, c)},
             ${e.modelo.assunto ? sqlRenderizar(e.modelo.assunto, c, e.ctx) : sql`null`}, ${sqlRenderizar(e.modelo.texto, c, e.ctx)},
             ${e.modelo.arquivoId}::int, 'AUTOMATICA', env.id, ${e.marketing}
      from env join cliente c on c.id = env.cliente_id
      returning 1
    )
    select count(*)::int as n from msg`,
  );
  return Number(r?.n ?? 0);
}

/** A single message to a test address (msgteste): no customer, no batch, transactional. */
export async function enfileirarTeste(
  tx: Executor,
  empresaId: number,
  m: { canal: CanalMensagem; para: string; texto: string; assunto: string | null; arquivoId: number | null },
): Promise<number> {
  const [r] = await linhas<{ id: number }>(
    tx,
    sql`insert into mensagem_saida (empresa_id, canal, para, assunto, texto, arquivo_id, origem, marketing)
        values (${empresaId}, ${m.canal}, ${m.para}, ${m.assunto}, ${m.texto}, ${m.arquivoId}::int, 'TESTE', false) returning id`,
  );
  return Number(r!.id);
}
