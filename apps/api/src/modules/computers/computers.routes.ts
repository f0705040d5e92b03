import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dispositivoSaveSchema, filtroDispositivoSchema, idParamSchema, PERMISSOES, type DispositivoDados } from '@bonifica/contracts';
import { auditar } from '../../lib/auditoria.js';
import { erro } from '../../lib/erros.js';
import { registrarRecurso } from '../../lib/recurso.js';
import { ok } from '../../lib/resposta.js';
import { transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { alternarStatus, buscarDispositivo, excluirDispositivo, gravarDispositivo, listarDispositivos, novoToken } from './dispositivo.repository.js';

const GESTAO = [PERMISSOES.empresa, PERMISSOES.empresaAdmin];

/** Counter computers and tablets of the network (segment `computers`, spec §7 "Other"). */
export async function computersRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['computers'];

  rotas.get(
    '/computers/alterarstatus/:id',
    // Spec path verbatim: a GET that changes data, so it demands the XSRF header like a POST.
    { schema: { tags, params: idParamSchema }, config: { permissoes: GESTAO, alteraDados: true } },
    async (request) => {
      const u = usuarioDe(request);
      const depois = await transacaoDoUsuario(request, async (tx) => {
        const antes = await buscarDispositivo(tx, u, request.params.id);
        if (!antes) throw erro.naoEncontrado('Dispositivo não encontrado.');
        await alternarStatus(tx, u, antes.id);
        const d = (await buscarDispositivo(tx, u, antes.id))!;
        await auditar(tx, request, { acao: d.ativo ? 'ATIVAR' : 'DESATIVAR', entidade: 'dispositivo', entidadeId: d.id, antes, depois: d });
        return d;
      });
      return ok(depois);
    },
  );

  rotas.post('/computers/novotoken/:id', { schema: { tags, params: idParamSchema }, config: { permissoes: GESTAO } }, async (request) => {
    const u = usuarioDe(request);
    const d = await transacaoDoUsuario(request, async (tx) => {
      const r = await novoToken(tx, u, request.params.id);
      if (!r) throw erro.naoEncontrado('Dispositivo não encontrado.');
      await auditar(tx, request, { acao: 'NOVO_TOKEN', entidade: 'dispositivo', entidadeId: r.id });
      return r;
    });
    return ok(d);
  });

  registrarRecurso(app, {
    raiz: 'computers/',
    entidade: 'dispositivo',
    permissoes: { ler: GESTAO, escrever: GESTAO },
    filtro: filtroDispositivoSchema,
    salvar: dispositivoSaveSchema,
    listar: listarDispositivos,
    buscar: buscarDispositivo,
    gravar: (tx, u, d, antes) => gravarDispositivo(tx, u, d as DispositivoDados, antes),
    excluir: excluirDispositivo,
  });
}
