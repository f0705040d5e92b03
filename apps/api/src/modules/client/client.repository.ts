import { and, asc, count, desc, eq, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CANAIS_CONSENTIMENTO,
  ORIGENS_CONSENTIMENTO,
  tipoDocumento,
  type CanalConsentimento,
  type Cliente,
  type ClienteDuplicado,
  type ClienteResumo,
  type ClienteSave,
  type ConsentimentoAtual,
  type ConsentimentoHistorico,
  type FiltroCliente,
  type GrupoDuplicados,
} from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { auditoria, cliente, clienteConsentimento, clienteNota, empresa, unificacao } from '../../db/schema/index.js';
import type { UsuarioContexto } from '../../lib/contexto.js';
import { condicaoBusca, MAXIMO_PALAVRAS_DO_PREFIXO, sqlIdsDaBusca, sqlPalavrasDoPrefixo, termosDaBusca, type TermosBusca } from './busca-clientes.js';
import { criarContasPadrao } from '../account/index.js';
import { erro } from '../../lib/erros.js';
import { violouUnicidade } from '../../lib/recurso.js';

export const MENSAGEM_DOCUMENTO_EM_USO = 'Já existe um cliente com este CPF/CNPJ.';
export const MENSAGEM_ANONIMIZADO = 'Este cliente foi anonimizado (LGPD) e não pode mais ser alterado.';
export const MENSAGEM_JA_ANONIMIZADO = 'Este cliente já foi anonimizado.';
/** A guard on a call with no paging: a network with more groups than this sees the largest first. */
export const LIMITE_GRUPOS_DUPLICADOS = 200;

/** The customer's personal data: what anonymisation erases, here and in the audit trail. */
export const CAMPOS_PESSOAIS = [
  'nome',
  'documento',
  'tipoDocumento',
  'dataNascimento',
  'celular',
  'email',
  'cep',
  'logradouro',
  'numero',
  'complemento',
  'bairro',
  'cidade',
  'uf',
  'observacoes',
] as const;

const filial = alias(empresa, 'filial_origem');

const colunasResumo = {
  id: cliente.id,
  nome: cliente.nome,
  documento: cliente.documento,
  tipoDocumento: cliente.tipoDocumento,
  celular: cliente.celular,
  celularWhatsapp: cliente.celularWhatsapp,
  email: cliente.email,
  dataNascimento: cliente.dataNascimento,
  filialOrigemId: cliente.filialOrigemId,
  filialOrigemNome: filial.nomeCurto,
  status: cliente.status,
  criadoEm: cliente.criadoEm,
};

const colunasDetalhe = {
  ...colunasResumo,
  cep: cliente.cep,
  logradouro: cliente.logradouro,
  numero: cliente.numero,
  complemento: cliente.complemento,
  bairro: cliente.bairro,
  cidade: cliente.cidade,
  uf: cliente.uf,
  observacoes: cliente.observacoes,
  atualizadoEm: cliente.atualizadoEm,
};

type LinhaResumo = Omit<ClienteResumo, 'criadoEm'> & { criadoEm: Date };

function resumo<L extends LinhaResumo>(l: L): Omit<L, 'criadoEm'> & { criadoEm: string } {
  return { ...l, criadoEm: l.criadoEm.toISOString() };
}

/**
 * The tenant filter written in the query itself; RLS stands behind it. Customers always belong to
 * a network, so a user without one (system administrator, analyst) sees none.
 */
function escopo(u: UsuarioContexto): SQL {
  return u.empresaId === null ? sql`false` : eq(cliente.empresaId, u.empresaId);
}

/** The list's filters other than the tenant and the search, as conditions on `cliente`. */
function filtrosDaLista(f: FiltroCliente): SQL | undefined {
  return and(
    f.status ? eq(cliente.status, f.status) : ne(cliente.status, 'ANONIMIZADO'),
    f.filialOrigemId ? eq(cliente.filialOrigemId, f.filialOrigemId) : undefined,
    f.aniversarioMes ? sql`extract(month from ${cliente.dataNascimento}) = ${f.aniversarioMes}` : undefined,
  );
}

