import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import formbody from '@fastify/formbody';
import helmet from 'helmet';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { configurarZodPtBr, MENSAGENS_PRODUTO } from '@bonifica/contracts';
import type { Config } from './config.js';
import type { Banco, Db } from './db/client.js';
import { encerramentoPlugin } from './plugins/encerramento.js';
import { envelopePlugin } from './plugins/envelope.js';
import { sessaoPlugin } from './plugins/sessao.js';
import { swaggerPlugin } from './plugins/swagger.js';
import { textoValidoPlugin } from './plugins/texto-valido.js';
import { limitePublicoPlugin } from './plugins/limite-publico.js';
import { spaPlugin } from './plugins/spa.js';
import { falha } from './lib/resposta.js';
import { serializarErro } from './lib/log-erro.js';
import { criarAdaptadores, type Adaptadores } from './adapters/index.js';
import { loginRoutes } from './modules/login/login.routes.js';
import { userRoutes } from './modules/user/user.routes.js';
import { profileRoutes } from './modules/profile/profile.routes.js';
import { companyRoutes } from './modules/company/company.routes.js';
import { computersRoutes } from './modules/computers/computers.routes.js';
import { convenioRoutes } from './modules/convenio/index.js';
import { premioRoutes } from './modules/premio/index.js';
import { sorteioPublicoRoutes, sorteioRoutes } from './modules/sorteio/index.js';
import { cupomdescontoRoutes, cupomPublicoRoutes } from './modules/cupomdesconto/index.js';
import { valePresenteRoutes } from './modules/valepresente/index.js';
import { automaticaRoutes, caixaSaidaRoutes, modeloRoutes } from './modules/mensagem/index.js';
import { publicoRoutes } from './modules/publico/index.js';
import { campanhaRoutes } from './modules/campanha/index.js';
import { configRoutes } from './modules/config/config.routes.js';
import { companyconfigRoutes } from './modules/companyconfig/companyconfig.routes.js';
import { backofficeRoutes } from './modules/backoffice/backoffice.routes.js';
import { enderecoRoutes } from './modules/endereco/endereco.routes.js';
import { cityRoutes } from './modules/city/city.routes.js';
import { servidorwhatsappRoutes } from './modules/servidorwhatsapp/servidorwhatsapp.routes.js';
import { servidoresRoutes } from './modules/servidorwhatsapp/servidores.routes.js';
import { webhookRoutes } from './modules/servidorwhatsapp/webhook.routes.js';
import { loteMensagemRoutes } from './modules/servidorwhatsapp/lote.routes.js';
import { ritmoRoutes } from './modules/servidorwhatsapp/ritmo.routes.js';
import { sistemaRoutes } from './modules/sistema/sistema.routes.js';
import { whitelabelRoutes } from './modules/sistema/whitelabel.routes.js';
import { empresaAdminRoutes } from './modules/company/empresa-admin.routes.js';
import { empresabloqueioRoutes } from './modules/empresabloqueio/empresabloqueio.routes.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { clientRoutes } from './modules/client/client.routes.js';
import { transacaoRoutes } from './modules/transacao/transacao.routes.js';
import { regraRoutes } from './modules/transacao/regra.routes.js';
import { arquivoRoutes } from './modules/arquivo/arquivo.routes.js';
import { arquivoServicosRoutes } from './modules/arquivo/arquivo-servicos.routes.js';
import { planoRoutes } from './modules/plano/plano.routes.js';
import { rankingRoutes } from './modules/account/ranking.js';
import { contasBloqueadasRoutes } from './modules/account/bloqueadas.js';
import { renovacaoRoutes } from './modules/account/renovacao.js';
import { tarefaRoutes } from './modules/tarefa/tarefa.routes.js';
import { importacaoRoutes } from './modules/importacao/importacao.routes.js';
import { contatoRoutes } from './modules/contato/index.js';
import { tarefasPlugin } from './lib/tarefas.js';
import { cardRoutes } from './modules/card/card.routes.js';
import { empresadashboardRoutes } from './modules/empresadashboard/empresadashboard.routes.js';
import { pRoutes } from './modules/p/p.routes.js';
import { descadastroRoutes } from './modules/descadastro/descadastro.routes.js';
import { integracaoRoutes } from './modules/integracao/integracao.routes.js';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmenting Fastify needs an interface
  interface FastifyInstance {
    db: Db;
    /** The database with its engine and, on PostgreSQL, the pool (grouped transactions). */
    banco: Banco;
    config: Config;
    adaptadores: Adaptadores;
  }
}

