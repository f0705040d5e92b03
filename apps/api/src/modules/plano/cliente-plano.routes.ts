import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, count, eq, gte, lt, sql } from 'drizzle-orm';

import {
  cancelarClientePlanoParamsSchema,
  cancelarClientePlanoQuerySchema,
  clientePlanoFiltroSchema,
  clientePlanoRelatorioSchema,
  clientePlanoSaveSchema,
  contratacaoPeriodoQuerySchema,
  formatarBRL,
  formatarData,
  formatarDataHora,
  hojeISO,
  idParamSchema,
  paginaParamsSchema,
  PODE_GERENCIAR_PLANOS,
  ROTULOS_PERIODICIDADE,
  ROTULOS_SITUACAO_CLIENTE_PLANO,
  type ClientePlano,
  type ContratacoesPorPeriodo,
} from '@bonifica/contracts';
import { cliente, clientePlano, plano } from '../../db/schema/index.js';
import { auditar } from '../../lib/auditoria.js';
import { emPaginas } from '../../lib/csv.js';
import { disposicaoAnexo, gerarPlanilha, TIPOS_MIME, type Celula, type ColunaPlanilha } from '../../lib/planilha.js';
import { erro } from '../../lib/erros.js';
import { relatorioPdf, type ColunaRelatorio } from '../../lib/pdf.js';
import { ok, pagina } from '../../lib/resposta.js';
import { empresaDe, transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { MENSAGEM_PLANO_NAO_ENCONTRADO } from './catalogo.js';
import { buscarContrato, contratosDepoisDe, listarContratos } from './cliente-plano.repository.js';
import { fimDoPeriodo, somarDias, somarMeses } from './periodo.js';

export const MENSAGEM_CONTRATO_NAO_ENCONTRADO = 'Contrato não encontrado.';
/** A PDF is for reading and printing; beyond this the CSV is the right file. */
const PDF_MAXIMO_CONTRATOS = 2_000;

const COLUNAS_PDF: ColunaRelatorio<ClientePlano>[] = [
  { titulo: 'Nº', valor: (c) => String(c.id), largura: 'auto' },
  { titulo: 'Cliente', valor: (c) => c.clienteNome },
  { titulo: 'Plano', valor: (c) => `${c.planoNome} (${ROTULOS_PERIODICIDADE[c.periodicidade].toLowerCase()})` },
  { titulo: 'Preço', valor: (c) => formatarBRL(c.preco), alinhamento: 'right', largura: 'auto' },
  { titulo: 'Início', valor: (c) => formatarData(c.inicio), largura: 'auto' },
  { titulo: 'Fim', valor: (c) => formatarData(c.fim), largura: 'auto' },
  { titulo: 'Situação', valor: (c) => ROTULOS_SITUACAO_CLIENTE_PLANO[c.situacao], largura: 'auto' },
];

const COLUNAS_CSV: ColunaPlanilha[] = [
  { titulo: 'Contrato', tipo: 'inteiro' },
  { titulo: 'Cliente' },
  { titulo: 'CPF/CNPJ', tipo: 'documento' },
  { titulo: 'Plano' },
  { titulo: 'Periodicidade' },
  { titulo: 'Preço (R$)', tipo: 'dinheiro' },
  { titulo: 'Início', tipo: 'data' },
  { titulo: 'Fim', tipo: 'data' },
  { titulo: 'Situação' },
  { titulo: 'Contratado em' },
  { titulo: 'Filial' },
  { titulo: 'Usuário' },
  { titulo: 'Cancelado em' },
  { titulo: 'Motivo do cancelamento' },
];

function linhaCsv(c: ClientePlano): Celula[] {
  return [
    c.id,
    c.clienteNome,
    c.clienteDocumento,
    c.planoNome,
    ROTULOS_PERIODICIDADE[c.periodicidade],
    Math.round(c.preco * 100),
    c.inicio,
    c.fim,
    ROTULOS_SITUACAO_CLIENTE_PLANO[c.situacao],
    formatarDataHora(c.criadoEm),
    c.filialNome,
    c.usuarioNome,
    c.canceladoEm ? formatarDataHora(c.canceladoEm) : null,
    c.motivoCancelamento,
  ];
}

/**
 * Customers' plan contracts (spec §7 "Accounts › Client plan account"), under the prefix
 * `account/clienteplano/` (docs/areas/planos.md): contract, list, report, cancel, counts.
 */
export async function clientePlanoRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];
  const config = { permissoes: PODE_GERENCIAR_PLANOS };

  rotas.post('/account/clienteplano/save', { schema: { tags, body: clientePlanoSaveSchema }, config }, async (request) => {
    const u = usuarioDe(request);
    const empresaId = empresaDe(request);
    const d = request.body;
    const contrato = await transacaoDoUsuario(request, async (tx) => {
      // The customer row is the lock: two clicks contracting the same plan meet here, and the second sees the first.
      const [c] = await tx
        .select({ id: cliente.id, status: cliente.status })
        .from(cliente)
        .where(and(eq(cliente.id, d.clienteId), eq(cliente.empresaId, empresaId)))
        .limit(1)
        .for('update');
      if (!c) throw erro.naoEncontrado('Cliente não encontrado.');
      if (c.status !== 'ATIVO') throw erro.conflito('Cliente bloqueado ou anonimizado: não é possível contratar um plano.');
      const [p] = await tx
        .select({ id: plano.id, ativo: plano.ativo, precoCentavos: plano.precoCentavos, periodicidade: plano.periodicidade })
        .from(plano)
        .where(and(eq(plano.id, d.planoId), eq(plano.empresaId, empresaId)))
        .limit(1);
      if (!p) throw erro.naoEncontrado(MENSAGEM_PLANO_NAO_ENCONTRADO);
      if (!p.ativo) throw erro.conflito('Este plano está inativo e não aceita novas contratações.');
      const [existente] = await tx
        .select({ id: clientePlano.id })
        .from(clientePlano)
        .where(and(eq(clientePlano.empresaId, empresaId), eq(clientePlano.clienteId, c.id), eq(clientePlano.planoId, p.id), eq(clientePlano.status, 'ATIVO')))
        .limit(1);
      if (existente) throw erro.conflito(`O cliente já tem este plano ativo (contrato nº ${existente.id}). Renove esse contrato em vez de contratar de novo.`);
      const inicio = d.inicio ?? hojeISO();
      const [novo] = await tx
        .insert(clientePlano)
        .values({
          empresaId,
          clienteId: c.id,
          planoId: p.id,
          status: 'ATIVO',
          precoCentavos: p.precoCentavos,
          inicio,
          fim: fimDoPeriodo(inicio, p.periodicidade),
          filialId: u.empresaAtualId,
          usuarioId: u.id,
        })
        .returning({ id: clientePlano.id });
      const depois = (await buscarContrato(tx, empresaId, novo!.id))!;
      await auditar(tx, request, { acao: 'CRIAR', entidade: 'cliente_plano', entidadeId: depois.id, depois });
      return depois;
    });
    return ok(contrato);
  });

  rotas.post(
    '/account/clienteplano/filterpaginated/:page/:size',
    { schema: { tags, params: paginaParamsSchema, body: clientePlanoFiltroSchema }, config },
    async (request) => {
      const empresaId = empresaDe(request);
      const { page, size } = request.params;
      const { itens, total } = await transacaoDoUsuario(request, (tx) => listarContratos(tx, empresaId, request.body, page, size));
      return pagina(itens, total, page, size);
    },
  );

  rotas.post('/account/clienteplano/relatorio/download', { schema: { tags, body: clientePlanoRelatorioSchema }, config }, async (request, reply) => {
    const empresaId = empresaDe(request);
    const { formato, filtro } = request.body;
    const hoje = hojeISO();
    if (formato === 'CSV') {
      // One short transaction per page: the file streams after this handler returns.
      const linhas = emPaginas((depoisDe, limite) => transacaoDoUsuario(request, (tx) => contratosDepoisDe(tx, empresaId, filtro, depoisDe, limite)), (c) => c.id);
      const arquivo = gerarPlanilha(
        'CSV',
        COLUNAS_CSV,
        (async function* () {
          for await (const c of linhas) yield linhaCsv(c);
        })(),
      );
      return reply.header('content-type', TIPOS_MIME.CSV).header('content-disposition', disposicaoAnexo(`contratos-planos-${hoje}.csv`)).send(arquivo);
    }
    const contratos = await transacaoDoUsuario(request, (tx) => contratosDepoisDe(tx, empresaId, filtro, null, PDF_MAXIMO_CONTRATOS + 1));
    if (contratos.length > PDF_MAXIMO_CONTRATOS) throw erro.requisicao('O PDF traz até 2.000 contratos: filtre mais ou baixe em CSV.');
    const vigentes = contratos.filter((c) => c.situacao === 'VIGENTE');
    const pdf = await relatorioPdf({
      titulo: 'Contratos de planos',
      colunas: COLUNAS_PDF,
      linhas: contratos,
      paisagem: true,
      resumo: [
        ['Contratos', String(contratos.length)],
        ['Vigentes', String(vigentes.length)],
        ['Receita por período dos vigentes', formatarBRL(vigentes.reduce((s, c) => s + Math.round(c.preco * 100), 0) / 100)],
      ],
    });
    return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="contratos-planos-${hoje}.pdf"`).send(pdf);
  });

  rotas.get(
    '/account/clienteplano/cancelar/:a/:b',
    // Spec path verbatim: a GET that changes data, so it demands the XSRF header (decision 006).
    { schema: { tags, params: cancelarClientePlanoParamsSchema, querystring: cancelarClientePlanoQuerySchema }, config: { ...config, alteraDados: true } },
    async (request) => {
      const u = usuarioDe(request);
      const empresaId = empresaDe(request);
      const { a: clienteId, b: contratoId } = request.params;
      const contrato = await transacaoDoUsuario(request, async (tx) => {
        const [c] = await tx
          .select({ id: clientePlano.id, status: clientePlano.status })
          .from(clientePlano)
          .where(and(eq(clientePlano.id, contratoId), eq(clientePlano.clienteId, clienteId), eq(clientePlano.empresaId, empresaId)))
          .limit(1)
          .for('update');
        if (!c) throw erro.naoEncontrado(MENSAGEM_CONTRATO_NAO_ENCONTRADO);
        if (c.status === 'CANCELADO') throw erro.conflito('Este contrato já foi cancelado.');
        const motivo = request.query.motivo || null;
        await tx
          .update(clientePlano)
          .set({ status: 'CANCELADO', canceladoEm: sql`now()`, canceladoPorId: u.id, motivoCancelamento: motivo })
          .where(eq(clientePlano.id, c.id));
        await auditar(tx, request, { acao: 'CANCELAR', entidade: 'cliente_plano', entidadeId: c.id, antes: { status: 'ATIVO' }, depois: { status: 'CANCELADO', motivo } });
        return (await buscarContrato(tx, empresaId, c.id))!;
      });
      return ok(contrato);
    },
  );

  rotas.get('/account/clienteplano/:id/qtde/plano', { schema: { tags, params: idParamSchema }, config }, async (request) => {
    const empresaId = empresaDe(request);
    const n = await transacaoDoUsuario(request, async (tx) => {
      const [p] = await tx.select({ id: plano.id }).from(plano).where(and(eq(plano.id, request.params.id), eq(plano.empresaId, empresaId))).limit(1);
      if (!p) throw erro.naoEncontrado(MENSAGEM_PLANO_NAO_ENCONTRADO);
      const [r] = await tx
        .select({ n: count() })
        .from(clientePlano)
        .where(and(eq(clientePlano.empresaId, empresaId), eq(clientePlano.planoId, p.id), eq(clientePlano.status, 'ATIVO')));
      return r?.n ?? 0;
    });
    return ok(n);
  });

  rotas.get(
    '/account/:x/qtde/periodo/contratacao',
    {
      schema: { tags, params: z.object({ x: idParamSchema.shape.id }), querystring: contratacaoPeriodoQuerySchema },
      config,
    },
    async (request) => {
      const empresaId = empresaDe(request);
      const planoId = request.params.x;
      const hoje = hojeISO();
      // Default: the current month and the 11 before it.
      const ate = request.query.ate ?? hoje;
      const de = request.query.de ?? somarMeses(`${ate.slice(0, 7)}-01`, -11);
      const mes = sql<string>`to_char(${clientePlano.criadoEm} at time zone 'America/Sao_Paulo', 'YYYY-MM')`;
      const porMes = await transacaoDoUsuario(request, async (tx) => {
        const [p] = await tx.select({ id: plano.id }).from(plano).where(and(eq(plano.id, planoId), eq(plano.empresaId, empresaId))).limit(1);
        if (!p) throw erro.naoEncontrado(MENSAGEM_PLANO_NAO_ENCONTRADO);
        return tx
          .select({ mes, quantidade: count() })
          .from(clientePlano)
          .where(
            and(
              eq(clientePlano.empresaId, empresaId),
              eq(clientePlano.planoId, p.id),
              gte(clientePlano.criadoEm, sql`(${de}::date)::timestamp at time zone 'America/Sao_Paulo'`),
              lt(clientePlano.criadoEm, sql`(${somarDias(ate, 1)}::date)::timestamp at time zone 'America/Sao_Paulo'`),
            ),
          )
          .groupBy(mes)
          .orderBy(mes);
      });
      const r: ContratacoesPorPeriodo = { planoId, de, ate, total: porMes.reduce((s, m) => s + m.quantidade, 0), porMes };
      return ok(r);
    },
  );
}
