import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { FalhaEmail, type AnexoEmail, type EmailAdapter } from '../../adapters/email/email.js';
import { segredoDescadastro, tokenDescadastro, urlDescadastro } from '../../lib/link-descadastro.js';
import { esperaBackoff, MAX_TENTATIVAS } from './entregador.js';
import { diaLocal, offsetDoFuso } from './ritmo.js';
import { aindaPodeReceber, MOTIVO_CONSENTIMENTO_RETIRADO } from './saida.js';

/**
 * The outbox's e-mail worker (docs/areas/mensageria.md "E-mail na caixa de saída", decision 034): the
 * same steps as WhatsApp's (entregador.ts) — reserve and mark ENVIANDO in a short transaction, COMMIT,
 * only then hand the message to the SMTP adapter, record the outcome — with the company as the pacing
 * unit instead of the instance (`ritmo_email`, locked FOR UPDATE SKIP LOCKED).
 */

/**
 * E-mail pace per company: 60 a minute (one a second, what common SMTP relays accept without throttling
 * a sender) and 20,000 a local day (a campaign to a larger base spreads over days on its own). No quiet
 * hours: an e-mail waits in the inbox, it does not buzz a phone at night.
 */
export const RITMO_EMAIL = { porMinuto: 60, porDia: 20_000 } as const;

export const MOTIVO_REVISAR_EMAIL = 'O envio do e-mail foi interrompido e o servidor SMTP não informa se recebeu: confira antes de reenviar.';

export type OpcoesEntregadorEmail = {
  email: EmailAdapter;
  /** Base of the unsubscribe link (PUBLIC_URL). */
  publicUrl: string;
  agora?: () => Date;
};

export type ResultadoEmail = { tipo: 'ENVIADA' | 'FALHOU' | 'REPETIR' | 'INCERTA'; id: number } | { tipo: 'NADA'; proximaEm: Date | null };

type Linhas<T> = { rows: T[] };
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const LOTE_ATIVO = sql`(m.lote_id is null or exists (select 1 from lote_mensagem l where l.id = m.lote_id and l.status = 'ATIVO'))`;
const DEVIDA = (agora: Date) => sql`m.canal = 'EMAIL' and m.status = 'FILA' and m.proxima_tentativa_em <= ${ts(agora)} and ${LOTE_ATIVO}`;

/** Pacing rows for companies with e-mail queued and none yet: cheap, idempotent. */
export async function garantirRitmosEmail(db: Db): Promise<void> {
  await db.execute(sql`insert into ritmo_email (empresa_id, proximo_envio_em)
    select distinct m.empresa_id, 'epoch'::timestamptz from mensagem_saida m
    where m.canal = 'EMAIL' and m.status = 'FILA' and not exists (select 1 from ritmo_email r where r.empresa_id = m.empresa_id)
    on conflict do nothing`);
}

type Reserva = {
  id: number;
  empresaId: number;
  para: string;
  assunto: string | null;
  texto: string;
  arquivoId: number | null;
  tentativas: number;
  marketing: boolean;
  clienteId: number | null;
  contatoId: number | null;
  loja: string;
};

type LinhaMensagem = {
  id: number;
  para: string;
  assunto: string | null;
  texto: string;
  arquivo_id: number | null;
  tentativas: number;
  marketing: boolean;
  cliente_id: number | null;
  contato_id: number | null;
};

