import { and, eq, sql } from 'drizzle-orm';
import type { Sorteio } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { sorteio } from '../../db/schema/index.js';
import { erro } from '../../lib/erros.js';

/** The lucky numbers are written with 7 digits (text order = number order in the canonical list). */
export const MAXIMO_NUMEROS = 9_999_999;
const HOJE = sql`(now() at time zone 'America/Sao_Paulo')::date`;

type Linhas<T> = { rows: T[] };
const linhas = async <T>(tx: Executor, q: ReturnType<typeof sql>) => ((await tx.execute(q)) as unknown as Linhas<T>).rows;

/**
 * Who takes part (docs/areas/sorteios.md): customers with CONFIRMADA sales in the period (São Paulo
 * dates) at the eligible branches, account ATIVO and a consent given (the latest row of some channel is
 * a "yes"); numbers per customer by the rule, capped. Participants are numbered by customer id, lucky
 * numbers run consecutively through them: one INSERT…SELECT, so a million numbers stay one statement.
 */
function sqlCongelar(s: Sorteio, empresaId: number) {
  const porNumero = s.regra === 'VALOR' ? sql`floor(b.valor / ${Math.round((s.valorPorNumero ?? 0) * 100)}::numeric)` : sql`b.vendas`;
  const filiais = s.filiais.length ? sql`and t.filial_id = any(${`{${s.filiais.join(',')}}`}::integer[])` : sql``;
  const cap = s.maximoPorCliente ? sql`least(${porNumero}, ${s.maximoPorCliente}::bigint)` : porNumero;
  return sql`
    insert into sorteio_numero (empresa_id, sorteio_id, numero, participante, cliente_id, linha)
    with base as (
      select t.cliente_id, sum(t.valor_centavos)::bigint as valor, count(*)::bigint as vendas
      from transacao t
      where t.empresa_id = ${empresaId} and t.status = 'CONFIRMADA'
        and t.criado_em >= (${s.inicio}::date::timestamp at time zone 'America/Sao_Paulo')
        and t.criado_em < ((${s.fim}::date + 1)::timestamp at time zone 'America/Sao_Paulo')
        ${filiais}
      group by t.cliente_id
    ), elegiveis as (
      select c.id as cliente_id, (${cap})::bigint as qtd, c.documento, c.tipo_documento,
        regexp_replace(trim(c.nome), '[;[:cntrl:]]+', ' ', 'g') as nome
      from base b join cliente c on c.id = b.cliente_id and c.empresa_id = ${empresaId}
      where c.status = 'ATIVO'
        and exists (select 1 from cliente_consentimento cc where cc.empresa_id = c.empresa_id and cc.cliente_id = c.id and cc.concedido
          and not exists (select 1 from cliente_consentimento c2 where c2.empresa_id = cc.empresa_id and c2.cliente_id = cc.cliente_id
            and c2.canal = cc.canal and (c2.criado_em, c2.id) > (cc.criado_em, cc.id)))
    ), numerados as (
      -- The masked part of the line is built once per participant, not once per number (a million regexes).
      select e.cliente_id, e.qtd, row_number() over (order by e.cliente_id) as participante,
        sum(e.qtd) over (order by e.cliente_id) - e.qtd as antes,
        ';' || case when e.tipo_documento = 'CPF' and length(e.documento) = 11
           then '***.' || substr(e.documento, 4, 3) || '.' || substr(e.documento, 7, 3) || '-**' else '-' end
        || ';' || case when position(' ' in e.nome) > 0
           then split_part(e.nome, ' ', 1) || ' ' || left(regexp_replace(e.nome, '^.* ', ''), 1) || '.' else e.nome end as resto
      from elegiveis e where e.qtd > 0
    )
    select ${empresaId}, ${s.id}, (n.antes + g)::integer, n.participante::integer, n.cliente_id,
      lpad((n.antes + g)::text, 7, '0') || ';' || lpad(n.participante::text, 7, '0') || n.resto
    from numerados n, generate_series(1::bigint, n.qtd) g`;
}

