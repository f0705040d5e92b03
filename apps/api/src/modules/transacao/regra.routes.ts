import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, isNull, sql } from 'drizzle-orm';

import { centavosParaReais, PERMISSOES, reaisParaCentavos, regraProgramaSchema, type RegraPrograma } from '@bonifica/contracts';
import { regraPrograma } from '../../db/schema/index.js';
import type { Executor } from '../../db/client.js';
import { auditar } from '../../lib/auditoria.js';
import { erro } from '../../lib/erros.js';
import { ok } from '../../lib/resposta.js';
import { transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';

const GESTAO = [PERMISSOES.empresa, PERMISSOES.empresaAdmin];

export type RegraProgramaWire = Omit<RegraPrograma, 'validadeDias' | 'carenciaDias'> & { validadeDias: number | null; carenciaDias: number; configurada: boolean; atualizadoEm: string | null };

async function lerRegraEmpresa(tx: Executor, empresaId: number): Promise<RegraProgramaWire> {
  const [r] = await tx
    .select()
    .from(regraPrograma)
    .where(and(eq(regraPrograma.empresaId, empresaId), isNull(regraPrograma.filialId)))
    .limit(1);
  if (!r) return { cashbackPercentual: 0, pontosPorReal: 0, compraMinima: 0, maximoCashbackPorVenda: null, validadeDias: null, carenciaDias: 0, configurada: false, atualizadoEm: null };
  return {
    // Basis points → percent with 2 decimals, the same way centavos become reais.
    cashbackPercentual: centavosParaReais(r.cashbackPercentualBp),
    pontosPorReal: r.pontosPorReal,
    compraMinima: centavosParaReais(r.compraMinimaCentavos),
    maximoCashbackPorVenda: r.maximoCashbackPorVendaCentavos === null ? null : centavosParaReais(r.maximoCashbackPorVendaCentavos),
    validadeDias: r.validadeDias,
    carenciaDias: r.carenciaDias,
    configurada: r.ativo,
    atualizadoEm: r.atualizadoEm.toISOString(),
  };
}

/**
 * The company's accrual rule (spec paths under `config/`, kept beside the sales that use it).
 * Branch override rows exist in the model and are honoured by sales; their screens come later.
 */
export async function regraRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['config'];
  const tenant = (empresaId: number | null) => {
    if (empresaId === null) throw erro.proibido('Operação disponível apenas para usuários de uma empresa.');
    return empresaId;
  };

  rotas.get('/config/configuracaoprograma', { schema: { tags }, config: { permissoes: GESTAO } }, async (request) => {
    const empresaId = tenant(usuarioDe(request).empresaId);
    return ok(await transacaoDoUsuario(request, (tx) => lerRegraEmpresa(tx, empresaId)));
  });

  rotas.post(
    '/config/salvarconfiguracaoprograma',
    { schema: { tags, body: regraProgramaSchema }, config: { permissoes: GESTAO } },
    async (request) => {
      const empresaId = tenant(usuarioDe(request).empresaId);
      const d = request.body;
      const valores = {
        cashbackPercentualBp: reaisParaCentavos(d.cashbackPercentual),
        pontosPorReal: d.pontosPorReal,
        compraMinimaCentavos: reaisParaCentavos(d.compraMinima),
        maximoCashbackPorVendaCentavos: d.maximoCashbackPorVenda === null ? null : reaisParaCentavos(d.maximoCashbackPorVenda),
        // Validity and waiting period of credit lots: only when sent (docs/areas/razao.md).
        ...(d.validadeDias !== undefined ? { validadeDias: d.validadeDias } : {}),
        ...(d.carenciaDias !== undefined ? { carenciaDias: d.carenciaDias } : {}),
        ativo: true,
        atualizadoEm: sql`now()`,
      };
      const r = await transacaoDoUsuario(request, async (tx) => {
        const antes = await lerRegraEmpresa(tx, empresaId);
        await tx
          .insert(regraPrograma)
          .values({ empresaId, filialId: null, ...valores })
          .onConflictDoUpdate({ target: [regraPrograma.empresaId, regraPrograma.filialId], set: valores });
        const depois = await lerRegraEmpresa(tx, empresaId);
        await auditar(tx, request, { acao: 'ALTERAR', entidade: 'regra_programa', entidadeId: empresaId, antes: antes.configurada ? antes : null, depois });
        return depois;
      });
      return ok(r);
    },
  );
}
