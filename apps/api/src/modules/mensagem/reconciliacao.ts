import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { SituacaoMensagem } from '../../adapters/whatsapp/gateway.js';
import { idLocalDaMensagem, type OpcoesEntregador, type TipoServidor } from './entregador.js';

/**
 * After a crash (docs/decisions/029): a row ENVIANDO for longer than `limiteMs` belongs to a worker
 * that died or lost its answer. The gateway is asked what became of it (by its id, or by the local id
 * sent with it); what it knows is written down; what it does not know goes to REVISAR for a person to
 * decide. Never a blind re-send. Runs at start and every minute (lib/agendamentos.ts).
 *
 * `limiteMs` defaults to 2 minutes: well above a gateway call's own timeout (30 s), so a live worker's
 * send in flight is never taken for a dead one.
 */
export const LIMITE_ENVIANDO_MS = 2 * 60_000;

export const MOTIVO_REVISAR = 'O envio foi interrompido e o gateway não conhece a mensagem: confira com o cliente antes de reenviar.';

type Incerta = { id: number; id_gateway: string | null; instancia_id: number; nome: string; tipo: TipoServidor; base_url: string; chave: string };

export type ResultadoReconciliacao = Record<'ENVIADA' | 'ENTREGUE' | 'LIDA' | 'FALHOU' | 'REVISAR' | 'SEM_RESPOSTA', number>;

export async function reconciliar(db: Db, o: OpcoesEntregador & { limiteMs?: number; lote?: number }): Promise<ResultadoReconciliacao> {
  const agora = (o.agora ?? (() => new Date()))();
  const antesDe = new Date(agora.getTime() - (o.limiteMs ?? LIMITE_ENVIANDO_MS));
  const total: ResultadoReconciliacao = { ENVIADA: 0, ENTREGUE: 0, LIDA: 0, FALHOU: 0, REVISAR: 0, SEM_RESPOSTA: 0 };
  let depoisDe = 0;
  for (;;) {
    const r = (await db.execute(sql`
      select m.id, m.id_gateway, m.instancia_id, i.nome, s.tipo, s.base_url, s.chave
      from mensagem_saida m join instancia_whatsapp i on i.id = m.instancia_id join servidor_whatsapp s on s.id = i.servidor_id
      where m.status = 'ENVIANDO' and m.enviando_em < ${antesDe.toISOString()}::timestamptz and m.id > ${depoisDe}
      order by m.id limit ${o.lote ?? 200}`)) as unknown as { rows: Incerta[] };
    if (r.rows.length === 0) return total;
    for (const m of r.rows) {
      const id = Number(m.id);
      depoisDe = id;
      let situacao: SituacaoMensagem;
      try {
        situacao = await o.gateway(m.tipo).situacao({ baseUrl: m.base_url, chave: m.chave }, m.nome, m.id_gateway ?? idLocalDaMensagem(id));
      } catch {
        // The gateway is down: ask again next time; the row stays ENVIANDO.
        total.SEM_RESPOSTA++;
        continue;
      }
      const em = sql`${agora.toISOString()}::timestamptz`;
      const destino = situacao === 'PENDENTE' ? 'ENVIADA' : situacao === 'DESCONHECIDA' ? 'REVISAR' : situacao;
      const colunas =
        destino === 'ENVIADA'
          ? sql`, enviada_em = coalesce(enviada_em, ${em})`
          : destino === 'ENTREGUE'
            ? sql`, enviada_em = coalesce(enviada_em, ${em}), entregue_em = ${em}`
            : destino === 'LIDA'
              ? sql`, enviada_em = coalesce(enviada_em, ${em}), entregue_em = coalesce(entregue_em, ${em}), lida_em = ${em}`
              : destino === 'FALHOU'
                ? sql`, erro = 'O gateway informou falha no envio.'`
                : sql`, erro = ${MOTIVO_REVISAR}`;
      await db.execute(sql`update mensagem_saida set status = ${destino} ${colunas} where id = ${id} and status = 'ENVIANDO'`);
      total[destino]++;
    }
  }
}
