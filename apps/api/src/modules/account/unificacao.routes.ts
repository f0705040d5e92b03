import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import {
  PODE_GERENCIAR_CONTAS,
  unificacaoBuscaSchema,
  unificacaoSchema,
  type BuscaUnificacao,
  type QuantidadeUnificacao,
  type ResultadoUnificacao,
} from '@bonifica/contracts';
import { auditar } from '../../lib/auditoria.js';
import { comIdempotencia } from '../../lib/idempotencia.js';
import { ok } from '../../lib/resposta.js';
import { empresaDe, transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { buscarContas, exigirPar, quantidade, unificar } from './unificacao.js';

/**
 * Account unification (spec §7 "Accounts" → Unification; docs/areas/razao.md "Unificação").
 * Management only: it moves money between customers.
 */
export async function unificacaoRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['conta'];
  const config = { permissoes: PODE_GERENCIAR_CONTAS };

  rotas.post('/conta/unificacao/buscarcontas', { schema: { tags, body: unificacaoBuscaSchema }, config }, async (request) => {
    const empresaId = empresaDe(request);
    return ok<BuscaUnificacao>(await transacaoDoUsuario(request, (tx) => buscarContas(tx, empresaId, request.body)));
  });

  rotas.post('/conta/unificacao/quantidade', { schema: { tags, body: unificacaoSchema }, config }, async (request) => {
    const empresaId = empresaDe(request);
    const { origemId, destinoId } = request.body;
    const r = await transacaoDoUsuario(request, async (tx) => {
      await exigirPar(tx, empresaId, origemId, destinoId);
      const { contasOrigem: _c, ...q } = await quantidade(tx, empresaId, origemId);
      return q;
    });
    return ok<QuantidadeUnificacao>(r);
  });

  rotas.post('/conta/unificacao/unificar', { schema: { tags, body: unificacaoSchema }, config }, async (request) => {
    const u = usuarioDe(request);
    const empresaId = empresaDe(request);
    const d = request.body;
    const r = await transacaoDoUsuario(request, (tx) =>
      comIdempotencia<ResultadoUnificacao>(tx, request, empresaId, async () => {
        const resultado = await unificar(tx, empresaId, { ...d, usuarioId: u.id, filialId: u.empresaAtualId });
        await auditar(tx, request, { acao: 'UNIFICAR', entidade: 'cliente', entidadeId: d.origemId, depois: { ...d, ...resultado } });
        return resultado;
      }),
    );
    return ok(r);
  });
}
