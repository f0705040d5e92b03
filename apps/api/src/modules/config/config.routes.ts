import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { configSistema } from '../../db/schema/index.js';
import { lista, ok } from '../../lib/resposta.js';

export const NOME_SISTEMA_PADRAO = 'Bonifica';

export async function lerConfig(app: FastifyInstance, chave: string): Promise<string | null> {
  const [l] = await app.db.select({ valor: configSistema.valor }).from(configSistema).where(eq(configSistema.chave, chave)).limit(1);
  return l?.valor ?? null;
}

export async function configRoutes(app: FastifyInstance) {
  const tags = ['config'];
  /** Public: the login page shows the system name before anyone is logged in. */
  app.get('/config/nomesistema', { schema: { tags }, config: { publico: true } }, async () => ok((await lerConfig(app, 'nome_sistema')) ?? NOME_SISTEMA_PADRAO));

  /** Only settings marked public reach the browser; secrets never live in this table's public rows. */
  app.get('/config/configs', { schema: { tags } }, async () => {
    const linhas = await app.db.select({ chave: configSistema.chave, valor: configSistema.valor }).from(configSistema).where(eq(configSistema.publica, true));
    return lista(linhas);
  });
}
