import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';

import {
  bloqueioContaSchema,
  centavosParaReais,
  contasBloqueadasFiltroSchema,
  desbloqueioContaSchema,
  formatarBRL,
  formatarDataHora,
  paginaParamsSchema,
  PODE_BLOQUEAR_CONTAS,
  PODE_VER_RELATORIOS_CONTAS,
  ROTULOS_UNIDADE,
  unidadeEmReais,
  type ContaBloqueada,
  type ContasBloqueadasFiltro,
  type UnidadeConta,
} from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { cliente, conta } from '../../db/schema/index.js';
import { auditar } from '../../lib/auditoria.js';
import { erro } from '../../lib/erros.js';
import { relatorioPdf } from '../../lib/pdf.js';
import { ok, pagina } from '../../lib/resposta.js';
import { empresaDe, transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { condicaoBusca, documentoVisivel } from '../client/index.js';
import { contaCliente } from './razao.js';

const PDF_MAXIMO_CONTAS = 2_000;

/**
 * Why a sale was refused for a blocked account (docs/decisions/024-venda-com-conta-bloqueada.md):
 * whoever may unblock is told where; the counter clerk, who cannot open that page, to call the manager.
 * `resgate`: the sale wanted to spend cashback from the blocked account; otherwise every account the
 * sale would credit is blocked, so it has nothing left to accrue.
 */
export function mensagemContaBloqueada(tipos: readonly UnidadeConta[], motivo: 'resgate' | 'acumulo', desbloqueia: boolean): string {
  const rotulos = tipos.map((t) => ROTULOS_UNIDADE[t].toLowerCase());
  const contas = rotulos.length > 1 ? `As contas de ${rotulos.join(' e de ')} deste cliente estão bloqueadas` : `A conta de ${rotulos[0]} deste cliente está bloqueada`;
  const saida = desbloqueia ? 'desbloqueie em Relatórios › Contas bloqueadas' : 'chame o gerente';
  if (motivo === 'resgate') return `${contas}: o cashback não pode ser usado. Lance a venda sem usar cashback ou ${saida}.`;
  return `${contas}: esta venda não tem o que acumular. ${saida.charAt(0).toUpperCase()}${saida.slice(1)}.`;
}

function condicoes(empresaId: number, f: ContasBloqueadasFiltro): SQL | undefined {
  return and(
    eq(conta.empresaId, empresaId),
    isNotNull(conta.clienteId),
    eq(conta.bloqueada, true),
    f.unidade ? eq(conta.tipo, f.unidade) : undefined,
    f.filialOrigemId ? eq(cliente.filialOrigemId, f.filialOrigemId) : undefined,
    f.busca ? condicaoBusca(empresaId, f.busca) : undefined,
  );
}

async function listar(tx: Executor, empresaId: number, f: ContasBloqueadasFiltro, limite: number, deslocamento: number) {
  const where = condicoes(empresaId, f);
  const [linhas, [total]] = await Promise.all([
    tx
      .select({
        contaId: conta.id,
        clienteId: cliente.id,
        clienteNome: cliente.nome,
        documento: cliente.documento,
        unidade: conta.tipo,
        saldo: conta.saldo,
        motivo: conta.motivoBloqueio,
        bloqueadaEm: conta.bloqueadaEm,
      })
      .from(conta)
      .innerJoin(cliente, eq(cliente.id, conta.clienteId))
      .where(where)
      .orderBy(sql`${conta.bloqueadaEm} desc nulls last`, desc(conta.id))
      .limit(limite)
      .offset(deslocamento),
    tx.select({ n: count() }).from(conta).innerJoin(cliente, eq(cliente.id, conta.clienteId)).where(where),
  ]);
  const itens: ContaBloqueada[] = linhas.map((l) => {
    const unidade = l.unidade as UnidadeConta;
    return { ...l, unidade, saldo: unidadeEmReais(unidade) ? centavosParaReais(l.saldo) : l.saldo, bloqueadaEm: l.bloqueadaEm?.toISOString() ?? null };
  });
  return { itens, total: total?.n ?? 0 };
}

const saldoTexto = (c: ContaBloqueada) => (unidadeEmReais(c.unidade) ? formatarBRL(c.saldo) : `${c.saldo.toLocaleString('pt-BR')} pts`);

/** Blocked accounts (spec §7 "Accounts": contasbloqueadas, imprimir/contasbloqueadas) and the block/unblock that feed them. */
export async function contasBloqueadasRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];

  rotas.post(
    '/account/contasbloqueadas/:page/:size',
    { schema: { tags, params: paginaParamsSchema, body: contasBloqueadasFiltroSchema }, config: { permissoes: PODE_VER_RELATORIOS_CONTAS } },
    async (request) => {
      const empresaId = empresaDe(request);
      const { page, size } = request.params;
      const { itens, total } = await transacaoDoUsuario(request, (tx) => listar(tx, empresaId, request.body, size, page * size));
      const u = usuarioDe(request);
      return pagina(itens.map((c) => ({ ...c, documento: documentoVisivel(u, c.documento) })), total, page, size);
    },
  );

  rotas.post(
    '/account/imprimir/contasbloqueadas',
    { schema: { tags, body: contasBloqueadasFiltroSchema }, config: { permissoes: PODE_VER_RELATORIOS_CONTAS } },
    async (request, reply) => {
      const empresaId = empresaDe(request);
      const { itens, total } = await transacaoDoUsuario(request, (tx) => listar(tx, empresaId, request.body, PDF_MAXIMO_CONTAS, 0));
      if (total > PDF_MAXIMO_CONTAS) throw erro.requisicao('A impressão traz até 2.000 contas: filtre mais a lista.');
      const pdf = await relatorioPdf<ContaBloqueada>({
        titulo: 'Contas bloqueadas',
        resumo: [['Contas bloqueadas', String(total)]],
        paisagem: true,
        linhas: itens,
        colunas: [
          { titulo: 'Cliente', valor: (c) => c.clienteNome },
          { titulo: 'Conta', valor: (c) => ROTULOS_UNIDADE[c.unidade], largura: 'auto' },
          { titulo: 'Saldo', valor: saldoTexto, alinhamento: 'right', largura: 'auto' },
          { titulo: 'Bloqueada em', valor: (c) => (c.bloqueadaEm ? formatarDataHora(c.bloqueadaEm) : '—'), largura: 'auto' },
          { titulo: 'Motivo', valor: (c) => c.motivo ?? '—' },
        ],
      });
      return reply.header('content-type', 'application/pdf').header('content-disposition', 'attachment; filename="contas-bloqueadas.pdf"').send(pdf);
    },
  );

  rotas.post('/account/bloquear', { schema: { tags, body: bloqueioContaSchema }, config: { permissoes: PODE_BLOQUEAR_CONTAS } }, async (request) => {
    const empresaId = empresaDe(request);
    const d = request.body;
    const r = await transacaoDoUsuario(request, async (tx) => {
      const [c] = await tx.select({ id: cliente.id }).from(cliente).where(and(eq(cliente.id, d.clienteId), eq(cliente.empresaId, empresaId))).limit(1);
      if (!c) throw erro.naoEncontrado('Cliente não encontrado.');
      // Blocking ahead of the first movement is allowed: the account is created blocked.
      const contaId = await contaCliente(tx, empresaId, c.id, d.unidade);
      const [atual] = await tx.select({ bloqueada: conta.bloqueada }).from(conta).where(eq(conta.id, contaId)).for('update');
      if (atual!.bloqueada) throw erro.conflito('Esta conta já está bloqueada.');
      await tx.update(conta).set({ bloqueada: true, motivoBloqueio: d.motivo, bloqueadaEm: sql`now()` }).where(eq(conta.id, contaId));
      await auditar(tx, request, { acao: 'BLOQUEAR', entidade: 'conta', entidadeId: contaId, antes: { bloqueada: false }, depois: { bloqueada: true, ...d } });
      return { contaId, bloqueada: true };
    });
    return ok(r);
  });

  rotas.post('/account/desbloquear', { schema: { tags, body: desbloqueioContaSchema }, config: { permissoes: PODE_BLOQUEAR_CONTAS } }, async (request) => {
    const empresaId = empresaDe(request);
    const d = request.body;
    const r = await transacaoDoUsuario(request, async (tx) => {
      const [c] = await tx
        .select({ id: conta.id, bloqueada: conta.bloqueada, motivo: conta.motivoBloqueio, bloqueadaEm: conta.bloqueadaEm })
        .from(conta)
        .where(and(eq(conta.empresaId, empresaId), eq(conta.clienteId, d.clienteId), eq(conta.tipo, d.unidade)))
        .limit(1)
        .for('update');
      if (!c) throw erro.naoEncontrado('Conta não encontrada.');
      if (!c.bloqueada) throw erro.conflito('Esta conta não está bloqueada.');
      await tx.update(conta).set({ bloqueada: false, motivoBloqueio: null, bloqueadaEm: null }).where(eq(conta.id, c.id));
      await auditar(tx, request, {
        acao: 'DESBLOQUEAR',
        entidade: 'conta',
        entidadeId: c.id,
        antes: { bloqueada: true, motivo: c.motivo, bloqueadaEm: c.bloqueadaEm },
        depois: { bloqueada: false, motivo: d.motivo ?? null },
      });
      return { contaId: c.id, bloqueada: false };
    });
    return ok(r);
  });
}
