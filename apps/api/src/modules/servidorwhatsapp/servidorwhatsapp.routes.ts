import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, sql } from 'drizzle-orm';
import {
  estatisticasUtilizacaoQuerySchema,
  idWhatsParamSchema,
  MENSAGEM_COMPARTILHADO,
  MENSAGEM_INSTANCIA_EXISTENTE,
  MENSAGEM_INSTANCIA_NAO_ENCONTRADA,
  MENSAGEM_NAO_CONTRATADO,
  MENSAGEM_SO_SANDBOX,
  sandboxQuedaSchema,
  sandboxRecebidaSchema,
  novaInstanciaSchema,
  PERMISSOES,
  zonaIana,
  type FusoHorario,
  type Instancia,
  type Liberacao,
  type StatusWhats,
  type UtilizacaoDia,
} from '@bonifica/contracts';
import { empresa, instanciaWhatsapp, mensagemSaida, servidorWhatsapp, transferenciaServidor } from '../../db/schema/index.js';
import { auditar } from '../../lib/auditoria.js';
import { erro } from '../../lib/erros.js';
import { ok } from '../../lib/resposta.js';
import { empresaDe, transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { FalhaGateway } from '../../adapters/whatsapp/gateway.js';
import { chamarGateway, enderecoDo, gatewayDo } from './gateways.js';
import { ehAdminDaPlataforma, instanciaDoUsuario, tipoContratado } from './acesso.js';
import { condicaoDaEmpresa, criarInstancia, listarInstancias, novoSegredo, urlWebhook } from './instancias.js';
import { processarEvento, receberEvento } from './webhook.js';
import { LIMITE_ENVIANDO_MS, reconciliarMensagens } from '../mensagem/index.js';

/** The WhatsApp server page is for the company's management and the system administrator (spec §6). */
const PAGINA_WHATS = [PERMISSOES.admin, PERMISSOES.empresa, PERMISSOES.empresaAdmin];

async function umaInstancia(request: FastifyRequest, id: number): Promise<Instancia> {
  const [i] = await listarInstancias(request.server.db, eq(instanciaWhatsapp.id, id));
  if (!i) throw erro.naoEncontrado(MENSAGEM_INSTANCIA_NAO_ENCONTRADA);
  return i;
}

/** Asks the gateway for the state and writes it down (a QR stays only while not connected). */
async function atualizarEstado(request: FastifyRequest, id: number): Promise<Instancia> {
  const l = await instanciaDoUsuario(request, id, false);
  const estado = await chamarGateway(() => gatewayDo(request.server, l.s.tipo).estado(enderecoDo(l.s), l.i.nome));
  await request.server.db
    .update(instanciaWhatsapp)
    .set({ estado, ...(estado === 'CONECTADA' ? { qrCode: null, codigoPareamento: null } : {}) })
    .where(eq(instanciaWhatsapp.id, id));
  return umaInstancia(request, id);
}

/**
 * Pairing again: a disconnected instance gets a new QR. If the gateway lost it (server rebuilt),
 * it is created again there with a new webhook secret.
 */
async function reconectar(request: FastifyRequest, id: number): Promise<Instancia> {
  const app = request.server;
  const l = await instanciaDoUsuario(request, id, true);
  const g = gatewayDo(app, l.s.tipo);
  await chamarGateway(async () => {
    let estado;
    try {
      estado = await g.estado(enderecoDo(l.s), l.i.nome);
    } catch (e) {
      if (!(e instanceof FalhaGateway && e.motivo === 'INSTANCIA_INEXISTENTE')) throw e;
      const { segredo, hash } = novoSegredo();
      await g.criarInstancia(enderecoDo(l.s), l.i.nome, urlWebhook(app, id, segredo));
      await app.db.update(instanciaWhatsapp).set({ webhookTokenHash: hash }).where(eq(instanciaWhatsapp.id, id));
      estado = 'DESCONECTADA' as const;
    }
    if (estado === 'CONECTADA') {
      await app.db.update(instanciaWhatsapp).set({ estado, qrCode: null, codigoPareamento: null }).where(eq(instanciaWhatsapp.id, id));
      return;
    }
    const p = await g.conectar(enderecoDo(l.s), l.i.nome);
    await app.db.update(instanciaWhatsapp).set({ estado: 'CONECTANDO', qrCode: p.qrCode, codigoPareamento: p.codigoPareamento }).where(eq(instanciaWhatsapp.id, id));
  });
  await app.db.transaction((tx) => auditar(tx, request, { acao: 'ALTERAR', entidade: 'instancia_whatsapp', entidadeId: id, empresaId: l.i.empresaId, depois: { acao: 'PAREAR' } }));
  return umaInstancia(request, id);
}

async function reiniciar(request: FastifyRequest, id: number): Promise<void> {
  const l = await instanciaDoUsuario(request, id, true);
  await chamarGateway(() => gatewayDo(request.server, l.s.tipo).reiniciar(enderecoDo(l.s), l.i.nome));
  await request.server.db.transaction((tx) => auditar(tx, request, { acao: 'ALTERAR', entidade: 'instancia_whatsapp', entidadeId: id, empresaId: l.i.empresaId, depois: { acao: 'REINICIAR' } }));
}

/** The company's instances and what it contracted; the admin sees every instance. */
async function status(request: FastifyRequest): Promise<StatusWhats> {
  const app = request.server;
  if (ehAdminDaPlataforma(request)) return { tipo: 'NENHUM', podeGerenciar: true, instancias: await listarInstancias(app.db) };
  const empresaId = empresaDe(request);
  const tipo = await tipoContratado(request, empresaId);
  return { tipo, podeGerenciar: tipo === 'DEDICADO', instancias: await listarInstancias(app.db, condicaoDaEmpresa(empresaId, tipo)) };
}

export async function servidorwhatsappRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['servidorwhatsapp'];
  const config = { permissoes: PAGINA_WHATS };
  const alterando = { ...config, alteraDados: true };

  /** The contracted WhatsApp server type of the network; the header shows its icon only for DEDICADO. */
  rotas.get('/servidorwhatsapp/tipo/contratado', { schema: { tags } }, async (request) => {
    const u = usuarioDe(request);
    if (u.empresaId === null) return ok('NENHUM');
    return ok(await tipoContratado(request, u.empresaId));
  });

  rotas.get('/servidorwhatsapp/status', { schema: { tags }, config }, async (request) => ok(await status(request)));

  /**
   * DEDICADO: the company's own number, on the first server with room. The admin creates the
   * platform's shared number (COMPARTILHADO) here too. One active instance per company.
   */
  rotas.post('/servidorwhatsapp/nova/instancia', { schema: { tags, body: novaInstanciaSchema }, config }, async (request) => {
    let empresaId: number | null = null;
    if (!ehAdminDaPlataforma(request)) {
      empresaId = empresaDe(request);
      const tipo = await tipoContratado(request, empresaId);
      if (tipo === 'NENHUM') throw erro.proibido(MENSAGEM_NAO_CONTRATADO);
      if (tipo === 'COMPARTILHADO') throw erro.proibido(MENSAGEM_COMPARTILHADO);
    }
    const [existente] = await app.db
      .select({ id: instanciaWhatsapp.id })
      .from(instanciaWhatsapp)
      .where(and(empresaId === null ? sql`${instanciaWhatsapp.empresaId} is null` : eq(instanciaWhatsapp.empresaId, empresaId), eq(instanciaWhatsapp.ativa, true)))
      .limit(1);
    if (existente) throw erro.conflito(empresaId === null ? 'O número compartilhado da plataforma já existe.' : MENSAGEM_INSTANCIA_EXISTENTE);
    const id = await chamarGateway(() => criarInstancia(app, empresaId, request.body.numero));
    await app.db.transaction((tx) => auditar(tx, request, { acao: 'CRIAR', entidade: 'instancia_whatsapp', entidadeId: id, empresaId }));
    return ok(await umaInstancia(request, id));
  });

  rotas.get('/servidorwhatsapp/atualizar/todos', { schema: { tags }, config: alterando }, async (request) => {
    const s = await status(request);
    const resultado: Instancia[] = [];
    for (const i of s.instancias) resultado.push(await atualizarEstado(request, i.id).catch(() => i));
    return ok(resultado);
  });

  rotas.get('/servidorwhatsapp/atualizar/:id', { schema: { tags, params: idWhatsParamSchema }, config: alterando }, async (request) => ok(await atualizarEstado(request, request.params.id)));

  /** Sent, delivered, read and failed WhatsApp messages per day (company's time zone), from the outbox. */
  rotas.get('/servidorwhatsapp/estatisticas/utilizacao', { schema: { tags, querystring: estatisticasUtilizacaoQuerySchema }, config }, async (request) => {
    const empresaId = empresaDe(request);
    const dias = request.query.dias ?? 30;
    const linhas = await transacaoDoUsuario(request, async (tx) => {
      const [e] = await tx.select({ fuso: empresa.fusoHorario }).from(empresa).where(eq(empresa.id, empresaId)).limit(1);
      const zona = zonaIana(e?.fuso as FusoHorario | undefined);
      const dia = sql<string>`to_char((coalesce(${mensagemSaida.enviadaEm}, ${mensagemSaida.criadoEm}) at time zone ${zona})::date, 'YYYY-MM-DD')`;
      const r = await tx
        .select({
          dia,
          enviadas: sql<number>`count(${mensagemSaida.enviadaEm})::int`,
          entregues: sql<number>`count(${mensagemSaida.entregueEm})::int`,
          lidas: sql<number>`count(${mensagemSaida.lidaEm})::int`,
          falhas: sql<number>`count(*) filter (where ${mensagemSaida.status} = 'FALHOU')::int`,
        })
        .from(mensagemSaida)
        .where(
          and(
            eq(mensagemSaida.empresaId, empresaId),
            eq(mensagemSaida.canal, 'WHATSAPP'),
            sql`coalesce(${mensagemSaida.enviadaEm}, ${mensagemSaida.criadoEm}) >= (date_trunc('day', now() at time zone ${zona}) - make_interval(days => ${dias - 1})) at time zone ${zona}`,
          ),
        )
        .groupBy(sql`1`);
      return { zona, linhas: r };
    });
    const porDia = new Map(linhas.linhas.map((l) => [l.dia, l]));
    const hoje = new Date(new Date().toLocaleString('en-US', { timeZone: linhas.zona }));
    const resultado: UtilizacaoDia[] = [];
    for (let k = dias - 1; k >= 0; k--) {
      const d = new Date(hoje.getFullYear(), hoje.getMonth(), hoje.getDate() - k);
      const chave = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      const l = porDia.get(chave);
      resultado.push({ dia: chave, enviadas: l?.enviadas ?? 0, entregues: l?.entregues ?? 0, lidas: l?.lidas ?? 0, falhas: l?.falhas ?? 0 });
    }
    return ok(resultado);
  });

  // ------------------------------------------------------------ instancia (spec §7)

  rotas.get('/instancia/reiniciar/:id', { schema: { tags, params: idWhatsParamSchema }, config: alterando }, async (request) => {
    await reiniciar(request, request.params.id);
    return ok(await umaInstancia(request, request.params.id));
  });

  /** Restarts every instance of the caller's company (the shared number is the platform's). */
  rotas.get('/instancia/empresa/reiniciar', { schema: { tags }, config: alterando }, async (request) => {
    const s = await status(request);
    if (!s.podeGerenciar) throw erro.proibido(s.tipo === 'COMPARTILHADO' ? MENSAGEM_COMPARTILHADO : MENSAGEM_NAO_CONTRATADO);
    for (const i of s.instancias) await reiniciar(request, i.id);
    return ok(s.instancias.length);
  });

  /** Brings the instance back: connected stays so; otherwise pairing starts again (new QR). */
  rotas.get('/instancia/status/atualizar/:id', { schema: { tags, params: idWhatsParamSchema }, config: alterando }, async (request) => ok(await reconectar(request, request.params.id)));

  /** Logs the number out of the gateway (to pair another phone, or to stop for good). */
  rotas.post('/instancia/desconectar/:id', { schema: { tags, params: idWhatsParamSchema }, config }, async (request) => {
    const l = await instanciaDoUsuario(request, request.params.id, true);
    await chamarGateway(() => gatewayDo(app, l.s.tipo).desconectar(enderecoDo(l.s), l.i.nome));
    await app.db.transaction(async (tx) => {
      await tx.update(instanciaWhatsapp).set({ estado: 'DESCONECTADA', qrCode: null, codigoPareamento: null }).where(eq(instanciaWhatsapp.id, l.i.id));
      await auditar(tx, request, { acao: 'ALTERAR', entidade: 'instancia_whatsapp', entidadeId: l.i.id, empresaId: l.i.empresaId, depois: { acao: 'DESCONECTAR' } });
    });
    return ok(await umaInstancia(request, l.i.id));
  });

  /** Whether the company may send WhatsApp now, and why not (the outbox and the screens ask). */
  rotas.get('/instancia/liberacao', { schema: { tags }, config }, async (request) => {
    const empresaId = empresaDe(request);
    const tipo = await tipoContratado(request, empresaId);
    if (tipo === 'NENHUM') return ok<Liberacao>({ liberada: false, motivo: MENSAGEM_NAO_CONTRATADO, instanciaId: null });
    const [i] = await listarInstancias(app.db, condicaoDaEmpresa(empresaId, tipo));
    if (!i) return ok<Liberacao>({ liberada: false, motivo: tipo === 'DEDICADO' ? 'Crie e pareie a instância de WhatsApp da empresa.' : 'O número compartilhado ainda não está disponível.', instanciaId: null });
    if (i.estado !== 'CONECTADA') return ok<Liberacao>({ liberada: false, motivo: 'O WhatsApp não está conectado: leia o QR code na página do servidor.', instanciaId: i.id });
    if (i.pausada) return ok<Liberacao>({ liberada: false, motivo: 'Os envios estão pausados.', instanciaId: i.id });
    return ok<Liberacao>({ liberada: true, motivo: null, instanciaId: i.id });
  });

  /**
   * Sandbox only: what the phone does when it reads the QR. The sandbox connects the instance (or
   * the transfer's new one) and posts CONNECTION_UPDATE to the webhook; the same event is applied
   * here at once, so the page changes without waiting for that delivery (a repeat is harmless).
   */
  rotas.post('/servidorwhatsapp/sandbox/lerqr/:id', { schema: { tags, params: idWhatsParamSchema }, config }, async (request) => {
    const l = await instanciaDoUsuario(request, request.params.id, true);
    const [t] = await app.db
      .select({ nomeDestino: transferenciaServidor.nomeDestino, destinoId: transferenciaServidor.servidorDestinoId })
      .from(transferenciaServidor)
      .where(and(eq(transferenciaServidor.instanciaId, l.i.id), eq(transferenciaServidor.estado, 'PAREANDO')))
      .limit(1);
    const [servidor] = t ? await app.db.select().from(servidorWhatsapp).where(eq(servidorWhatsapp.id, t.destinoId)).limit(1) : [l.s];
    if (servidor!.tipo !== 'sandbox') throw erro.requisicao(MENSAGEM_SO_SANDBOX);
    const nome = t ? t.nomeDestino : l.i.nome;
    const numero = l.i.numero ?? `55119${String(90_000_000 + l.i.id).slice(-8)}`;
    await chamarGateway(() => app.adaptadores.whatsappSandbox.simularLeitura(enderecoDo(servidor!), nome, numero));
    await processarEvento(app, l.i, { tipo: 'CONEXAO', instancia: nome, estado: 'CONECTADA', numero });
    return ok(await umaInstancia(request, l.i.id));
  });

  /**
   * Sandbox only: a customer replies to the company's number (e.g. "SAIR"). The sandbox records it and
   * posts MESSAGES_UPSERT to the webhook; the same event is received here at once under the same key,
   * so the later delivery is a repeat and nothing is applied twice.
   */
  rotas.post('/servidorwhatsapp/sandbox/recebida/:id', { schema: { tags, params: idWhatsParamSchema, body: sandboxRecebidaSchema }, config }, async (request) => {
    const l = await instanciaDoUsuario(request, request.params.id, true);
    if (l.s.tipo !== 'sandbox') throw erro.requisicao(MENSAGEM_SO_SANDBOX);
    const { de, texto } = request.body;
    const r = await chamarGateway(() => app.adaptadores.whatsappSandbox.simularRecebida(enderecoDo(l.s), l.i.nome, de, texto));
    await receberEvento(app, l.i, { tipo: 'MENSAGEM_RECEBIDA', instancia: l.i.nome, de, texto, idGateway: r.idGateway, em: new Date() }, { simulada: true, de, texto });
    return ok({ idGateway: r.idGateway });
  });

  /**
   * Sandbox only: a send cut by a crash (docs/decisions/029) — the row committed ENVIANDO long enough ago,
   * the gateway never called — then the reconciliation job, which asks the sandbox, hears "unknown" and
   * marks it REVISAR. How the outbox screen's decision is tried without killing a worker.
   */
  rotas.post('/servidorwhatsapp/sandbox/queda/:id', { schema: { tags, params: idWhatsParamSchema, body: sandboxQuedaSchema }, config }, async (request) => {
    const l = await instanciaDoUsuario(request, request.params.id, true);
    if (l.s.tipo !== 'sandbox') throw erro.requisicao(MENSAGEM_SO_SANDBOX);
    if (l.i.empresaId === null) throw erro.requisicao('Use o número de uma empresa: a mensagem precisa de uma caixa de saída.');
    const [m] = await app.db
      .insert(mensagemSaida)
      .values({
        empresaId: l.i.empresaId,
        canal: 'WHATSAPP',
        instanciaId: l.i.id,
        para: `55${request.body.para}`,
        texto: request.body.texto,
        origem: 'TESTE',
        status: 'ENVIANDO',
        tentativas: 1,
        enviandoEm: new Date(Date.now() - LIMITE_ENVIANDO_MS - 1000),
      })
      .returning({ id: mensagemSaida.id });
    await reconciliarMensagens(app);
    const [depois] = await app.db.select({ status: mensagemSaida.status }).from(mensagemSaida).where(eq(mensagemSaida.id, m!.id)).limit(1);
    await app.db.transaction((tx) => auditar(tx, request, { acao: 'SIMULAR_QUEDA', entidade: 'mensagem_saida', entidadeId: m!.id, empresaId: l.i.empresaId, depois: { status: depois?.status } }));
    return ok({ mensagemId: m!.id, status: depois?.status ?? 'REVISAR' });
  });
}
