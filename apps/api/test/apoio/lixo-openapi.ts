/**
 * Schema-guided junk for every operation of the OpenAPI document (issue 12 §4): a plausible valid
 * request per operation, then the same request with one part spoiled at a time. Generated from the
 * document served by the app, so a route added later is covered without touching the test.
 */

export type Esquema = {
  type?: string | string[];
  properties?: Record<string, Esquema>;
  required?: string[];
  items?: Esquema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Esquema[];
  oneOf?: Esquema[];
  allOf?: Esquema[];
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
};

export type Parametro = { in: 'path' | 'query' | 'header' | 'cookie'; name: string; required?: boolean; schema?: Esquema };

export type Operacao = {
  metodo: string;
  /** OpenAPI path with {placeholders}. */
  caminho: string;
  parametros: Parametro[];
  /** JSON body schema; null when the operation documents no JSON body. */
  corpo: Esquema | null;
};

export type Caso = {
  descricao: string;
  url: string;
  /** Extra request headers (odd Idempotency-Key, remember-me…). */
  headers?: Record<string, string>;
  /** Raw payload, sent as is (malformed JSON included); a function builds it only when the case is drawn. */
  payload?: string | (() => string);
  contentType?: string;
};

type Documento = { paths: Record<string, Record<string, { parameters?: Parametro[]; requestBody?: { content?: Record<string, { schema?: Esquema }> } }>> };

const METODOS = new Set(['get', 'post', 'put', 'patch', 'delete']);

