import { and, eq, sql, type SQL } from 'drizzle-orm';
import { formatarData, GATILHOS, zonaIana, type Gatilho, type ResultadoRodada } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { loteMensagem, mensagemAutomatica, modeloMensagem } from '../../db/schema/index.js';
import { erro } from '../../lib/erros.js';
import { enfileirarAutomaticas } from './enfileirar.js';
import { instanciaDaEmpresa, SemInstanciaWhatsapp } from './saida.js';
import { contextoDaEmpresa, type ContextoRenderizacao } from './renderizacao.js';

/**
 * One round of an automatic message for one company: who the trigger picks today, rendered and
 * queued in bulk under a `lote_mensagem`. Safe to run twice: `envio_automatica`'s unique key
 * (company, trigger, customer, reason) keeps a second round from sending the same thing again.
 */

/**
 * How far back an event round looks before the last one: a sale or sign-up committed late (its row
 * carries its transaction's start time) is still read; what was already queued is dropped by the key.
 */
export const SOBREPOSICAO_EVENTOS = '10 minutes';

/** (customer, reason) of each trigger. `hoje` is the company's local day; `desde` the event window. */
function candidatos(gatilho: Gatilho, ctx: ContextoRenderizacao, dias: number | null, desde: SQL): SQL {
  const e = ctx.empresaId;
  const zona = zonaIana(ctx.fuso);
  const hoje = sql`(now() at time zone ${zona})::date`;
  switch (gatilho) {
    case 'BOAS_VINDAS':
      return sql`select c.id as cliente_id, 'CADASTRO' as motivo from cliente c where c.empresa_id = ${e} and c.criado_em >= ${desde}`;
    case 'CASHBACK_GANHO':
      // Each sale is its own receipt: the reason is the sale.
      return sql`select t.cliente_id, 'VENDA:' || t.id as motivo from transacao t
        where t.empresa_id = ${e} and t.criado_em >= ${desde} and t.cashback_centavos > 0 and t.status = 'CONFIRMADA'`;
    case 'SALDO_VENCENDO':
      // One message per customer and expiry day: several lots lapsing the same day are one notice,
      // and a lot inside the window when the message is turned on (or after a missed day) still gets it.
      return sql`select ct.cliente_id, 'VENCE:' || to_char((cr.expira_em at time zone ${zona})::date, 'YYYY-MM-DD') as motivo
        from credito cr join conta ct on ct.id = cr.conta_id and ct.empresa_id = ${e}
        where cr.empresa_id = ${e} and ct.tipo = 'CASHBACK' and ct.cliente_id is not null
          and cr.restante > 0 and cr.expira_em > now() and (cr.expira_em at time zone ${zona})::date <= ${hoje} + ${dias ?? 0}::int
        group by 1, 2`;
    case 'ANIVERSARIO':
      // Born on 29/02: on 28/02 in a year without it.
      return sql`select c.id as cliente_id, 'ANIVERSARIO:' || extract(year from ${hoje})::int as motivo from cliente c
        where c.empresa_id = ${e} and c.data_nascimento is not null
          and (to_char(c.data_nascimento, 'MM-DD') = to_char(${hoje}, 'MM-DD')
               or (to_char(${hoje}, 'MM-DD') = '02-28' and to_char(make_date(extract(year from ${hoje})::int, 3, 1) - 1, 'DD') = '28'
                   and to_char(c.data_nascimento, 'MM-DD') = '02-29'))`;
    case 'INATIVO':
      // The reason is the last purchase (or the sign-up, for who never bought): one message per spell of inactivity.
      return sql`select x.id as cliente_id, 'DESDE:' || to_char((x.ref at time zone ${zona})::date, 'YYYY-MM-DD') as motivo from (
          select c.id, coalesce((select max(t.criado_em) from transacao t where t.empresa_id = ${e} and t.cliente_id = c.id and t.status = 'CONFIRMADA'), c.criado_em) as ref
          from cliente c where c.empresa_id = ${e}
        ) x where (x.ref at time zone ${zona})::date <= ${hoje} - ${dias ?? 0}::int`;
  }
}

