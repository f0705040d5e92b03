import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { configSistemaSaveSchema, PERMISSOES, type WhiteLabel } from '@bonifica/contracts';
import { auditar } from '../../lib/auditoria.js';
import { ehAdmin } from '../../lib/contexto.js';
import { lista, ok } from '../../lib/resposta.js';
import { usuarioDe } from '../../lib/tenant.js';
import { idImagemServico } from '../arquivo/index.js';
import { gravarConfigs, lerConfigs, lerConfigSistema } from './config.repository.js';

export async function configRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['config'];
  const somenteAdmin = { permissoes: [PERMISSOES.admin] };

  /** Public: the login page shows the system name before anyone is logged in. */
  rotas.get('/config/nomesistema', { schema: { tags }, config: { publico: true } }, async () => ok((await lerConfigSistema(app.db)).nomeSistema));

  /**
   * Only settings marked public reach a common user; the system administrator gets every row (limits
   * included) for the settings screen. The white label images never go out here (/arquivo/imagem/sistema/*).
   */
  rotas.get('/config/configs', { schema: { tags } }, async (request) => lista(await lerConfigs(app.db, !ehAdmin(usuarioDe(request)))));

  /** Public like config/nomesistema: the login page applies the white label before anyone logs in. */
  rotas.get('/config/whitelabel', { schema: { tags }, config: { publico: true } }, async () => {
    const c = await lerConfigSistema(app.db);
    const [logo, favicon] = await Promise.all([idImagemServico(app.db, 'topoAngular'), idImagemServico(app.db, 'favicon')]);
    const r: WhiteLabel = {
      nomeSistema: c.nomeSistema,
      corPrimaria: c.corPrimaria,
      textoLogin: c.textoLogin,
      // The file's id changes with each upload: a new address, so a new logo shows at once despite caches.
      logoUrl: `/arquivo/imagem/sistema/topoAngular${logo ? `?v=${logo}` : ''}`,
      faviconUrl: favicon ? `/arquivo/imagem/sistema/favicon?v=${favicon}` : null,
      emailSuporte: c.emailSuporte,
      whatsSuporte: c.whatsSuporte,
      telefoneSuporte: c.telefoneSuporte,
      urlAjuda: c.urlAjuda,
    };
    return ok(r);
  });

  /** POST config/save (spec §7): only the fields sent change; before and after go to the audit. */
  rotas.post('/config/save', { schema: { tags, body: configSistemaSaveSchema }, config: somenteAdmin }, async (request) => {
    const depois = await app.db.transaction(async (tx) => {
      const antes = await lerConfigSistema(tx);
      await gravarConfigs(tx, request.body);
      const novo = await lerConfigSistema(tx);
      const mudou = (Object.keys(request.body) as (keyof typeof novo)[]).filter((k) => antes[k] !== novo[k]);
      if (mudou.length > 0) {
        await auditar(tx, request, {
          acao: 'ALTERAR',
          entidade: 'config_sistema',
          empresaId: null,
          antes: Object.fromEntries(mudou.map((k) => [k, antes[k]])),
          depois: Object.fromEntries(mudou.map((k) => [k, novo[k]])),
        });
      }
      return novo;
    });
    return ok(depois);
  });
}
