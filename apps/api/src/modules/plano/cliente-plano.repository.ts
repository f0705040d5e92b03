import { and, asc, count, desc, eq, gt, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import { centavosParaReais, hojeISO, situacaoClientePlano, type ClientePlano, type ClientePlanoFiltro } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { cliente, clientePlano, empresa, plano, usuario } from '../../db/schema/index.js';
import { condicaoBusca } from '../client/index.js';
import { FUSO } from '../../lib/fuso.js';

/** Calendar days of the filters are days in Brasília (as in the sales list). */

const filial = alias(empresa, 'filial');

const colunas = {
  id: clientePlano.id,
  clienteId: clientePlano.clienteId,
  clienteNome: cliente.nome,
  clienteDocumento: cliente.documento,
  planoId: clientePlano.planoId,
  planoNome: plano.nome,
  periodicidade: plano.periodicidade,
  precoCentavos: clientePlano.precoCentavos,
  status: clientePlano.status,
  inicio: clientePlano.inicio,
  fim: clientePlano.fim,
  filialNome: filial.nomeCurto,
  usuarioNome: usuario.nome,
  criadoEm: clientePlano.criadoEm,
  canceladoEm: clientePlano.canceladoEm,
  motivoCancelamento: clientePlano.motivoCancelamento,
};

function selecionar(tx: Executor) {
  return tx
    .select(colunas)
    .from(clientePlano)
    .innerJoin(cliente, eq(cliente.id, clientePlano.clienteId))
    .innerJoin(plano, eq(plano.id, clientePlano.planoId))
    .leftJoin(filial, eq(filial.id, clientePlano.filialId))
    .leftJoin(usuario, eq(usuario.id, clientePlano.usuarioId));
}
type Linha = Awaited<ReturnType<typeof selecionar>>[number];

function paraWire({ precoCentavos, criadoEm, canceladoEm, ...l }: Linha, hoje: string): ClientePlano {
  return {
    ...l,
    preco: centavosParaReais(precoCentavos),
    situacao: situacaoClientePlano(l, hoje),
    criadoEm: criadoEm.toISOString(),
    canceladoEm: canceladoEm?.toISOString() ?? null,
  };
}

function condicoes(empresaId: number, f: ClientePlanoFiltro, hoje: string): SQL | undefined {
  const ativo = eq(clientePlano.status, 'ATIVO');
  const porSituacao: Record<NonNullable<ClientePlanoFiltro['situacao']>, SQL | undefined> = {
    CANCELADO: eq(clientePlano.status, 'CANCELADO'),
    FUTURO: and(ativo, gt(clientePlano.inicio, hoje)),
    VIGENTE: and(ativo, lte(clientePlano.inicio, hoje), gte(clientePlano.fim, hoje)),
    VENCIDO: and(ativo, lt(clientePlano.fim, hoje)),
  };
  return and(
    eq(clientePlano.empresaId, empresaId),
    f.busca ? condicaoBusca(empresaId, f.busca) : undefined,
    f.clienteId ? eq(clientePlano.clienteId, f.clienteId) : undefined,
    f.planoId ? eq(clientePlano.planoId, f.planoId) : undefined,
    f.situacao ? porSituacao[f.situacao] : undefined,
    f.vencendoAte ? and(ativo, lte(clientePlano.fim, f.vencendoAte)) : undefined,
    f.de ? gte(clientePlano.criadoEm, sql`(${f.de}::date)::timestamp at time zone ${FUSO}`) : undefined,
    f.ate ? lt(clientePlano.criadoEm, sql`(${f.ate}::date + 1)::timestamp at time zone ${FUSO}`) : undefined,
  );
}

function ordem(f: ClientePlanoFiltro): SQL[] {
  const dir = f.direcao === 'asc' ? asc : desc;
  const campo = { criadoEm: clientePlano.criadoEm, fim: clientePlano.fim, clienteNome: sql`busca_normalizada(${cliente.nome})` }[f.ordenarPor ?? 'criadoEm'];
  return [f.ordenarPor ? dir(campo) : desc(campo), desc(clientePlano.id)];
}

export async function listarContratos(tx: Executor, empresaId: number, f: ClientePlanoFiltro, page: number, size: number) {
  const hoje = hojeISO();
  const where = condicoes(empresaId, f, hoje);
  const [linhas, [total]] = await Promise.all([
    selecionar(tx)
      .where(where)
      .orderBy(...ordem(f))
      .limit(size)
      .offset(page * size),
    tx.select({ n: count() }).from(clientePlano).innerJoin(cliente, eq(cliente.id, clientePlano.clienteId)).where(where),
  ]);
  return { itens: linhas.map((l) => paraWire(l, hoje)), total: total?.n ?? 0 };
}

/** The report reads by id after id (keyset), so a large network's file never sits whole in memory. */
export async function contratosDepoisDe(tx: Executor, empresaId: number, f: ClientePlanoFiltro, depoisDe: number | null, limite: number) {
  const hoje = hojeISO();
  const linhas = await selecionar(tx)
    .where(and(condicoes(empresaId, f, hoje), depoisDe === null ? undefined : gt(clientePlano.id, depoisDe)))
    .orderBy(asc(clientePlano.id))
    .limit(limite);
  return linhas.map((l) => paraWire(l, hoje));
}

export async function buscarContrato(tx: Executor, empresaId: number, id: number): Promise<ClientePlano | null> {
  const [l] = await selecionar(tx)
    .where(and(eq(clientePlano.id, id), eq(clientePlano.empresaId, empresaId)))
    .limit(1);
  return l ? paraWire(l, hojeISO()) : null;
}
