import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { FalhaGateway, type Midia, type ServidorGateway, type WhatsappGateway } from '../../adapters/whatsapp/gateway.js';
import { diaLocal, fimDoSilencio, limiteDoDia, offsetDoFuso, pausaEntreEnvios } from './ritmo.js';
import { aindaPodeReceber, MOTIVO_CONSENTIMENTO_RETIRADO } from './saida.js';

/**
 * The outbox worker (docs/areas/mensageria.md, docs/decisions/029): one send per call of `entregarUma`.
 *
 * 1. Reserve, in one short transaction: lock the pacing row of an instance that is due
 *    (`ritmo_instancia … FOR UPDATE SKIP LOCKED` — another worker, in this or another process, skips
 *    it), check quiet hours and today's cap, take the next queued message, mark it ENVIANDO and push
 *    the instance's next slot forward. COMMIT.
 * 2. Only then hand the message to the gateway.
 * 3. Record the outcome: ENVIADA with the gateway's id; back in the queue with exponential backoff
 *    when the refusal may pass; FALHOU with the reason when it will not.
 * A crash between 1 and 3 leaves the row ENVIANDO: `reconciliar` asks the gateway, never re-sends.
 */

export type TipoServidor = 'evolution' | 'sandbox';

export type OpcoesEntregador = {
  /** The gateway implementation for a server's type. */
  gateway: (tipo: TipoServidor) => WhatsappGateway;
  /** Injectable clock and randomness (pacing tests run on a fast clock). */
  agora?: () => Date;
  aleatorio?: () => number;
};

export type ResultadoEnvio =
  | { tipo: 'ENVIADA' | 'FALHOU' | 'REPETIR' | 'INCERTA'; id: number; instanciaId: number }
  /** Nothing due now; `proximaEm` is when the earliest instance may send again (null: nothing queued). */
  | { tipo: 'NADA'; proximaEm: Date | null };

/** Retries of a refused message before it is FALHOU; the pause doubles from 30 s up to an hour. */
export const MAX_TENTATIVAS = 8;
export function esperaBackoff(tentativas: number): number {
  return Math.min(3_600_000, 30_000 * 2 ** Math.max(0, tentativas - 1));
}

/** Refusals that say the number itself must rest, not just this message (rate limit, reconnecting). */
const PAUSA_A_INSTANCIA = new Set(['LIMITE', 'INSTANCIA_DESCONECTADA', 'INDISPONIVEL']);

/** A batch paused or cancelled holds its queued messages back. */
const LOTE_ATIVO = sql`(m.lote_id is null or exists (select 1 from lote_mensagem l where l.id = m.lote_id and l.status = 'ATIVO'))`;

type Linhas<T> = { rows: T[] };
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Pacing rows for instances that have none yet (new instances): cheap, idempotent, run per round. */
export async function garantirRitmos(db: Executor): Promise<void> {
  // 'epoch': a new instance may send at once, whatever the clock says (tests run on a fake one).
  await db.execute(sql`insert into ritmo_instancia (instancia_id, proximo_envio_em) select i.id, 'epoch' from instancia_whatsapp i
    where not exists (select 1 from ritmo_instancia r where r.instancia_id = i.id) on conflict do nothing`);
}

type Reserva = {
  id: number;
  instanciaId: number;
  para: string;
  texto: string;
  /** The template's attachment (an `arquivo` id), sent as media with the text as caption. */
  arquivoId: number | null;
  tentativas: number;
  instancia: string;
  tipo: TipoServidor;
  servidor: ServidorGateway;
};

type InstanciaDevida = {
  instancia_id: number;
  dia: string | null;
  enviados_no_dia: number;
  nome: string;
  por_minuto: number | null;
  por_dia: number | null;
  silencio_inicio: string | null;
  silencio_fim: string | null;
  pareada_em: string | Date | null;
  tipo: TipoServidor;
  base_url: string;
  chave: string;
  fuso_horario: string | null;
};

