import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bloqueioPublicoSaveSchema, filtroBloqueioPublicoSchema, idParamSchema, importarBloqueioSchema, LIMITE_CSV_BLOQUEIO, PERMISSOES, paginaParamsSchema } from '@bonifica/contracts';
import { auditar } from '../../lib/auditoria.js';
import { erro } from '../../lib/erros.js';
import { ok, pagina } from '../../lib/resposta.js';
import { empresaDe, transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { bloquear, buscarBloqueio, desbloquear, listarBloqueios } from './bloqueio.repository.js';
import { importarBloqueios } from './importar-bloqueio.js';

const GESTAO = [PERMISSOES.empresa, PERMISSOES.empresaAdmin];

/** The audience block list (`publico/bloqueio/`): generic list/find/save/delete plus a small CSV import. */
export async function bloqueioRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['bloqueio_publico'];

  rotas.post(
    '/publico/bloqueio/filterpaginated/:page/:size',
    { schema: { tags, params: paginaParamsSchema, body: filtroBloqueioPublicoSchema }, config: { permissoes: GESTAO } },
    async (request) => {
      const { page, size } = request.params;
      const u = usuarioDe(request);
      const { itens, total } = await transacaoDoUsuario(request, (tx) => listarBloqueios(tx, u, request.body, page, size));
      return pagina(itens, total, page, size);
    },
  );
  rotas.get('/publico/bloqueio/findbyid/:id', { schema: { tags, params: idParamSchema }, config: { permissoes: GESTAO } }, async (request) => {
    const u = usuarioDe(request);
    const item = await transacaoDoUsuario(request, (tx) => buscarBloqueio(tx, u, request.params.id));
    if (!item) throw erro.naoEncontrado();
    return ok(item);
  });
  rotas.post(
    '/publico/bloqueio/save',
    { schema: { tags, summary: 'Bloqueia um cliente ou um celular/e-mail para marketing (bloquear de novo mantém o primeiro registro)', body: bloqueioPublicoSaveSchema }, config: { permissoes: GESTAO } },
    async (request) => {
      const u = usuarioDe(request);
      const empresaId = empresaDe(request);
      const item = await transacaoDoUsuario(request, async (tx) => {
        const { id, criado } = await bloquear(tx, empresaId, u.id, request.body, 'MANUAL');
        const depois = (await buscarBloqueio(tx, u, id))!;
        if (criado) await auditar(tx, request, { acao: 'CRIAR', entidade: 'bloqueio_publico', entidadeId: id, depois });
        return depois;
      });
      return ok(item);
    },
  );
  rotas.delete('/publico/bloqueio/delete/:id', { schema: { tags, params: idParamSchema }, config: { permissoes: GESTAO } }, async (request) => {
    const u = usuarioDe(request);
    await transacaoDoUsuario(request, async (tx) => {
      const antes = await buscarBloqueio(tx, u, request.params.id);
      if (!antes) throw erro.naoEncontrado();
      await desbloquear(tx, u, antes.id);
      await auditar(tx, request, { acao: 'EXCLUIR', entidade: 'bloqueio_publico', entidadeId: antes.id, antes });
    });
    return ok(true);
  });
  rotas.post(
    '/publico/bloqueio/importar',
    {
      schema: { tags, summary: 'Importa uma lista pequena (CSV até 1 MB) de celulares e e-mails bloqueados', body: importarBloqueioSchema },
      config: { permissoes: GESTAO },
      // The JSON envelope of a 1 MB CSV is a little more than 1 MB.
      bodyLimit: LIMITE_CSV_BLOQUEIO * 2 + 4096,
    },
    async (request) => {
      const u = usuarioDe(request);
      const empresaId = empresaDe(request);
      const r = await transacaoDoUsuario(request, async (tx) => {
        const feito = await importarBloqueios(tx, empresaId, u.id, request.body);
        await auditar(tx, request, { acao: 'CRIAR', entidade: 'bloqueio_publico', entidadeId: null, depois: { importacao: { motivo: request.body.motivo, ...feito } } });
        return feito;
      });
      return ok(r);
    },
  );
}
