import { sql } from 'drizzle-orm';
import type { GrupoParticipante, ParticipanteCampanha } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { linhas } from '../mensagem/index.js';

type Linha = Omit<ParticipanteCampanha, 'enviadaEm' | 'entregueEm' | 'lidaEm' | 'mensagemId'> & {
  mensagemId: number | string | null;
  enviadaEm: Date | string | null;
  entregueEm: Date | string | null;
  lidaEm: Date | string | null;
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * A page of a campaign's participants (`filtrar/participantes/{a}/{b}/{c}`) — customers and imported
 * contacts, by name — each with its group and the live status of its message. Null when the campaign is not the company's (→ 404).
 */
export async function listarParticipantes(
  tx: Executor,
  empresaId: number,
  campanhaId: number,
  page: number,
  size: number,
  grupo?: GrupoParticipante,
): Promise<{ itens: ParticipanteCampanha[]; total: number } | null> {
  const [k] = await linhas<{ id: number }>(tx, sql`select id from campanha where id = ${campanhaId} and empresa_id = ${empresaId}`);
  if (!k) return null;
  const filtroGrupo = grupo ? sql` and p.grupo = ${grupo}` : sql``;
  const onde = sql`p.campanha_id = ${campanhaId} and p.empresa_id = ${empresaId}${filtroGrupo}`;
  const itens = await linhas<Linha>(
    tx,
    sql`select case when p.contato_id is null then 'CLIENTE' else 'CONTATO' end as tipo, p.cliente_id as "clienteId", p.contato_id as "contatoId",
        coalesce(c.nome, ct.nome) as nome, coalesce(c.celular, ct.celular) as celular, coalesce(c.email, ct.email) as email,
        p.grupo, p.mensagem_saida_id as "mensagemId", m.status as situacao, m.erro,
        m.enviada_em as "enviadaEm", m.entregue_em as "entregueEm", m.lida_em as "lidaEm"
      from campanha_participante p
      left join cliente c on c.id = p.cliente_id
      left join contato ct on ct.id = p.contato_id
      left join mensagem_saida m on m.id = p.mensagem_saida_id
      where ${onde}
      order by coalesce(c.nome, ct.nome), p.cliente_id, p.contato_id limit ${size} offset ${page * size}`,
  );
  const [t] = await linhas<{ n: number }>(tx, sql`select count(*)::int as n from campanha_participante p where ${onde}`);
  return {
    itens: itens.map((l) => ({
      ...l,
      mensagemId: l.mensagemId === null ? null : Number(l.mensagemId),
      enviadaEm: iso(l.enviadaEm),
      entregueEm: iso(l.entregueEm),
      lidaEm: iso(l.lidaEm),
    })),
    total: Number(t?.n ?? 0),
  };
}
