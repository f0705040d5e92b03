import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { condicoesPublicoSchema, type DisparoCampanha } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { erro } from '../../lib/erros.js';
import { contextoDaEmpresa, instanciaDaEmpresa, linhas, sqlContatoPodeReceber, sqlPodeReceber, sqlRenderizar, type CanalConsentimento } from '../mensagem/index.js';
import { selecaoClientesDoPublico, selecaoContatosDoPublico } from '../publico/index.js';

type CampanhaParaDisparo = {
  id: number;
  nome: string;
  canal: CanalConsentimento;
  agenda: 'AGORA' | 'DATA' | 'ESPALHADA';
  agendada_para: Date | string | null;
  dias_espalhar: number | null;
  controle_percentual: number;
  cupom: string | null;
  link: string | null;
  lote_id: number | null;
  condicoes: unknown;
  texto: string | null;
  assunto: string | null;
  arquivo_id: number | null;
  modelo_ativo: boolean | null;
};

/**
 * Fires a draft campaign (docs/areas/mensageria.md "Campanhas"), inside the caller's transaction:
 * creates its batch and, in ONE statement, selects who may receive (the audience's customers and, when
 * it includes them, its imported contacts — minus the block list, with consent of the campaign's channel
 * and a valid mobile or address), draws the holdout (an exact share, by the md5 of a recorded
 * seed and the customer id: reproducible), queues one rendered message per sending-group customer and
 * records every participant with its group and message. Nothing travels through Node per customer.
 */
export async function dispararCampanha(tx: Executor, empresaId: number, campanhaId: number, usuarioId: number | null): Promise<DisparoCampanha> {
  // The row lock makes a double click fire once: the second waits, then sees the batch.
  const [k] = await linhas<CampanhaParaDisparo>(
    tx,
    sql`select k.id, k.nome, k.canal, k.agenda, k.agendada_para, k.dias_espalhar, k.controle_percentual, k.cupom, k.link, k.lote_id,
        p.condicoes, mm.texto, mm.assunto, mm.arquivo_id, mm.ativo as modelo_ativo
      from campanha k left join publico p on p.id = k.publico_id left join modelo_mensagem mm on mm.id = k.modelo_id
      where k.id = ${campanhaId} and k.empresa_id = ${empresaId} for update of k`,
  );
  if (!k) throw erro.naoEncontrado('Campanha não encontrada.');
  if (k.lote_id !== null) throw erro.conflito('Esta campanha já foi disparada.');
  if (k.condicoes === null) throw erro.conflito('O público desta campanha foi excluído: escolha outro.');
  if (k.texto === null) throw erro.conflito('O modelo desta campanha foi excluído: escolha outro.');
  if (!k.modelo_ativo) throw erro.conflito('O modelo desta campanha está inativo.');
  const condicoes = condicoesPublicoSchema.safeParse(k.condicoes);
  if (!condicoes.success) throw erro.conflito('As condições do público não são mais válidas: edite e salve o público de novo.');
  const agendada = k.agendada_para === null ? null : new Date(k.agendada_para);
  if (k.agenda === 'DATA' && agendada && agendada.getTime() < Date.now() - 60_000) throw erro.requisicao('A data de envio já passou: escolha outra.');

  // E-mail needs no WhatsApp number: the outbox's e-mail worker delivers it (decision 034).
  const instanciaId = k.canal === 'WHATSAPP' ? await instanciaDaEmpresa(tx, empresaId) : null;
  if (k.canal === 'WHATSAPP' && instanciaId === null) throw erro.conflito('A empresa não tem um número de WhatsApp para enviar mensagens.');
  const ctx = await contextoDaEmpresa(tx, empresaId, { cupom: k.cupom, link: k.link });
  const semente = randomBytes(8).toString('hex');
  const dias = k.agenda === 'ESPALHADA' ? (k.dias_espalhar ?? 1) : 1;

  const [lote] = await linhas<{ id: number; inicio: Date | string }>(
    tx,
    sql`insert into lote_mensagem (empresa_id, nome, origem, origem_id, usuario_id)
      values (${empresaId}, ${`Campanha: ${k.nome}`.slice(0, 120)}, 'CAMPANHA', ${campanhaId}, ${usuarioId}::int)
      returning id, greatest(coalesce(${agendada?.toISOString() ?? null}::timestamptz, now()), now()) as inicio`,
  );
  const loteId = lote!.id;
  const inicio = new Date(lote!.inicio).toISOString();
  const alvos = sqlAlvos(empresaId, k.canal, condicoes.data);
  // The rendering reads the row `g`: a customer's id and name, or a contact's name with a null id (no
  // balance, points or expiry: those variables come out as for a customer who has none).
  const g = sql`g`;
  const assunto = k.canal === 'EMAIL' && k.assunto ? sqlRenderizar(k.assunto, g, ctx) : sql`null`;

  const [r] = await linhas<{ envio: number; controle: number }>(
    tx,
    sql`with elig as (${alvos}),
      ord as (
        select e.*, row_number() over (order by md5(${semente} || ':' || e.chave), e.chave) as ordem, count(*) over () as total from elig e
      ),
      g as (
        select o.*, round(o.total * ${k.controle_percentual}::numeric / 100)::bigint as ncontrole from ord o
      ),
      msg as (
        insert into mensagem_saida (empresa_id, canal, lote_id, instancia_id, cliente_id, contato_id, para, assunto, texto, arquivo_id, origem, origem_id, marketing, proxima_tentativa_em)
        select ${empresaId}, ${k.canal}, ${loteId}::int, ${instanciaId}::int, g.id, g.contato_id, g.para, ${assunto}, ${sqlRenderizar(k.texto, g, ctx)},
          ${k.arquivo_id}::int, 'CAMPANHA', ${campanhaId}::int, true,
          ${inicio}::timestamptz + floor((g.ordem - g.ncontrole - 1) * ${dias}::numeric / greatest(g.total - g.ncontrole, 1))::int * interval '1 day'
        from g
        where g.ordem > g.ncontrole
        returning id, coalesce(cliente_id::text, 'k' || contato_id) as chave
      ),
      ins as (
        insert into campanha_participante (campanha_id, empresa_id, cliente_id, contato_id, grupo, mensagem_saida_id)
        select ${campanhaId}::int, ${empresaId}::int, g.id, g.contato_id, case when g.ordem > g.ncontrole then 'ENVIO' else 'CONTROLE' end, msg.id
        from g left join msg on msg.chave = g.chave
        returning grupo
      )
      select (count(*) filter (where grupo = 'ENVIO'))::int as envio, (count(*) filter (where grupo = 'CONTROLE'))::int as controle from ins`,
  );
  const envio = Number(r?.envio ?? 0);
  const controle = Number(r?.controle ?? 0);
  if (envio === 0) throw erro.conflito(
      k.canal === 'EMAIL'
        ? 'Ninguém deste público pode receber a campanha (consentimento de e-mail, bloqueio ou e-mail).'
        : 'Nenhum cliente deste público pode receber a campanha (consentimento, bloqueio ou celular).',
    );
  await tx.execute(sql`update lote_mensagem set total = ${envio} where id = ${loteId}`);
  await tx.execute(sql`update campanha set lote_id = ${loteId}, semente = ${semente}, disparada_em = now(), inicio_em = ${inicio}::timestamptz,
      participantes_envio = ${envio}, participantes_controle = ${controle}, atualizado_em = now()
    where id = ${campanhaId} and empresa_id = ${empresaId}`);
  return { loteId, envio, controle };
}