/** The list's WHERE: also what client/exportar and the async report select (exportar.ts). */
export function filtroClientes(u: UsuarioContexto, f: FiltroCliente): SQL | undefined {
  return and(escopo(u), f.busca && u.empresaId !== null ? condicaoBusca(u.empresaId, f.busca) : undefined, filtrosDaLista(f));
}

/**
 * Counts stop here (the reply says `totalLimitado`): counting a million customers to print
 * "1–20 de 1.000.000" took most of a list's time; past these numbers a person refines the filter.
 */
export const LIMITE_CONTAGEM_CLIENTES = 10_000;
export const LIMITE_CONTAGEM_BUSCA = 100;

/**
 * The customer list. By name as people read it — the normalised name in "C" collation, the same key
 * the search words carry (migration 0015) — or by sign-up date. A search by words in name order
 * reads the words' index in that order (busca-clientes.ts); any other search finds its customers first.
 */
export async function listarClientes(tx: Executor, u: UsuarioContexto, f: FiltroCliente, page: number, size: number) {
  const termos = f.busca ? termosDaBusca(f.busca) : null;
  const porNome = (f.ordenarPor ?? 'nome') === 'nome';
  if (u.empresaId !== null && termos && termos.tipo !== 'cartao' && porNome && f.direcao !== 'desc') {
    // An anonymised customer is found by no word: searching them finds nobody.
    if (f.status === 'ANONIMIZADO') return { itens: [], total: 0, totalLimitado: false };
    return listarPelaBusca(tx, u.empresaId, termos, f, page, size);
  }
  return listarComFiltro(tx, u, f, page, size);
}

async function listarComFiltro(tx: Executor, u: UsuarioContexto, f: FiltroCliente, page: number, size: number) {
  const where = filtroClientes(u, f);
  const nome = sql`busca_normalizada(${cliente.nome}) collate "C"`;
  const dir = f.direcao === 'desc' ? desc : asc;
  const ordem = (f.ordenarPor ?? 'nome') === 'nome' ? [dir(nome), dir(cliente.id)] : [dir(cliente.criadoEm), dir(cliente.id)];
  const limite = f.busca ? LIMITE_CONTAGEM_BUSCA : LIMITE_CONTAGEM_CLIENTES;
  const [itens, total] = await Promise.all([
    tx.select(colunasResumo).from(cliente).leftJoin(filial, eq(filial.id, cliente.filialOrigemId)).where(where).orderBy(...ordem).limit(size).offset(page * size),
    contarAte(tx, sql`select 1 from ${cliente} where ${where ?? sql`true`}`, limite),
  ]);
  return { itens: itens.map(resumo), ...total };
}

/**
 * A search in name order (busca-clientes.ts): the customers up to the end of the page or the count's
 * limit, whichever is further — one read gives the page and the capped count — then the page's rows.
 * Name words go through the distinct words under the leading prefix, merged in order.
 */
