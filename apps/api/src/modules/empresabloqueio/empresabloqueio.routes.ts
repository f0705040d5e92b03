import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, inArray } from 'drizzle-orm';
import { bloqueioEmpresaSchema, desbloqueioEmpresaSchema, idParamSchema, PERMISSOES } from '@bonifica/contracts';
import { empresa, sessao, usuario } from '../../db/schema/index.js';
import { auditar } from '../../lib/auditoria.js';
import { erro } from '../../lib/erros.js';
import { ok } from '../../lib/resposta.js';

/**
 * Blocking a client company (spec §7: `DELETE empresabloqueio/{id}` removes the block; the block itself
 * is `POST empresabloqueio/save`, the generic pattern's save). A block sets the head office inactive,
 * which ends its users' sessions at once and refuses their logins with a clear message (login.routes.ts);
 * the reason is mandatory both ways and lives in the audit (docs/areas/sistema.md).
 */
export async function empresabloqueioRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const config = { permissoes: [PERMISSOES.admin] };
  const tags = ['empresabloqueio'];

  async function mudarSituacao(request: FastifyRequest, empresaId: number, bloquear: boolean, motivo: string) {
    await app.db.transaction(async (tx) => {
      const [e] = await tx
        .select({ id: empresa.id, ativa: empresa.ativa })
        .from(empresa)
        .where(and(eq(empresa.id, empresaId), eq(empresa.tipo, 'MATRIZ')))
        .limit(1)
        .for('update');
      if (!e) throw erro.naoEncontrado('Empresa não encontrada.');
      if (bloquear && !e.ativa) throw erro.conflito('Esta empresa já está bloqueada.');
      if (!bloquear && e.ativa) throw erro.conflito('Esta empresa não está bloqueada.');
      await tx.update(empresa).set({ ativa: !bloquear }).where(eq(empresa.id, empresaId));
      if (bloquear) {
        // Sessions would fail on their next request anyway (no context for an inactive company); deleting
        // them now frees the rows and makes the block visible in the sessions list at once.
        await tx.delete(sessao).where(inArray(sessao.usuarioId, tx.select({ id: usuario.id }).from(usuario).where(eq(usuario.empresaId, empresaId))));
      }
      await auditar(tx, request, {
        acao: bloquear ? 'BLOQUEAR' : 'DESBLOQUEAR',
        entidade: 'empresa',
        entidadeId: empresaId,
        empresaId,
        antes: { ativa: e.ativa },
        depois: { ativa: !bloquear, motivo },
      });
    });
  }

  rotas.post('/empresabloqueio/save', { schema: { tags, body: bloqueioEmpresaSchema }, config }, async (request) => {
    await mudarSituacao(request, request.body.empresaId, true, request.body.motivo);
    return ok(true);
  });

  rotas.delete('/empresabloqueio/:id', { schema: { tags, params: idParamSchema, body: desbloqueioEmpresaSchema }, config }, async (request) => {
    await mudarSituacao(request, request.params.id, false, request.body.motivo);
    return ok(true);
  });
}
