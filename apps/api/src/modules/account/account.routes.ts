import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq, exists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import {
  ajusteSchema,
  estornoSchema,
  extratoFiltroSchema,
  idParamSchema,
  paginaParamsSchema,
  PERMISSOES,
  reaisParaCentavos,
  unidadeEmReais,
  type LinhaExtrato,
  type ResultadoLancamento,
  type SaldoConta,
  type UnidadeConta,
} from '@bonifica/contracts';
import { cliente, conta, lancamento, partida } from '../../db/schema/index.js';
import type { Executor } from '../../db/client.js';
import { auditar } from '../../lib/auditoria.js';
import type { UsuarioContexto } from '../../lib/contexto.js';
import { erro } from '../../lib/erros.js';
import { comIdempotencia } from '../../lib/idempotencia.js';
import { lista, ok, pagina } from '../../lib/resposta.js';
import { transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { creditarCliente, estornar } from './razao.js';
import { DOCUMENTO_DO_LANCAMENTO } from './documento-do-lancamento.js';
import { paraWire, saldosDetalhados } from './saldos.js';
import { contasPadraoRoutes } from './contas-padrao.routes.js';
import { unificacaoRoutes } from './unificacao.routes.js';

const GESTAO = [PERMISSOES.empresa, PERMISSOES.empresaAdmin];
const CONSULTA = [...GESTAO, PERMISSOES.clientesConsultar, PERMISSOES.terminal];


function tenant(u: UsuarioContexto): number {
  if (u.empresaId === null) throw erro.proibido('Operação disponível apenas para usuários de uma empresa.');
  return u.empresaId;
}

async function exigirCliente(tx: Executor, empresaId: number, clienteId: number) {
  const [c] = await tx.select({ id: cliente.id, status: cliente.status }).from(cliente).where(and(eq(cliente.id, clienteId), eq(cliente.empresaId, empresaId))).limit(1);
  if (!c) throw erro.naoEncontrado('Cliente não encontrado.');
  return c;
}

async function saldoDe(tx: Executor, empresaId: number, clienteId: number, unidade: UnidadeConta): Promise<number> {
  const [c] = await tx
    .select({ saldo: conta.saldo })
    .from(conta)
    .where(and(eq(conta.empresaId, empresaId), eq(conta.clienteId, clienteId), eq(conta.tipo, unidade)))
    .limit(1);
  return c?.saldo ?? 0;
}

/** Balances, statement and manual postings of the ledger (segment `account`). */
export async function accountRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];

  rotas.get(
    '/account/saldos/:id',
    { schema: { tags, params: idParamSchema }, config: { permissoes: CONSULTA } },
    async (request) => {
      const u = usuarioDe(request);
      const empresaId = tenant(u);
      const saldos = await transacaoDoUsuario(request, async (tx) => {
        await exigirCliente(tx, empresaId, request.params.id);
        return (await saldosDetalhados(tx, empresaId, [request.params.id])).get(request.params.id)!;
      });
      return lista<SaldoConta>(saldos);
    },
  );

  rotas.post(
    '/account/extrato/:id/:page/:size',
    { schema: { tags, params: idParamSchema.extend(paginaParamsSchema.shape), body: extratoFiltroSchema }, config: { permissoes: CONSULTA } },
    async (request) => {
      const u = usuarioDe(request);
      const empresaId = tenant(u);
      const { id, page, size } = request.params;
      const unidade = request.body.unidade;
      const estorno = alias(lancamento, 'estorno');
      const r = await transacaoDoUsuario(request, async (tx) => {
        await exigirCliente(tx, empresaId, id);
        const where = and(eq(conta.empresaId, empresaId), eq(conta.clienteId, id), eq(conta.tipo, unidade));
        const [linhas, [total]] = await Promise.all([
          tx
            .select({
              partidaId: partida.id,
              lancamentoId: lancamento.id,
              tipo: lancamento.tipo,
              descricao: lancamento.descricao,
              valor: partida.valor,
              criadoEm: lancamento.criadoEm,
              estornoDeId: lancamento.estornoDeId,
              estornado: exists(
                tx.select({ um: sql`1` }).from(estorno).where(and(eq(estorno.empresaId, empresaId), eq(estorno.estornoDeId, lancamento.id))),
              ),
            })
            .from(partida)
            .innerJoin(conta, eq(conta.id, partida.contaId))
            .innerJoin(lancamento, eq(lancamento.id, partida.lancamentoId))
            .where(where)
            .orderBy(desc(partida.id))
            .limit(size)
            .offset(page * size),
          tx.select({ n: count() }).from(partida).innerJoin(conta, eq(conta.id, partida.contaId)).where(where),
        ]);
        return { linhas, total: total?.n ?? 0 };
      });
      const itens: LinhaExtrato[] = r.linhas.map((l) => ({
        ...l,
        valor: paraWire(unidade, l.valor),
        criadoEm: l.criadoEm.toISOString(),
        estornado: Boolean(l.estornado),
        // The same table the reversal checks, so the screen offers "Estornar" only where it will work.
        estornavel: DOCUMENTO_DO_LANCAMENTO[l.tipo].livre && !l.estornado,
      }));
      return pagina(itens, r.total, page, size);
    },
  );

  rotas.post(
    '/account/lancamento/ajuste',
    { schema: { tags, body: ajusteSchema }, config: { permissoes: GESTAO } },
    async (request) => {
      const u = usuarioDe(request);
      const empresaId = tenant(u);
      const d = request.body;
      const valor = unidadeEmReais(d.unidade) ? reaisParaCentavos(d.valor) : d.valor;
      const r = await transacaoDoUsuario(request, (tx) =>
        comIdempotencia<ResultadoLancamento>(tx, request, empresaId, async () => {
          await exigirCliente(tx, empresaId, d.clienteId);
          const lancamentoId = await creditarCliente(tx, {
            empresaId,
            clienteId: d.clienteId,
            unidade: d.unidade,
            valor,
            tipo: 'AJUSTE',
            descricao: d.motivo,
            usuarioId: u.id,
            filialId: u.empresaAtualId,
          });
          await auditar(tx, request, { acao: 'AJUSTE', entidade: 'lancamento', entidadeId: lancamentoId, depois: d });
          return { lancamentoId, saldo: paraWire(d.unidade, await saldoDe(tx, empresaId, d.clienteId, d.unidade)) };
        }),
      );
      return ok(r);
    },
  );

  rotas.post(
    '/account/lancamento/estornar/:id',
    { schema: { tags, params: idParamSchema, body: estornoSchema }, config: { permissoes: GESTAO } },
    async (request) => {
      const u = usuarioDe(request);
      const empresaId = tenant(u);
      const r = await transacaoDoUsuario(request, (tx) =>
        comIdempotencia(tx, request, empresaId, async () => {
          const lancamentoId = await estornar(tx, empresaId, request.params.id, { descricao: request.body.motivo, usuarioId: u.id, filialId: u.empresaAtualId });
          await auditar(tx, request, { acao: 'ESTORNO', entidade: 'lancamento', entidadeId: lancamentoId, depois: { estornoDe: request.params.id, ...request.body } });
          return { lancamentoId };
        }),
      );
      return ok(r);
    },
  );

  // Default accounts and unification: their own files, registered with the segment.
  await contasPadraoRoutes(app);
  await unificacaoRoutes(app);
}