async function listarPelaBusca(tx: Executor, empresaId: number, termos: Exclude<TermosBusca, { tipo: 'cartao' }>, f: FiltroCliente, page: number, size: number) {
  let busca: { palavras: string[] } | { prefixos: string[] } = termos.tipo === 'nome' ? { prefixos: [termos.guia] } : { prefixos: termos.prefixos };
  if (termos.tipo === 'nome') {
    const palavras = ((await tx.execute(sqlPalavrasDoPrefixo(empresaId, termos.guia))) as unknown as { rows: { palavra: string }[] }).rows.map((r) => r.palavra);
    if (palavras.length === 0) return { itens: [], total: 0, totalLimitado: false };
    if (palavras.length <= MAXIMO_PALAVRAS_DO_PREFIXO) busca = { palavras };
  }
  // Anonymised customers have no words (migration 0015): the default "all but anonymised" needs no join.
  const c = alias(cliente, 'c');
  const filtros = and(
    f.status ? eq(c.status, f.status) : undefined,
    f.filialOrigemId ? eq(c.filialOrigemId, f.filialOrigemId) : undefined,
    f.aniversarioMes ? sql`extract(month from ${c.dataNascimento}) = ${f.aniversarioMes}` : undefined,
  );
  const limite = Math.max((page + 1) * size, LIMITE_CONTAGEM_BUSCA + 1);
  const outras = termos.tipo === 'nome' ? termos.outras : [];
  // One statement: what was found (up to the limit), how many, and the page's rows in that order.
  const r = (await tx.execute(sql`
    with achados as (${sqlIdsDaBusca(empresaId, busca, outras, filtros ?? null, limite)}),
    numerados as (select cliente_id, row_number() over (order by ordem, cliente_id) as n from achados)
    select t.total, p.* from (select count(*)::int as total from achados) t
    left join lateral (
      select ${cliente.id}, ${cliente.nome}, ${cliente.documento}, ${cliente.tipoDocumento}, ${cliente.celular}, ${cliente.celularWhatsapp},
             ${cliente.email}, ${cliente.dataNascimento}::text as data_nascimento, ${cliente.filialOrigemId}, ${filial.nomeCurto} as filial_origem_nome,
             ${cliente.status}, ${cliente.criadoEm}, x.n
      from numerados x join ${cliente} on ${cliente.id} = x.cliente_id left join ${empresa} as filial_origem on ${filial.id} = ${cliente.filialOrigemId}
      where x.n > ${page * size} and x.n <= ${(page + 1) * size}
    ) p on true
    order by p.n`)) as unknown as { rows: LinhaBusca[] };
  const total = Number(r.rows[0]?.total ?? 0);
  const itens = r.rows.filter((l) => l.id !== null).map(resumoDaBusca);
  // Reaching the limit means there may be more: "mais de" the limit, or of this page when it lies beyond.
  const limitado = total === limite;
  return { itens, total: limitado ? Math.max(LIMITE_CONTAGEM_BUSCA, (page + 1) * size) : total, totalLimitado: limitado };
}

type LinhaBusca = {
  total: number;
  id: number | null;
  nome: string;
  documento: string | null;
  tipo_documento: ClienteResumo['tipoDocumento'];
  celular: string | null;
  celular_whatsapp: boolean;
  email: string | null;
  data_nascimento: string | null;
  filial_origem_id: number | null;
  filial_origem_nome: string | null;
  status: ClienteResumo['status'];
  criado_em: Date | string;
};

function resumoDaBusca(l: LinhaBusca): ClienteResumo {
  return {
    id: Number(l.id),
    nome: l.nome,
    documento: l.documento,
    tipoDocumento: l.tipo_documento,
    celular: l.celular,
    celularWhatsapp: l.celular_whatsapp,
    email: l.email,
    dataNascimento: l.data_nascimento,
    filialOrigemId: l.filial_origem_id === null ? null : Number(l.filial_origem_id),
    filialOrigemNome: l.filial_origem_nome,
    status: l.status,
    criadoEm: new Date(l.criado_em).toISOString(),
  };
}

/** How many rows `consulta` gives, counting no further than `limite` (then `totalLimitado`). */
async function contarAte(tx: Executor, consulta: SQL, limite: number): Promise<{ total: number; totalLimitado: boolean }> {
  const r = (await tx.execute(sql`select count(*)::int as n from (select 1 from (${consulta}) q limit ${limite + 1}) x`)) as unknown as { rows: { n: number }[] };
  const n = Number(r.rows[0]!.n);
  return n > limite ? { total: limite, totalLimitado: true } : { total: n, totalLimitado: false };
}

async function historicoConsentimentos(tx: Executor, empresaId: number, clienteId: number) {
  return tx
    .select({ canal: clienteConsentimento.canal, concedido: clienteConsentimento.concedido, origem: clienteConsentimento.origem, criadoEm: clienteConsentimento.criadoEm })
    .from(clienteConsentimento)
    .where(and(eq(clienteConsentimento.empresaId, empresaId), eq(clienteConsentimento.clienteId, clienteId)))
    .orderBy(asc(clienteConsentimento.criadoEm), asc(clienteConsentimento.id));
}

