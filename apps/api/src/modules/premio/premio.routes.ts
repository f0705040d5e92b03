import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  filtroPremioSchema,
  idParamSchema,
  imprimirCatalogoSchema,
  PODE_GERENCIAR_PREMIOS,
  PODE_RESGATAR_PREMIOS,
  premioSaveSchema,
  type PremioDados,
  type PremioParaCliente,
} from '@bonifica/contracts';
import { registrarRecurso } from '../../lib/recurso.js';
import { ok } from '../../lib/resposta.js';
import { empresaDe, transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { empresasDaRede, nomeDaEmpresa } from '../company/index.js';
import { fotos } from './dados-impressao.js';
import { catalogoPdf } from './documentos.js';
import { premiosParaCliente } from './para-cliente.js';
import { buscarPremio, excluirPremio, gravarPremio, listarPremios, premiosAtivos } from './premio.repository.js';
import { resgateRoutes } from './resgate.routes.js';

/**
 * Prize catalogue (spec §7 "Prize draws and prizes": POST premio/imprimir; the generic resource pattern
 * for the rest; docs/areas/premios.md). The management keeps the catalogue; the counter reads it.
 */
export async function premioRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['premio'];

  registrarRecurso(app, {
    raiz: 'premio/',
    entidade: 'premio',
    permissoes: { ler: PODE_RESGATAR_PREMIOS, escrever: PODE_GERENCIAR_PREMIOS },
    filtro: filtroPremioSchema,
    salvar: premioSaveSchema,
    listar: listarPremios,
    buscar: buscarPremio,
    gravar: (tx, u, d, antes) => gravarPremio(tx, u, d as PremioDados, antes),
    excluir: excluirPremio,
  });

  rotas.post(
    '/premio/imprimir',
    { schema: { tags, summary: 'Catálogo de prêmios ativos em PDF (A4), para a parede do balcão', body: imprimirCatalogoSchema }, config: { permissoes: PODE_RESGATAR_PREMIOS } },
    async (request, reply) => {
      const empresaId = empresaDe(request);
      const { premios, lojas, nome, imagens } = await transacaoDoUsuario(request, async (tx) => {
        // A sold-out prize stays on the counter's list (marked "Esgotado") but not on the wall.
        const premios = (await premiosAtivos(tx, empresaId, request.body.filialId ?? null)).filter((p) => p.estoque !== 0);
        const ids = premios.map((p) => p.fotoArquivoId).filter((x): x is number => x !== null);
        const lojas = new Map((await empresasDaRede(tx, empresaId)).map((e) => [e.id, e.shortName]));
        return { premios, lojas, nome: await nomeDaEmpresa(tx, empresaId), imagens: await fotos(tx, empresaId, ids) };
      });
      const pdf = await catalogoPdf(premios, nome, imagens, lojas);
      return reply.header('content-type', 'application/pdf').header('content-disposition', 'attachment; filename="catalogo-de-premios.pdf"').send(pdf);
    },
  );

  rotas.get(
    '/premio/cliente/:id',
    { schema: { tags, summary: 'Prêmios ativos desta loja para um cliente, dizendo se o saldo dele alcança', params: idParamSchema }, config: { permissoes: PODE_RESGATAR_PREMIOS } },
    async (request) => {
      const empresaId = empresaDe(request);
      const u = usuarioDe(request);
      return ok<PremioParaCliente[]>(await transacaoDoUsuario(request, (tx) => premiosParaCliente(tx, empresaId, u.empresaAtualId, request.params.id)));
    },
  );

  await app.register(resgateRoutes);
}
