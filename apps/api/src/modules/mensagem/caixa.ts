import { sql, type SQL } from 'drizzle-orm';
import {
  somenteDigitos,
  STATUS_DA_RESOLUCAO,
  type FiltroCaixaSaida,
  type MensagemCaixa,
  type ResolucaoRevisar,
  type ResumoCaixaSaida,
  type StatusMensagemSaida,
} from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { padraoContem } from '../../lib/busca.js';
import { linhas } from './renderizacao.js';

/**
 * The outbox as a person sees it (Mensagens › Caixa de saída, decision 035): the company's messages with
 * search and filters, and the decision on the ones whose fate is unknown after a crash (REVISAR).
 * Always read in the user's transaction (RLS) and filtered by company too.
 */

/** Counting stops here: a campaign to 100,000 customers pages fine, but its exact count is not worth the scan. */
const LIMITE_CONTAGEM = 10_000;

function filtros(empresaId: number, f: FiltroCaixaSaida, zona: string): SQL {
  const partes: SQL[] = [sql`m.empresa_id = ${empresaId}`];
  if (f.status) partes.push(sql`m.status = ${f.status}`);
  if (f.origem) partes.push(sql`m.origem = ${f.origem}`);
  if (f.loteId) partes.push(sql`m.lote_id = ${f.loteId}`);
  if (f.de) partes.push(sql`m.criado_em >= (${f.de}::date)::timestamp at time zone ${zona}`);
  if (f.ate) partes.push(sql`m.criado_em < (${f.ate}::date + 1)::timestamp at time zone ${zona}`);
  const busca = f.busca?.trim();
  if (busca) {
    // Digits are a number (with or without the 55 and the mask); anything else, the customer's name.
    const digitos = somenteDigitos(busca);
    if (digitos.length >= 4 && digitos.length === busca.replace(/[\s()+.-]/g, '').length) partes.push(sql`m.para like ${padraoContem(digitos)}`);
    else partes.push(sql`busca_normalizada(c.nome) like busca_normalizada(${padraoContem(busca)})`);
  }
  return sql.join(partes, sql` and `);
}

function ordem(f: FiltroCaixaSaida): SQL {
  const dir = f.direcao === 'asc' ? sql`asc` : sql`desc`;
  switch (f.ordenarPor) {
    case 'enviadaEm':
      return sql`m.enviada_em ${dir} nulls last, m.id ${dir}`;
    case 'status':
      return sql`m.status ${dir}, m.id desc`;
    case 'clienteNome':
      return sql`busca_normalizada(c.nome) ${dir} nulls last, m.id desc`;
    default:
      return sql`m.criado_em ${dir}, m.id ${dir}`;
  }
}

type Linha = {
  id: number | string;
  canal: 'WHATSAPP' | 'EMAIL';
  cliente_id: number | null;
  cliente_nome: string | null;
  para: string;
  texto: string;
  origem: string;
  lote_id: number | null;
  lote_nome: string | null;
  marketing: boolean;
  status: StatusMensagemSaida;
  tentativas: number;
  erro: string | null;
  criado_em: string | Date;
  enviando_em: string | Date | null;
  enviada_em: string | Date | null;
  entregue_em: string | Date | null;
  lida_em: string | Date | null;
  revisao: ResolucaoRevisar | null;
  revisada_por: string | null;
  revisada_em: string | Date | null;
};

const iso = (d: string | Date | null) => (d === null ? null : new Date(d).toISOString());

export async function listarCaixa(tx: Executor, empresaId: number, f: FiltroCaixaSaida, page: number, size: number, zona: string) {
  const onde = filtros(empresaId, f, zona);
  const de = sql`from mensagem_saida m left join cliente c on c.id = m.cliente_id and c.empresa_id = m.empresa_id`;
  const [itens, [total]] = await Promise.all([
    linhas<Linha>(
      tx,
      sql`select m.id, m.canal, m.cliente_id, c.nome as cliente_nome, m.para, m.texto, m.origem, m.lote_id, l.nome as lote_nome, m.marketing,
            m.status, m.tentativas, m.erro, m.criado_em, m.enviando_em, m.enviada_em, m.entregue_em, m.lida_em,
            m.revisao, u.nome as revisada_por, m.revisada_em
          ${de}
          left join lote_mensagem l on l.id = m.lote_id and l.empresa_id = m.empresa_id
          left join usuario u on u.id = m.revisada_por
          where ${onde}
          order by ${ordem(f)}
          limit ${size} offset ${page * size}`,
    ),
    linhas<{ n: number }>(tx, sql`select count(*)::int as n from (select 1 ${de} where ${onde} limit ${LIMITE_CONTAGEM + 1}) x`),
  ]);
  const n = Number(total?.n ?? 0);
  const mensagens: MensagemCaixa[] = itens.map((l) => ({
    id: Number(l.id),
    canal: l.canal,
    clienteId: l.cliente_id === null ? null : Number(l.cliente_id),
    clienteNome: l.cliente_nome,
    para: l.para,
    texto: l.texto,
    origem: l.origem,
    loteId: l.lote_id === null ? null : Number(l.lote_id),
    loteNome: l.lote_nome,
    marketing: l.marketing,
    status: l.status,
    tentativas: Number(l.tentativas),
    erro: l.erro,
    criadoEm: iso(l.criado_em)!,
    enviandoEm: iso(l.enviando_em),
    enviadaEm: iso(l.enviada_em),
    entregueEm: iso(l.entregue_em),
    lidaEm: iso(l.lida_em),
    revisao: l.revisao,
    revisadaPor: l.revisada_por,
    revisadaEm: iso(l.revisada_em),
  }));
  return { itens: mensagens, total: Math.min(n, LIMITE_CONTAGEM), totalLimitado: n > LIMITE_CONTAGEM };
}