/** The history is append-only; the latest row of each channel is its current state. */
function consentimentosAtuais(historico: Awaited<ReturnType<typeof historicoConsentimentos>>): Cliente['consentimentos'] {
  const atual: Record<CanalConsentimento, ConsentimentoAtual | null> = { WHATSAPP: null, EMAIL: null, SMS: null };
  for (const h of historico) atual[h.canal] = { concedido: h.concedido, data: h.criadoEm.toISOString(), origem: h.origem };
  return atual;
}

/** Null for an id of another company: the caller answers 404 and leaks nothing. */
export async function buscarCliente(tx: Executor, u: UsuarioContexto, id: number): Promise<Cliente | null> {
  const [l] = await tx
    .select(colunasDetalhe)
    .from(cliente)
    .leftJoin(filial, eq(filial.id, cliente.filialOrigemId))
    .where(and(eq(cliente.id, id), escopo(u)))
    .limit(1);
  if (!l) return null;
  const { atualizadoEm, ...resto } = l;
  return {
    ...resumo(resto),
    atualizadoEm: atualizadoEm.toISOString(),
    consentimentos: consentimentosAtuais(await historicoConsentimentos(tx, u.empresaId!, id)),
  };
}

/** The origin branch must be a company of the caller's network (the matriz counts). */
async function validarFilial(tx: Executor, u: UsuarioContexto, filialId: number): Promise<number> {
  const [e] = await tx
    .select({ id: empresa.id })
    .from(empresa)
    .where(and(eq(empresa.id, filialId), eq(empresa.matrizId, u.empresaId!)))
    .limit(1);
  if (!e) throw erro.requisicao('Filial de origem inválida.');
  return e.id;
}

/** Writes one row per channel whose state changes; "never asked" counts as not granted. */
async function registrarConsentimentos(
  tx: Executor,
  u: UsuarioContexto,
  clienteId: number,
  atuais: Cliente['consentimentos'] | null,
  pedidos: { canal: CanalConsentimento; concedido: boolean }[],
  origem: string,
) {
  const novos = pedidos.filter((p) => (atuais?.[p.canal]?.concedido ?? false) !== p.concedido);
  if (novos.length === 0) return;
  await tx.insert(clienteConsentimento).values(
    novos.map((p) => ({ empresaId: u.empresaId!, clienteId, canal: p.canal, concedido: p.concedido, origem, usuarioId: u.id })),
  );
}

export async function gravarCliente(tx: Executor, u: UsuarioContexto, d: ClienteSave, antes: Cliente | null): Promise<Cliente> {
  if (u.empresaId === null) throw erro.proibido();
  if (antes?.status === 'ANONIMIZADO') throw erro.conflito(MENSAGEM_ANONIMIZADO);
  let filialOrigemId: number | null;
  if (d.filialOrigemId) filialOrigemId = await validarFilial(tx, u, d.filialOrigemId);
  else if (d.filialOrigemId === null) filialOrigemId = null;
  else filialOrigemId = antes ? antes.filialOrigemId : u.empresaAtualId;

  const valores = {
    nome: d.nome,
    documento: d.documento,
    tipoDocumento: tipoDocumento(d.documento),
    dataNascimento: d.dataNascimento,
    celular: d.celular,
    celularWhatsapp: d.celular ? d.celularWhatsapp : false,
    email: d.email,
    cep: d.cep,
    logradouro: d.logradouro,
    numero: d.numero,
    complemento: d.complemento,
    bairro: d.bairro,
    cidade: d.cidade,
    uf: d.uf,
    observacoes: d.observacoes,
    filialOrigemId,
    status: d.status ?? antes?.status ?? 'ATIVO',
    atualizadoEm: new Date(),
  };
  let id: number;
  try {
    if (antes) {
      await tx
        .update(cliente)
        .set(valores)
        .where(and(eq(cliente.id, antes.id), eq(cliente.empresaId, u.empresaId)));
      id = antes.id;
    } else {
      const [novo] = await tx
        .insert(cliente)
        .values({ ...valores, empresaId: u.empresaId })
        .returning({ id: cliente.id });
      id = novo!.id;
      // Every new customer starts with the company's default accounts (docs/areas/razao.md "Contas padrão").
      await criarContasPadrao(tx, u.empresaId, [id]);
    }
  } catch (e) {
    if (violouUnicidade(e)) throw erro.conflito(MENSAGEM_DOCUMENTO_EM_USO);
    throw e;
  }
  if (d.consentimentos) await registrarConsentimentos(tx, u, id, antes?.consentimentos ?? null, d.consentimentos, ORIGENS_CONSENTIMENTO.backoffice);
  return (await buscarCliente(tx, u, id))!;
}

