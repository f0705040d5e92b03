import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import {
  cancelarQuerySchema,
  diaNoFuso,
  cupomSaveSchema,
  downloadCuponsSchema,
  filtroCodigosSchema,
  filtroCupomSchema,
  filtroResgatadosSchema,
  idParamSchema,
  paginaParamsSchema,
  PODE_APLICAR_CUPONS,
  PODE_GERENCIAR_CUPONS,
  reaisParaCentavos,
  validarCupomSchema,
  type CupomAplicado,
  type CupomCopia,
  type CupomDados,
  type LoteCupons,
  type TarefaCriada,
} from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { cupomDesconto, cupomDescontoUso } from '../../db/schema/index.js';
import { auditar } from '../../lib/auditoria.js';
import type { UsuarioContexto } from '../../lib/contexto.js';
import { emPaginas } from '../../lib/csv.js';
import { erro } from '../../lib/erros.js';
import { disposicaoAnexo, gerarPlanilha } from '../../lib/planilha.js';
import { registrarRecurso } from '../../lib/recurso.js';
import { ok, pagina } from '../../lib/resposta.js';
import { criarTarefa } from '../../lib/tarefas.js';
import { comTenant, empresaDe, transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { cancelarVenda } from '../transacao/index.js';
import { codigosDepoisDe, listarCodigos, listarLotes, listarResgatados } from './consultas.js';
import { buscarCupom, copiaDoCupom, excluirCupom, gravarCupom, listarCupons } from './cupom.repository.js';
import { TAREFA_GERAR_CUPONS } from './gerar-codigos.js';
import { cupomAplicado, encontrarCupom, verificarCupom } from './uso.js';
import { impressaoRoutes } from './impressao.routes.js';
import { cupomWhatsRoutes } from './whats.routes.js';

/** The codes of one coupon as CSV for Excel pt-BR, read page by page (a batch may have 200,000). */
async function enviarCsv(app: FastifyInstance, reply: FastifyReply, u: UsuarioContexto, cupomId: number) {
  const empresaId = u.empresaId!;
  const c = await comTenant(app.db, u, (tx) => buscarCupom(tx, u, cupomId));
  if (!c) throw erro.naoEncontrado('Cupom não encontrado.');
  async function* linhas() {
    const codigos = emPaginas((depoisDe, limite) => comTenant(app.db, u, (tx) => codigosDepoisDe(tx, empresaId, { cupomId }, depoisDe, limite)), (l) => l.id, 5_000);
    for await (const l of codigos) yield [l.codigo, l.clienteNome ?? '', l.usos, l.maximoUsos ?? '', diaNoFuso(l.criadoEm)];
  }
  const colunas = [{ titulo: 'Código' }, { titulo: 'Cliente' }, { titulo: 'Usos', tipo: 'inteiro' as const }, { titulo: 'Máximo de usos', tipo: 'inteiro' as const }, { titulo: 'Gerado em', tipo: 'data' as const }];
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', disposicaoAnexo(`cupons-${cupomId}.csv`))
    .header('cache-control', 'no-store')
    .send(gerarPlanilha('CSV', colunas, linhas()));
}

/** Starts (or resumes) the generation of the codes still missing; null when there is nothing to generate. */
async function iniciarGeracao(tx: Executor, u: UsuarioContexto, cupomId: number): Promise<string | null> {
  const c = await buscarCupom(tx, u, cupomId);
  if (!c) throw erro.naoEncontrado('Cupom não encontrado.');
  if (c.tipo === 'ONLINE') throw erro.requisicao('Cupom online não tem lote de códigos: cada cliente recebe o seu ao pedir na página do cupom.');
  if (c.codigosGerados >= c.quantidade) return null;
  const id = await criarTarefa(tx, { tipo: TAREFA_GERAR_CUPONS, usuario: u, parametros: { cupomId } });
  await tx.update(cupomDesconto).set({ tarefaId: id }).where(and(eq(cupomDesconto.id, cupomId), eq(cupomDesconto.empresaId, u.empresaId!)));
  return id;
}

/**
 * Coupons (spec §7 "Coupons", all under cupomdesconto/; docs/areas/cupons.md, decision 038). The
 * generic resource pattern for the campaigns; the spec's calls for codes, uses and files; the
 * counter's preview of a code (`validar`). Using a code is part of the sale (POST transacao/venda).
 */
export async function cupomdescontoRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['cupomdesconto'];
  const gestao = { permissoes: PODE_GERENCIAR_CUPONS };

  registrarRecurso(app, {
    raiz: 'cupomdesconto/',
    entidade: 'cupomdesconto',
    permissoes: { ler: PODE_GERENCIAR_CUPONS, escrever: PODE_GERENCIAR_CUPONS },
    filtro: filtroCupomSchema,
    salvar: cupomSaveSchema,
    listar: listarCupons,
    buscar: buscarCupom,
    gravar: (tx, u, d, antes) => gravarCupom(tx, u, d as CupomDados, antes),
    excluir: excluirCupom,
  });

  rotas.get('/cupomdesconto/duplicar/:id', { schema: { tags, summary: 'Cópia de um cupom para o formulário (spec §3: campos limpos e " (Cópia)")', params: idParamSchema }, config: gestao }, async (request) => {
    const u = usuarioDe(request);
    const c = await transacaoDoUsuario(request, (tx) => buscarCupom(tx, u, request.params.id));
    if (!c) throw erro.naoEncontrado('Cupom não encontrado.');
    return ok<CupomCopia>(copiaDoCupom(c));
  });

  rotas.post('/cupomdesconto/gerar/:id', { schema: { tags, summary: 'Gera em segundo plano os códigos que faltam do cupom (barra de progresso)', params: idParamSchema }, config: gestao }, async (request) => {
    const u = usuarioDe(request);
    const id = await transacaoDoUsuario(request, async (tx) => {
      const tarefa = await iniciarGeracao(tx, u, request.params.id);
      if (tarefa) await auditar(tx, request, { acao: 'GERAR', entidade: 'cupomdesconto', entidadeId: request.params.id, depois: { tarefa } });
      return tarefa;
    });
    if (!id) throw erro.conflito('Todos os códigos deste cupom já foram gerados.');
    await app.tarefas.enfileirar(id);
    return ok<TarefaCriada>({ id });
  });

  rotas.get('/cupomdesconto/cuponsdescontolotes', { schema: { tags, summary: 'Lotes de códigos com o andamento da geração' }, config: gestao }, async (request) => {
    return ok<LoteCupons[]>(await transacaoDoUsuario(request, (tx) => listarLotes(tx, empresaDe(request))));
  });

  rotas.post('/cupomdesconto/validar', { schema: { tags, summary: 'O que um código dá numa venda, antes da venda (terminal)', body: validarCupomSchema }, config: { permissoes: PODE_APLICAR_CUPONS } }, async (request) => {
    const u = usuarioDe(request);
    const d = request.body;
    const valorCentavos = reaisParaCentavos(d.valor);
    const r = await transacaoDoUsuario(request, async (tx) => {
      const e = await encontrarCupom(tx, empresaDe(request), d.codigo);
      await verificarCupom(tx, e, { clienteId: d.clienteId ?? null, filialId: d.filialId ?? u.empresaAtualId, valorCentavos });
      return cupomAplicado(e, valorCentavos);
    });
    return ok<CupomAplicado>(r);
  });

  rotas.post('/cupomdesconto/filtrar/:page/:size', { schema: { tags, summary: 'Códigos dos cupons', params: paginaParamsSchema, body: filtroCodigosSchema }, config: gestao }, async (request) => {
    const { page, size } = request.params;
    const r = await transacaoDoUsuario(request, (tx) => listarCodigos(tx, empresaDe(request), request.body, page, size));
    return pagina(r.itens, r.total, page, size);
  });

  rotas.post('/cupomdesconto/filtrar/resgatados/:page/:size', { schema: { tags, summary: 'Cupons usados em vendas', params: paginaParamsSchema, body: filtroResgatadosSchema }, config: gestao }, async (request) => {
    const { page, size } = request.params;
    const r = await transacaoDoUsuario(request, (tx) => listarResgatados(tx, empresaDe(request), request.body, page, size));
    return pagina(r.itens, r.total, page, size);
  });

  rotas.get(
    '/cupomdesconto/cancelar/:id',
    // A GET that changes data (spec path verbatim): XSRF demanded like a POST. Cancelling a use cancels its sale, which gives the use back.
    { schema: { tags, summary: 'Cancela a venda de um cupom usado: o uso volta, uma única vez', params: idParamSchema, querystring: cancelarQuerySchema }, config: { ...gestao, alteraDados: true } },
    async (request) => {
      const u = usuarioDe(request);
      const empresaId = empresaDe(request);
      await transacaoDoUsuario(request, async (tx) => {
        const [uso] = await tx
          .select({ transacaoId: cupomDescontoUso.transacaoId, status: cupomDescontoUso.status })
          .from(cupomDescontoUso)
          .where(and(eq(cupomDescontoUso.id, request.params.id), eq(cupomDescontoUso.empresaId, empresaId)))
          .limit(1);
        if (!uso) throw erro.naoEncontrado('Uso de cupom não encontrado.');
        const motivo = request.query.motivo || 'Cancelamento do cupom';
        const c = await cancelarVenda(tx, { empresaId, transacaoId: uso.transacaoId, usuarioId: u.id, motivo, filialId: u.empresaAtualId });
        await auditar(tx, request, { acao: 'CANCELAR', entidade: 'transacao', entidadeId: c.transacaoId, antes: { status: 'CONFIRMADA' }, depois: { status: 'CANCELADA', cupomUso: request.params.id, motivo } });
      });
      return ok(true);
    },
  );

  rotas.post('/cupomdesconto/download/cupons', { schema: { tags, summary: 'Códigos de um cupom em CSV', body: downloadCuponsSchema }, config: gestao }, async (request, reply) =>
    enviarCsv(app, reply, usuarioDe(request), request.body.cupomId),
  );

  rotas.get('/cupomdesconto/download/cupons/csv/:id', { schema: { tags, summary: 'Códigos de um cupom em CSV', params: idParamSchema }, config: gestao }, async (request, reply) =>
    enviarCsv(app, reply, usuarioDe(request), request.params.id),
  );

  await app.register(impressaoRoutes);
  await app.register(cupomWhatsRoutes);
}