export type OpcoesRodada = {
  /** Who pressed "Enviar agora" (null for the scheduler). */
  usuarioId?: number | null;
  /** true: a person asked for it — a message that is off or has no template is an error, not a skip. */
  exigirAtiva?: boolean;
};

export async function executarRodada(tx: Executor, empresaId: number, gatilho: Gatilho, opcoes: OpcoesRodada = {}): Promise<ResultadoRodada> {
  const nada: ResultadoRodada = { gatilho, enfileiradas: 0, loteId: null };
  // Locked: the scheduler and "Enviar agora" never run the same trigger of a company side by side.
  const [a] = await tx
    .select()
    .from(mensagemAutomatica)
    .where(and(eq(mensagemAutomatica.empresaId, empresaId), eq(mensagemAutomatica.gatilho, gatilho)))
    .for('update');
  if (!a?.ativo || !a.modeloId) {
    if (opcoes.exigirAtiva) throw erro.conflito('Ligue esta mensagem e escolha o modelo antes de enviar.');
    return nada;
  }
  const [m] = await tx
    .select()
    .from(modeloMensagem)
    .where(and(eq(modeloMensagem.id, a.modeloId), eq(modeloMensagem.empresaId, empresaId)))
    .limit(1);
  if (!m?.ativo) {
    if (opcoes.exigirAtiva) throw erro.conflito('O modelo desta mensagem está desativado: ative-o ou escolha outro.');
    return nada;
  }
  const instanciaId = a.canal === 'WHATSAPP' ? await instanciaDaEmpresa(tx, empresaId) : null;
  if (a.canal === 'WHATSAPP' && instanciaId === null) {
    if (opcoes.exigirAtiva) throw erro.conflito(new SemInstanciaWhatsapp().message);
    return nada;
  }
  const ctx = await contextoDaEmpresa(tx, empresaId, { cupom: a.cupom, link: a.link });
  const def = GATILHOS[gatilho];
  // Read in SQL, not through JavaScript dates, which would drop the microseconds of the marks.
  const desde = sql`(select coalesce(greatest(ma.eventos_desde - ${SOBREPOSICAO_EVENTOS}::interval, ma.ativada_em), now())
    from mensagem_automatica ma where ma.empresa_id = ${empresaId} and ma.gatilho = ${gatilho})`;
  const [lote] = await tx
    .insert(loteMensagem)
    .values({ empresaId, nome: `Automática: ${def.titulo} (${formatarData(new Date(), ctx.fuso)})`, origem: 'AUTOMATICA', usuarioId: opcoes.usuarioId ?? null })
    .returning({ id: loteMensagem.id });
  const n = await enfileirarAutomaticas(tx, {
    ctx,
    gatilho,
    canal: a.canal,
    marketing: def.marketing,
    loteId: lote!.id,
    instanciaId,
    modelo: { texto: m.texto, assunto: m.canal === 'EMAIL' ? m.assunto : null, arquivoId: m.arquivoId },
    candidatos: candidatos(gatilho, ctx, a.dias, desde),
  });
  if (n === 0) await tx.delete(loteMensagem).where(eq(loteMensagem.id, lote!.id));
  else await tx.update(loteMensagem).set({ total: n }).where(eq(loteMensagem.id, lote!.id));
  await tx
    .update(mensagemAutomatica)
    .set(
      def.diario
        ? { ultimaRodada: sql`(now() at time zone ${zonaIana(ctx.fuso)})::date` }
        : // The transaction's start: rows it could not see are inside the next round's overlap.
          { eventosDesde: sql`now()` },
    )
    .where(and(eq(mensagemAutomatica.empresaId, empresaId), eq(mensagemAutomatica.gatilho, gatilho)));
  return { gatilho, enfileiradas: n, loteId: n ? lote!.id : null };
}