/** DELETE client/delete blocks: the customer's history (sales, ledger) keeps pointing at the row. */
export async function bloquearCliente(tx: Executor, u: UsuarioContexto, id: number, antes: Cliente) {
  if (antes.status === 'ANONIMIZADO') throw erro.conflito(MENSAGEM_ANONIMIZADO);
  await tx
    .update(cliente)
    .set({ status: 'BLOQUEADO', atualizadoEm: new Date() })
    .where(and(eq(cliente.id, id), eq(cliente.empresaId, u.empresaId!)));
  return 'DESATIVAR' as const;
}

/** Everything the programme holds about one person, for the data-portability request. */
export async function exportarCliente(tx: Executor, u: UsuarioContexto, c: Cliente) {
  const [controlador] = await tx.select({ nome: empresa.nome, cnpj: empresa.cnpj }).from(empresa).where(eq(empresa.id, u.empresaId!)).limit(1);
  const historico = await historicoConsentimentos(tx, u.empresaId!, c.id);
  const notas = await tx
    .select({ texto: clienteNota.texto, criadoEm: clienteNota.criadoEm })
    .from(clienteNota)
    .where(and(eq(clienteNota.empresaId, u.empresaId!), eq(clienteNota.clienteId, c.id)))
    .orderBy(asc(clienteNota.criadoEm), asc(clienteNota.id));
  const { consentimentos: _atuais, filialOrigemId: _filial, ...titular } = c;
  return {
    formato: 'bonifica.cliente.lgpd/1' as const,
    geradoEm: new Date().toISOString(),
    controlador: { nome: controlador?.nome ?? '', cnpj: controlador?.cnpj ?? null },
    titular,
    consentimentos: historico.map<ConsentimentoHistorico>((h) => ({ canal: h.canal, concedido: h.concedido, origem: h.origem, data: h.criadoEm.toISOString() })),
    notas: notas.map((n) => ({ texto: n.texto, data: n.criadoEm.toISOString() })),
  };
}

function semDadosPessoais(v: unknown): unknown {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
  const copia: Record<string, unknown> = { ...(v as Record<string, unknown>) };
  for (const campo of CAMPOS_PESSOAIS) {
    if (campo in copia && copia[campo] !== null) copia[campo] = '[anonimizado]';
  }
  return copia;
}

/**
 * LGPD anonymisation: the person's data is erased from the row and from earlier audit entries about
 * it; the row, its id and the ledger stay, so balances and reports still add up. Irreversible.
 */
