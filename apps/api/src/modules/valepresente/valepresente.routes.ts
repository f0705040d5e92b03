import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cancelarValeSchema,
  centavosParaReais,
  consultarValeSchema,
  filtroValeSchema,
  idParamSchema,
  imprimirValeSchema,
  paginaParamsSchema,
  PODE_BLOQUEAR_CONTAS,
  PODE_GERENCIAR_VALE_PRESENTE,
  PODE_VENDER_VALE_PRESENTE,
  vendaComValeSchema,
  venderValeSchema,
  type SaldoVale,
  type ValePresente,
  type ValeVendido,
  type VendaComValeRegistrada,
} from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { auditar } from '../../lib/auditoria.js';
import { filialVisivel } from '../../lib/contexto.js';
import { ErroApi, erro } from '../../lib/erros.js';
import { comIdempotencia } from '../../lib/idempotencia.js';
import { ok, pagina } from '../../lib/resposta.js';
import { empresaDe, transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { tornarSuporteDeVale } from '../card/index.js';
import { esvaziarLeitorDeDispositivos, exigirDispositivo } from '../computers/index.js';
import { nomeDaEmpresa } from '../company/index.js';
import { comprovanteValePdf } from './comprovante.js';
import { buscarVale, listarVales, situacao, usosDoVale } from './consulta.js';
import { abrirVale, cancelarVale, venderComVale, venderVale, type Autor, type ValeTravado } from './vale.js';
import { finalDoCodigo } from './codigo.js';

const ENTIDADE = 'vale_presente';

function autor(request: FastifyRequest): Autor {
  const u = usuarioDe(request);
  return { empresaId: empresaDe(request), usuarioId: u.id, filialId: u.empresaAtualId };
}

/**
 * Opens the card of a code+PIN and runs `fn` with it, in one transaction. A wrong PIN commits its
 * count (the lock-out) and is thrown only after the commit, so retrying cannot undo it.
 */
async function comVale<T>(request: FastifyRequest, codigo: string, pin: string, fn: (tx: Executor, v: ValeTravado) => Promise<T>): Promise<T> {
  const empresaId = empresaDe(request);
  const r = await transacaoDoUsuario(request, async (tx): Promise<{ recusa: ErroApi } | { feito: T }> => {
    const v = await abrirVale(tx, empresaId, codigo, pin);
    if (v instanceof ErroApi) return { recusa: v };
    return { feito: await fn(tx, v) };
  });
  if ('recusa' in r) throw r.recusa;
  return r.feito;
}

/**
 * Gift cards (segment `valepresente`, docs/areas/vale-presente.md, decision 039): the counter sells,
 * takes them as payment and checks balances; the management lists, cancels (refunds) and prints.
 * The PIN never goes to the audit nor to a log: it travels only in request bodies and the sale's reply.
 */
export async function valePresenteRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['valepresente'];
  // A sale with a gift card asks its device gate outside the sales' batch: the reads taken reach the database before it closes.
  app.addHook('onClose', async () => {
    await esvaziarLeitorDeDispositivos(app.db);
  });

  rotas.post(
    '/valepresente/vender',
    { schema: { tags, summary: 'Vende um vale-presente no balcão: código e senha (PIN) na resposta, só desta vez', body: venderValeSchema }, config: { permissoes: PODE_VENDER_VALE_PRESENTE } },
    async (request) => {
      const a = autor(request);
      const u = usuarioDe(request);
      // The PIN is not kept anywhere, not even in the idempotency reply: a replay gets the card without it.
      let pin: string | null = null;
      const v = await transacaoDoUsuario(request, (tx) =>
        comIdempotencia<ValePresente>(tx, request, a.empresaId, async () => {
          // A physical card as the carrier: locked and marked first, in this same transaction (decision 039 §10).
          const suporte = request.body.cartao ? await tornarSuporteDeVale(tx, request, u, request.body.cartao) : null;
          const feito = await venderVale(tx, a, request.body, suporte);
          pin = feito.pin;
          const v = (await buscarVale(tx, a.empresaId, null, feito.id))!;
          await auditar(tx, request, {
            acao: 'CRIAR',
            entidade: ENTIDADE,
            entidadeId: v.id,
            depois: { codigo: finalDoCodigo(v.codigo), cartaoId: v.cartaoId, valor: v.valor, validoAte: v.validoAte, filialId: v.filialId ?? filialVisivel(u) },
          });
          return v;
        }),
      );
      const r: ValeVendido = { ...v, pin };
      return ok(r);
    },
  );

  rotas.post(
    '/valepresente/saldo',
    { schema: { tags, summary: 'Consulta o saldo de um vale-presente pelo código e a senha (PIN)', body: consultarValeSchema }, config: { permissoes: PODE_VENDER_VALE_PRESENTE } },
    async (request) => {
      const { codigo, pin } = request.body;
      const r = await comVale<SaldoVale>(request, codigo, pin, async (_tx, v) => ({
        codigo: v.codigo,
        saldo: centavosParaReais(v.saldoCentavos),
        validoAte: v.validoAte,
        situacao: situacao(v.status, v.saldoCentavos, v.validoAte),
      }));
      return ok(r);
    },
  );

  rotas.post(
    '/valepresente/venda',
    { schema: { tags, summary: 'Venda no terminal paga em parte (ou toda) com vale-presente; o resto, por outros meios', body: vendaComValeSchema }, config: { permissoes: PODE_VENDER_VALE_PRESENTE } },
    async (request) => {
      const a = autor(request);
      const u = usuarioDe(request);
      await exigirDispositivo(app.db, request, a.empresaId);
      const d = request.body;
      const r = await comVale<VendaComValeRegistrada>(request, d.vale.codigo, d.vale.pin, (tx, v) =>
        comIdempotencia(tx, request, a.empresaId, async () => {
          const feito = await venderComVale(tx, a, v, d, { desbloqueia: PODE_BLOQUEAR_CONTAS.some((p) => u.permissoes.includes(p)), filialInformada: d.venda.filialId !== undefined });
          await auditar(tx, request, { acao: 'USAR', entidade: ENTIDADE, entidadeId: v.id, depois: { transacaoId: feito.transacaoId, valor: feito.valePago, saldo: feito.saldoVale } });
          return feito;
        }),
      );
      return ok(r);
    },
  );

  rotas.post(
    '/valepresente/filtrar/:page/:size',
    { schema: { tags, summary: 'Vales-presente (código, situação, período da venda)', params: paginaParamsSchema, body: filtroValeSchema }, config: { permissoes: PODE_GERENCIAR_VALE_PRESENTE } },
    async (request) => {
      const { page, size } = request.params;
      const r = await transacaoDoUsuario(request, (tx) => listarVales(tx, empresaDe(request), request.body, page, size));
      return pagina(r.itens, r.total, page, size);
    },
  );

  rotas.get('/valepresente/findbyid/:id', { schema: { tags, summary: 'Um vale-presente com as vendas que o usaram', params: idParamSchema }, config: { permissoes: PODE_GERENCIAR_VALE_PRESENTE } }, async (request) => {
    const empresaId = empresaDe(request);
    const r = await transacaoDoUsuario(request, async (tx) => {
      const v = await buscarVale(tx, empresaId, null, request.params.id);
      return v && { ...v, usos: await usosDoVale(tx, empresaId, v.id) };
    });
    if (!r) throw erro.naoEncontrado('Vale-presente não encontrado.');
    return ok(r);
  });

  rotas.post(
    '/valepresente/cancelar/:id',
    { schema: { tags, summary: 'Cancela um vale-presente e devolve o saldo ao comprador (lançamento de estorno)', params: idParamSchema, body: cancelarValeSchema }, config: { permissoes: PODE_GERENCIAR_VALE_PRESENTE } },
    async (request) => {
      const a = autor(request);
      const r = await transacaoDoUsuario(request, (tx) =>
        comIdempotencia(tx, request, a.empresaId, async () => {
          const antes = await buscarVale(tx, a.empresaId, null, request.params.id);
          const c = await cancelarVale(tx, a, request.params.id, request.body.motivo);
          const depois = (await buscarVale(tx, a.empresaId, null, request.params.id))!;
          await auditar(tx, request, {
            acao: 'CANCELAR',
            entidade: ENTIDADE,
            entidadeId: depois.id,
            antes: antes && { status: antes.status, saldo: antes.saldo },
            depois: { status: depois.status, devolvido: centavosParaReais(c.devolvidoCentavos), lancamentoId: c.lancamentoId, motivo: request.body.motivo },
          });
          return { ...depois, devolvidoAgora: centavosParaReais(c.devolvidoCentavos) };
        }),
      );
      return ok(r);
    },
  );

  rotas.post(
    '/valepresente/imprimir',
    { schema: { tags, summary: 'Comprovante do vale-presente em PDF de 80 mm (com a senha só logo após a venda)', body: imprimirValeSchema }, config: { permissoes: PODE_VENDER_VALE_PRESENTE } },
    async (request, reply) => {
      const u = usuarioDe(request);
      const empresaId = empresaDe(request);
      const pin = request.body.pin ?? null;
      const r = await transacaoDoUsuario(request, async (tx) => {
        // The counter of a branch reprints the cards sold there; the management, any.
        const v = await buscarVale(tx, empresaId, PODE_GERENCIAR_VALE_PRESENTE.some((p) => u.permissoes.includes(p)) ? null : filialVisivel(u), request.body.id);
        if (!v) throw erro.naoEncontrado('Vale-presente não encontrado.');
        // A PIN to print is checked (and counted) like any other: the receipt must not carry a wrong one.
        const aberto = pin ? await abrirVale(tx, empresaId, v.codigo, pin) : null;
        if (aberto instanceof ErroApi) return { recusa: aberto };
        return { v, nome: await nomeDaEmpresa(tx, empresaId) };
      });
      if ('recusa' in r) throw r.recusa;
      const { v, nome } = r;
      const pdf = await comprovanteValePdf(v, nome, pin);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="vale-presente-${v.codigo.slice(-4)}.pdf"`).send(pdf);
    },
  );
}
