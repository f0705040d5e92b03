import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  filtroSorteioSchema,
  ganhadorManualSchema,
  idParamSchema,
  PODE_GERENCIAR_SORTEIOS,
  sementeSorteioSchema,
  sortearQuerySchema,
  sorteioSaveSchema,
  type GanhadorSorteio,
  type Sorteio,
  type SorteioDados,
} from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { auditar } from '../../lib/auditoria.js';
import { erro } from '../../lib/erros.js';
import { registrarRecurso } from '../../lib/recurso.js';
import { ok } from '../../lib/resposta.js';
import { empresaDe, transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { nomeDaEmpresa } from '../company/index.js';
import { congelarSorteio, informarSemente } from './congelar.js';
import { ganhadoresPdf, participantesPdf } from './documentos.js';
import { encerrarSemParticipantes, ganhadoresDo, ganhadorManual, sortearProximo } from './ganhador.js';
import { buscarSorteio, excluirSorteio, gravarSorteio, listarSorteios } from './sorteio.repository.js';

const ENTIDADE = 'sorteio';
const config = { permissoes: PODE_GERENCIAR_SORTEIOS };
const corpoId = z.object({ id: z.number({ message: 'Sorteio inválido.' }).int('Sorteio inválido.').positive('Sorteio inválido.') }).strict();

/**
 * Prize draws (spec §7 "Prize draws and prizes": GET addganhador/{id}, POST addganhadormanual, the two
 * impressao PDFs; the generic resource pattern and congelar/semente/ganhadores for the rest;
 * docs/areas/sorteios.md, decision 037). Management only.
 */
export async function sorteioRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sorteio'];

  registrarRecurso(app, {
    raiz: 'sorteio/',
    entidade: ENTIDADE,
    permissoes: { ler: PODE_GERENCIAR_SORTEIOS, escrever: PODE_GERENCIAR_SORTEIOS },
    filtro: filtroSorteioSchema,
    salvar: sorteioSaveSchema,
    listar: listarSorteios,
    buscar: buscarSorteio,
    gravar: (tx, u, d, antes) => gravarSorteio(tx, u, d as SorteioDados, antes),
    excluir: excluirSorteio,
  });

  /** The draw locked for the change (one winner per position even under a double click), or 404. */
  async function alterar<T>(request: FastifyRequest, id: number, acao: string, fn: (tx: Executor, s: Sorteio, empresaId: number, usuarioId: number) => Promise<T>) {
    const u = usuarioDe(request);
    return transacaoDoUsuario(request, async (tx) => {
      if (!(await buscarSorteio(tx, u, id, true))) throw erro.naoEncontrado('Sorteio não encontrado.');
      // Read again once the lock is held: the locking statement's winner count comes from its snapshot, taken
      // before a concurrent draw committed (READ COMMITTED), and a double click would draw the same position twice.
      const antes = (await buscarSorteio(tx, u, id))!;
      const r = await fn(tx, antes, empresaDe(request), u.id);
      const depois = await buscarSorteio(tx, u, id);
      await auditar(tx, request, { acao, entidade: ENTIDADE, entidadeId: id, antes, depois: { ...depois, resultado: r } });
      return depois!;
    });
  }

  rotas.post(
    '/sorteio/congelar',
    { schema: { tags, summary: 'Encerra a apuração: congela a lista de participantes e publica o SHA-256 dela', body: corpoId }, config },
    async (request) => ok<Sorteio>(await alterar(request, request.body.id, 'CONGELAR', (tx, s, empresaId) => congelarSorteio(tx, s, empresaId))),
  );

  rotas.post(
    '/sorteio/semente',
    { schema: { tags, summary: 'Informa a semente: o resultado da Loteria Federal da data anunciada', body: sementeSorteioSchema }, config },
    async (request) => ok<Sorteio>(await alterar(request, request.body.id, 'SEMENTE', (tx, s, empresaId) => informarSemente(tx, s, empresaId, request.body.semente))),
  );

  rotas.get(
    '/sorteio/addganhador/:id',
    { schema: { tags, summary: 'Sorteia o ganhador do próximo prêmio pelo algoritmo publicado', params: idParamSchema, querystring: sortearQuerySchema }, config: { ...config, alteraDados: true } },
    async (request) => ok<Sorteio>(await alterar(request, request.params.id, 'SORTEAR', (tx, s, empresaId, usuarioId) => sortearProximo(tx, s, empresaId, usuarioId, request.query.posicao))),
  );

  rotas.post(
    '/sorteio/encerrar',
    { schema: { tags, summary: 'Encerra o sorteio quando ninguém mais concorre: os prêmios restantes ficam sem ganhador', body: corpoId }, config },
    async (request) => ok<Sorteio>(await alterar(request, request.body.id, 'ENCERRAR', (tx, s, empresaId) => encerrarSemParticipantes(tx, s, empresaId))),
  );

  rotas.post(
    '/sorteio/addganhadormanual',
    { schema: { tags, summary: 'Registra um ganhador escolhido à mão (número da lista congelada), com motivo obrigatório', body: ganhadorManualSchema }, config },
    async (request) =>
      ok<Sorteio>(await alterar(request, request.body.id, 'GANHADOR_MANUAL', (tx, s, empresaId, usuarioId) => ganhadorManual(tx, s, empresaId, usuarioId, Number(request.body.numero), request.body.motivo))),
  );

  async function comGanhadores(request: FastifyRequest, id: number) {
    const u = usuarioDe(request);
    const empresaId = empresaDe(request);
    return transacaoDoUsuario(request, async (tx) => {
      const s = await buscarSorteio(tx, u, id);
      if (!s) throw erro.naoEncontrado('Sorteio não encontrado.');
      return { s, ganhadores: await ganhadoresDo(tx, id, empresaId), nome: await nomeDaEmpresa(tx, empresaId) };
    });
  }

  rotas.get(
    '/sorteio/ganhadores/:id',
    { schema: { tags, summary: 'Ganhadores do sorteio, na ordem dos prêmios (manuais sinalizados)', params: idParamSchema }, config },
    async (request) => ok<GanhadorSorteio[]>((await comGanhadores(request, request.params.id)).ganhadores),
  );

  rotas.get(
    '/sorteio/ganhadores/impressao/:id',
    { schema: { tags, summary: 'Ganhadores em PDF, com o SHA-256 da lista e a semente', params: idParamSchema }, config },
    async (request, reply) => {
      const { s, ganhadores, nome } = await comGanhadores(request, request.params.id);
      const pdf = await ganhadoresPdf(s, ganhadores, nome);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="ganhadores-sorteio-${s.id}.pdf"`).send(pdf);
    },
  );

  rotas.get(
    '/sorteio/participantes/impressao/:id',
    { schema: { tags, summary: 'Participantes da lista congelada em PDF (CPF mascarado), com o SHA-256', params: idParamSchema }, config },
    async (request, reply) => {
      const u = usuarioDe(request);
      const empresaId = empresaDe(request);
      const pdf = await transacaoDoUsuario(request, async (tx) => {
        const s = await buscarSorteio(tx, u, request.params.id);
        if (!s) throw erro.naoEncontrado('Sorteio não encontrado.');
        return participantesPdf(tx, s, await nomeDaEmpresa(tx, empresaId));
      });
      return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="participantes-sorteio-${request.params.id}.pdf"`).send(pdf);
    },
  );
}