async function reservar(db: Db, agora: Date): Promise<Reserva | { proximaEm: Date | null }> {
  return db.transaction(async (tx) => {
    const r = (await tx.execute(sql`
      select r.empresa_id, r.dia::text as dia, r.enviados_no_dia, e.fuso_horario, e.nome_curto from ritmo_email r join empresa e on e.id = r.empresa_id
      where r.proximo_envio_em <= ${ts(agora)} and exists (select 1 from mensagem_saida m where m.empresa_id = r.empresa_id and ${DEVIDA(agora)})
      order by r.proximo_envio_em limit 1
      for update of r skip locked`)) as unknown as Linhas<{ empresa_id: number; dia: string | null; enviados_no_dia: number; fuso_horario: string | null; nome_curto: string }>;
    const emp = r.rows[0];
    if (!emp) {
      const p = (await tx.execute(sql`select min(greatest(r.proximo_envio_em, m.proxima_tentativa_em)) as em from ritmo_email r
        join mensagem_saida m on m.empresa_id = r.empresa_id and m.canal = 'EMAIL' and m.status = 'FILA' and ${LOTE_ATIVO}`)) as unknown as Linhas<{ em: string | Date | null }>;
      const em = p.rows[0]?.em;
      return { proximaEm: em ? new Date(Math.max(new Date(em).getTime(), agora.getTime())) : null };
    }
    const { dia, proximaMeiaNoite } = diaLocal(agora, offsetDoFuso(emp.fuso_horario));
    const enviadosHoje = emp.dia === dia ? emp.enviados_no_dia : 0;
    if (enviadosHoje >= RITMO_EMAIL.porDia) {
      await tx.execute(sql`update ritmo_email set proximo_envio_em = ${ts(proximaMeiaNoite)} where empresa_id = ${emp.empresa_id}`);
      return { proximaEm: proximaMeiaNoite };
    }
    for (;;) {
      const m = (await tx.execute(sql`
        select m.id, m.para, m.assunto, m.texto, m.arquivo_id, m.tentativas, m.marketing, m.cliente_id, m.contato_id from mensagem_saida m
        where m.empresa_id = ${emp.empresa_id} and ${DEVIDA(agora)}
        order by m.marketing, m.proxima_tentativa_em, m.id limit 1
        for update of m skip locked`)) as unknown as Linhas<LinhaMensagem>;
      const msg = m.rows[0];
      if (!msg) return { proximaEm: agora };
      const alvo = { cliente_id: msg.cliente_id === null ? null : Number(msg.cliente_id), contato_id: msg.contato_id === null ? null : Number(msg.contato_id) };
      if (msg.marketing && !(await aindaPodeReceber(tx, { canal: 'EMAIL', ...alvo }))) {
        await tx.execute(sql`update mensagem_saida set status = 'CANCELADA', erro = ${MOTIVO_CONSENTIMENTO_RETIRADO} where id = ${msg.id}`);
        continue;
      }
      await tx.execute(sql`update mensagem_saida set status = 'ENVIANDO', enviando_em = ${ts(agora)}, tentativas = tentativas + 1 where id = ${msg.id}`);
      const proximo = new Date(agora.getTime() + Math.ceil(60_000 / RITMO_EMAIL.porMinuto));
      await tx.execute(sql`update ritmo_email set proximo_envio_em = ${ts(proximo)}, dia = ${dia}::date, enviados_no_dia = ${enviadosHoje + 1}
        where empresa_id = ${emp.empresa_id}`);
      return {
        id: Number(msg.id),
        empresaId: Number(emp.empresa_id),
        para: msg.para,
        assunto: msg.assunto,
        texto: msg.texto,
        arquivoId: msg.arquivo_id === null ? null : Number(msg.arquivo_id),
        tentativas: msg.tentativas + 1,
        marketing: msg.marketing,
        clienteId: alvo.cliente_id,
        contatoId: alvo.contato_id,
        loja: emp.nome_curto,
      };
    }
  });
}

async function anexoDoArquivo(db: Db, arquivoId: number): Promise<AnexoEmail[]> {
  const r = (await db.execute(sql`select nome, tipo, dados from arquivo where id = ${arquivoId}`)) as unknown as Linhas<{ nome: string; tipo: string; dados: Buffer | Uint8Array }>;
  const a = r.rows[0];
  return a ? [{ nome: a.nome, tipo: a.tipo, conteudo: Buffer.from(a.dados) }] : [];
}