/** How many wait for a decision, and the latest batches (the screen's batch filter). */
export async function resumoCaixa(tx: Executor, empresaId: number): Promise<ResumoCaixaSaida> {
  const [r] = await linhas<{ n: number }>(tx, sql`select count(*)::int as n from mensagem_saida where empresa_id = ${empresaId} and status = 'REVISAR'`);
  const lotes = await linhas<{ id: number; nome: string; criado_em: string | Date; revisar: number }>(
    tx,
    sql`select l.id, l.nome, l.criado_em,
          (select count(*)::int from mensagem_saida m where m.lote_id = l.id and m.empresa_id = l.empresa_id and m.status = 'REVISAR') as revisar
        from lote_mensagem l where l.empresa_id = ${empresaId} order by l.id desc limit 100`,
  );
  return {
    revisar: Number(r?.n ?? 0),
    lotes: lotes.map((l) => ({ id: Number(l.id), nome: l.nome, criadoEm: iso(l.criado_em)!, revisar: Number(l.revisar) })),
  };
}

export type ResolucaoFeita = { alteradas: number[]; ignoradas: number[]; lotesReabertos: number[] };

/**
 * A person's decision on messages in REVISAR. Every id must be the company's (else null: "not found",
 * nothing changes); the ones no longer in REVISAR (someone decided first) are skipped, and so is
 * re-sending a message whose batch was cancelled. Rows are locked, so two people deciding at once
 * decide once. Re-sending puts the message back in the queue with fresh attempts; its batch, if
 * already CONCLUIDO, becomes ATIVO again so the worker picks it up (the batch counts are read live).
 */
export async function resolverRevisar(tx: Executor, empresaId: number, usuarioId: number, ids: number[], acao: ResolucaoRevisar): Promise<ResolucaoFeita | null> {
  const unicos = [...new Set(ids)];
  const lista = sql.join(
    unicos.map((id) => sql`${id}`),
    sql`, `,
  );
  const achadas = await linhas<{ id: number | string; status: string; lote_id: number | null; lote_status: string | null }>(
    tx,
    sql`select m.id, m.status, m.lote_id, l.status as lote_status
        from mensagem_saida m left join lote_mensagem l on l.id = m.lote_id
        where m.empresa_id = ${empresaId} and m.id in (${lista})
        order by m.id
        for update of m`,
  );
  if (achadas.length !== unicos.length) return null;
  const podem = achadas.filter((m) => m.status === 'REVISAR' && !(acao === 'REENVIAR' && m.lote_status === 'CANCELADO'));
  const alteradas = podem.map((m) => Number(m.id));
  const ignoradas = achadas.map((m) => Number(m.id)).filter((id) => !alteradas.includes(id));
  if (alteradas.length === 0) return { alteradas, ignoradas, lotesReabertos: [] };
  const alvo = sql.join(
    alteradas.map((id) => sql`${id}`),
    sql`, `,
  );
  const status = STATUS_DA_RESOLUCAO[acao];
  const colunas =
    acao === 'REENVIAR'
      ? // A fresh start: the worker takes it at the instance's pace, and re-checks marketing consent then.
        sql`tentativas = 0, proxima_tentativa_em = now(), erro = null, enviando_em = null, id_gateway = null`
      : acao === 'DAR_COMO_ENVIADA'
        ? sql`enviada_em = coalesce(enviada_em, enviando_em, now()), erro = null`
        : sql`erro = 'Descartada na revisão: não foi enviada.'`;
  await tx.execute(sql`update mensagem_saida set status = ${status}, ${colunas}, revisao = ${acao}, revisada_por = ${usuarioId}, revisada_em = now()
    where empresa_id = ${empresaId} and id in (${alvo}) and status = 'REVISAR'`);
  let lotesReabertos: number[] = [];
  if (acao === 'REENVIAR') {
    const lotes = [...new Set(podem.filter((m) => m.lote_status === 'CONCLUIDO').map((m) => Number(m.lote_id)))];
    if (lotes.length) {
      const r = await linhas<{ id: number }>(
        tx,
        sql`update lote_mensagem set status = 'ATIVO', concluido_em = null
            where empresa_id = ${empresaId} and status = 'CONCLUIDO' and id in (${sql.join(
              lotes.map((id) => sql`${id}`),
              sql`, `,
            )}) returning id`,
      );
      lotesReabertos = r.map((l) => Number(l.id));
    }
  }
  return { alteradas, ignoradas, lotesReabertos };
}
