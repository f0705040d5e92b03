import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { ALFABETOS_CUPOM, type AlfabetoCupom } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { cupomDesconto } from '../../db/schema/index.js';
import { erro } from '../../lib/erros.js';
import { registrarTipoTarefa } from '../../lib/tarefas.js';
import { comTenant } from '../../lib/tenant.js';

export const TAREFA_GERAR_CUPONS = 'CUPOM_GERAR_CODIGOS';

/** Codes per transaction: each round commits its codes and the progress together, so a restart resumes. */
const POR_RODADA = 10_000;

/**
 * `n` random codes of the pattern, distinct among themselves. Rejection sampling on random bytes:
 * a byte at or above the largest multiple of the alphabet's size is drawn again, so every character
 * is equally likely (no modulo bias) — the codes are the coupon's only secret.
 */
export function sortearCodigos(alfabeto: AlfabetoCupom, prefixo: string, tamanho: number, n: number): string[] {
  const chars = ALFABETOS_CUPOM[alfabeto];
  const teto = 256 - (256 % chars.length);
  const saida = new Set<string>();
  let bytes = randomBytes(0);
  let pos = 0;
  while (saida.size < n) {
    let c = prefixo;
    while (c.length < prefixo.length + tamanho) {
      if (pos >= bytes.length) {
        bytes = randomBytes(Math.max(4096, (n - saida.size) * tamanho * 2));
        pos = 0;
      }
      const b = bytes[pos++]!;
      if (b < teto) c += chars[b % chars.length];
    }
    saida.add(c);
  }
  return [...saida];
}

/** Inserts the codes that are new to the company (a collision with an existing code is skipped) and counts them. */
async function gravarCodigos(tx: Executor, empresaId: number, cupomId: number, codigos: string[]): Promise<number> {
  const r = (await tx.execute(sql`
    with novos as (
      insert into cupom_desconto_codigo (empresa_id, cupom_id, codigo)
      select ${empresaId}, ${cupomId}, c from json_array_elements_text(${JSON.stringify(codigos)}::json) as c
      on conflict (empresa_id, codigo) do nothing
      returning 1
    )
    select count(*)::int as n from novos`)) as unknown as { rows: [{ n: number }] };
  const n = r.rows[0].n;
  await tx
    .update(cupomDesconto)
    .set({ codigosGerados: sql`${cupomDesconto.codigosGerados} + ${n}` })
    .where(and(eq(cupomDesconto.id, cupomId), eq(cupomDesconto.empresaId, empresaId)));
  return n;
}

/**
 * The batch job (`cuponsdescontolotes`): generates the codes still missing up to the coupon's
 * quantity, in rounds, each round one transaction with its progress. A run that died resumes from
 * what was committed, since the count lives on the coupon row.
 */
registrarTipoTarefa(TAREFA_GERAR_CUPONS, async (app, t) => {
  const cupomId = Number(t.parametros.cupomId);
  const ler = () =>
    comTenant(app.db, t.usuario, async (tx) => {
      const [c] = await tx
        .select({ quantidade: cupomDesconto.quantidade, gerados: cupomDesconto.codigosGerados, alfabeto: cupomDesconto.alfabeto, prefixo: cupomDesconto.prefixo, tamanho: cupomDesconto.tamanho })
        .from(cupomDesconto)
        .where(and(eq(cupomDesconto.id, cupomId), eq(cupomDesconto.empresaId, t.empresaId)))
        .limit(1);
      if (!c) throw erro.naoEncontrado('Cupom não encontrado.');
      return c;
    });
  const c = await ler();
  const inicio = c.gerados;
  await t.definirTotal(c.quantidade - inicio);
  let gerados = c.gerados;
  let rodadasSemNovos = 0;
  while (gerados < c.quantidade) {
    const n = Math.min(POR_RODADA, c.quantidade - gerados);
    const novos = await comTenant(app.db, t.usuario, async (tx) => {
      const k = await gravarCodigos(tx, t.empresaId, cupomId, sortearCodigos(c.alfabeto, c.prefixo, c.tamanho, n));
      await t.avancar(gerados + k - inicio, tx);
      return k;
    });
    gerados += novos;
    // A pattern whose space is used up would loop forever: a few rounds with nothing new end the job.
    rodadasSemNovos = novos === 0 ? rodadasSemNovos + 1 : 0;
    if (rodadasSemNovos >= 5) throw erro.conflito('O padrão não tem mais códigos livres: aumente o tamanho ou mude o prefixo.');
  }
  return { resultado: { cupomId, gerados: gerados - inicio } };
});
