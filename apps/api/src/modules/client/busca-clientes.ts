import { sql, type SQL } from 'drizzle-orm';
import { somenteDigitos } from '@bonifica/contracts';
import { cliente } from '../../db/schema/index.js';

/**
 * The search box of every customer list (docs/areas/clientes.md "Busca"). What a counter types:
 * words of the name ("maria silva"), the start of an e-mail ("fe.teixeira@"), a CPF/CNPJ or a
 * phone with or without its mask, whole or its beginning, or a scanned card — accents and case aside.
 *
 * The words live in `cliente_palavra` (migration 0015, kept by triggers): the name's words, and
 * behind their marks the e-mail (@), the document (#) and the mobile (+); each row carries the
 * customer's normalised name (`ordem`), the list's order. What is typed is matched as the prefix of
 * a word with starts_with and = — leakproof, so row-level security still lets PostgreSQL use the
 * primary key as a range. Of several name words the first leads; the others must begin words of
 * that same name, checked on `ordem` in the same index entry, without a second lookup per customer.
 */
export type TermosBusca =
  /** Name words: `guia` leads, the `outras` are checked on the name. */
  | { tipo: 'nome'; guia: string; outras: string[] }
  /** A document, phone or e-mail start: any of these prefixes (already with their marks). */
  | { tipo: 'identificador'; prefixos: string[] }
  /** A scanned card's 16 digits: found through the card. */
  | { tipo: 'cartao'; numero: string };

export function termosDaBusca(busca: string): TermosBusca | null {
  const termo = busca.trim();
  if (!termo) return null;
  const digitos = somenteDigitos(termo);
  if (digitos.length === 16 && /^[\d\s]+$/.test(termo)) return { tipo: 'cartao', numero: digitos };
  const normal = normalizar(termo);
  // A masked number ("529.982.247-25", "(11) 97665-1212", "12.ABC.345/0001-88") is one word.
  const compacto = normal.replace(/[\s./()+-]/g, '');
  if (/^[\d\s()./+-]+$/.test(termo) || /^\d[0-9a-z]*$/.test(compacto)) {
    if (!compacto) return null;
    // +55: the country code typed before a mobile.
    const fone = /^\d+$/.test(compacto) && (compacto.length === 12 || compacto.length === 13) && compacto.startsWith('55') ? compacto.slice(2) : compacto;
    return { tipo: 'identificador', prefixos: [`#${compacto}`, `+${fone}`] };
  }
  // One piece with the marks of an address ("ana.souza12", "fe.teixeira@exemplo"): the start of an e-mail.
  if (!/\s/.test(termo) && /[@._]|[a-z]\d/.test(normal)) return { tipo: 'identificador', prefixos: [`@${normal}`] };
  // Runs of letters and runs of digits, as palavras_do_cliente() cuts the name.
  const palavras = [...new Set(normal.match(/[a-z]+|[0-9]+/g) ?? [])];
  if (palavras.length === 0) return null;
  // The first word of three letters or more leads — as a rule the first name, so the customers of
  // that word come in the order of the rest of the name, and the other words (surnames) turn up
  // evenly along it; led by a surname, the rows of every first name before "joão" would be read first.
  const guia = palavras.find((p) => p.length >= 3) ?? palavras.reduce((g, p) => (p.length > g.length ? p : g));
  return { tipo: 'nome', guia, outras: palavras.filter((p) => p !== guia) };
}

/** Each other word must begin a word of the name: at its start or after a non-letter (non-digit, for digits). */
function sqlOutras(outras: string[], ordem: SQL): SQL {
  return sql.join(
    outras.map((p) => sql` and ${ordem} ~ ${`(^|[^${/^\d/.test(p) ? '0-9' : 'a-z'}])${p}`}`),
    sql``,
  );
}

function sqlPrefixos(prefixos: string[], palavra: SQL): SQL {
  return sql`(${sql.join(
    prefixos.map((p) => sql`starts_with(${palavra}, ${p})`),
    sql` or `,
  )})`;
}

/** The customers a search finds, as a condition on `cliente.id` (lists that join the customer). */
export function condicaoBusca(empresaId: number, busca: string): SQL {
  const t = termosDaBusca(busca);
  if (!t) return sql`false`;
  if (t.tipo === 'cartao') {
    return sql`${cliente.id} in (select cliente_id from cartao where empresa_id = ${empresaId} and numero = ${t.numero} and status = 'ATIVO' and cliente_id is not null)`;
  }
  const [prefixos, outras] = t.tipo === 'nome' ? [[t.guia], t.outras] : [t.prefixos, []];
  return sql`${cliente.id} in (select cliente_id from cliente_palavra where empresa_id = ${empresaId} and ${sqlPrefixos(prefixos, sql`palavra`)}${sqlOutras(outras, sql`ordem`)})`;
}

/** More distinct name words than this under the leading prefix ("ma", "a"): they are read as one range. */
export const MAXIMO_PALAVRAS_DO_PREFIXO = 50;

/**
 * The distinct words of the company that begin with `prefixo`, in order, skipping through the
 * primary key one probe per word (a loose index scan) instead of reading every row under them.
 */
export function sqlPalavrasDoPrefixo(empresaId: number, prefixo: string): SQL {
  return sql`
    with recursive w(p) as (
      (select palavra from cliente_palavra where empresa_id = ${empresaId} and starts_with(palavra, ${prefixo}) order by palavra limit 1)
      union all
      select (select palavra from cliente_palavra where empresa_id = ${empresaId} and palavra > w.p and starts_with(palavra, ${prefixo}) order by palavra limit 1)
      from w where w.p is not null
    )
    select p as palavra from w where p is not null limit ${MAXIMO_PALAVRAS_DO_PREFIXO + 1}`;
}

/**
 * Up to `limite` customers found by a search (cliente_id, ordem), in the list's order (the normalised name), with the
 * list's filters (on `cliente` as c, if any). `palavras` are exact words: each gives its customers
 * already in that order from the primary key and PostgreSQL merges the streams (Merge Append),
 * reading no more than it returns — how a common name ("maria", 16,000 customers) gives its first
 * page. `prefixos` are read as ranges and sorted: right for documents, phones and e-mails, one
 * customer each, and for short prefixes with too many words to merge.
 */
export function sqlIdsDaBusca(empresaId: number, busca: { palavras: string[] } | { prefixos: string[] }, outras: string[], filtros: SQL | null, limite: number): SQL {
  const junta = filtros ? sql` join cliente c on c.id = k.cliente_id and ${filtros}` : sql``;
  const ramos =
    'palavras' in busca
      ? busca.palavras.map((w) => sql`(select k.cliente_id, k.ordem from cliente_palavra k${junta} where k.empresa_id = ${empresaId} and k.palavra = ${w}${sqlOutras(outras, sql`k.ordem`)} order by k.ordem, k.cliente_id)`)
      : busca.prefixos.map((p) => sql`(select k.cliente_id, k.ordem from cliente_palavra k${junta} where k.empresa_id = ${empresaId} and starts_with(k.palavra, ${p})${sqlOutras(outras, sql`k.ordem`)})`);
  // One customer may be under two of the words (Maria Mariana; a phone with and without its area code): once.
  return sql`select distinct on (ordem, cliente_id) cliente_id, ordem from (${sql.join(ramos, sql` union all `)}) u order by ordem, cliente_id limit ${limite}`;
}

/**
 * As busca_normalizada() writes the words (lower case, no accents). unaccent also folds a few
 * letters NFD does not decompose (ø, ß): a word with one of them is split there, and the search
 * still finds the customer by the other words.
 */
function normalizar(texto: string): string {
  return texto.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
