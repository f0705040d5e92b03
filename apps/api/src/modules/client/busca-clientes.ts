import { sql, type SQL } from 'drizzle-orm';
import { somenteDigitos } from '@bonifica/contracts';
import { cliente } from '../../db/schema/index.js';

/**
 * The search box of every customer list (docs/areas/clientes.md "Busca"). What a counter types:
 * words of the name or e-mail ("maria silva", "fe.teixeira@exemplo"), a CPF/CNPJ or a phone with or
 * without its mask, whole or its beginning, or a scanned card. Each typed word must begin a word of
 * the customer, ignoring accents and case. The words live in `cliente_palavra`, kept by triggers
 * (migration 0015), and are matched with starts_with and = — leakproof, so row-level security still
 * lets PostgreSQL use the primary key as a range instead of reading every customer of the company.
 */
export type TermosBusca = {
  /** Words of a name or e-mail, normalised as the database writes them; all must match. */
  palavras: string[];
  /** A CPF/CNPJ or phone typed whole or in part, mask removed. */
  numero: string | null;
  /** A scanned card's 16 digits. */
  cartao: string | null;
};

export function termosDaBusca(busca: string): TermosBusca | null {
  const termo = busca.trim();
  if (!termo) return null;
  // A masked number ("529.982.247-25", "(11) 97665-1212", "12.ABC.345/0001-88") is one word, not many.
  const numerico = /^[\d\s()./+-]+$/.test(termo);
  const compacto = termo.replace(/[\s./()+-]/g, '').toLowerCase();
  let numero: string | null = null;
  if (compacto.length >= 3 && /^\d[0-9a-z]*$/.test(compacto)) {
    // +55: the country code typed before a mobile.
    numero = /^\d+$/.test(compacto) && (compacto.length === 12 || compacto.length === 13) && compacto.startsWith('55') ? compacto.slice(2) : compacto;
  }
  const palavras = numerico ? [] : [...new Set(normalizar(termo).split(/[^a-z0-9]+/).filter(Boolean))];
  const digitos = somenteDigitos(termo);
  const cartao = digitos.length === 16 && /^[\d\s]+$/.test(termo) ? digitos : null;
  return { palavras, numero, cartao };
}

/** The customers a search finds, as a condition on `cliente.id` (lists that join the customer). */
export function condicaoBusca(empresaId: number, busca: string): SQL | undefined {
  const t = termosDaBusca(busca);
  if (!t) return undefined;
  const alternativas: SQL[] = [];
  if (t.numero) alternativas.push(comPrefixo(empresaId, t.numero));
  if (t.palavras.length > 0) alternativas.push(sql.join(t.palavras.map((p) => comPrefixo(empresaId, p)), sql` intersect `));
  // A scanned card finds its holder — only through an ATIVO card.
  if (t.cartao) alternativas.push(sql`(select cliente_id from cartao where empresa_id = ${empresaId} and numero = ${t.cartao} and status = 'ATIVO' and cliente_id is not null)`);
  if (alternativas.length === 0) return sql`false`;
  return sql`${cliente.id} in (${sql.join(alternativas, sql` union `)})`;
}

function comPrefixo(empresaId: number, palavra: string): SQL {
  return sql`(select cliente_id from cliente_palavra where empresa_id = ${empresaId} and starts_with(palavra, ${palavra}))`;
}

/**
 * A page of the customer list searched by words, in the list's order (the normalised name), without
 * reading everyone who has a common word: the longest typed word leads; its prefix covers a few
 * distinct words (found by skipping through the index, one probe each), and each of those words
 * gives its customers already in order, checked against the other words and the list's filters
 * until enough are found. `filtros` is a condition on `cliente` (alias c).
 *
 * Selects `cliente_id` in order. With `limite`, returns instead at most that many distinct
 * customers, unordered — the capped count.
 */
export function sqlPorPalavras(empresaId: number, palavras: string[], filtros: SQL, opcoes: { pagina: number; tamanho: number } | { limite: number }): SQL {
  const guia = [...palavras].sort((a, b) => b.length - a.length || palavras.indexOf(a) - palavras.indexOf(b))[0]!;
  const outras = palavras.filter((p) => p !== guia);
  const porPalavra = 'limite' in opcoes ? opcoes.limite : (opcoes.pagina + 1) * opcoes.tamanho;
  const demais = outras.map(
    (p) => sql`and exists (select 1 from cliente_palavra o where o.empresa_id = ${empresaId} and o.cliente_id = k.cliente_id and starts_with(o.palavra, ${p}))`,
  );
  const candidatos = sql`
    with recursive w(p) as (
      (select palavra from cliente_palavra where empresa_id = ${empresaId} and starts_with(palavra, ${guia}) order by palavra limit 1)
      union all
      select (select palavra from cliente_palavra where empresa_id = ${empresaId} and palavra > w.p and starts_with(palavra, ${guia}) order by palavra limit 1)
      from w where w.p is not null
    )
    select x.cliente_id, x.ordem from w cross join lateral (
      select k.cliente_id, k.ordem from cliente_palavra k join cliente c on c.id = k.cliente_id
      where k.empresa_id = ${empresaId} and k.palavra = w.p and ${filtros} ${sql.join(demais, sql` `)}
      order by k.ordem, k.cliente_id
      limit ${porPalavra}
    ) x
    where w.p is not null`;
  if ('limite' in opcoes) return sql`select distinct cliente_id from (${candidatos}) y limit ${opcoes.limite}`;
  // One customer may have two words under the prefix (Maria Mariana): distinct before the page.
  return sql`
    select cliente_id from (select distinct on (ordem, cliente_id) cliente_id, ordem from (${candidatos}) y order by ordem, cliente_id) z
    order by ordem, cliente_id
    limit ${opcoes.tamanho} offset ${opcoes.pagina * opcoes.tamanho}`;
}

/**
 * As busca_normalizada() writes the words (lower case, no accents). unaccent also folds a few
 * letters NFD does not decompose (ø, ß): a word with one of them is split there, and the search
 * still finds the customer by the other words.
 */
function normalizar(texto: string): string {
  return texto.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