/** The address on the channel, for a row alias with `celular` and `email`. */
function sqlDestino(canal: CanalConsentimento, a: 'c' | 'ct'): { para: SQL; valido: SQL } {
  const x = sql.raw(a);
  return canal === 'WHATSAPP'
    ? { para: sql`'55' || ${x}.celular`, valido: sql`${x}.celular ~ '^[0-9]{10,11}$'` }
    : { para: sql`${x}.email`, valido: sql`${x}.email like '%_@_%'` };
}

/**
 * Everyone who may receive the campaign, one row each: `chave` (the holdout draw's key: the customer id as
 * before contacts existed, `k<id>` for a contact), `id` (customer) or `contato_id`, `empresa_id`, `nome`, `para`.
 * Customers: the compiled audience ∩ the outbox's marketing rule on the channel. Contacts (when the audience
 * includes them): not yet linked to a customer, with a "yes" of their own on the channel and not blocked.
 */
function sqlAlvos(empresaId: number, canal: CanalConsentimento, condicoes: Parameters<typeof selecaoClientesDoPublico>[1]): SQL {
  const publico = selecaoClientesDoPublico(empresaId, condicoes, { semBloqueados: true });
  const dc = sqlDestino(canal, 'c');
  const clientes = sql`select c.id::text as chave, c.id, null::int as contato_id, c.empresa_id, c.nome, ${dc.para} as para
    from cliente c
    where c.empresa_id = ${empresaId} and c.id in (select a.cliente_id from (${publico}) a)
      and ${dc.valido} and ${sqlPodeReceber(true, canal)}`;
  const contatos = selecaoContatosDoPublico(empresaId, condicoes, { semBloqueados: true });
  if (!contatos) return clientes;
  const dk = sqlDestino(canal, 'ct');
  return sql`${clientes}
    union all
    select 'k' || ct.id, null::int, ct.id, ct.empresa_id, ct.nome, ${dk.para}
    from contato ct
    where ct.empresa_id = ${empresaId} and ct.id in (select a.contato_id from (${contatos}) a)
      and ${dk.valido} and ${sqlContatoPodeReceber(canal)}`;
}
