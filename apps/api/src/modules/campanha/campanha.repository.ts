import { sql, type SQL } from 'drizzle-orm';
import type { Campanha, CampanhaDados, FiltroCampanha, StatusCampanha } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import type { UsuarioContexto } from '../../lib/contexto.js';
import { padraoContem } from '../../lib/busca.js';
import { erro } from '../../lib/erros.js';
import { linhas } from '../mensagem/index.js';

export function tenant(u: UsuarioContexto): number {
  if (u.empresaId === null) throw erro.proibido('Operação disponível apenas para usuários de uma empresa.');
  return u.empresaId;
}

/**
 * The status a person sees, read from the batch (docs/areas/mensageria.md "Campanhas"): never kept in
 * two places. Nothing left in the queue = CONCLUIDA even before the reconciliation marks the batch.
 */
export const sqlStatus: SQL = sql`case
  when k.lote_id is null then 'RASCUNHO'
  when l.status = 'CANCELADO' then 'CANCELADA'
  when l.status = 'CONCLUIDO' then 'CONCLUIDA'
  when l.status = 'PAUSADO' then 'PAUSADA'
  when not exists (select 1 from mensagem_saida m where m.lote_id = l.id and m.status in ('FILA', 'ENVIANDO')) then 'CONCLUIDA'
  when k.inicio_em > now() then 'AGENDADA'
  else 'ENVIANDO' end`;

type Linha = Omit<Campanha, 'agendadaPara' | 'disparadaEm' | 'inicioEm' | 'criadoEm'> & {
  agendadaPara: Date | string | null;
  disparadaEm: Date | string | null;
  inicioEm: Date | string | null;
  criadoEm: Date | string;
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const paraCampanha = (l: Linha): Campanha => ({
  ...l,
  loteId: l.loteId === null ? null : Number(l.loteId),
  agendadaPara: iso(l.agendadaPara),
  disparadaEm: iso(l.disparadaEm),
  inicioEm: iso(l.inicioEm),
  criadoEm: iso(l.criadoEm)!,
});

const selecao = sql`select * from (select k.id, k.nome, k.publico_id as "publicoId", p.nome as "publicoNome", k.modelo_id as "modeloId",
    mm.nome as "modeloNome", k.canal, k.agenda, k.agendada_para as "agendadaPara", k.dias_espalhar as "diasEspalhar",
    k.controle_percentual as "controlePercentual", k.dias_atribuicao as "diasAtribuicao", k.cupom, k.link,
    ${sqlStatus} as status, k.lote_id as "loteId", k.disparada_em as "disparadaEm", k.inicio_em as "inicioEm",
    k.participantes_envio as "participantesEnvio", k.participantes_controle as "participantesControle", k.criado_em as "criadoEm"
  from campanha k
  left join lote_mensagem l on l.id = k.lote_id
  left join publico p on p.id = k.publico_id
  left join modelo_mensagem mm on mm.id = k.modelo_id`;

function onde(empresaId: number, f: FiltroCampanha): SQL {
  const p: SQL[] = [sql`k.empresa_id = ${empresaId}`];
  if (f.busca) p.push(sql`busca_normalizada(k.nome) like busca_normalizada(${padraoContem(f.busca)})`);
  return sql.join(p, sql` and `);
}

export async function listarCampanhas(tx: Executor, u: UsuarioContexto, f: FiltroCampanha, page: number, size: number) {
  const empresaId = tenant(u);
  const status = f.status ? sql` where x.status = ${f.status}` : sql``;
  const base = sql`${selecao} where ${onde(empresaId, f)}) x${status}`;
  const itens = await linhas<Linha>(tx, sql`${base} order by x."criadoEm" desc, x.id desc limit ${size} offset ${page * size}`);
  const [t] = await linhas<{ n: number }>(tx, sql`select count(*)::int as n from (${base}) y`);
  return { itens: itens.map(paraCampanha), total: Number(t?.n ?? 0) };
}

export async function buscarCampanha(tx: Executor, u: UsuarioContexto, id: number): Promise<Campanha | null> {
  if (u.empresaId === null) return null;
  const [l] = await linhas<Linha>(tx, sql`${selecao} where k.id = ${id} and k.empresa_id = ${u.empresaId}) x`);
  return l ? paraCampanha(l) : null;
}

/** Audience and template must be the company's own: another company's id reads as "not found". */
async function conferirReferencias(tx: Executor, empresaId: number, d: CampanhaDados) {
  const [r] = await linhas<{ publico: boolean; modelo: string | null; ativo: boolean | null }>(
    tx,
    sql`select exists (select 1 from publico where id = ${d.publicoId} and empresa_id = ${empresaId}) as publico,
      (select canal from modelo_mensagem where id = ${d.modeloId} and empresa_id = ${empresaId}) as modelo,
      (select ativo from modelo_mensagem where id = ${d.modeloId} and empresa_id = ${empresaId}) as ativo`,
  );
  if (!r?.publico) throw erro.requisicao('Público não encontrado.');
  if (!r.modelo) throw erro.requisicao('Modelo não encontrado.');
  if (r.modelo !== d.canal) throw erro.requisicao('O modelo escolhido é de outro canal.');
  if (!r.ativo) throw erro.requisicao('O modelo escolhido está inativo.');
}

export async function gravarCampanha(tx: Executor, u: UsuarioContexto, d: CampanhaDados, antes: Campanha | null): Promise<Campanha> {
  const empresaId = tenant(u);
  if (antes && antes.status !== 'RASCUNHO') throw erro.conflito('Campanha já disparada: não pode mais ser alterada.');
  await conferirReferencias(tx, empresaId, d);
  const agendadaPara = d.agenda === 'AGORA' ? null : (d.agendadaPara ?? null);
  const diasEspalhar = d.agenda === 'ESPALHADA' ? (d.diasEspalhar ?? null) : null;
  const v = sql`${d.nome}, ${d.publicoId}::int, ${d.modeloId}::int, ${d.canal}, ${d.agenda}, ${agendadaPara}::timestamptz, ${diasEspalhar}::smallint,
    ${d.controlePercentual}::smallint, ${d.diasAtribuicao}::smallint, ${d.cupom || null}, ${d.link || null}`;
  let id: number;
  if (antes) {
    await tx.execute(sql`update campanha set (nome, publico_id, modelo_id, canal, agenda, agendada_para, dias_espalhar, controle_percentual, dias_atribuicao, cupom, link, atualizado_em)
      = (${v}, now()) where id = ${antes.id} and empresa_id = ${empresaId}`);
    id = antes.id;
  } else {
    const [r] = await linhas<{ id: number }>(
      tx,
      sql`insert into campanha (nome, publico_id, modelo_id, canal, agenda, agendada_para, dias_espalhar, controle_percentual, dias_atribuicao, cupom, link, empresa_id, usuario_id)
        values (${v}, ${empresaId}, ${u.id}) returning id`,
    );
    id = r!.id;
  }
  return (await buscarCampanha(tx, u, id))!;
}

/** Only a draft is deleted; a fired campaign keeps its participants and results (cancel it instead). */
export async function excluirCampanha(tx: Executor, u: UsuarioContexto, id: number, antes: Campanha): Promise<'EXCLUIR'> {
  if (antes.status !== 'RASCUNHO') throw erro.conflito('Campanha já disparada não pode ser excluída: cancele-a.');
  await tx.execute(sql`delete from campanha where id = ${id} and empresa_id = ${tenant(u)}`);
  return 'EXCLUIR';
}

export type { StatusCampanha };
