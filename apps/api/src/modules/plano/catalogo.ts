import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';

import { centavosParaReais, PODE_GERENCIAR_PLANOS, planoSaveSchema, reaisParaCentavos, type Plano } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { plano } from '../../db/schema/index.js';
import { auditar } from '../../lib/auditoria.js';
import { erro } from '../../lib/erros.js';
import { lista, ok } from '../../lib/resposta.js';
import { empresaDe, transacaoDoUsuario } from '../../lib/tenant.js';

export const MENSAGEM_PLANO_NAO_ENCONTRADO = 'Plano não encontrado.';

// Written with explicit aliases: in a one-table select drizzle leaves columns unqualified, and "id" would bind to cliente_plano.
const contratosAtivos = sql<number>`(select count(*)::int from cliente_plano cp where cp.empresa_id = "plano"."empresa_id" and cp.plano_id = "plano"."id" and cp.status = 'ATIVO')`;

const colunas = {
  id: plano.id,
  nome: plano.nome,
  descricao: plano.descricao,
  precoCentavos: plano.precoCentavos,
  periodicidade: plano.periodicidade,
  cashbackPercentualBp: plano.cashbackPercentualBp,
  pontosPorReal: plano.pontosPorReal,
  ativo: plano.ativo,
  contratosAtivos,
  criadoEm: plano.criadoEm,
  atualizadoEm: plano.atualizadoEm,
};

const selecionar = (tx: Executor) => tx.select(colunas).from(plano);
type Linha = Awaited<ReturnType<typeof selecionar>>[number];

function paraWire({ precoCentavos, cashbackPercentualBp, criadoEm, atualizadoEm, ...l }: Linha): Plano {
  return {
    ...l,
    preco: centavosParaReais(precoCentavos),
    // Basis points → percent with 2 decimals, the same arithmetic as centavos → reais.
    cashbackPercentual: cashbackPercentualBp === null ? null : centavosParaReais(cashbackPercentualBp),
    contratosAtivos: Number(l.contratosAtivos),
    criadoEm: criadoEm.toISOString(),
    atualizadoEm: atualizadoEm.toISOString(),
  };
}

export async function listarPlanos(tx: Executor, empresaId: number, somenteAtivos: boolean): Promise<Plano[]> {
  const filtros: SQL[] = [eq(plano.empresaId, empresaId)];
  if (somenteAtivos) filtros.push(eq(plano.ativo, true));
  const linhas = await selecionar(tx)
    .where(and(...filtros))
    .orderBy(desc(plano.ativo), asc(plano.nome), asc(plano.id));
  return linhas.map(paraWire);
}

export async function buscarPlano(tx: Executor, empresaId: number, id: number): Promise<Plano | null> {
  const [l] = await selecionar(tx)
    .where(and(eq(plano.id, id), eq(plano.empresaId, empresaId)))
    .limit(1);
  return l ? paraWire(l) : null;
}

const catalogoQuerySchema = z.object({ ativo: z.enum(['true', 'false'], { message: 'Use ativo=true ou ativo=false.' }).optional() }).strict();

/** The plan catalogue (spec §7 "Configuration": config/configuracaoplano, config/salvarconfiguracaoplano). */
export async function catalogoPlanoRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['config'];

  rotas.get(
    '/config/configuracaoplano',
    { schema: { tags, querystring: catalogoQuerySchema }, config: { permissoes: PODE_GERENCIAR_PLANOS } },
    async (request) => {
      const empresaId = empresaDe(request);
      return lista(await transacaoDoUsuario(request, (tx) => listarPlanos(tx, empresaId, request.query.ativo === 'true')));
    },
  );

  rotas.post(
    '/config/salvarconfiguracaoplano',
    { schema: { tags, body: planoSaveSchema }, config: { permissoes: PODE_GERENCIAR_PLANOS } },
    async (request) => {
      const empresaId = empresaDe(request);
      const d = request.body;
      const valores = {
        nome: d.nome,
        descricao: d.descricao,
        precoCentavos: reaisParaCentavos(d.preco),
        periodicidade: d.periodicidade,
        cashbackPercentualBp: d.cashbackPercentual === null ? null : reaisParaCentavos(d.cashbackPercentual),
        pontosPorReal: d.pontosPorReal,
        ativo: d.ativo,
      };
      const salvo = await transacaoDoUsuario(request, async (tx) => {
        const antes = d.id ? await buscarPlano(tx, empresaId, d.id) : null;
        if (d.id && !antes) throw erro.naoEncontrado(MENSAGEM_PLANO_NAO_ENCONTRADO);
        // Two plans with one name would be indistinguishable in the contract form and the reports.
        const [homonimo] = await tx
          .select({ id: plano.id })
          .from(plano)
          .where(and(eq(plano.empresaId, empresaId), sql`lower(${plano.nome}) = lower(${d.nome})`, d.id ? ne(plano.id, d.id) : undefined))
          .limit(1);
        if (homonimo) throw erro.conflito('Já existe um plano com este nome.');
        let id = d.id;
        if (id) {
          // Price changes apply to new contracts only: each contract keeps the price it was sold at.
          await tx.update(plano).set({ ...valores, atualizadoEm: sql`now()` }).where(and(eq(plano.id, id), eq(plano.empresaId, empresaId)));
        } else {
          const [novo] = await tx.insert(plano).values({ empresaId, ...valores }).returning({ id: plano.id });
          id = novo!.id;
        }
        const depois = (await buscarPlano(tx, empresaId, id))!;
        await auditar(tx, request, { acao: antes ? 'ALTERAR' : 'CRIAR', entidade: 'plano', entidadeId: id, antes, depois });
        return depois;
      });
      return ok(salvo);
    },
  );
}
