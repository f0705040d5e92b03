import { createHash } from 'node:crypto';
import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { formatarData, type Sorteio } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { sorteio, sorteioParticipante } from '../../db/schema/index.js';
import { erro } from '../../lib/erros.js';

/** The lucky numbers are written with 7 digits (text order = number order in the canonical list). */
export const MAXIMO_NUMEROS = 9_999_999;
const HOJE = sql`(now() at time zone 'America/Sao_Paulo')::date`;

/** Whether a calendar day (AAAA-MM-DD) is before today (or today too) in Brasília, the draws' calendar. */
export async function antesDeHoje(tx: Executor, dia: string, { ouHoje = false } = {}): Promise<boolean> {
  const [r] = await linhas<{ sim: boolean }>(tx, ouHoje ? sql`select ${dia}::date <= ${HOJE} as sim` : sql`select ${dia}::date < ${HOJE} as sim`);
  return r!.sim;
}

/**
 * The list must be frozen before the extraction that gives the seed is known: frozen after it, the
 * company could have shaped the list knowing the result. Checked on saving and on freezing.
 */
export async function conferirExtracaoFutura(tx: Executor, s: { origemSemente: Sorteio['origemSemente']; dataLoteria: string | null }): Promise<void> {
  if (s.origemSemente !== 'LOTERIA' || !s.dataLoteria || !(await antesDeHoje(tx, s.dataLoteria))) return;
  throw erro.requisicao(`A extração da Loteria Federal de ${formatarData(s.dataLoteria)} já aconteceu: a lista precisa ser congelada antes dela. Escolha uma extração de hoje em diante.`);
}

type Linhas<T> = { rows: T[] };
const linhas = async <T>(tx: Executor, q: ReturnType<typeof sql>) => ((await tx.execute(q)) as unknown as Linhas<T>).rows;

/**
 * Who takes part (docs/areas/sorteios.md): customers with CONFIRMADA sales in the period (São Paulo
 * dates) at the eligible branches, account ATIVO and a consent given (the latest row of some channel is
 * a "yes"); numbers per customer by the rule, capped. Participants are numbered by customer id, lucky
 * numbers run consecutively through them: one INSERT…SELECT of one row per participant with their range.
 */
function sqlCongelar(s: Sorteio, empresaId: number) {
  const porNumero = s.regra === 'VALOR' ? sql`floor(b.valor / ${Math.round((s.valorPorNumero ?? 0) * 100)}::numeric)` : sql`b.vendas`;
  const filiais = s.filiais.length ? sql`and t.filial_id = any(${`{${s.filiais.join(',')}}`}::integer[])` : sql``;
  const cap = s.maximoPorCliente ? sql`least(${porNumero}, ${s.maximoPorCliente}::bigint)` : porNumero;
  return sql`
    insert into sorteio_participante (empresa_id, sorteio_id, participante, primeiro, ultimo, cliente_id, cpf_mascarado, nome_abreviado)
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
    )
    select ${empresaId}, ${s.id}, (row_number() over (order by e.cliente_id))::integer,
      (sum(e.qtd) over (order by e.cliente_id) - e.qtd + 1)::integer, (sum(e.qtd) over (order by e.cliente_id))::integer, e.cliente_id,
      case when e.tipo_documento = 'CPF' and length(e.documento) = 11
        then '***.' || substr(e.documento, 4, 3) || '.' || substr(e.documento, 7, 3) || '-**' else '-' end,
      case when position(' ' in e.nome) > 0 then split_part(e.nome, ' ', 1) || ' ' || left(regexp_replace(e.nome, '^.* ', ''), 1) || '.' else e.nome end
    from elegiveis e where e.qtd > 0`;
}

/**
 * The canonical line of lucky number `numero` of the participant row in scope (`sorteio_participante`):
 * `numero;participante;cpf-mascarado;nome-abreviado`, numbers with 7 digits — the only place it is spelled.
 */
export const linhaDoNumero = (numero: SQLWrapper) =>
  sql<string>`lpad(${numero}::text, 7, '0') || ';' || lpad(${sorteioParticipante.participante}::text, 7, '0') || ';' || ${sorteioParticipante.cpfMascarado} || ';' || ${sorteioParticipante.nomeAbreviado}`;

/**
 * Lines per block read from the list: each block is one `string_agg` over a range of the key (the numbers are
 * exactly 1..n), sorted in memory — never a sort of the whole list nor one 45 MB string (bench/RESULTS.md).
 */
const NUMEROS_POR_BLOCO = 20_000;

