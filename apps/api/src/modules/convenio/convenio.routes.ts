import type { FastifyInstance } from 'fastify';
import { filtroRedeCredenciadaSchema, PERMISSOES, redeCredenciadaSaveSchema, type RedeCredenciadaDados } from '@bonifica/contracts';
import { registrarRecurso } from '../../lib/recurso.js';
import { resgatesRoutes } from './resgates.routes.js';
import { buscarParceiro, desativarParceiro, gravarParceiro, listarRede } from './rede-credenciada.repository.js';

const GESTAO = [PERMISSOES.empresa, PERMISSOES.empresaAdmin];

/**
 * The accredited network (segment `convenio`: the spec names partner stores "conveniados" and only
 * shows `convenio/conta/*` paths; the registry uses the generic resource pattern under it).
 */
export async function convenioRoutes(app: FastifyInstance) {
  registrarRecurso(app, {
    raiz: 'convenio/',
    entidade: 'rede_credenciada',
    permissoes: { ler: GESTAO, escrever: GESTAO },
    filtro: filtroRedeCredenciadaSchema,
    salvar: redeCredenciadaSaveSchema,
    listar: listarRede,
    buscar: buscarParceiro,
    gravar: (tx, u, d, antes) => gravarParceiro(tx, u, d as RedeCredenciadaDados, antes),
    excluir: (tx, u, id) => desativarParceiro(tx, u, id),
  });
  // Redemptions at a partner: `convenio/conta/*` (docs/areas/rede-credenciada.md).
  await resgatesRoutes(app);
}