export function operacoesDoDocumento(doc: Documento): Operacao[] {
  const lista: Operacao[] = [];
  for (const [caminho, itens] of Object.entries(doc.paths)) {
    for (const [metodo, op] of Object.entries(itens)) {
      if (!METODOS.has(metodo)) continue;
      lista.push({
        metodo: metodo.toUpperCase(),
        caminho,
        parametros: op.parameters ?? [],
        corpo: op.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return lista;
}

/** A seeded PRNG (mulberry32): the same cases on every run, different ones per operation and user. */
export function sorteador(semente: string): () => number {
  let h = 1779033703;
  for (let i = 0; i < semente.length; i++) h = Math.imul(h ^ semente.charCodeAt(i), 3432918353);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function tipoDe(e: Esquema): string | undefined {
  return Array.isArray(e.type) ? e.type.find((t) => t !== 'null') : e.type;
}

/** anyOf/oneOf/allOf reduced to the one branch a plausible value follows. */
function ramo(e: Esquema): Esquema {
  const alternativas = e.anyOf ?? e.oneOf;
  if (alternativas?.length) return ramo(alternativas.find((a) => tipoDe(a) !== 'null' && a.type !== 'null') ?? alternativas[0]!);
  if (e.allOf?.length) return e.allOf.reduce<Esquema>((acc, a) => ({ ...acc, ...ramo(a), properties: { ...acc.properties, ...ramo(a).properties } }), {});
  return e;
}

const CANDIDATOS_PADRAO = ['2026-01-15', '01-15', '52998224725', '11987654321', '01001000', '6062825624254001', '606282', 'lixo.teste', 'SP', 'ABC', 'abc', '1', '01'];

/** A string that a field of this name most likely accepts (dates, documents, phones…): the request then reaches the handler. */
function textoPlausivel(nome: string, e: Esquema): string {
  const n = nome.toLowerCase();
  let v: string;
  if (e.format === 'email' || n.includes('email')) v = 'lixo.teste@example.com';
  else if (e.format === 'date' || /^(de|ate|inicio|fim|vencendoate|datanascimento|data)$/.test(n)) v = '2026-01-15';
  else if (e.format === 'date-time') v = '2026-01-15T12:00:00Z';
  else if (n.includes('documento') || n === 'cpf') v = '52998224725';
  else if (n.includes('celular') || n.includes('telefone')) v = '11987654321';
  else if (n === 'cep') v = '01001000';
  else if (n === 'uf') v = 'SP';
  else if (n.includes('senha')) v = 'demo1234';
  else if (n === 'username') v = 'lixo.teste';
  else if (n === 'cartao' || n.includes('numero')) v = '6062825624254001';
  else v = 'Lixo de teste';
  if (e.pattern) {
    const re = new RegExp(e.pattern, 'u');
    if (!re.test(v)) v = CANDIDATOS_PADRAO.find((c) => re.test(c)) ?? v;
  }
  if (e.minLength && v.length < e.minLength) v = v.padEnd(e.minLength, 'x');
  if (e.maxLength !== undefined && v.length > e.maxLength) v = v.slice(0, e.maxLength);
  return v;
}

/**
 * A plausible valid value; `completo` fills optional properties too. Integers are drawn from 3..22
 * (seeded; the demo company's rows sit there): different operations touch different rows, and ids
 * 1 and 2 — the demo admin and manager running the test — are never the target of a delete or a save.
 */
export function exemplo(esquema: Esquema, nome = '', completo = true, sortear: () => number = () => 0): unknown {
  const e = ramo(esquema);
  if (e.const !== undefined) return e.const;
  if (e.enum?.length) return e.enum[0];
  switch (tipoDe(e)) {
    case 'object': {
      const r: Record<string, unknown> = {};
      for (const [k, sub] of Object.entries(e.properties ?? {})) {
        if (completo || e.required?.includes(k)) r[k] = exemplo(sub, k, completo, sortear);
      }
      return r;
    }
    case 'array':
      return Array.from({ length: Math.max(1, e.minItems ?? 0) }, () => exemplo(e.items ?? {}, nome, completo, sortear));
    case 'integer': {
      const desejado = /^(page)$/.test(nome) ? 0 : /^(size)$/.test(nome) ? 20 : 3 + Math.floor(sortear() * 20);
      return Math.min(Math.max(desejado, Math.ceil(e.minimum ?? 0)), e.maximum ?? desejado);
    }
    case 'number':
      return Math.min(Math.max(10.5, e.minimum ?? 0), e.maximum ?? 10.5);
    case 'boolean':
      return true;
    case 'string':
      return textoPlausivel(nome, e);
    default:
      return e.default ?? 'Lixo de teste';
  }
}

/** Hostile values: text that databases and JSON columns choke on, and numbers that break rounding or ranges. */
export const TEXTOS_HOSTIS: readonly [string, string][] = [
  ['NUL', 'lixo\u0000lixo'],
  ['surrogate isolado', 'lixo\ud800lixo'],
  ['surrogate baixo isolado', '\udc00'],
  ['texto enorme', 'x'.repeat(100_000)],
  ['travessia de caminho', '../../../../etc/passwd'],
  ['SQL', "'; drop table usuario; --"],
  ['por cento', '%00%'],
  ['emoji e RTL', '😀\u202e\u200d\ufeff'],
  ['separador de linha', 'a\u2028b\r\nc'],
  ['vazio', ''],
  ['espaços', '   '],
];

/**
 * A number sent with exactly this text: JSON.stringify writes -0 as 0 and 2^53+1 as 2^53, and has no
 * way to write 1e400 (which JSON.parse reads as Infinity).
 */
export class NumeroCru {
  constructor(readonly texto: string) {}
}

/** JSON with every NumeroCru written as its text. */
export function json(v: unknown): string {
  const crus: string[] = [];
  const texto = JSON.stringify(v, (_k, x: unknown) => (x instanceof NumeroCru ? `@@cru${crus.push(x.texto) - 1}@@` : x));
  return texto.replace(/"@@cru(\d+)@@"/g, (_, i: string) => crus[Number(i)]!);
}

export const NUMEROS_HOSTIS: readonly [string, unknown][] = [
  ['1e-7', 1e-7],
  ['-1e-7', new NumeroCru('-1E-7')],
  ['1e308', 1e308],
  ['-0', new NumeroCru('-0')],
  ['NaN em texto', 'NaN'],
  ['2^53+1', new NumeroCru('9007199254740993')],
  ['1e400 (vira Infinity)', new NumeroCru('1e400')],
  ['negativo', -1],
  ['1.005', 1.005],
  ['número em texto', '10'],
  ['-1e308', -1e308],
];

export const TIPOS_ERRADOS: readonly [string, unknown][] = [
  ['null', null],
  ['objeto', { a: 1 }],
  ['lista', [1]],
  ['booleano', true],
  ['número', 7],
  ['texto', 'x'],
];

export const PARAMETROS_CAMINHO_HOSTIS: readonly [string, string][] = [
  ['%00', '%00'],
  ['NUL no meio', 'a%00b'],
  ['../', '..%2F..%2Fetc'],
  ['muito longo', '9'.repeat(5_000)],
  ['negativo', '-1'],
  ['não numérico', 'abc'],
  ['1e-7', '1e-7'],
  ['2^53+1', '9007199254740993'],
  ['surrogate em UTF-8 inválido', '%ED%A0%80'],
  ['UTF-8 truncado', '%F0%9F'],
  ['zero', '0'],
  ['espaço', '%20'],
];

type Folha = { caminho: (string | number)[]; esquema: Esquema; nome: string };

/** Every leaf of a body schema (scalars and arrays), with its path in the example. */
export function folhas(esquema: Esquema, caminho: (string | number)[] = [], nome = ''): Folha[] {
  const e = ramo(esquema);
  if (tipoDe(e) === 'object' && e.properties) {
    return Object.entries(e.properties).flatMap(([k, sub]) => folhas(sub, [...caminho, k], k));
  }
  if (tipoDe(e) === 'array' && e.items) {
    return [{ caminho, esquema: e, nome }, ...folhas(e.items, [...caminho, 0], nome)];
  }
  return [{ caminho, esquema: e, nome }];
}

/** A copy of `base` with the value at `caminho` replaced (creating the containers on the way). */
export function comValor(base: unknown, caminho: (string | number)[], valor: unknown): unknown {
  if (caminho.length === 0) return valor;
  const [cabeca, ...resto] = caminho;
  const copia: Record<string | number, unknown> | unknown[] = Array.isArray(base)
    ? [...(base as unknown[])]
    : typeof base === 'object' && base !== null
      ? { ...(base as Record<string, unknown>) }
      : typeof cabeca === 'number'
        ? []
        : {};
  (copia as Record<string | number, unknown>)[cabeca!] = comValor((copia as Record<string | number, unknown>)[cabeca!], resto, valor);
  return copia;
}

/** Free text leaves (no enum, format or pattern): the ones that go to the database as they come. */
function textoLivre(f: Folha): boolean {
  return tipoDe(f.esquema) === 'string' && !f.esquema.enum && !f.esquema.pattern && !f.esquema.format;
}

/** Every free text of a body (see textoLivre) with `sufixo` appended. */
function sujarTextosLivres(esquema: Esquema, corpo: unknown, sufixo: string): unknown {
  let r = corpo;
  for (const f of folhas(esquema)) {
    if (!textoLivre(f)) continue;
    const atual = valorEm(r, f.caminho);
    r = comValor(r, f.caminho, `${typeof atual === 'string' ? atual : 'x'}${sufixo}`);
  }
  return r;
}

function valorEm(v: unknown, caminho: (string | number)[]): unknown {
  return caminho.reduce<unknown>((acc, k) => (acc && typeof acc === 'object' ? (acc as Record<string | number, unknown>)[k] : undefined), v);
}

/**
 * The hostile values of one leaf, first those a validator may let through (what reaches the
 * handler and the database: odd text, 1e-7, -0…), then plain wrong types.
 */
function valoresHostis(f: Folha, sortear: () => number): [string, () => unknown][] {
  const tipo = tipoDe(f.esquema);
  const livre = textoLivre(f);
  let primeiro: readonly [string, unknown][];
  let depois: readonly [string, unknown][];
  if (tipo === 'string') {
    // NUL and surrogates matter most in free text; elsewhere a format or enum rejects them anyway.
    primeiro = TEXTOS_HOSTIS.filter(([n]) => livre || !(n === 'NUL' || n.startsWith('surrogate')));
    depois = TIPOS_ERRADOS.filter(([n]) => n !== 'texto');
  } else if (tipo === 'integer' || tipo === 'number') {
    primeiro = NUMEROS_HOSTIS;
    depois = TIPOS_ERRADOS.filter(([n]) => n !== 'número');
  } else if (tipo === 'array') {
    primeiro = [['lista enorme', LISTA_ENORME], ['lista vazia', []]];
    depois = TIPOS_ERRADOS;
  } else {
    primeiro = [];
    depois = TIPOS_ERRADOS;
  }
  const preparar = ([nome, v]: readonly [string, unknown]): [string, () => unknown] => [
    nome,
    () => (v === LISTA_ENORME ? Array.from({ length: 2_000 }, () => exemplo(f.esquema.items ?? {}, f.nome)) : v),
  ];
  return [...embaralhar([...primeiro], sortear), ...embaralhar([...depois], sortear)].map(preparar);
}

const LISTA_ENORME = Symbol('lista enorme');

/** Round robin over lists: the first item of each, then the second of each… */
function intercalar<T>(listas: T[][]): T[] {
  const r: T[] = [];
  for (let i = 0; listas.some((l) => i < l.length); i++) for (const l of listas) if (i < l.length) r.push(l[i]!);
  return r;
}

function montarUrl(op: Operacao, valores: Record<string, string>, query: Record<string, string>): string {
  const caminho = op.caminho.replace(/\{([^}]+)\}/g, (_, nome: string) => valores[nome] ?? '3');
  const qs = Object.entries(query)
    .map(([k, v]) => `${encodeURIComponent(k)}=${v}`)
    .join('&');
  return qs ? `${caminho}?${qs}` : caminho;
}

function valorParametro(p: Parametro, sortear: () => number): string {
  return encodeURIComponent(String(exemplo(p.schema ?? { type: 'string' }, p.name, true, sortear)));
}

/**
 * The cases of one operation: the plausible request, NUL and lone surrogates in every free text at
 * once, 1e-7 in every decimal, then single-spot junk (body leaves, structural junk, each path and
 * query parameter) drawn with a seeded PRNG up to `limite` cases — every group has its turn before
 * any repeats.
 */
export function casosDaOperacao(op: Operacao, semente: string, limite: number): Caso[] {
  const sortear = sorteador(semente);
  const paramsCaminho = op.parametros.filter((p) => p.in === 'path');
  const paramsQuery = op.parametros.filter((p) => p.in === 'query');
  const baseCaminho = Object.fromEntries(paramsCaminho.map((p) => [p.name, valorParametro(p, sortear)]));
  const baseQuery = Object.fromEntries(paramsQuery.map((p) => [p.name, valorParametro(p, sortear)]));
  const urlBase = montarUrl(op, baseCaminho, baseQuery);
  // The same draws for both bodies: the minimal one is the complete one without its optional fields.
  const semente2 = sortear();
  const corpoCompleto = op.corpo ? exemplo(op.corpo, '', true, sorteador(`${semente} ${semente2}`)) : undefined;
  const corpoMinimo = op.corpo ? exemplo(op.corpo, '', false, sorteador(`${semente} ${semente2}`)) : undefined;

  const fixos: Caso[] = [];
  const sorteaveis: Caso[][] = [];
  /** Single-leaf junk of the body, every leaf's likeliest trouble first; it gets two turns a round. */
  let porFolha: Caso[] = [];
  if (op.corpo) {
    fixos.push({ descricao: 'corpo plausível completo', url: urlBase, payload: json(corpoCompleto) });
    fixos.push({ descricao: 'corpo plausível mínimo', url: urlBase, payload: json(corpoMinimo) });
    fixos.push({ descricao: 'NUL em todo texto livre', url: urlBase, payload: json(sujarTextosLivres(op.corpo, corpoMinimo, '\u0000')) });
    fixos.push({ descricao: 'surrogate isolado em todo texto livre', url: urlBase, payload: json(sujarTextosLivres(op.corpo, corpoMinimo, '\ud800')) });
    sorteaveis.push([
      { descricao: 'JSON malformado', url: urlBase, payload: '{"a":' },
      { descricao: 'JSON aninhado demais', url: urlBase, payload: '['.repeat(20_000) + ']'.repeat(20_000) },
      { descricao: 'corpo lista', url: urlBase, payload: '[]' },
      { descricao: 'corpo texto', url: urlBase, payload: '"x"' },
      { descricao: 'corpo null', url: urlBase, payload: 'null' },
      { descricao: 'corpo com texto plano', url: urlBase, payload: 'x=1', contentType: 'text/plain' },
      { descricao: 'propriedade a mais com NUL', url: urlBase, payload: json({ ...(corpoMinimo as object), 'x\u0000': '\ud800' }) },
    ]);
    const numeros = folhas(op.corpo).filter((f) => tipoDe(f.esquema) === 'number');
    if (numeros.length) {
      // Amounts and percentages: 1e-7 passed the old two-decimal check (its text has no dot).
      const corpo = numeros.reduce<unknown>((acc, f) => comValor(acc, f.caminho, 1e-7), corpoMinimo);
      fixos.push({ descricao: '1e-7 em todo valor decimal', url: urlBase, payload: json(corpo) });
    }
    const inteiros = folhas(op.corpo).filter((f) => tipoDe(f.esquema) === 'integer' || tipoDe(f.esquema) === 'number');
    if (inteiros.length) {
      // -0 and 2^53+1 as sent text: ids and amounts a bigint column or an === 0 check may mishandle.
      const zero = inteiros.reduce<unknown>((acc, f) => comValor(acc, f.caminho, new NumeroCru('-0')), corpoMinimo);
      sorteaveis.push([{ descricao: '-0 em todo número', url: urlBase, payload: json(zero) }]);
    }
    porFolha = intercalar(
      embaralhar(folhas(op.corpo), sortear).map((f) =>
        valoresHostis(f, sortear).map(([nome, valor]) => ({ descricao: `corpo.${f.caminho.join('.')} = ${nome}`, url: urlBase, payload: () => json(comValor(corpoMinimo, f.caminho, valor())) })),
      ),
    );
  } else {
    fixos.push({ descricao: 'requisição plausível', url: urlBase });
    if (op.metodo !== 'GET') sorteaveis.push([{ descricao: 'corpo inesperado malformado', url: urlBase, payload: '{"a":' }]);
  }
  for (const p of paramsCaminho) {
    sorteaveis.push(
      PARAMETROS_CAMINHO_HOSTIS.map(([nome, valor]) => ({
        descricao: `caminho.${p.name} = ${nome}`,
        url: montarUrl(op, { ...baseCaminho, [p.name]: valor }, baseQuery),
        payload: corpoMinimo === undefined ? undefined : json(corpoMinimo),
      })),
    );
  }
  for (const p of paramsQuery) {
    sorteaveis.push(
      [...PARAMETROS_CAMINHO_HOSTIS, ['surrogate isolado', '%ED%A0%80'] as const, ['NUL', '%00'] as const].map(([nome, valor]) => ({
        descricao: `query.${p.name} = ${nome}`,
        url: montarUrl(op, baseCaminho, { ...baseQuery, [p.name]: valor }),
      })),
    );
  }
  sorteaveis.push([{ descricao: 'query desconhecida com NUL', url: `${urlBase}${urlBase.includes('?') ? '&' : '?'}x%00=%00` }]);
  const corpoBase = corpoMinimo === undefined ? undefined : json(corpoMinimo);
  sorteaveis.push(
    [
      ['Idempotency-Key enorme', { 'idempotency-key': 'k'.repeat(5_000) }],
      ['Idempotency-Key em Latin-1', { 'idempotency-key': 'ção\u00ff'.repeat(20) }],
      ['remember-me estranho', { 'remember-me': `${'a'.repeat(20)}.${'\u00ff'.repeat(40)}` }],
      ['JSON em UTF-16 declarado', { 'content-type': 'application/json; charset=utf-16' }],
    ].map(([nome, headers]) => ({ descricao: `cabeçalho: ${nome as string}`, url: urlBase, headers: headers as Record<string, string>, payload: corpoBase })),
  );

  // Round robin over the groups (each shuffled), so every kind of junk gets in before any repeats.
  const grupos = [porFolha, porFolha, ...sorteaveis.map((g) => embaralhar(g, sortear))];
  const escolhidos: Caso[] = [...fixos];
  while (escolhidos.length < limite && grupos.some((g) => g.length)) {
    for (const g of grupos) {
      const c = g.shift();
      if (c && escolhidos.length < limite) escolhidos.push(c);
    }
  }
  return escolhidos;
}

function embaralhar<T>(lista: T[], sortear: () => number): T[] {
  const r = [...lista];
  for (let i = r.length - 1; i > 0; i--) {
    const j = Math.floor(sortear() * (i + 1));
    [r[i], r[j]] = [r[j]!, r[i]!];
  }
  return r;
}

/** What a reply must never show: a stack frame, source paths, modules or SQL. */
const VAZAMENTOS: readonly [string, RegExp][] = [
  ['linha de pilha', /\n\s+at\s|\bat [\w.<>]+ \(/],
  ['arquivo-fonte', /\.(ts|js|mjs):\d+/],
  ['node_modules', /node_modules/],
  ['SQL', /\b(select .+ from|insert into|update \w+ set|delete from)\b|violates|syntax error at|relation "|column "|invalid byte sequence|unsupported Unicode escape|drizzle|PGlite|postgres/i],
];

export function vazamento(corpo: string): string | null {
  for (const [nome, re] of VAZAMENTOS) if (re.test(corpo)) return nome;
  return null;
}
