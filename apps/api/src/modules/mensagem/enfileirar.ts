import { sql, type SQL } from 'drizzle-orm';
import type { CanalMensagem } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { linhas, sqlRenderizar, type ContextoRenderizacao } from './renderizacao.js';
import { sqlPodeReceber } from './saida.js';

/**
 * Where automatic messages enter the outbox (`mensagem_saida`, docs/areas/mensageria.md "Caixa de
 * saída"). The outbox's `enfileirarParaClientes` sends one text to many; an automatic message renders
 * one text per customer and records why it was sent, so it has its own INSERT … SELECT — with the
 * outbox's consent rule (`sqlPodeReceber`: consent, audience block, opt-out) and number rule, and the
 * company's instance. No row travels through Node.
 */

/**
 * Who may receive on `canal` (alias `c` of `cliente`, active customers only: a blocked or anonymised
 * customer gets no automatic message). WhatsApp: the outbox's rule and a 10–11 digit mobile. E-mail
 * the outbox's rule on the EMAIL channel (consent of that channel, audience block for marketing) and an address.
 */
export function sqlPodeReceberNoCanal(canal: CanalMensagem, marketing: boolean): SQL {
  if (canal === 'WHATSAPP') return sql`c.status = 'ATIVO' and c.celular ~ '^[0-9]{10,11}$' and ${sqlPodeReceber(marketing)}`;
  return sql`c.status = 'ATIVO' and c.email like '%_@_%' and ${sqlPodeReceber(marketing, 'EMAIL')}`;
}

/** The address on the channel: phone with Brazil's country code, or the e-mail. */
function sqlDestino(canal: CanalMensagem): SQL {
  return canal === 'WHATSAPP' ? sql`'55' || c.celular` : sql`c.email`;
}

export type Enfileiramento = {
  ctx: ContextoRenderizacao;
  gatilho: string;
  canal: CanalMensagem;
  marketing: boolean;
  loteId: number;
  /** WhatsApp: the company's instance (instanciaDaEmpresa); null for e-mail. */
  instanciaId: number | null;
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
      where ${sqlPodeReceberNoCanal(e.canal, e.marketing)}
      on conflict do nothing
      returning id, cliente_id
    ),
    msg as (
      insert into mensagem_saida (empresa_id, canal, lote_id, instancia_id, cliente_id, para, assunto, texto, arquivo_id, origem, origem_id, marketing)
      select ${empresaId}, ${e.canal}, ${e.loteId}, ${e.instanciaId}::int, c.id, ${sqlDestino(e.canal)},
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
  m: { canal: CanalMensagem; para: string; texto: string; assunto: string | null; arquivoId: number | null; instanciaId: number | null },
): Promise<number> {
  const [r] = await linhas<{ id: number }>(
    tx,
    sql`insert into mensagem_saida (empresa_id, canal, instancia_id, para, assunto, texto, arquivo_id, origem, marketing)
        values (${empresaId}, ${m.canal}, ${m.instanciaId}::int, ${m.para}, ${m.assunto}, ${m.texto}, ${m.arquivoId}::int, 'TESTE', false) returning id`,
  );
  return Number(r!.id);
}
