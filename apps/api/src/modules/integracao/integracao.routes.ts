import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import {
  idParamSchema,
  integracaoCancelamentoSchema,
  integracaoClienteQuerySchema,
  reaisParaCentavos,
  vendaSchema,
  type IntegracaoCliente,
  type ResultadoCancelamento,
} from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { cliente, transacao } from '../../db/schema/index.js';
import { auditar, linhaAuditoria } from '../../lib/auditoria.js';
import { erro } from '../../lib/erros.js';
import { comIdempotencia } from '../../lib/idempotencia.js';
import { ok } from '../../lib/resposta.js';
import { comTenant } from '../../lib/tenant.js';
import { contextoTenantDoToken, exigirEscopo, tokenDe, type TokenContexto } from '../../lib/token-api.js';
import { cancelarVenda, saldosDoCliente, saldosWire, vendedorDoBanco } from '../transacao/index.js';
import { exemplos } from './exemplos.js';
import { acharCliente, BASE_INTEGRACAO, cabecalhosPostagem, exigirChave } from './comum.js';

export { BASE_INTEGRACAO, MENSAGEM_SEM_CHAVE } from './comum.js';
import { parceiroRoutes } from './parceiro.routes.js';

export const MENSAGEM_LIMITE_TOKEN = 'Limite de chamadas deste token excedido. Aguarde alguns segundos e tente de novo.';




async function clienteComSaldos(tx: Executor, empresaId: number, clienteId: number): Promise<IntegracaoCliente> {
  const [c] = await tx
    .select({ id: cliente.id, nome: cliente.nome, status: cliente.status })
    .from(cliente)
    .where(and(eq(cliente.id, clienteId), eq(cliente.empresaId, empresaId)))
    .limit(1);
  if (!c) throw erro.naoEncontrado('Cliente não encontrado.');
  return { ...c, saldos: saldosWire(await saldosDoCliente(tx, empresaId, c.id)) };
}


/**
 * The integration API of tills (PDV) and ERPs (docs/areas/integracao.md, docs/integracao.md):
 * authenticated by an API token only (plugins/sessao.ts `config.token`), rate limited per token,
 * posting through the terminal's own batcher, validation and ledger.
 */
export async function integracaoRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['integracao'];
  const security = [{ tokenApi: [] }];
  const rateLimit = {
    max: app.config.limiteTokenPorMinuto,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `token:${request.tokenApi?.id ?? request.ip}`,
    errorResponseBuilder: () => erro.muitas(MENSAGEM_LIMITE_TOKEN),
  };
  const vender = vendedorDoBanco(app.banco);
  app.addHook('onClose', () => vender.esvaziar());
  const emTenant = <T>(t: TokenContexto, fn: (tx: Executor) => Promise<T>) => comTenant(app.db, contextoTenantDoToken(t), fn);

  rotas.get(
    `${BASE_INTEGRACAO}/clientes`,
    {
      schema: { tags, security, summary: 'Identifica um cliente por CPF/CNPJ, celular ou cartão, com os saldos', querystring: integracaoClienteQuerySchema, ...exemplos.cliente },
      config: { token: { escopo: 'clientes:consultar' }, rateLimit },
    },
    async (request) => {
      const t = tokenDe(request);
      const r = await emTenant(t, async (tx) => {
        const id = await acharCliente(tx, t.empresaId, request.query);
        if (id === null) throw erro.naoEncontrado('Cliente não encontrado.');
        return clienteComSaldos(tx, t.empresaId, id);
      });
      return ok(r);
    },
  );

  rotas.get(
    `${BASE_INTEGRACAO}/clientes/:id/saldos`,
    { schema: { tags, security, summary: 'Saldos de um cliente', params: idParamSchema, ...exemplos.cliente }, config: { token: { escopo: 'clientes:consultar' }, rateLimit } },
    async (request) => {
      const t = tokenDe(request);
      return ok(await emTenant(t, (tx) => clienteComSaldos(tx, t.empresaId, request.params.id)));
    },
  );

  rotas.post(
    `${BASE_INTEGRACAO}/vendas`,
    {
      schema: { tags, security, summary: 'Lança uma venda (com resgate opcional)', headers: cabecalhosPostagem, body: vendaSchema, ...exemplos.venda },
      config: { token: { escopo: 'vendas:lancar' }, rateLimit },
    },
    async (request) => {
      const t = tokenDe(request);
      const d = request.body;
      if (d.resgate > 0) exigirEscopo(t, 'resgates:lancar');
      if (t.filialId !== null && d.filialId !== undefined && d.filialId !== t.filialId) throw erro.proibido('Este token lança vendas só da sua filial.');
      const chave = exigirChave(request, t.empresaId);
      const r = await vender({
        usuario: contextoTenantDoToken(t),
        chave,
        venda: {
          empresaId: t.empresaId,
          clienteId: d.clienteId,
          filialId: t.filialId ?? d.filialId ?? t.empresaId,
          filialInformada: t.filialId === null && d.filialId !== undefined,
          valorCentavos: reaisParaCentavos(d.valor),
          resgateCentavos: reaisParaCentavos(d.resgate),
          identificacao: d.identificacao ?? null,
          cartao: d.cartao ?? null,
          usuarioId: null,
          desbloqueia: false,
        },
        // The sale row has no author for a token: its audit row names it, written with the sale.
        auditoria: (v) =>
          linhaAuditoria(request, { empresaId: t.empresaId, acao: 'CRIAR', entidade: 'transacao', entidadeId: v.transacaoId, depois: { clienteId: d.clienteId, valor: d.valor, resgate: d.resgate, chave: chave.chave } }),
      });
      return ok(r);
    },
  );

  await parceiroRoutes(app, { rateLimit, emTenant });

  rotas.post(
    `${BASE_INTEGRACAO}/vendas/:id/cancelamento`,
    {
      schema: { tags, security, summary: 'Cancela uma venda (estorna o cashback e devolve o resgate)', headers: cabecalhosPostagem, params: idParamSchema, body: integracaoCancelamentoSchema, ...exemplos.cancelamento },
      config: { token: { escopo: 'vendas:cancelar' }, rateLimit },
    },
    async (request) => {
      const t = tokenDe(request);
      exigirChave(request, t.empresaId);
      const id = request.params.id;
      const r = await emTenant(t, (tx) =>
        comIdempotencia<ResultadoCancelamento>(tx, request, t.empresaId, async () => {
          if (t.filialId !== null) {
            const [v] = await tx
              .select({ filialId: transacao.filialId })
              .from(transacao)
              .where(and(eq(transacao.id, id), eq(transacao.empresaId, t.empresaId)))
              .limit(1);
            // Another branch's sale is not this till's to see: 404, as another company's.
            if (!v || v.filialId !== t.filialId) throw erro.naoEncontrado('Venda não encontrada.');
          }
          const c = await cancelarVenda(tx, { empresaId: t.empresaId, transacaoId: id, usuarioId: null, motivo: request.body?.motivo, filialId: t.filialId });
          await auditar(tx, request, {
            acao: 'CANCELAR',
            entidade: 'transacao',
            entidadeId: c.transacaoId,
            antes: { status: 'CONFIRMADA' },
            depois: { status: 'CANCELADA', estornoLancamentoId: c.estornoLancamentoId, motivo: request.body?.motivo ?? null },
          });
          return { transacaoId: c.transacaoId, estornoLancamentoId: c.estornoLancamentoId, saldos: saldosWire(c.saldos) };
        }),
      );
      return ok(r);
    },
  );
}
