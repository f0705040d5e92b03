import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { cliente } from '../../db/schema/index.js';
import { arrayPg, contaSistema, creditarClientesEmLote, criarContasPadrao, type CreditoCliente } from '../account/index.js';
import type { ContextoLote, ContagemLote } from './lote.js';
import type { LinhaValida } from './validacao.js';

/**
 * Writes one batch of valid rows as customers, in the batch's transaction: one query for the
 * existing documents, one multi-row INSERT, one multi-row UPDATE for merges, the new customers'
 * default accounts, and the opening balances as ledger postings — each a constant number of
 * statements for the whole batch, never row by row.
 */

type Existente = typeof cliente.$inferSelect;

/** MESCLAR fills only what the customer does not have yet: data typed by staff always wins. */
const CAMPOS_MESCLAVEIS = ['celular', 'email', 'dataNascimento', 'cep', 'cidade', 'uf', 'observacoes'] as const;

function preencheAlgo(e: Existente, l: LinhaValida): boolean {
  return CAMPOS_MESCLAVEIS.some((c) => e[c] === null && l[c] !== null);
}

async function mesclar(tx: Executor, empresaId: number, pares: { id: number; l: LinhaValida }[]) {
  if (pares.length === 0) return;
  const valores = sql.join(
    pares.map(
      ({ id, l }) =>
        sql`(${id}::int, ${l.celular}::varchar, ${l.email}::varchar, ${l.dataNascimento}::date, ${l.cep}::varchar, ${l.cidade}::varchar, ${l.uf}::varchar, ${l.observacoes}::text)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    update cliente c set
      celular = coalesce(c.celular, v.celular),
      email = coalesce(c.email, v.email),
      data_nascimento = coalesce(c.data_nascimento, v.data_nascimento),
      cep = coalesce(c.cep, v.cep),
      cidade = coalesce(c.cidade, v.cidade),
      uf = coalesce(c.uf, v.uf),
      observacoes = coalesce(c.observacoes, v.observacoes),
      atualizado_em = now()
    from (values ${valores}) as v(id, celular, email, data_nascimento, cep, cidade, uf, observacoes)
    where c.id = v.id and c.empresa_id = ${empresaId}`);
}

/** Ids taken from the sequence first, so each new row's id is known without trusting RETURNING's order. */
async function reservarIds(tx: Executor, n: number): Promise<number[]> {
  const r = await tx.execute(sql`select nextval(pg_get_serial_sequence('cliente', 'id'))::int as id from generate_series(1, ${n})`);
  return (r as unknown as { rows: { id: number }[] }).rows.map((x) => Number(x.id));
}

/**
 * One INSERT … SELECT FROM json_to_recordset($1): the whole batch travels as one JSON parameter
 * instead of a parameter per cell (12,000 for 1,000 rows), which the driver, the ORM and the
 * server's parser all pay for. Same SQL on PGlite and PostgreSQL.
 */
async function inserirNovos(tx: Executor, ctx: ContextoLote, novos: LinhaValida[], ids: number[]): Promise<{ id: number }[]> {
  const linhas = novos.map((l, i) => ({
    id: ids[i],
    nome: l.nome,
    documento: l.documento,
    tipo_documento: l.tipoDocumento,
    data_nascimento: l.dataNascimento,
    celular: l.celular,
    email: l.email,
    cep: l.cep,
    cidade: l.cidade,
    uf: l.uf,
    observacoes: l.observacoes,
  }));
  const r = await tx.execute(sql`
    insert into cliente (id, empresa_id, filial_origem_id, nome, documento, tipo_documento, data_nascimento, celular, email, cep, cidade, uf, observacoes)
    select u.id, ${ctx.empresaId}::int, ${ctx.filialId}::int, u.nome, u.documento, u.tipo_documento, u.data_nascimento, u.celular, u.email, u.cep, u.cidade, u.uf, u.observacoes
    from json_to_recordset(${JSON.stringify(linhas)}::json) as u(
      id int, nome varchar, documento varchar, tipo_documento varchar, data_nascimento date, celular varchar, email varchar, cep varchar, cidade varchar, uf varchar, observacoes text)
    on conflict do nothing
    returning id`);
  return (r as unknown as { rows: { id: number }[] }).rows.map((x) => ({ id: Number(x.id) }));
}

/**
 * Before the batches: the company's system account of the opening balances' unit, created once
 * here rather than by whichever batch needs it first — two batches writing at once would wait on
 * each other's uncommitted row.
 */
export async function prepararImportacaoClientes(tx: Executor, ctx: ContextoLote, comSaldo: boolean): Promise<void> {
  if (comSaldo) await contaSistema(tx, ctx.empresaId, ctx.unidadeSaldo);
}

export async function gravarLoteClientes(tx: Executor, ctx: ContextoLote, lote: LinhaValida[]): Promise<ContagemLote> {
  const c: ContagemLote = { inseridos: 0, mesclados: 0, ignorados: 0, saldosLancados: 0, saldoTotal: 0, saldosIgnorados: 0 };
  const documentos = lote.flatMap((l) => (l.documento ? [l.documento] : []));
  const existentes = documentos.length
    ? await tx.select().from(cliente).where(and(eq(cliente.empresaId, ctx.empresaId), inArray(cliente.documento, documentos)))
    : [];
  const porDocumento = new Map(existentes.map((e) => [e.documento!, e]));

  const novos: LinhaValida[] = [];
  const mesclas: { id: number; l: LinhaValida }[] = [];
  for (const l of lote) {
    const e = l.documento ? porDocumento.get(l.documento) : undefined;
    if (!e) {
      novos.push(l);
      continue;
    }
    // An existing customer's balance comes from their own history: an opening balance is for new ones only.
    if (l.saldo !== null) c.saldosIgnorados++;
    if (ctx.duplicados === 'IGNORAR' || e.status === 'ANONIMIZADO') c.ignorados++;
    else {
      c.mesclados++;
      if (preencheAlgo(e, l)) mesclas.push({ id: e.id, l });
    }
  }
  await mesclar(tx, ctx.empresaId, mesclas);

  if (novos.length === 0) return c;
  const ids = await reservarIds(tx, novos.length);
  const gravados = await inserirNovos(tx, ctx, novos, ids);
  const inseridos = new Set(gravados.map((g) => g.id));
  c.inseridos = inseridos.size;
  c.ignorados += novos.length - inseridos.size;

  // New customers are born with the company's default accounts (docs/areas/razao.md "Contas padrão"), as in client/save.
  const idsInseridos = ids.filter((id) => inseridos.has(id));
  if (idsInseridos.length > 0) await criarContasPadrao(tx, ctx.empresaId, sql`(select unnest(${arrayPg(idsInseridos)}::int[]))`);

  const saldos: CreditoCliente[] = [];
  for (const [i, l] of novos.entries()) {
    if (l.saldo === null || !inseridos.has(ids[i]!)) continue;
    saldos.push({
      clienteId: ids[i]!,
      valor: l.saldo,
      descricao: `Saldo inicial importado (linha ${l.linha})`,
      referencia: { importacao: ctx.tarefaId, linha: l.linha },
    });
    c.saldosLancados++;
    c.saldoTotal += l.saldo;
  }
  // One SALDO_INICIAL posting per row, all of the batch written together by the ledger.
  await creditarClientesEmLote(tx, { empresaId: ctx.empresaId, tipo: 'SALDO_INICIAL', unidade: ctx.unidadeSaldo, usuarioId: ctx.usuarioId, filialId: ctx.filialId }, saldos);
  return c;
}