configurarZodPtBr();

export type OpcoesApp = { config: Config; banco: Banco; adaptadores?: Partial<Adaptadores>; logger?: false | Record<string, unknown> };

/** Builds the app: plugins first, then the modules in an explicit list (ARCHITECTURE §3). */
export async function construirApp({ config, banco, adaptadores, logger }: OpcoesApp): Promise<FastifyInstance> {
  // Errors are logged without the values of their statements (lib/log-erro.ts).
  const log: FastifyServerOptions['logger'] = logger === false ? false : { level: config.logLevel, ...logger, serializers: { err: (e) => serializarErro(e) } };
  const app = Fastify({
    logger: log,
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    ajv: { customOptions: { removeAdditional: false } },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', banco.db);
  app.decorate('banco', banco);
  app.decorate('config', config);
  app.decorate('adaptadores', { ...criarAdaptadores(config, banco.db), ...adaptadores });
  // The sandbox gateway posts its pending webhook calls on timers: resumed at start, stopped before the database closes.
  app.addHook('onReady', () => app.adaptadores.whatsappSandbox.iniciar());
  app.addHook('onClose', () => app.adaptadores.whatsappSandbox.parar());

  // First, so that its hooks count every request (a stop waits for them).
  await app.register(encerramentoPlugin);
  await app.register(envelopePlugin);
  await app.register(textoValidoPlugin);
  // Security headers for every reply. The helmet middleware is built once: @fastify/helmet built it
  // again on every request, a measurable share of a sale's CPU (bench/RESULTS.md).
  const cabecalhosSeguranca = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => cabecalhosSeguranca(request.raw, reply.raw, (e?: unknown) => done(e instanceof Error ? e : undefined)));
  await app.register(formbody, { bodyLimit: 16_384 });
  await app.register(sessaoPlugin, {
    limites: { idleMs: config.sessionIdleMs, absoluteMs: config.sessionAbsoluteMs },
    cookieSeguro: config.cookieSecure,
    rememberMeMs: config.rememberMeMs,
  });
  await app.register(swaggerPlugin);
  await app.register(tarefasPlugin, { banco });

  await app.register(loginRoutes);
  for (const modulo of [
    userRoutes,
    profileRoutes,
    companyRoutes,
    computersRoutes,
    convenioRoutes,
    premioRoutes,
    sorteioRoutes,
    cupomdescontoRoutes,
    valePresenteRoutes,
    modeloRoutes,
    automaticaRoutes,
    caixaSaidaRoutes,
    publicoRoutes,
    campanhaRoutes,
    configRoutes,
    companyconfigRoutes,
    backofficeRoutes,
    enderecoRoutes,
    cityRoutes,
    servidorwhatsappRoutes,
    servidoresRoutes,
    loteMensagemRoutes,
    ritmoRoutes,
    sistemaRoutes,
    whitelabelRoutes,
    empresaAdminRoutes,
    empresabloqueioRoutes,
    clientRoutes,
    accountRoutes,
    transacaoRoutes,
    regraRoutes,
    planoRoutes,
    rankingRoutes,
    contasBloqueadasRoutes,
    renovacaoRoutes,
    cardRoutes,
    empresadashboardRoutes,
    tarefaRoutes,
    importacaoRoutes,
    contatoRoutes,
    arquivoServicosRoutes,
  ]) {
    await app.register(modulo, { prefix: '/services' });
  }
  await app.register(arquivoRoutes, { prefix: '/arquivo' });
  await app.register(limitePublicoPlugin);
  await app.register(pRoutes);
  await app.register(sorteioPublicoRoutes);
  await app.register(descadastroRoutes);
  await app.register(cupomPublicoRoutes);
  // After the rate-limit plugin: its routes opt in to a limit per token.
  await app.register(integracaoRoutes, { prefix: '/services' });
  await app.register(webhookRoutes, { prefix: '/services' });

  await app.register(spaPlugin, { dist: config.webDist });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/services/') || request.url.startsWith('/arquivo/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(falha(MENSAGENS_PRODUTO.rotaNaoEncontrada));
    }
    return reply.sendSpa();
  });
  return app;
}