/**
 * The canonical text, block by block in number order (the frozen list never changes: no snapshot needed).
 * A block reads the participants whose range meets it — from the one holding its first number on, by the
 * index of first numbers — and spells their lines.
 */
export async function* blocosDaLista(tx: Executor, sorteioId: number, numeros: number): AsyncGenerator<string> {
  for (let de = 1; de <= numeros; de += NUMEROS_POR_BLOCO) {
    const ate = de + NUMEROS_POR_BLOCO - 1;
    const [r] = await linhas<{ texto: string | null }>(
      tx,
      sql`select string_agg(${linhaDoNumero(sql`g`)} || E'\n', '' order by g) as texto
          from sorteio_participante, generate_series(greatest(primeiro, ${de}), least(ultimo, ${ate})) g
          where sorteio_id = ${sorteioId} and primeiro <= ${ate}
            and primeiro >= (select max(primeiro) from sorteio_participante where sorteio_id = ${sorteioId} and primeiro <= ${de})`,
    );
    if (r?.texto) yield r.texto;
  }
}

/** How many numbers and participants the frozen list has: both run 1..n, so the maxima (read from the indexes). */
async function totaisDaLista(tx: Executor, sorteioId: number): Promise<{ numeros: number; participantes: number }> {
  const [r] = await linhas<{ numeros: number; participantes: number }>(
    tx,
    sql`select coalesce(max(ultimo), 0)::int as numeros, coalesce(max(participante), 0)::int as participantes from sorteio_participante where sorteio_id = ${sorteioId}`,
  );
  return { numeros: Number(r!.numeros), participantes: Number(r!.participantes) };
}

/** The canonical text's SHA-256 (UTF-8, as `sha256Hex` of the algorithm module), streamed block by block. */
async function hashDaLista(tx: Executor, sorteioId: number, numeros: number): Promise<string> {
  const hash = createHash('sha256');
  for await (const bloco of blocosDaLista(tx, sorteioId, numeros)) hash.update(bloco, 'utf8');
  return hash.digest('hex');
}

/** Closes the period: writes the frozen list, stores its hash and counts. The draw is locked by the caller. */
export async function congelarSorteio(tx: Executor, s: Sorteio, empresaId: number): Promise<void> {
  if (s.status !== 'RASCUNHO') throw erro.requisicao('A lista deste sorteio já foi congelada.');
  if (!(await antesDeHoje(tx, s.fim))) throw erro.requisicao('O período do sorteio ainda não terminou: congele a lista depois do último dia.');
  await conferirExtracaoFutura(tx, s);
  await tx.execute(sqlCongelar(s, empresaId));
  const { numeros, participantes } = await totaisDaLista(tx, s.id);
  if (numeros === 0) throw erro.requisicao('Nenhum cliente ganhou números da sorte no período: não há lista para congelar.');
  if (numeros > MAXIMO_NUMEROS) throw erro.requisicao('Números da sorte demais (mais de 9.999.999): aumente o valor por número ou limite por cliente.');
  const hash = await hashDaLista(tx, s.id, numeros);
  await tx
    .update(sorteio)
    .set({ status: 'CONGELADO', hashLista: hash, totalNumeros: numeros, totalParticipantes: participantes, congeladoEm: new Date(), atualizadoEm: new Date() })
    .where(and(eq(sorteio.id, s.id), eq(sorteio.empresaId, empresaId)));
}

/** The Loteria Federal result, typed once the announced extraction happened and before the first winner. */
export async function informarSemente(tx: Executor, s: Sorteio, empresaId: number, semente: string): Promise<void> {
  if (s.origemSemente !== 'LOTERIA') throw erro.requisicao('A semente deste sorteio foi fixada no regulamento e não pode ser trocada.');
  if (s.status === 'RASCUNHO') throw erro.requisicao('Congele a lista antes de informar a semente: a semente não pode ser conhecida antes da lista.');
  // Only a seed already typed is locked by winners: manual winners recorded before it do not block the first one.
  if (s.semente && s.ganhadores > 0) throw erro.requisicao('O sorteio já tem ganhadores: a semente não pode mais mudar.');
  if (!(await antesDeHoje(tx, s.dataLoteria!, { ouHoje: true }))) throw erro.requisicao('A extração da Loteria Federal anunciada ainda não aconteceu.');
  await tx.update(sorteio).set({ semente, sementeEm: new Date(), atualizadoEm: new Date() }).where(and(eq(sorteio.id, s.id), eq(sorteio.empresaId, empresaId)));
}
