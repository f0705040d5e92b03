import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  condicoesPublicoSchema,
  etiquetaSaveSchema,
  etiquetasClienteSchema,
  filtroEtiquetaSchema,
  filtroPublicoSchema,
  idParamSchema,
  PERMISSOES,
  PODE_CONSULTAR_CLIENTES,
  PODE_GERENCIAR_CLIENTES,
  publicoSaveSchema,
  type PublicoDados,
} from '@bonifica/contracts';
import { auditar } from '../../lib/auditoria.js';
import { registrarRecurso } from '../../lib/recurso.js';
import { ok } from '../../lib/resposta.js';
import { empresaDe, transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { erro } from '../../lib/erros.js';
import { bloqueioRoutes } from './bloqueio.routes.js';
import { definirEtiquetas, etiquetasDoCliente, buscarEtiqueta, excluirEtiqueta, gravarEtiqueta, listarEtiquetas } from './etiqueta.repository.js';
import { contarPublico, estatisticasPublico } from './estatisticas.js';
import { buscarPublico, excluirPublico, gravarPublico, listarPublicos } from './publico.repository.js';

export const GESTAO_PUBLICOS = [PERMISSOES.empresa, PERMISSOES.empresaAdmin];

/**
 * Audiences (`publico/`, generic resource pattern: the spec shows no paths for them, only "calls
 * also exist for audience statistics"), their live count and statistics, the audience block list
 * (`publico/bloqueio/`) and customer tags (`etiqueta/`). docs/areas/publicos.md.
 */
export async function publicoRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  registrarRecurso(app, {
    raiz: 'publico/',
    entidade: 'publico',
    permissoes: { ler: GESTAO_PUBLICOS, escrever: GESTAO_PUBLICOS },
    filtro: filtroPublicoSchema,
    salvar: publicoSaveSchema,
    listar: listarPublicos,
    buscar: buscarPublico,
    gravar: (tx, u, d, antes) => gravarPublico(tx, u, d as PublicoDados, antes),
    excluir: (tx, u, id) => excluirPublico(tx, u, id),
  });

  rotas.post(
    '/publico/contagem',
    { schema: { tags: ['publico'], summary: 'Contagem ao vivo das condições em edição', body: condicoesPublicoSchema }, config: { permissoes: GESTAO_PUBLICOS } },
    async (request) => ok(await transacaoDoUsuario(request, (tx) => contarPublico(tx, empresaDe(request), request.body))),
  );
  rotas.post(
    '/publico/estatisticas',
    { schema: { tags: ['publico'], summary: 'Estatísticas das condições em edição', body: condicoesPublicoSchema }, config: { permissoes: GESTAO_PUBLICOS } },
    async (request) => ok(await transacaoDoUsuario(request, (tx) => estatisticasPublico(tx, empresaDe(request), request.body))),
  );
  rotas.get(
    '/publico/estatisticas/:id',
    { schema: { tags: ['publico'], summary: 'Estatísticas de um público salvo', params: idParamSchema }, config: { permissoes: GESTAO_PUBLICOS } },
    async (request) => {
      const u = usuarioDe(request);
      return ok(
        await transacaoDoUsuario(request, async (tx) => {
          const p = await buscarPublico(tx, u, request.params.id);
          if (!p) throw erro.naoEncontrado('Público não encontrado.');
          // Saved conditions are read back through the schema: an old row meets today's rules.
          const c = condicoesPublicoSchema.safeParse(p.condicoes);
          if (!c.success) throw erro.conflito('As condições deste público não são mais válidas: edite e salve o público de novo.');
          return estatisticasPublico(tx, empresaDe(request), c.data);
        }),
      );
    },
  );

  await bloqueioRoutes(app);

  registrarRecurso(app, {
    raiz: 'etiqueta/',
    entidade: 'etiqueta',
    permissoes: { ler: PODE_CONSULTAR_CLIENTES, escrever: PODE_GERENCIAR_CLIENTES },
    filtro: filtroEtiquetaSchema,
    salvar: etiquetaSaveSchema,
    listar: listarEtiquetas,
    buscar: buscarEtiqueta,
    gravar: (tx, u, d, antes) => gravarEtiqueta(tx, u, d as { nome: string }, antes),
    excluir: (tx, u, id) => excluirEtiqueta(tx, u, id),
  });
  rotas.get(
    '/etiqueta/cliente/:id',
    { schema: { tags: ['etiqueta'], summary: 'Etiquetas de um cliente', params: idParamSchema }, config: { permissoes: PODE_CONSULTAR_CLIENTES } },
    async (request) => ok(await transacaoDoUsuario(request, (tx) => etiquetasDoCliente(tx, empresaDe(request), request.params.id))),
  );
  rotas.post(
    '/etiqueta/cliente/:id',
    { schema: { tags: ['etiqueta'], summary: 'Define as etiquetas de um cliente', params: idParamSchema, body: etiquetasClienteSchema }, config: { permissoes: PODE_GERENCIAR_CLIENTES } },
    async (request) => {
      const empresaId = empresaDe(request);
      const r = await transacaoDoUsuario(request, async (tx) => {
        const { antes, depois } = await definirEtiquetas(tx, empresaId, request.params.id, request.body.etiquetas);
        await auditar(tx, request, { acao: 'ALTERAR', entidade: 'cliente_etiqueta', entidadeId: request.params.id, antes, depois });
        return depois;
      });
      return ok(r);
    },
  );
}
