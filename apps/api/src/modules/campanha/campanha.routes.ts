import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  campanhaSaveSchema,
  filtroCampanhaSchema,
  idParamSchema,
  participantesParamsSchema,
  participantesQuerySchema,
  PERMISSOES,
  resultadosQuerySchema,
  type CampanhaDados,
} from '@bonifica/contracts';
import { auditar } from '../../lib/auditoria.js';
import { erro } from '../../lib/erros.js';
import { registrarRecurso } from '../../lib/recurso.js';
import { ok, pagina } from '../../lib/resposta.js';
import { empresaDe, transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { buscarCampanha, excluirCampanha, gravarCampanha, listarCampanhas } from './campanha.repository.js';
import { dispararCampanha } from './disparo.js';
import { listarParticipantes } from './participantes.js';
import { resultadosCampanha } from './resultados.js';

const GESTAO = [PERMISSOES.empresa, PERMISSOES.empresaAdmin];

/**
 * Campaigns (`campanha/`, generic resource pattern; spec §7 "Campaign" gives only
 * `filtrar/participantes/{a}/{b}/{c}`). Start, pause and cancel are the batch's own calls
 * (`servidorwhatsapp/iniciar|pausar|cancelar`). docs/areas/mensageria.md "Campanhas".
 */
export async function campanhaRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['campanha'];
  registrarRecurso(app, {
    raiz: 'campanha/',
    entidade: 'campanha',
    permissoes: { ler: GESTAO, escrever: GESTAO },
    filtro: filtroCampanhaSchema,
    salvar: campanhaSaveSchema,
    listar: listarCampanhas,
    buscar: buscarCampanha,
    gravar: (tx, u, d, antes) => gravarCampanha(tx, u, d as CampanhaDados, antes),
    excluir: (tx, u, id, antes) => excluirCampanha(tx, u, id, antes),
  });

  rotas.post(
    '/campanha/disparar/:id',
    { schema: { tags, summary: 'Dispara a campanha: cria o lote, sorteia o grupo de controle e enfileira', params: idParamSchema }, config: { permissoes: GESTAO } },
    async (request) => {
      const empresaId = empresaDe(request);
      const u = usuarioDe(request);
      const r = await transacaoDoUsuario(request, async (tx) => {
        const d = await dispararCampanha(tx, empresaId, request.params.id, u.id);
        await auditar(tx, request, { acao: 'DISPARAR', entidade: 'campanha', entidadeId: request.params.id, depois: d });
        return d;
      });
      return ok(r);
    },
  );

  rotas.get(
    '/filtrar/participantes/:a/:b/:c',
    {
      schema: { tags, summary: 'Participantes da campanha a, página b (a partir de 0), tamanho c', params: participantesParamsSchema, querystring: participantesQuerySchema },
      config: { permissoes: GESTAO },
    },
    async (request) => {
      const { a, b, c } = request.params;
      const r = await transacaoDoUsuario(request, (tx) => listarParticipantes(tx, empresaDe(request), a, b, c, request.query.grupo));
      if (!r) throw erro.naoEncontrado('Campanha não encontrada.');
      return pagina(r.itens, r.total, b, c);
    },
  );

  rotas.get(
    '/campanha/resultados/:id',
    { schema: { tags, summary: 'Resultados: mensagens, opt-outs e vendas contra o grupo de controle', params: idParamSchema, querystring: resultadosQuerySchema }, config: { permissoes: GESTAO } },
    async (request) => {
      const r = await transacaoDoUsuario(request, (tx) => resultadosCampanha(tx, empresaDe(request), request.params.id, request.query.dias));
      if (!r) throw erro.naoEncontrado('Campanha não encontrada.');
      return ok(r);
    },
  );
}
