import { sql } from 'drizzle-orm';
import { criarAppDeTeste } from './app-de-teste.js';
import { linhasDe } from './consultas-sql.js';

/**
 * What the campaign tests start from: the app (with the adapters given), its database, the demo
 * network's company and Padaria Pão Quente's (`outra`), and the managers of each, logged in.
 */
export async function abrirContextoDeCampanha(opcoes: Parameters<typeof criarAppDeTeste>[0] = {}) {
  const t = await criarAppDeTeste(opcoes);
  const db = t.app.db;
  const linhas = linhasDe(() => db);
  const [g] = await linhas<{ empresa_id: number }>(sql`select empresa_id from usuario where username = 'gerente'`);
  const [o] = await linhas<{ empresa_id: number }>(sql`select empresa_id from usuario where username = 'outra'`);
  return { t, db, empresaId: g!.empresa_id, outraId: o!.empresa_id, gerente: await t.entrar('gerente'), outra: await t.entrar('outra') };
}
