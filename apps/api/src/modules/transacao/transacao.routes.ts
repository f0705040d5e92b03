import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';

import {
  cancelarQuerySchema,
  centavosParaReais,
  idParamSchema,
  paginaParamsSchema,
  PERMISSOES,
  PODE_BLOQUEAR_CONTAS,
  PODE_VER_VENDAS,
  reaisParaCentavos,
  transacaoFiltroSchema,
  vendaSchema,
  type ResultadoCancelamento,
  type TransacaoResumo,
} from '@bonifica/contracts';
import { cliente, transacao } from '../../db/schema/index.js';
import { auditar } from '../../lib/auditoria.js';
import type { UsuarioContexto } from '../../lib/contexto.js';
import { erro } from '../../lib/erros.js';
import { comIdempotencia, pedidoIdempotente } from '../../lib/idempotencia.js';
import { ok, pagina } from '../../lib/resposta.js';
import { sqlFiliaisVisiveis, transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { condicaoBusca } from '../client/index.js';
import { dispositivoDaRequisicao } from '../computers/index.js';
import { relatorioVendaRoutes } from './relatorio.routes.js';
import { cancelarVenda } from './venda.js';
import { vendedorDoBanco, saldosWire } from './vendedor.js';
import { selecionarVendas } from './linhas-venda.js';
import { FUSO } from '../../lib/fuso.js';

const GESTAO = [PERMISSOES.empresa, PERMISSOES.empresaAdmin];
const VENDER = [...GESTAO, PERMISSOES.terminal];
/** The list serves the counter (a customer's last sales) and the sales screens. */
const LISTAR = [...new Set([...VENDER, ...PODE_VER_VENDAS])];
/** Calendar days of the filter are days in Brasília (the company's zone setting is not per sale yet). */

function tenant(u: UsuarioContexto): number {
  if (u.empresaId === null) throw erro.proibido('Operação disponível apenas para usuários de uma empresa.');
  return u.empresaId;
}

/** Sales with cashback and points (segment `transacao`, docs/areas/vendas.md). */
export async function transacaoRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['transacao'];
  // The sale row itself records who, when, where and what; no separate audit line per sale.
  const vender = vendedorDoBanco(app.banco);
  // On a stop the sales already taken reach the database before it closes (server.ts closes the app first).
  app.addHook('onClose', async () => {
    await vender.esvaziar();
  });

  rotas.post(
    '/transacao/venda',
    { schema: { tags, body: vendaSchema }, config: { permissoes: VENDER } },
    async (request) => {
      const u = usuarioDe(request);
      const empresaId = tenant(u);
      const d = request.body;
      const venda = {
        empresaId,
        clienteId: d.clienteId,
        filialId: d.filialId ?? u.empresaAtualId,
        // A branch given in the body is checked against the network in the sales' context statement.
        filialInformada: d.filialId !== undefined,
        valorCentavos: reaisParaCentavos(d.valor),
        resgateCentavos: reaisParaCentavos(d.resgate),
        identificacao: d.identificacao ?? null,
        cartao: d.cartao ?? null,
        usuarioId: u.id,
        desbloqueia: PODE_BLOQUEAR_CONTAS.some((p) => u.permissoes.includes(p)),
        // Decided in the batch too, by the coupon module (docs/decisions/041-cupom-no-lote-de-vendas.md).
        cupom: d.cupom ?? null,
      };
      // The sales of every counter go to the database in batches (docs/decisions/017-vendas-em-lote.md).
      // The device gate is decided in the batch too (computers/terminal.ts).
      const r = await vender({ usuario: u, chave: pedidoIdempotente(request, empresaId), venda, dispositivo: dispositivoDaRequisicao(request) });
      return ok(r);
    },
  );

  rotas.get(
    '/transacao/cancelar/:id',
    // Spec path verbatim: a GET that changes data, so it demands the XSRF header like a POST.
    { schema: { tags, params: idParamSchema, querystring: cancelarQuerySchema }, config: { permissoes: GESTAO, alteraDados: true } },
    async (request) => {
      const u = usuarioDe(request);
      const empresaId = tenant(u);
      const r = await transacaoDoUsuario(request, (tx) =>
        comIdempotencia<ResultadoCancelamento>(tx, request, empresaId, async () => {
          const c = await cancelarVenda(tx, { empresaId, transacaoId: request.params.id, usuarioId: u.id, motivo: request.query.motivo, filialId: u.empresaAtualId });
          await auditar(tx, request, {
            acao: 'CANCELAR',
            entidade: 'transacao',
            entidadeId: c.transacaoId,
            antes: { status: 'CONFIRMADA' },
            depois: { status: 'CANCELADA', estornoLancamentoId: c.estornoLancamentoId, motivo: request.query.motivo ?? null },
          });
          return { transacaoId: c.transacaoId, estornoLancamentoId: c.estornoLancamentoId, saldos: saldosWire(c.saldos) };
        }),
      );
      return ok(r);
    },
  );

  rotas.post(
    '/transacao/filterpaginated/:page/:size',
    { schema: { tags, params: paginaParamsSchema, body: transacaoFiltroSchema }, config: { permissoes: LISTAR } },
    async (request) => {
      const u = usuarioDe(request);
      const empresaId = tenant(u);
      const { page, size } = request.params;
      const f = request.body;
      const filtros: (SQL | undefined)[] = [
        eq(transacao.empresaId, empresaId),
        // The counter of a branch lists its own sales only (docs/areas/vendas.md "O que o atendente vê").
        sqlFiliaisVisiveis(u, transacao.filialId),
        f.clienteId ? eq(transacao.clienteId, f.clienteId) : undefined,
        f.status ? eq(transacao.status, f.status) : undefined,
        f.filialId ? eq(transacao.filialId, f.filialId) : undefined,
        f.de ? gte(transacao.criadoEm, sql`(${f.de}::date)::timestamp at time zone ${FUSO}`) : undefined,
        f.ate ? lt(transacao.criadoEm, sql`(${f.ate}::date + 1)::timestamp at time zone ${FUSO}`) : undefined,
        // The customers' own search (name, CPF/CNPJ, phone, card), so both screens find the same people.
        f.cliente ? condicaoBusca(empresaId, f.cliente) : undefined,
      ];
      const where = and(...filtros);
      const r = await transacaoDoUsuario(request, async (tx) => {
        const [linhas, [total]] = await Promise.all([
          selecionarVendas(tx)
            .where(where)
            .orderBy(desc(transacao.criadoEm), desc(transacao.id))
            .limit(size)
            .offset(page * size),
          tx.select({ n: count() }).from(transacao).innerJoin(cliente, eq(cliente.id, transacao.clienteId)).where(where),
        ]);
        return { linhas, total: total?.n ?? 0 };
      });
      const itens: TransacaoResumo[] = r.linhas.map(({ valorCentavos, resgateCentavos, cashbackCentavos, ...l }) => ({
        ...l,
        valor: centavosParaReais(valorCentavos),
        resgate: centavosParaReais(resgateCentavos),
        cashback: centavosParaReais(cashbackCentavos),
        criadoEm: l.criadoEm.toISOString(),
        canceladaEm: l.canceladaEm?.toISOString() ?? null,
      }));
      return pagina(itens, r.total, page, size);
    },
  );

  await relatorioVendaRoutes(app);
}
