import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, isNotNull, lte, sql, type SQL } from 'drizzle-orm';

import { hojeISO, idParamSchema, MESES_DA_PERIODICIDADE, PODE_GERENCIAR_PLANOS, renovarSchema, type ClientePlano, type ResultadoRenovacao } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { clientePlano, conta, plano } from '../../db/schema/index.js';
import { auditar } from '../../lib/auditoria.js';
import { erro } from '../../lib/erros.js';
import { comIdempotencia } from '../../lib/idempotencia.js';
import { ok } from '../../lib/resposta.js';
import { empresaDe, transacaoDoUsuario } from '../../lib/tenant.js';
import { buscarContrato } from '../plano/index.js';

/**
 * The new last day of a renewal, in SQL so that a batch is one statement: the next period starts
 * the day after the current end — or today, when it had already lapsed, so a late renewal does not
 * sell days gone by. Month arithmetic clamps like the contract's first period (31/01 + 1 mês = 28/02).
 */
function fimRenovado(fim: SQL | typeof clientePlano.fim | typeof conta.validaAte, meses: SQL | number, hoje: string): SQL {
  return sql`((greatest(${fim} + 1, ${hoje}::date) + make_interval(months => ${meses}))::date - 1)`;
}

const mesesDoPlano = sql`(case (select ${plano.periodicidade} from ${plano} where ${plano.id} = ${clientePlano.planoId})
  ${sql.join(
    Object.entries(MESES_DA_PERIODICIDADE).map(([p, m]) => sql`when ${p} then ${m}::int`),
    sql` `,
  )} end)`;

async function renovarContratos(tx: Executor, empresaId: number, where: SQL | undefined, hoje: string) {
  return tx
    .update(clientePlano)
    .set({ fim: fimRenovado(clientePlano.fim, mesesDoPlano, hoje) })
    .where(and(eq(clientePlano.empresaId, empresaId), eq(clientePlano.status, 'ATIVO'), where))
    .returning({ id: clientePlano.id, fim: clientePlano.fim });
}

/** Renewal of plan contracts and of account validity (spec §7 "Accounts": account/renovar, account/gerarrenovacao/{id}). */
export async function renovacaoRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];
  const config = { permissoes: PODE_GERENCIAR_PLANOS };

  rotas.post('/account/renovar', { schema: { tags, body: renovarSchema }, config }, async (request) => {
    const empresaId = empresaDe(request);
    const d = request.body;
    const hoje = hojeISO();
    const r = await transacaoDoUsuario(request, (tx) =>
      comIdempotencia<ResultadoRenovacao>(tx, request, empresaId, async () => {
        const renovados =
          d.alvo === 'PLANO'
            ? await renovarContratos(
                tx,
                empresaId,
                and(
                  lte(clientePlano.fim, d.vencendoAte),
                  d.planoId ? eq(clientePlano.planoId, d.planoId) : undefined,
                  d.clienteId ? eq(clientePlano.clienteId, d.clienteId) : undefined,
                ),
                hoje,
              )
            : await tx
                .update(conta)
                // An account renews by whole months (12 unless told); there is no plan to give it a period.
                .set({ validaAte: fimRenovado(conta.validaAte, d.meses ?? 12, hoje) })
                .where(
                  and(
                    eq(conta.empresaId, empresaId),
                    isNotNull(conta.clienteId),
                    isNotNull(conta.validaAte),
                    lte(conta.validaAte, d.vencendoAte),
                    d.clienteId ? eq(conta.clienteId, d.clienteId) : undefined,
                    d.unidade ? eq(conta.tipo, d.unidade) : undefined,
                  ),
                )
                .returning({ id: conta.id, fim: conta.validaAte });
        // One audit line for the batch, naming every renewed row.
        await auditar(tx, request, {
          acao: 'RENOVAR_LOTE',
          entidade: d.alvo === 'PLANO' ? 'cliente_plano' : 'conta',
          depois: { filtro: d, renovados: renovados.map((x) => ({ id: x.id, ate: x.fim })) },
        });
        return { alvo: d.alvo, renovados: renovados.length };
      }),
    );
    return ok(r);
  });

  rotas.get(
    '/account/gerarrenovacao/:id',
    // Spec path verbatim: a GET that changes data, so it demands the XSRF header (decision 006).
    { schema: { tags, params: idParamSchema }, config: { ...config, alteraDados: true } },
    async (request) => {
      const empresaId = empresaDe(request);
      const id = request.params.id;
      const r = await transacaoDoUsuario(request, (tx) =>
        comIdempotencia<ClientePlano>(tx, request, empresaId, async () => {
          const antes = await buscarContrato(tx, empresaId, id);
          if (!antes) throw erro.naoEncontrado('Contrato não encontrado.');
          if (antes.status === 'CANCELADO') throw erro.conflito('Contrato cancelado não pode ser renovado: contrate o plano de novo.');
          await renovarContratos(tx, empresaId, eq(clientePlano.id, id), hojeISO());
          const depois = (await buscarContrato(tx, empresaId, id))!;
          await auditar(tx, request, { acao: 'RENOVAR', entidade: 'cliente_plano', entidadeId: id, antes: { fim: antes.fim }, depois: { fim: depois.fim } });
          return depois;
        }),
      );
      return ok(r);
    },
  );
}