/** The canonical text's SHA-256, computed where the rows are (no 40 MB trip to Node). */
export async function hashDaLista(tx: Executor, sorteioId: number): Promise<{ hash: string; numeros: number; participantes: number }> {
  const [r] = await linhas<{ hash: string | null; numeros: number; participantes: number }>(
    tx,
    // Numbers and participants run 1..n (the freeze numbers them): the maxima are the counts, with no
    // count(distinct) sorting a million rows.
    sql`select encode(sha256(convert_to(coalesce(string_agg(linha || E'\n', '' order by numero), ''), 'UTF8')), 'hex') as hash,
          coalesce(max(numero), 0)::int as numeros, coalesce(max(participante), 0)::int as participantes
        from sorteio_numero where sorteio_id = ${sorteioId}`,
  );
  return { hash: r!.hash ?? '', numeros: Number(r!.numeros), participantes: Number(r!.participantes) };
}

/** The canonical text itself (download of the public page, participants PDF). */
export async function textoDaLista(tx: Executor, sorteioId: number): Promise<string> {
  const [r] = await linhas<{ texto: string | null }>(tx, sql`select string_agg(linha || E'\n', '' order by numero) as texto from sorteio_numero where sorteio_id = ${sorteioId}`);
  return r?.texto ?? '';
}

/** Closes the period: writes the frozen list, stores its hash and counts. The draw is locked by the caller. */
export async function congelarSorteio(tx: Executor, s: Sorteio, empresaId: number): Promise<void> {
  if (s.status !== 'RASCUNHO') throw erro.requisicao('A lista deste sorteio já foi congelada.');
  const [{ encerrado }] = (await linhas<{ encerrado: boolean }>(tx, sql`select ${s.fim}::date < ${HOJE} as encerrado`)) as [{ encerrado: boolean }];
  if (!encerrado) throw erro.requisicao('O período do sorteio ainda não terminou: congele a lista depois do último dia.');
  await tx.execute(sqlCongelar(s, empresaId));
  const { hash, numeros, participantes } = await hashDaLista(tx, s.id);
  if (numeros === 0) throw erro.requisicao('Nenhum cliente ganhou números da sorte no período: não há lista para congelar.');
  if (numeros > MAXIMO_NUMEROS) throw erro.requisicao('Números da sorte demais (mais de 9.999.999): aumente o valor por número ou limite por cliente.');
  await tx
    .update(sorteio)
    .set({ status: 'CONGELADO', hashLista: hash, totalNumeros: numeros, totalParticipantes: participantes, congeladoEm: new Date(), atualizadoEm: new Date() })
    .where(and(eq(sorteio.id, s.id), eq(sorteio.empresaId, empresaId)));
}

/** The Loteria Federal result, typed once the announced extraction happened and before the first winner. */
export async function informarSemente(tx: Executor, s: Sorteio, empresaId: number, semente: string): Promise<void> {
  if (s.origemSemente !== 'LOTERIA') throw erro.requisicao('A semente deste sorteio foi fixada no regulamento e não pode ser trocada.');
  if (s.status === 'RASCUNHO') throw erro.requisicao('Congele a lista antes de informar a semente: a semente não pode ser conhecida antes da lista.');
  if (s.ganhadores > 0) throw erro.requisicao('O sorteio já tem ganhadores: a semente não pode mais mudar.');
  const [{ chegou }] = (await linhas<{ chegou: boolean }>(tx, sql`select ${s.dataLoteria}::date <= ${HOJE} as chegou`)) as [{ chegou: boolean }];
  if (!chegou) throw erro.requisicao('A extração da Loteria Federal anunciada ainda não aconteceu.');
  await tx.update(sorteio).set({ semente, atualizadoEm: new Date() }).where(and(eq(sorteio.id, s.id), eq(sorteio.empresaId, empresaId)));
}
