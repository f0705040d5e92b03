import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  clienteSaveSchema,
  filtroClienteSchema,
  idParamSchema,
  PODE_ANONIMIZAR_CLIENTES,
  PODE_CONSULTAR_CLIENTES,
  PERMISSOES,
  PODE_GERENCIAR_CLIENTES,
  type Cliente,
  type ClienteResumo,
  type ClienteSave,
  type FiltroCliente,
} from '@bonifica/contracts';
import { auditar } from '../../lib/auditoria.js';
import { erro } from '../../lib/erros.js';
import { registrarRecurso } from '../../lib/recurso.js';
import { lista, ok } from '../../lib/resposta.js';
import { transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { exportarRoutes } from './exportar.routes.js';
import { aniversariantesRoutes } from './aniversariantes.js';
import { ativacaoRoutes } from './ativacao.js';
import { contratoRoutes } from './contrato.js';
import { formaPagamentoRoutes } from './formapagamento.js';
import { impressaoRoutes } from './impressao.js';
import { notasRoutes } from './notas.js';
import { documentoVisivel } from './documento-visivel.js';
import { anonimizarCliente, bloquearCliente, buscarCliente, buscarDuplicados, exportarCliente, gravarCliente, listarClientes } from './client.repository.js';

const ENTIDADE = 'cliente';

export async function clientRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const tags = [ENTIDADE];

  // List rows are summaries; findbyid and save answer the whole customer (a ClienteResumo and more).
  registrarRecurso<FiltroCliente, ClienteSave, ClienteResumo>(app, {
    raiz: 'client/',
    entidade: ENTIDADE,
    // The counter terminal's quick sign-up creates a customer; changing one stays with management.
    permissoes: { ler: PODE_CONSULTAR_CLIENTES, escrever: PODE_GERENCIAR_CLIENTES, criar: [PERMISSOES.terminal] },
    filtro: filtroClienteSchema,
    salvar: clienteSaveSchema,
    // Summaries and records leave with the document each user may read (documento-visivel.ts).
    listar: async (tx, u, f, page, size) => {
      const r = await listarClientes(tx, u, f, page, size);
      return { ...r, itens: r.itens.map((c) => ({ ...c, documento: documentoVisivel(u, c.documento) })) };
    },
    buscar: async (tx, u, id) => {
      const c = await buscarCliente(tx, u, id);
      return c && { ...c, documento: documentoVisivel(u, c.documento) };
    },
    gravar: (tx, u, d, antes) => gravarCliente(tx, u, d, antes as Cliente | null),
    excluir: (tx, u, id, antes) => bloquearCliente(tx, u, id, antes as Cliente),
  });

  rotas.get('/client/duplicados', { schema: { tags }, config: { permissoes: PODE_CONSULTAR_CLIENTES } }, async (request) => {
    const u = usuarioDe(request);
    return lista(await transacaoDoUsuario(request, (tx) => buscarDuplicados(tx, u)));
  });

  // Exporting someone's whole record is itself recorded (who asked, when), without the data.
  rotas.get(
    '/client/:id/lgpd/exportar',
    { schema: { tags, params: idParamSchema }, config: { permissoes: PODE_GERENCIAR_CLIENTES } },
    async (request) => {
      const u = usuarioDe(request);
      const exportacao = await transacaoDoUsuario(request, async (tx) => {
        const c = await buscarCliente(tx, u, request.params.id);
        if (!c) throw erro.naoEncontrado();
        const dados = await exportarCliente(tx, u, c);
        await auditar(tx, request, { acao: 'EXPORTAR_LGPD', entidade: ENTIDADE, entidadeId: c.id });
        return dados;
      });
      return ok(exportacao);
    },
  );

  rotas.post(
    '/client/:id/lgpd/anonimizar',
    { schema: { tags, params: idParamSchema }, config: { permissoes: PODE_ANONIMIZAR_CLIENTES } },
    async (request) => {
      const u = usuarioDe(request);
      const resultado = await transacaoDoUsuario(request, async (tx) => {
        const antes = await buscarCliente(tx, u, request.params.id);
        if (!antes) throw erro.naoEncontrado();
        const depois = await anonimizarCliente(tx, u, antes);
        // No personal data in this entry either: only what changed in kind.
        await auditar(tx, request, {
          acao: 'ANONIMIZAR',
          entidade: ENTIDADE,
          entidadeId: antes.id,
          antes: { status: antes.status },
          depois: { nome: depois.nome, status: depois.status },
        });
        return depois;
      });
      return ok(resultado);
    },
  );

  await exportarRoutes(app);
  // Customer page and birthday calls (issue 3 §1; docs/areas/clientes.md).
  await aniversariantesRoutes(app);
  await impressaoRoutes(app);
  await contratoRoutes(app);
  await ativacaoRoutes(app);
  await notasRoutes(app);
  await formaPagamentoRoutes(app);
}
