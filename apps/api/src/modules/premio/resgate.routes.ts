import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  alterarStatusResgateSchema,
  cancelarResgateQuerySchema,
  filtroResgatePremioSchema,
  idParamSchema,
  imprimirResgateSchema,
  paginaParamsSchema,
  PODE_GERENCIAR_PREMIOS,
  PODE_RESGATAR_PREMIOS,
  relatorioResgatePremioSchema,
  resgatePremioSchema,
  reenviarResgateQuerySchema,
  retirarResgateParamsSchema,
  type CanalComprovante,
  type ReenvioComprovante,
} from '@bonifica/contracts';
import { auditar, linhaAuditoria } from '../../lib/auditoria.js';
import { filialVisivel } from '../../lib/contexto.js';
import { erro } from '../../lib/erros.js';
import { comIdempotencia, pedidoIdempotente } from '../../lib/idempotencia.js';
import { ok, pagina } from '../../lib/resposta.js';
import { empresaDe, transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { SemInstanciaWhatsapp } from '../mensagem/index.js';
import { comprovanteResgatePdf } from './documentos.js';
import { enviarComprovante } from './envio-comprovante.js';
import { nomeDaEmpresa } from '../company/index.js';
import { fotos } from './dados-impressao.js';
import { alterarStatus, cancelarResgate, retirar, type Autor } from './resgate.js';
import { criarResgatesEmLote } from './resgate-lote.js';
import { buscarResgate, historicoDoResgate, listarResgates, relatorioResgates } from './resgate.consulta.js';

const ENTIDADE = 'premio_resgate';

const MENSAGEM_SEM_CANAL: Record<CanalComprovante | 'QUALQUER', string> = {
  WHATSAPP: 'O cliente não tem um celular válido ou pediu para não receber mensagens: o comprovante não foi enviado.',
  EMAIL: 'O cliente não tem e-mail ou pediu para não receber e-mails: o comprovante não foi enviado.',
  QUALQUER: 'O cliente não tem celular nem e-mail que possa receber o comprovante (ou pediu para não receber mensagens): o comprovante não foi enviado.',
};

function autor(request: FastifyRequest): Autor {
  const u = usuarioDe(request);
  return { empresaId: empresaDe(request), usuarioId: u.id, filialId: u.empresaAtualId };
}

/**
 * Prize redemptions (spec §7 `premio/resgate/*`; docs/areas/premios.md, decision 036): the counter
 * redeems, hands over and prints; the management also moves the status, cancels and reads the report.
 */
export async function resgateRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['premio/resgate'];
  const resgatar = criarResgatesEmLote(app.banco);
  // On a stop the redemptions already taken reach the database before it closes.
  app.addHook('onClose', () => resgatar.esvaziar());

  rotas.post(
    '/premio/resgate/save',
    { schema: { tags, summary: 'Resgata um prêmio para um cliente: o custo sai do saldo e a unidade do estoque, juntos', body: resgatePremioSchema }, config: { permissoes: PODE_RESGATAR_PREMIOS } },
    async (request) => {
      const a = autor(request);
      // Every redemption — counter and back office — goes to the database in batches (decision 042);
      // the audit row and the voucher on WhatsApp are written with it.
      const r = await resgatar({
        usuario: usuarioDe(request),
        chave: pedidoIdempotente(request, a.empresaId),
        resgate: { autor: a, ...request.body },
        auditoria: (feito) => linhaAuditoria(request, { acao: 'CRIAR', entidade: ENTIDADE, entidadeId: feito.id, depois: feito }),
      });
      return ok(r);
    },
  );

  rotas.post(
    '/premio/resgate/filtrar/:page/:size',
    { schema: { tags, summary: 'Resgates de prêmios (status, prêmio, filial, cliente, código, período)', params: paginaParamsSchema, body: filtroResgatePremioSchema }, config: { permissoes: PODE_RESGATAR_PREMIOS } },
    async (request) => {
      const u = usuarioDe(request);
      const { page, size } = request.params;
      const r = await transacaoDoUsuario(request, (tx) => listarResgates(tx, empresaDe(request), filialVisivel(u), request.body, page, size));
      return pagina(r.itens, r.total, page, size);
    },
  );

  rotas.get('/premio/resgate/findbyid/:id', { schema: { tags, params: idParamSchema }, config: { permissoes: PODE_RESGATAR_PREMIOS } }, async (request) => {
    const u = usuarioDe(request);
    const r = await transacaoDoUsuario(request, (tx) => buscarResgate(tx, empresaDe(request), filialVisivel(u), request.params.id));
    if (!r) throw erro.naoEncontrado('Resgate não encontrado.');
    return ok(r);
  });

  rotas.get('/premio/resgate/historico/:id', { schema: { tags, summary: 'Histórico das mudanças de status de um resgate', params: idParamSchema }, config: { permissoes: PODE_RESGATAR_PREMIOS } }, async (request) => {
    const u = usuarioDe(request);
    const empresaId = empresaDe(request);
    return ok(
      await transacaoDoUsuario(request, async (tx) => {
        if (!(await buscarResgate(tx, empresaId, filialVisivel(u), request.params.id))) throw erro.naoEncontrado('Resgate não encontrado.');
        return historicoDoResgate(tx, empresaId, request.params.id);
      }),
    );
  });

  rotas.post(
    '/premio/resgate/alterar/status',
    { schema: { tags, summary: 'Muda o status de um resgate (só as transições válidas; CANCELADO devolve saldo e estoque)', body: alterarStatusResgateSchema }, config: { permissoes: PODE_GERENCIAR_PREMIOS } },
    async (request) => {
      const a = autor(request);
      const r = await transacaoDoUsuario(request, async (tx) => {
        const m = await alterarStatus(tx, a, null, request.body);
        await auditar(tx, request, { acao: request.body.status === 'CANCELADO' ? 'CANCELAR' : 'ALTERAR', entidade: ENTIDADE, entidadeId: m.depois.id, antes: m.antes, depois: m.depois });
        return m.depois;
      });
      return ok(r);
    },
  );

  rotas.get(
    '/premio/resgate/retirar/:a/:b',
    { schema: { tags, summary: 'Entrega o prêmio contra o código do resgate ({a} = nº do resgate, {b} = código)', params: retirarResgateParamsSchema }, config: { permissoes: PODE_RESGATAR_PREMIOS } },
    async (request) => {
      const a = autor(request);
      const u = usuarioDe(request);
      const r = await transacaoDoUsuario(request, async (tx) => {
        const m = await retirar(tx, a, filialVisivel(u), request.params.a, request.params.b);
        await auditar(tx, request, { acao: 'RETIRAR', entidade: ENTIDADE, entidadeId: m.depois.id, antes: m.antes, depois: m.depois });
        return m.depois;
      });
      return ok(r);
    },
  );

  rotas.get(
    '/premio/resgate/cancelar/:id',
    { schema: { tags, summary: 'Cancela um resgate: pontos/cashback e estoque voltam uma única vez', params: idParamSchema, querystring: cancelarResgateQuerySchema }, config: { permissoes: PODE_GERENCIAR_PREMIOS } },
    async (request) => {
      const a = autor(request);
      const r = await transacaoDoUsuario(request, (tx) =>
        comIdempotencia(tx, request, a.empresaId, async () => {
          const m = await cancelarResgate(tx, a, null, request.params.id, request.query.motivo ?? 'Cancelado pela gestão');
          await auditar(tx, request, { acao: 'CANCELAR', entidade: ENTIDADE, entidadeId: m.depois.id, antes: m.antes, depois: m.depois });
          return m.depois;
        }),
      );
      return ok(r);
    },
  );

  rotas.get(
    '/premio/resgate/reenviar/resgate/:id',
    {
      schema: { tags, summary: 'Reenvia o comprovante do resgate ao cliente pela caixa de saída: WhatsApp ou e-mail (com o PDF anexo)', params: idParamSchema, querystring: reenviarResgateQuerySchema },
      config: { permissoes: PODE_RESGATAR_PREMIOS },
    },
    async (request) => {
      const u = usuarioDe(request);
      const empresaId = empresaDe(request);
      const pedido = request.query.canal;
      const canal = await transacaoDoUsuario(request, async (tx) => {
        const r = await buscarResgate(tx, empresaId, filialVisivel(u), request.params.id);
        if (!r) throw erro.naoEncontrado('Resgate não encontrado.');
        if (r.status === 'CANCELADO') throw erro.conflito('Este resgate foi cancelado: não há comprovante para reenviar.');
        let usado: CanalComprovante | null;
        try {
          usado = await enviarComprovante(tx, r, empresaId, pedido);
        } catch (e) {
          if (e instanceof SemInstanciaWhatsapp) throw erro.conflito(e.message);
          throw e;
        }
        if (!usado) throw erro.conflito(MENSAGEM_SEM_CANAL[pedido ?? 'QUALQUER']);
        await auditar(tx, request, { acao: 'REENVIAR', entidade: ENTIDADE, entidadeId: r.id, depois: { canal: usado } });
        return usado;
      });
      return ok<ReenvioComprovante>({ canal });
    },
  );

  rotas.post(
    '/premio/resgate/imprimir',
    { schema: { tags, summary: 'Comprovante do resgate em PDF de 80 mm, sem margem, com código de barras e QR', body: imprimirResgateSchema }, config: { permissoes: PODE_RESGATAR_PREMIOS } },
    async (request, reply) => {
      const u = usuarioDe(request);
      const empresaId = empresaDe(request);
      const { r, nome, imagens } = await transacaoDoUsuario(request, async (tx) => {
        const r = await buscarResgate(tx, empresaId, filialVisivel(u), request.body.id);
        if (!r) throw erro.naoEncontrado('Resgate não encontrado.');
        return { r, nome: await nomeDaEmpresa(tx, empresaId), imagens: await fotos(tx, empresaId, r.fotoArquivoId ? [r.fotoArquivoId] : []) };
      });
      const pdf = await comprovanteResgatePdf(r, nome, r.fotoArquivoId ? (imagens.get(r.fotoArquivoId) ?? null) : null);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="resgate-${r.codigo}.pdf"`).send(pdf);
    },
  );

  rotas.post(
    '/premio/resgate/relatorio',
    { schema: { tags, summary: 'Resgates por prêmio no período e custo total', body: relatorioResgatePremioSchema }, config: { permissoes: PODE_GERENCIAR_PREMIOS } },
    async (request) => ok(await transacaoDoUsuario(request, (tx) => relatorioResgates(tx, empresaDe(request), null, request.body))),
  );
}
