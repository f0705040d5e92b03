import type { FastifyRequest } from 'fastify';
import type { DashboardFiltro } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { erro } from '../../lib/erros.js';
import { usuarioDe } from '../../lib/tenant.js';
import { exigirFilialDaRede } from '../transacao/index.js';
import type { Faixa } from './consultas.js';
import { lerFusos } from './fusos.js';

/**
 * The caller's company and the validated range of a dashboard call; a branch outside the network is
 * a 400. The network's zones are read under their lock (fusos.ts), held until the call's transaction ends.
 */
export async function faixaDaRequisicao(tx: Executor, request: FastifyRequest, f: DashboardFiltro): Promise<Faixa> {
  const u = usuarioDe(request);
  if (u.empresaId === null) throw erro.proibido('Operação disponível apenas para usuários de uma empresa.');
  const filialId = f.filialId ? await exigirFilialDaRede(tx, u.empresaId, f.filialId) : null;
  return { empresaId: u.empresaId, de: f.de, ate: f.ate, filialId, fusos: await lerFusos(tx, u.empresaId) };
}
