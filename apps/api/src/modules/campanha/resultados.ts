import { sql } from 'drizzle-orm';
import type { GrupoResultado, ResultadosCampanha } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { linhas } from '../mensagem/index.js';

const DIA_MS = 86_400_000;

function grupo(participantes: number, compradores: number, receitaCentavos: number): GrupoResultado {
  return {
    participantes,
    compradores,
    taxaCompra: participantes ? compradores / participantes : 0,
    receitaCentavos,
    receitaPorClienteCentavos: participantes ? Math.round(receitaCentavos / participantes) : 0,
  };
}

/**
 * A campaign's results (docs/areas/mensageria.md "Campanhas › Resultados"), all set queries: message
 * counts from its batch, opt-outs on its channel (SAIR, the unsubscribe link), and the confirmed sales of
 * each group in [start, start + N days). E-mail has no delivery or read receipts: those stay 0.
 * The lift compares the sending group with the holdout per customer; the attributed revenue is the
 * sending group's revenue minus what it would have bought at the holdout's rate (rounded to the cent).
 * Null when the campaign is not the company's.
 */
export async function resultadosCampanha(tx: Executor, empresaId: number, campanhaId: number, diasPedido?: number): Promise<ResultadosCampanha | null> {
  const [k] = await linhas<{ lote_id: number | null; inicio_em: Date | string | null; dias_atribuicao: number; canal: 'WHATSAPP' | 'EMAIL' }>(
    tx,
    sql`select lote_id, inicio_em, dias_atribuicao, canal from campanha where id = ${campanhaId} and empresa_id = ${empresaId}`,
  );
  if (!k) return null;
  const dias = diasPedido ?? k.dias_atribuicao;
  const inicio = k.inicio_em === null ? null : new Date(k.inicio_em);
  const fim = inicio ? new Date(inicio.getTime() + dias * DIA_MS) : null;
  const vazio: ResultadosCampanha = {
    campanhaId,
    canal: k.canal,
    dias,
    inicioEm: null,
    fimEm: null,
    enviadas: 0,
    entregues: 0,
    lidas: 0,
    falhas: 0,
    optOuts: 0,
    contatosEnvio: 0,
    contatosControle: 0,
    envio: grupo(0, 0, 0),
    controle: grupo(0, 0, 0),
    liftTaxaPontos: null,
    liftReceitaPorClienteCentavos: null,
    receitaAtribuidaCentavos: null,
  };
  if (k.lote_id === null || !inicio || !fim) return vazio;

  const [m] = await linhas<{ enviadas: number; entregues: number; lidas: number; falhas: number }>(
    tx,
    sql`select (count(*) filter (where enviada_em is not null))::int as enviadas, (count(*) filter (where entregue_em is not null))::int as entregues,
        (count(*) filter (where lida_em is not null))::int as lidas, (count(*) filter (where status = 'FALHOU'))::int as falhas
      from mensagem_saida where lote_id = ${k.lote_id} and empresa_id = ${empresaId}`,
  );
  const ini = sql`${inicio.toISOString()}::timestamptz`;
  const janela = sql`>= ${ini} and t.criado_em < ${fim.toISOString()}::timestamptz`;
  // Who can buy for a participant: the customer; for a contact, the customer it is linked to or one of the
  // company signed up since the start with the contact's mobile or e-mail (it "became a customer").
  const participantes = sql`select p.grupo, p.contato_id, coalesce(p.cliente_id, ct.cliente_id, (select min(c2.id) from cliente c2
        where c2.empresa_id = p.empresa_id and c2.criado_em >= ${ini}
          and ((ct.celular is not null and c2.celular = ct.celular) or (ct.email is not null and lower(c2.email) = lower(ct.email))))) as comprador_id
      from campanha_participante p left join contato ct on ct.id = p.contato_id
      where p.campanha_id = ${campanhaId} and p.empresa_id = ${empresaId}`;
  const grupos = await linhas<{ grupo: 'ENVIO' | 'CONTROLE'; participantes: number; compradores: number; receita: string | number; contatos: number }>(
    tx,
    sql`with part as (${participantes}),
      s as (
        select t.cliente_id, sum(t.valor_centavos) as receita from transacao t
        where t.empresa_id = ${empresaId} and t.status = 'CONFIRMADA' and t.criado_em ${janela}
          and t.cliente_id in (select comprador_id from part where comprador_id is not null)
        group by t.cliente_id
      )
      select part.grupo, count(*)::int as participantes, (count(*) filter (where s.receita is not null))::int as compradores,
        coalesce(sum(s.receita), 0)::bigint as receita, (count(*) filter (where part.contato_id is not null))::int as contatos
      from part left join s on s.cliente_id = part.comprador_id
      group by part.grupo`,
  );
  // Opt-outs on the campaign's channel: a "no" in the customer's (or contact's) consent history in the window.
  const naJanela = (a: 'cc' | 'kc') => sql`${sql.raw(a)}.canal = ${k.canal} and not ${sql.raw(a)}.concedido and ${sql.raw(a)}.criado_em >= ${ini} and ${sql.raw(a)}.criado_em < ${fim.toISOString()}::timestamptz`;
  const [o] = await linhas<{ n: number }>(
    tx,
    sql`select count(*)::int as n from campanha_participante p
      where p.campanha_id = ${campanhaId} and p.empresa_id = ${empresaId} and p.grupo = 'ENVIO'
        and (exists (select 1 from cliente_consentimento cc where cc.empresa_id = p.empresa_id and cc.cliente_id = p.cliente_id and ${naJanela('cc')})
          or exists (select 1 from contato_consentimento kc where kc.empresa_id = p.empresa_id and kc.contato_id = p.contato_id and ${naJanela('kc')}))`,
  );
  const de = (g: 'ENVIO' | 'CONTROLE') => {
    const l = grupos.find((x) => x.grupo === g);
    return l ? grupo(Number(l.participantes), Number(l.compradores), Number(l.receita)) : grupo(0, 0, 0);
  };
  const envio = de('ENVIO');
  const controle = de('CONTROLE');
  const contatos = (g: 'ENVIO' | 'CONTROLE') => Number(grupos.find((x) => x.grupo === g)?.contatos ?? 0);
  const comControle = controle.participantes > 0 && envio.participantes > 0;
  const rpcE = envio.participantes ? envio.receitaCentavos / envio.participantes : 0;
  const rpcC = controle.participantes ? controle.receitaCentavos / controle.participantes : 0;
  return {
    ...vazio,
    inicioEm: inicio.toISOString(),
    fimEm: fim.toISOString(),
    enviadas: Number(m?.enviadas ?? 0),
    entregues: Number(m?.entregues ?? 0),
    lidas: Number(m?.lidas ?? 0),
    falhas: Number(m?.falhas ?? 0),
    optOuts: Number(o?.n ?? 0),
    contatosEnvio: contatos('ENVIO'),
    contatosControle: contatos('CONTROLE'),
    envio,
    controle,
    liftTaxaPontos: comControle ? Math.round((envio.taxaCompra - controle.taxaCompra) * 10000) / 100 : null,
    liftReceitaPorClienteCentavos: comControle ? Math.round(rpcE - rpcC) : null,
    receitaAtribuidaCentavos: comControle ? Math.round(envio.receitaCentavos - envio.participantes * rpcC) : null,
  };
}