async function reservar(db: Db, agora: Date, aleatorio: () => number): Promise<Reserva | { proximaEm: Date | null }> {
  return db.transaction(async (tx) => {
    const r = (await tx.execute(sql`
      select r.instancia_id, r.dia::text as dia, r.enviados_no_dia, i.nome, i.por_minuto, i.por_dia, i.silencio_inicio, i.silencio_fim,
        i.pareada_em, s.tipo, s.base_url, s.chave, e.fuso_horario
      from ritmo_instancia r
      join instancia_whatsapp i on i.id = r.instancia_id
      join servidor_whatsapp s on s.id = i.servidor_id
      left join empresa e on e.id = i.empresa_id
      where r.proximo_envio_em <= ${ts(agora)} and i.estado = 'CONECTADA' and not i.pausada and i.ativa and s.ativo
        and exists (select 1 from mensagem_saida m where m.instancia_id = r.instancia_id and m.status = 'FILA'
          and m.proxima_tentativa_em <= ${ts(agora)} and ${LOTE_ATIVO})
      order by r.proximo_envio_em
      limit 1
      for update of r skip locked`)) as unknown as Linhas<InstanciaDevida>;
    const inst = r.rows[0];
    if (!inst) return { proximaEm: await proximoDevido(tx, agora) };

    const offset = offsetDoFuso(inst.fuso_horario);
    const adiar = async (ate: Date) => {
      await tx.execute(sql`update ritmo_instancia set proximo_envio_em = ${ts(ate)} where instancia_id = ${inst.instancia_id}`);
      return { proximaEm: ate };
    };
    const silencioAte = fimDoSilencio({ silencioInicio: inst.silencio_inicio, silencioFim: inst.silencio_fim }, agora, offset);
    if (silencioAte) return adiar(silencioAte);
    const { dia, proximaMeiaNoite } = diaLocal(agora, offset);
    const enviadosHoje = inst.dia === dia ? inst.enviados_no_dia : 0;
    const pareadaEm = inst.pareada_em ? new Date(inst.pareada_em) : null;
    if (enviadosHoje >= limiteDoDia({ porDia: inst.por_dia, pareadaEm }, agora, offset)) return adiar(proximaMeiaNoite);

    // The next message: transactional before marketing, then oldest first. A marketing message whose
    // customer opted out (or was blocked) since it was queued is cancelled here, without using a slot.
    for (;;) {
      const m = (await tx.execute(sql`
        select m.id, m.para, m.texto, m.arquivo_id, m.tentativas, m.marketing, m.cliente_id, m.contato_id from mensagem_saida m
        where m.instancia_id = ${inst.instancia_id} and m.status = 'FILA' and m.proxima_tentativa_em <= ${ts(agora)} and ${LOTE_ATIVO}
        order by m.marketing, m.proxima_tentativa_em, m.id
        limit 1
        for update of m skip locked`)) as unknown as Linhas<{ id: number; para: string; texto: string; arquivo_id: number | null; tentativas: number; marketing: boolean; cliente_id: number | null; contato_id: number | null }>;
      const msg = m.rows[0];
      if (!msg) return { proximaEm: agora };
      if (msg.marketing && !(await aindaPodeReceber(tx, { canal: 'WHATSAPP', ...msg }))) {
        await tx.execute(sql`update mensagem_saida set status = 'CANCELADA', erro = ${MOTIVO_CONSENTIMENTO_RETIRADO} where id = ${msg.id}`);
        continue;
      }
      await tx.execute(sql`update mensagem_saida set status = 'ENVIANDO', enviando_em = ${ts(agora)}, tentativas = tentativas + 1 where id = ${msg.id}`);
      const proximo = new Date(agora.getTime() + pausaEntreEnvios(inst.por_minuto, aleatorio));
      await tx.execute(sql`update ritmo_instancia set proximo_envio_em = ${ts(proximo)}, dia = ${dia}::date, enviados_no_dia = ${enviadosHoje + 1}
        where instancia_id = ${inst.instancia_id}`);
      return {
        id: Number(msg.id),
        instanciaId: inst.instancia_id,
        para: msg.para,
        texto: msg.texto,
        arquivoId: msg.arquivo_id === null ? null : Number(msg.arquivo_id),
        tentativas: msg.tentativas + 1,
        instancia: inst.nome,
        tipo: inst.tipo,
        servidor: { baseUrl: inst.base_url, chave: inst.chave },
      };
    }
  });
}

/**
 * A template's attachment as the gateway takes it (base64, no data: prefix). A file deleted since the
 * message was queued is no longer there: the text goes alone.
 */
