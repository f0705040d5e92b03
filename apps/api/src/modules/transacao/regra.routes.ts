import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, sql } from 'drizzle-orm';

import { escopoRegraQuerySchema, idParamSchema, paginaParamsSchema, PERMISSOES, regraDoWire, regraProgramaSchema } from '@bonifica/contracts';
import { regraPrograma } from '../../db/schema/index.js';
import { auditar } from '../../lib/auditoria.js';
import { erro } from '../../lib/erros.js';
import { lista, ok, pagina } from '../../lib/resposta.js';
import { transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { ENTIDADE_REGRA, exigirFilial, historicoDaRegra, lerRegra, regrasDasFiliais } from './regra.js';

const GESTAO = [PERMISSOES.empresa, PERMISSOES.empresaAdmin];

/**
 * The programme's rule (spec paths under `config/`, kept beside the sales that use it;
 * docs/areas/programa.md): the company's, and per-branch overrides that prevail over it. A change
 * only affects sales made after it: a sale computes its accrual, and its credit lot its dates, from
 * the rule read when the sale is written, and nothing rewrites them later.
 */
export async function regraRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['config'];
  const tenant = (empresaId: number | null) => {
    if (empresaId === null) throw erro.proibido('Operação disponível apenas para usuários de uma empresa.');
    return empresaId;
  };

  rotas.get('/config/configuracaoprograma', { schema: { tags, querystring: escopoRegraQuerySchema }, config: { permissoes: GESTAO } }, async (request) => {
    const empresaId = tenant(usuarioDe(request).empresaId);
    const filialId = request.query.filialId ?? null;
    return ok(
      await transacaoDoUsuario(request, async (tx) => {
        if (filialId !== null) await exigirFilial(tx, empresaId, filialId);
        return lerRegra(tx, empresaId, filialId);
      }),
    );
  });

  rotas.get('/config/configuracaoprograma/filiais', { schema: { tags }, config: { permissoes: GESTAO } }, async (request) => {
    const empresaId = tenant(usuarioDe(request).empresaId);
    return lista(await transacaoDoUsuario(request, (tx) => regrasDasFiliais(tx, empresaId)));
  });

  rotas.post(
    '/config/configuracaoprograma/historico/:page/:size',
    { schema: { tags, params: paginaParamsSchema }, config: { permissoes: GESTAO } },
    async (request) => {
      const empresaId = tenant(usuarioDe(request).empresaId);
      const { page, size } = request.params;
      const r = await transacaoDoUsuario(request, (tx) => historicoDaRegra(tx, empresaId, page, size));
      return pagina(r.itens, r.total, page, size);
    },
  );

  rotas.post(
    '/config/salvarconfiguracaoprograma',
    { schema: { tags, body: regraProgramaSchema, querystring: escopoRegraQuerySchema }, config: { permissoes: GESTAO } },
    async (request) => {
      const empresaId = tenant(usuarioDe(request).empresaId);
      const filialId = request.query.filialId ?? null;
      const d = request.body;
      const { ativo: _ativo, ...inteiros } = regraDoWire(d);
      const valores = {
        ...inteiros,
        // Validity and waiting period of credit lots: only when sent (docs/areas/razao.md).
        ...(d.validadeDias !== undefined ? { validadeDias: d.validadeDias } : {}),
        ...(d.carenciaDias !== undefined ? { carenciaDias: d.carenciaDias } : {}),
        ativo: true,
        atualizadoEm: sql`now()`,
      };
      const r = await transacaoDoUsuario(request, async (tx) => {
        if (filialId !== null) await exigirFilial(tx, empresaId, filialId);
        const antes = await lerRegra(tx, empresaId, filialId);
        await tx
          .insert(regraPrograma)
          .values({ empresaId, filialId, ...valores })
          .onConflictDoUpdate({ target: [regraPrograma.empresaId, regraPrograma.filialId], set: valores });
        const depois = await lerRegra(tx, empresaId, filialId);
        await auditar(tx, request, { acao: 'ALTERAR', entidade: ENTIDADE_REGRA, entidadeId: filialId ?? empresaId, antes: antes.propria ? antes : null, depois });
        return depois;
      });
      return ok(r);
    },
  );

  rotas.delete(
    '/config/configuracaoprograma/filial/:id',
    { schema: { tags, params: idParamSchema }, config: { permissoes: GESTAO } },
    async (request) => {
      const empresaId = tenant(usuarioDe(request).empresaId);
      const filialId = request.params.id;
      const r = await transacaoDoUsuario(request, async (tx) => {
        await exigirFilial(tx, empresaId, filialId);
        const antes = await lerRegra(tx, empresaId, filialId);
        if (!antes.propria) throw erro.naoEncontrado('Esta filial não tem regra própria: ela já segue a regra da empresa.');
        await tx.delete(regraPrograma).where(and(eq(regraPrograma.empresaId, empresaId), eq(regraPrograma.filialId, filialId)));
        await auditar(tx, request, { acao: 'EXCLUIR', entidade: ENTIDADE_REGRA, entidadeId: filialId, antes, depois: null });
        // What the branch follows from now on: the company's rule.
        return lerRegra(tx, empresaId, filialId);
      });
      return ok(r);
    },
  );
}
