import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { AlvoDescadastro } from '../../lib/link-descadastro.js';

/** Origin of the consent row written by the unsubscribe link (cliente_consentimento / contato_consentimento). */
export const ORIGEM_DESCADASTRO = 'EMAIL_DESCADASTRO';

type Linhas<T> = { rows: T[] };

/**
 * Records the e-mail revocation of the link's person in their consent history — a new row, the history
 * is never edited — unless the latest row of the channel already says no (opening the link twice, or the
 * mail app's one-click POST and then the page, leaves one row). Returns the company's short name for the
 * page, or null when the person or company no longer exists. No login: it runs as the app's owner, like
 * the other public pages, on exactly the ids the signature vouches for.
 */
export async function revogarEmail(db: Db, a: AlvoDescadastro): Promise<{ loja: string } | null> {
  return db.transaction(async (tx) => {
    const [e] = ((await tx.execute(sql`select nome_curto from empresa where id = ${a.empresaId}`)) as unknown as Linhas<{ nome_curto: string }>).rows;
    if (!e) return null;
    const q =
      a.tipo === 'CLIENTE'
        ? sql`insert into cliente_consentimento (empresa_id, cliente_id, canal, concedido, origem)
            select c.empresa_id, c.id, 'EMAIL', false, ${ORIGEM_DESCADASTRO} from cliente c
            where c.id = ${a.id} and c.empresa_id = ${a.empresaId}
              and coalesce((select cc.concedido from cliente_consentimento cc where cc.empresa_id = c.empresa_id and cc.cliente_id = c.id and cc.canal = 'EMAIL'
                order by cc.criado_em desc, cc.id desc limit 1), true)
            returning id`
        : sql`insert into contato_consentimento (empresa_id, contato_id, canal, concedido, origem)
            select ct.empresa_id, ct.id, 'EMAIL', false, ${ORIGEM_DESCADASTRO} from contato ct
            where ct.id = ${a.id} and ct.empresa_id = ${a.empresaId}
              and coalesce((select kc.concedido from contato_consentimento kc where kc.empresa_id = ct.empresa_id and kc.contato_id = ct.id and kc.canal = 'EMAIL'
                order by kc.criado_em desc, kc.id desc limit 1), true)
            returning id`;
    await tx.execute(q);
    const existe =
      a.tipo === 'CLIENTE'
        ? sql`select 1 from cliente where id = ${a.id} and empresa_id = ${a.empresaId}`
        : sql`select 1 from contato where id = ${a.id} and empresa_id = ${a.empresaId}`;
    const r = (await tx.execute(existe)) as unknown as Linhas<unknown>;
    return r.rows.length ? { loja: e.nome_curto } : null;
  });
}

/** The company's short name when the link's person still exists there (the confirmation page's question). */
export async function lojaDoAlvo(db: Db, a: AlvoDescadastro): Promise<string | null> {
  const tabela = sql.raw(a.tipo === 'CLIENTE' ? 'cliente' : 'contato');
  const r = (await db.execute(
    sql`select e.nome_curto from empresa e join ${tabela} p on p.empresa_id = e.id where e.id = ${a.empresaId} and p.id = ${a.id}`,
  )) as unknown as Linhas<{ nome_curto: string }>;
  return r.rows[0]?.nome_curto ?? null;
}