async function midiaDoArquivo(db: Db, arquivoId: number): Promise<Midia | undefined> {
  const r = (await db.execute(sql`select nome, tipo, encode(dados, 'base64') as dados from arquivo where id = ${arquivoId}`)) as unknown as Linhas<{ nome: string; tipo: string; dados: string }>;
  const a = r.rows[0];
  if (!a) return undefined;
  return { tipo: a.tipo === 'application/pdf' ? 'documento' : 'imagem', conteudo: a.dados.replace(/\s/g, ''), mimetype: a.tipo, nomeArquivo: a.nome };
}

/** When the earliest instance with queued work may send again (for the loop's sleep). */
async function proximoDevido(tx: Executor, agora: Date): Promise<Date | null> {
  const r = (await tx.execute(sql`
    select min(greatest(r.proximo_envio_em, m.proxima)) as em from ritmo_instancia r
    join lateral (select min(m.proxima_tentativa_em) as proxima from mensagem_saida m
      where m.instancia_id = r.instancia_id and m.status = 'FILA' and ${LOTE_ATIVO}) m on m.proxima is not null`)) as unknown as Linhas<{ em: string | Date | null }>;
  const em = r.rows[0]?.em;
  return em ? new Date(Math.max(new Date(em).getTime(), agora.getTime())) : null;
}

/** Sends at most one message (the next due one of any instance); see the module comment. */
export async function entregarUma(db: Db, o: OpcoesEntregador): Promise<ResultadoEnvio> {
  const agora = o.agora ?? (() => new Date());
  const reserva = await reservar(db, agora(), o.aleatorio ?? Math.random);
  if (!('id' in reserva)) return { tipo: 'NADA', proximaEm: reserva.proximaEm };
  const base = { id: reserva.id, instanciaId: reserva.instanciaId };
  try {
    const midia = reserva.arquivoId === null ? undefined : await midiaDoArquivo(db, reserva.arquivoId);
    const { idGateway } = await o.gateway(reserva.tipo).enviar(reserva.servidor, reserva.instancia, {
      para: reserva.para,
      texto: reserva.texto,
      idLocal: idLocalDaMensagem(reserva.id),
      ...(midia ? { midia } : {}),
    });
    const em = agora();
    await db.transaction(async (tx) => {
      await tx.execute(sql`update mensagem_saida set status = 'ENVIADA', id_gateway = ${idGateway}, enviada_em = ${ts(em)}, erro = null
        where id = ${reserva.id} and status = 'ENVIANDO'`);
      await tx.execute(sql`update instancia_whatsapp set ultimo_envio_em = ${ts(em)} where id = ${reserva.instanciaId}`);
    });
    return { tipo: 'ENVIADA', ...base };
  } catch (e) {
    // A timeout or an unexpected error: the gateway may have sent it. The row stays ENVIANDO and the
    // reconciliation asks the gateway later — resending now could deliver it twice.
    if (!(e instanceof FalhaGateway) || e.motivo === 'TEMPO_ESGOTADO') return { tipo: 'INCERTA', ...base };
    const motivo = `${e.motivo}: ${e.message}`.slice(0, 500);
    if (e.repetivel && reserva.tentativas < MAX_TENTATIVAS) {
      const espera = esperaBackoff(reserva.tentativas);
      const quando = new Date(agora().getTime() + espera);
      await db.transaction(async (tx) => {
        await tx.execute(sql`update mensagem_saida set status = 'FILA', proxima_tentativa_em = ${ts(quando)}, erro = ${motivo}
          where id = ${reserva.id} and status = 'ENVIANDO'`);
        if (PAUSA_A_INSTANCIA.has(e.motivo)) {
          await tx.execute(sql`update ritmo_instancia set proximo_envio_em = greatest(proximo_envio_em, ${ts(quando)}) where instancia_id = ${reserva.instanciaId}`);
        }
      });
      return { tipo: 'REPETIR', ...base };
    }
    await db.execute(sql`update mensagem_saida set status = 'FALHOU', erro = ${motivo} where id = ${reserva.id} and status = 'ENVIANDO'`);
    return { tipo: 'FALHOU', ...base };
  }
}

/** The local id handed to the gateway with each message: what reconciliation asks about after a crash. */
export function idLocalDaMensagem(id: number): string {
  return `bonifica-${id}`;
}
