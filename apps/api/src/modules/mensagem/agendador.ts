import { sql, type SQL } from 'drizzle-orm';
import { FUSOS_HORARIOS_OPCOES, GATILHOS, GATILHOS_AUTOMATICA, type Gatilho } from '@bonifica/contracts';
import type { Db } from '../../db/client.js';
import type { UsuarioContexto } from '../../lib/contexto.js';
import { comTenant } from '../../lib/tenant.js';
import { linhas } from './renderizacao.js';
import { executarRodada } from './rodada.js';

const DIARIOS = GATILHOS_AUTOMATICA.filter((g) => GATILHOS[g].diario);

/** The IANA zone of a company's `fuso_horario`, in SQL (the same table as contracts' fuso.ts). */
function sqlZona(coluna: SQL): SQL {
  const casos = FUSOS_HORARIOS_OPCOES.map((o) => sql`when ${o.valor} then ${o.zona}`);
  return sql`(case ${coluna} ${sql.join(casos, sql` `)} else 'America/Sao_Paulo' end)`;
}

/** The scheduler works for no user: each company's round runs bound to that company, like a request. */
function doSistema(empresaId: number): UsuarioContexto {
  return { id: 0, nome: 'Mensagens automáticas', username: 'sistema', email: null, empresaId, empresaAtualId: empresaId, perfilId: null, perfilNome: null, permissoes: [], administradorFaturamento: false };
}

/**
 * Every minute (lib/agendamentos.ts): the event triggers of every company (new customers, sales with
 * cashback since the last round) and the daily ones whose hour has come today in the company's zone
 * and that have not run today. Each round is its own transaction: one company's failure stops no other.
 */
export async function rodarAutomaticasDevidas(db: Db): Promise<{ rodadas: number; enfileiradas: number }> {
  const zona = sqlZona(sql`e.fuso_horario`);
  const devidas = await linhas<{ empresa_id: number; gatilho: Gatilho }>(
    db,
    sql`select a.empresa_id, a.gatilho from mensagem_automatica a join empresa e on e.id = a.empresa_id
        where a.ativo and a.modelo_id is not null and (
          a.gatilho not in (${sql.join(
            DIARIOS.map((g) => sql`${g}`),
            sql`, `,
          )})
          or (to_char(now() at time zone ${zona}, 'HH24:MI') >= a.horario
              and (a.ultima_rodada is null or a.ultima_rodada < (now() at time zone ${zona})::date)))
        order by a.empresa_id, a.gatilho`,
  );
  let enfileiradas = 0;
  for (const d of devidas) {
    const empresaId = Number(d.empresa_id);
    const r = await comTenant(db, doSistema(empresaId), (tx) => executarRodada(tx, empresaId, d.gatilho));
    enfileiradas += r.enfileiradas;
  }
  return { rodadas: devidas.length, enfileiradas };
}