/**
 * The unsubscribe footer and headers of a marketing e-mail to a customer or contact (LGPD): the signed
 * link in the text and in `List-Unsubscribe`, with `List-Unsubscribe-Post` for the mail apps' one-click
 * button (RFC 8058: they POST to the same address).
 */
async function descadastro(db: Db, publicUrl: string, r: Reserva): Promise<{ rodape: string; cabecalhos: Record<string, string> } | null> {
  if (!r.marketing || (r.clienteId === null && r.contatoId === null)) return null;
  const alvo = r.contatoId !== null ? { tipo: 'CONTATO' as const, id: r.contatoId } : { tipo: 'CLIENTE' as const, id: r.clienteId! };
  const url = urlDescadastro(publicUrl, tokenDescadastro(await segredoDescadastro(db), { empresaId: r.empresaId, ...alvo }));
  return {
    rodape: `\n\n--\nVocê recebeu este e-mail porque autorizou mensagens de ${r.loja}. Para não receber mais, acesse: ${url}`,
    cabecalhos: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** Sends at most one e-mail (the next due one of any company). */
export async function entregarUmEmail(db: Db, o: OpcoesEntregadorEmail): Promise<ResultadoEmail> {
  const agora = o.agora ?? (() => new Date());
  const reserva = await reservar(db, agora());
  if (!('id' in reserva)) return { tipo: 'NADA', proximaEm: reserva.proximaEm };
  const id = reserva.id;
  try {
    const d = await descadastro(db, o.publicUrl, reserva);
    const anexos = reserva.arquivoId === null ? [] : await anexoDoArquivo(db, reserva.arquivoId);
    await o.email.enviar({
      para: reserva.para,
      assunto: reserva.assunto || `Mensagem de ${reserva.loja}`,
      corpo: reserva.texto + (d?.rodape ?? ''),
      ...(d ? { cabecalhos: d.cabecalhos } : {}),
      ...(anexos.length ? { anexos } : {}),
    });
    await db.execute(sql`update mensagem_saida set status = 'ENVIADA', enviada_em = ${ts(agora())}, erro = null where id = ${id} and status = 'ENVIANDO'`);
    return { tipo: 'ENVIADA', id };
  } catch (e) {
    // Lost mid-way (or an unexpected error): it may have been delivered. ENVIANDO stays for the
    // reconciliation, which sends it to REVISAR — never a blind resend.
    if (!(e instanceof FalhaEmail) || e.tipo === 'INCERTA') return { tipo: 'INCERTA', id };
    const motivo = e.message.slice(0, 500);
    if (e.tipo === 'REPETIVEL' && reserva.tentativas < MAX_TENTATIVAS) {
      const quando = new Date(agora().getTime() + esperaBackoff(reserva.tentativas));
      await db.execute(sql`update mensagem_saida set status = 'FILA', proxima_tentativa_em = ${ts(quando)}, erro = ${motivo} where id = ${id} and status = 'ENVIANDO'`);
      return { tipo: 'REPETIR', id };
    }
    await db.execute(sql`update mensagem_saida set status = 'FALHOU', erro = ${motivo} where id = ${id} and status = 'ENVIANDO'`);
    return { tipo: 'FALHOU', id };
  }
}

/**
 * After a crash: an e-mail ENVIANDO for longer than `limiteMs` cannot be asked about (SMTP keeps no
 * status to query), so it goes to REVISAR for a person — the safe side of "never twice".
 */
export async function reconciliarEmails(db: Db, agora: Date, limiteMs: number): Promise<number> {
  const r = await db.execute(sql`update mensagem_saida set status = 'REVISAR', erro = ${MOTIVO_REVISAR_EMAIL}
    where canal = 'EMAIL' and status = 'ENVIANDO' and enviando_em < ${ts(new Date(agora.getTime() - limiteMs))}`);
  const x = r as unknown as { rowCount?: number | null; affectedRows?: number };
  return Number(x.rowCount ?? x.affectedRows ?? 0);
}
