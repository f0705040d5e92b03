import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, gt, ne } from 'drizzle-orm';

import {
  contasPadraoSchema,
  criarContaSchema,
  idParamSchema,
  PODE_GERENCIAR_CONTAS,
  PODE_GERENCIAR_CLIENTES,
  type ConfiguracaoContasPadrao,
  type ResultadoContasPadrao,
} from '@bonifica/contracts';
import { cliente, conta } from '../../db/schema/index.js';
import type { Executor } from '../../db/client.js';
import { auditar } from '../../lib/auditoria.js';
import { erro } from '../../lib/erros.js';
import { ok } from '../../lib/resposta.js';
import { empresaDe, transacaoDoUsuario } from '../../lib/tenant.js';
import { criarContasPadrao, lerContasPadrao, salvarContasPadrao } from './contas-padrao.js';

/** Customers per transaction of "atribuir a todos": short transactions on a company of a million customers. */
const LOTE_ATRIBUIR = 5_000;

async function exigirCliente(tx: Executor, empresaId: number, clienteId: number) {
  const [c] = await tx.select({ id: cliente.id, status: cliente.status }).from(cliente).where(and(eq(cliente.id, clienteId), eq(cliente.empresaId, empresaId))).limit(1);
  if (!c) throw erro.naoEncontrado('Cliente não encontrado.');
  if (c.status === 'ANONIMIZADO') throw erro.conflito('Cliente anonimizado: não recebe novas contas.');
  return c;
}

/**
 * Default accounts (spec §7 "Accounts" and "Standard account"; docs/areas/razao.md "Contas padrão").
 * The spec names "salvar/ordem" and "atribuir" without a root; they live under account/contapadrao/.
 */
export async function contasPadraoRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];

  rotas.get('/account/contapadrao', { schema: { tags }, config: { permissoes: PODE_GERENCIAR_CONTAS } }, async (request) => {
    const empresaId = empresaDe(request);
    return ok<ConfiguracaoContasPadrao>(await transacaoDoUsuario(request, (tx) => lerContasPadrao(tx, empresaId)));
  });

  rotas.post(
    '/account/contapadrao/salvar/ordem',
    { schema: { tags, body: contasPadraoSchema }, config: { permissoes: PODE_GERENCIAR_CONTAS } },
    async (request) => {
      const empresaId = empresaDe(request);
      const r = await transacaoDoUsuario(request, async (tx) => {
        const antes = await lerContasPadrao(tx, empresaId);
        await salvarContasPadrao(tx, empresaId, request.body.contas);
        const depois = await lerContasPadrao(tx, empresaId);
        await auditar(tx, request, { acao: 'ALTERAR', entidade: 'conta_padrao', entidadeId: empresaId, antes: antes.configurada ? antes.contas : null, depois: depois.contas });
        return depois;
      });
      return ok<ConfiguracaoContasPadrao>(r);
    },
  );

  rotas.post('/account/contapadrao/atribuir', { schema: { tags }, config: { permissoes: PODE_GERENCIAR_CONTAS } }, async (request) => {
    const empresaId = empresaDe(request);
    let ultimo = 0;
    const total: ResultadoContasPadrao = { criadas: 0, clientes: 0 };
    // Keyset batches, each its own transaction: a failure halfway keeps what was done, and a rerun
    // (idempotent: existing accounts are skipped) finishes the rest.
    for (;;) {
      const lote = await transacaoDoUsuario(request, async (tx) => {
        const ids = await tx
          .select({ id: cliente.id })
          .from(cliente)
          .where(and(eq(cliente.empresaId, empresaId), gt(cliente.id, ultimo), ne(cliente.status, 'ANONIMIZADO')))
          .orderBy(cliente.id)
          .limit(LOTE_ATRIBUIR);
        if (ids.length === 0) return null;
        const criadas = await criarContasPadrao(tx, empresaId, ids.map((i) => i.id));
        return { criadas, clientes: ids.length, ultimo: ids.at(-1)!.id };
      });
      if (!lote) break;
      total.criadas += lote.criadas;
      total.clientes += lote.clientes;
      ultimo = lote.ultimo;
    }
    await transacaoDoUsuario(request, (tx) => auditar(tx, request, { acao: 'ATRIBUIR_CONTAS_PADRAO', entidade: 'conta_padrao', entidadeId: empresaId, depois: total }));
    return ok(total);
  });

  // A GET that writes (spec path): it carries the XSRF token like the other such GETs (decision 006).
  rotas.get(
    '/account/criar/contaspadrao/:id',
    { schema: { tags, params: idParamSchema }, config: { permissoes: PODE_GERENCIAR_CLIENTES, alteraDados: true } },
    async (request) => {
      const empresaId = empresaDe(request);
      const r = await transacaoDoUsuario(request, async (tx) => {
        await exigirCliente(tx, empresaId, request.params.id);
        const criadas = await criarContasPadrao(tx, empresaId, [request.params.id]);
        if (criadas > 0) await auditar(tx, request, { acao: 'CRIAR_CONTAS_PADRAO', entidade: 'cliente', entidadeId: request.params.id, depois: { criadas } });
        return { criadas, clientes: 1 };
      });
      return ok<ResultadoContasPadrao>(r);
    },
  );

  rotas.post(
    '/account/createAccount',
    { schema: { tags, body: criarContaSchema }, config: { permissoes: PODE_GERENCIAR_CLIENTES } },
    async (request) => {
      const empresaId = empresaDe(request);
      const { clienteId, unidade } = request.body;
      const r = await transacaoDoUsuario(request, async (tx) => {
        await exigirCliente(tx, empresaId, clienteId);
        const [nova] = await tx.insert(conta).values({ empresaId, clienteId, tipo: unidade }).onConflictDoNothing().returning({ id: conta.id });
        if (!nova) throw erro.conflito('Este cliente já tem uma conta deste tipo.');
        await auditar(tx, request, { acao: 'CRIAR', entidade: 'conta', entidadeId: nova.id, depois: { clienteId, unidade } });
        return { contaId: nova.id, clienteId, unidade, saldo: 0 };
      });
      return ok(r);
    },
  );
}