export async function anonimizarCliente(tx: Executor, u: UsuarioContexto, antes: Cliente): Promise<Cliente> {
  if (antes.status === 'ANONIMIZADO') throw erro.conflito(MENSAGEM_JA_ANONIMIZADO);
  const empresaId = u.empresaId!;
  await tx
    .update(cliente)
    .set({
      nome: `Cliente anonimizado #${antes.id}`,
      documento: null,
      tipoDocumento: null,
      dataNascimento: null,
      celular: null,
      celularWhatsapp: false,
      email: null,
      cep: null,
      logradouro: null,
      numero: null,
      complemento: null,
      bairro: null,
      cidade: null,
      uf: null,
      observacoes: null,
      status: 'ANONIMIZADO',
      atualizadoEm: new Date(),
    })
    .where(and(eq(cliente.id, antes.id), eq(cliente.empresaId, empresaId)));
  const concedidos = CANAIS_CONSENTIMENTO.filter((canal) => antes.consentimentos[canal]?.concedido);
  await registrarConsentimentos(
    tx,
    u,
    antes.id,
    antes.consentimentos,
    concedidos.map((canal) => ({ canal, concedido: false })),
    ORIGENS_CONSENTIMENTO.anonimizacao,
  );
  // Staff notes are free text about the person: erased with the rest (their audit entries hold no text).
  await tx.delete(clienteNota).where(and(eq(clienteNota.empresaId, empresaId), eq(clienteNota.clienteId, antes.id)));
  const registros = await tx
    .select({ id: auditoria.id, antes: auditoria.antes, depois: auditoria.depois })
    .from(auditoria)
    .where(and(eq(auditoria.empresaId, empresaId), eq(auditoria.entidade, 'cliente'), eq(auditoria.entidadeId, String(antes.id))));
  for (const r of registros) {
    await tx
      .update(auditoria)
      .set({ antes: semDadosPessoais(r.antes), depois: semDadosPessoais(r.depois) })
      .where(eq(auditoria.id, r.id));
  }
  return (await buscarCliente(tx, u, antes.id))!;
}

/**
 * Likely duplicates: customers sharing a mobile or an e-mail (the document cannot repeat, the
 * unique index sees to it). Anonymised customers hold neither, so they never show up.
 */
export async function buscarDuplicados(tx: Executor, u: UsuarioContexto): Promise<GrupoDuplicados[]> {
  // A customer already unified into another (the origin of a unification) is history, not a duplicate to solve.
  const base = and(
    escopo(u),
    ne(cliente.status, 'ANONIMIZADO'),
    sql`not exists (select 1 from ${unificacao} where ${unificacao.empresaId} = ${cliente.empresaId} and ${unificacao.clienteOrigemId} = ${cliente.id})`,
  );
  const emailNormalizado = sql<string>`lower(${cliente.email})`;
  const [celulares, emails] = await Promise.all([
    tx
      .select({ valor: cliente.celular, n: count() })
      .from(cliente)
      .where(and(base, isNotNull(cliente.celular)))
      .groupBy(cliente.celular)
      .having(sql`count(*) > 1`)
      .orderBy(desc(count()), asc(cliente.celular))
      .limit(LIMITE_GRUPOS_DUPLICADOS),
    tx
      .select({ valor: emailNormalizado, n: count() })
      .from(cliente)
      .where(and(base, isNotNull(cliente.email)))
      .groupBy(emailNormalizado)
      .having(sql`count(*) > 1`)
      .orderBy(desc(count()), asc(emailNormalizado))
      .limit(LIMITE_GRUPOS_DUPLICADOS),
  ]);
  const valoresCelular = celulares.map((c) => c.valor!);
  const valoresEmail = emails.map((e) => e.valor);
  if (valoresCelular.length === 0 && valoresEmail.length === 0) return [];
  const colunas = { id: cliente.id, nome: cliente.nome, documento: cliente.documento, celular: cliente.celular, email: cliente.email, status: cliente.status };
  const membros = await tx
    .select(colunas)
    .from(cliente)
    .where(
      and(
        base,
        or(
          valoresCelular.length ? inArray(cliente.celular, valoresCelular) : undefined,
          valoresEmail.length ? inArray(emailNormalizado, valoresEmail) : undefined,
        ),
      ),
    )
    .orderBy(asc(cliente.id));
  const grupos: GrupoDuplicados[] = [
    ...valoresCelular.map((valor) => ({ motivo: 'CELULAR' as const, valor, clientes: membros.filter((m) => m.celular === valor) as ClienteDuplicado[] })),
    ...valoresEmail.map((valor) => ({ motivo: 'EMAIL' as const, valor, clientes: membros.filter((m) => m.email?.toLowerCase() === valor) as ClienteDuplicado[] })),
  ];
  return grupos.sort((a, b) => b.clientes.length - a.clientes.length || a.motivo.localeCompare(b.motivo) || a.valor.localeCompare(b.valor)).slice(0, LIMITE_GRUPOS_DUPLICADOS);
}
