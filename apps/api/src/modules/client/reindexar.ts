import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

export type ResultadoReindexacao = { clientes: number; palavrasFaltando: number; palavrasSobrando: number };

/**
 * Brings a company's search words (`cliente_palavra`, docs/decisions/014) back in line with its
 * customers (sistema/manutencao): the words each customer should have come from the same database
 * function the triggers use (`palavras_do_cliente`, migration 0018), so nothing here restates what a
 * word is. Missing rows are added and stray ones deleted in one transaction; a customer saved
 * meanwhile waits for it (its trigger writes the same rows). Only derived rows change.
 */
export async function reindexarBusca(db: Db, empresaId: number): Promise<ResultadoReindexacao> {
  return db.transaction(async (tx) => {
    // The customers' rows are locked against a concurrent save, whose trigger would race this diff.
    await tx.execute(sql`select count(*) from (select 1 from cliente where empresa_id = ${empresaId} for share) t`);
    const r = (await tx.execute(sql`
      with esperadas as materialized (
        select n.empresa_id, p as palavra, n.ordem, n.id as cliente_id
        from (select empresa_id, id, email, documento, celular, busca_normalizada(nome) as ordem
              from cliente where empresa_id = ${empresaId} and status <> 'ANONIMIZADO' offset 0) n
        cross join lateral palavras_do_cliente(n.ordem, n.email, n.documento, n.celular) p
      ),
      sobrando as (
        delete from cliente_palavra w
        where w.empresa_id = ${empresaId}
          and not exists (select 1 from esperadas e where e.cliente_id = w.cliente_id and e.palavra = w.palavra and e.ordem = w.ordem)
        returning 1
      ),
      faltando as (
        insert into cliente_palavra (empresa_id, palavra, ordem, cliente_id)
        select e.empresa_id, e.palavra, e.ordem, e.cliente_id from esperadas e
        where not exists (select 1 from cliente_palavra w where w.empresa_id = e.empresa_id and w.palavra = e.palavra and w.ordem = e.ordem and w.cliente_id = e.cliente_id)
        on conflict do nothing
        returning 1
      )
      select (select count(*) from cliente where empresa_id = ${empresaId}) as clientes,
             (select count(*) from faltando) as faltando, (select count(*) from sobrando) as sobrando`)) as unknown as {
      rows: { clientes: string | number; faltando: string | number; sobrando: string | number }[];
    };
    const l = r.rows[0]!;
    return { clientes: Number(l.clientes), palavrasFaltando: Number(l.faltando), palavrasSobrando: Number(l.sobrando) };
  });
}
