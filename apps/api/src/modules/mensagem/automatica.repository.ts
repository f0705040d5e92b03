import { and, eq, sql } from 'drizzle-orm';
import {
  GATILHOS,
  GATILHOS_AUTOMATICA,
  type EnvioAutomatica,
  type FiltroEnvioAutomatica,
  type Gatilho,
  type MensagemAutomatica,
  type MensagemAutomaticaDados,
} from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { mensagemAutomatica, modeloMensagem } from '../../db/schema/index.js';
import { erro } from '../../lib/erros.js';
import { linhas } from './renderizacao.js';

/** Every trigger of the company, configured or not (a trigger never saved shows off, with its default N). */
export async function listarAutomaticas(tx: Executor, empresaId: number): Promise<MensagemAutomatica[]> {
  const salvas = await tx
    .select({
      gatilho: mensagemAutomatica.gatilho,
      ativo: mensagemAutomatica.ativo,
      modeloId: mensagemAutomatica.modeloId,
      modeloNome: modeloMensagem.nome,
      canal: mensagemAutomatica.canal,
      dias: mensagemAutomatica.dias,
      horario: mensagemAutomatica.horario,
      cupom: mensagemAutomatica.cupom,
      link: mensagemAutomatica.link,
      ultimaRodada: mensagemAutomatica.ultimaRodada,
    })
    .from(mensagemAutomatica)
    .leftJoin(modeloMensagem, eq(modeloMensagem.id, mensagemAutomatica.modeloId))
    .where(eq(mensagemAutomatica.empresaId, empresaId));
  return GATILHOS_AUTOMATICA.map(
    (g) =>
      salvas.find((s) => s.gatilho === g) ?? {
        gatilho: g,
        ativo: false,
        modeloId: null,
        modeloNome: null,
        canal: 'WHATSAPP' as const,
        dias: GATILHOS[g].dias?.padrao ?? null,
        horario: '10:00',
        cupom: null,
        link: null,
        ultimaRodada: null,
      },
  );
}

export async function buscarAutomatica(tx: Executor, empresaId: number, gatilho: Gatilho): Promise<MensagemAutomatica> {
  return (await listarAutomaticas(tx, empresaId)).find((a) => a.gatilho === gatilho)!;
}

/**
 * Saves one trigger. Turning an event trigger on starts its window now: the customers and sales of
 * before are not written to all at once.
 */
export async function gravarAutomatica(tx: Executor, empresaId: number, d: MensagemAutomaticaDados, antes: MensagemAutomatica): Promise<MensagemAutomatica> {
  if (d.modeloId !== null) {
    const [m] = await tx
      .select({ canal: modeloMensagem.canal })
      .from(modeloMensagem)
      .where(and(eq(modeloMensagem.id, d.modeloId), eq(modeloMensagem.empresaId, empresaId)))
      .limit(1);
    if (!m) throw erro.requisicao('Modelo não encontrado.');
    if (m.canal !== d.canal) throw erro.requisicao(d.canal === 'EMAIL' ? 'O modelo escolhido é de WhatsApp: escolha um modelo de e-mail.' : 'O modelo escolhido é de e-mail: escolha um modelo de WhatsApp.');
  }
  const def = GATILHOS[d.gatilho];
  const valores = {
    ativo: d.ativo,
    modeloId: d.modeloId,
    canal: d.canal,
    dias: def.dias ? d.dias : null,
    horario: d.horario,
    cupom: d.cupom ?? null,
    link: d.link ?? null,
    atualizadoEm: sql`now()`,
    ...(d.ativo && !antes.ativo && !def.diario ? { eventosDesde: sql`now()`, ativadaEm: sql`now()` } : {}),
  };
  await tx
    .insert(mensagemAutomatica)
    .values({ empresaId, gatilho: d.gatilho, ...valores })
    .onConflictDoUpdate({ target: [mensagemAutomatica.empresaId, mensagemAutomatica.gatilho], set: valores });
  return buscarAutomatica(tx, empresaId, d.gatilho);
}

/** The log of what the automatic messages queued, newest first, with the outbox's status of each. */
export async function listarEnvios(tx: Executor, empresaId: number, f: FiltroEnvioAutomatica, page: number, size: number, zona: string) {
  const filtros = sql.join(
    [
      sql`e.empresa_id = ${empresaId}`,
      f.gatilho ? sql`e.gatilho = ${f.gatilho}` : null,
      f.canal ? sql`e.canal = ${f.canal}` : null,
      f.clienteId ? sql`e.cliente_id = ${f.clienteId}` : null,
      f.de ? sql`e.criado_em >= (${f.de}::date)::timestamp at time zone ${zona}` : null,
      f.ate ? sql`e.criado_em < (${f.ate}::date + 1)::timestamp at time zone ${zona}` : null,
    ].filter((x) => x !== null),
    sql` and `,
  );
  const [itens, [total]] = await Promise.all([
    linhas<{ id: number; gatilho: Gatilho; cliente_id: number; cliente_nome: string; canal: 'WHATSAPP' | 'EMAIL'; para: string | null; texto: string | null; status: string | null; erro: string | null; criado_em: string | Date }>(
      tx,
      sql`select e.id, e.gatilho, e.cliente_id, c.nome as cliente_nome, e.canal, m.para, m.texto, m.status, m.erro, e.criado_em
          from envio_automatica e
          join cliente c on c.id = e.cliente_id and c.empresa_id = e.empresa_id
          left join mensagem_saida m on m.empresa_id = e.empresa_id and m.origem = 'AUTOMATICA' and m.origem_id = e.id
          where ${filtros}
          order by e.id desc limit ${size} offset ${page * size}`,
    ),
    linhas<{ n: number }>(tx, sql`select count(*)::int as n from envio_automatica e where ${filtros}`),
  ]);
  const envios: EnvioAutomatica[] = itens.map((l) => ({
    id: Number(l.id),
    gatilho: l.gatilho,
    clienteId: Number(l.cliente_id),
    clienteNome: l.cliente_nome,
    canal: l.canal,
    para: l.para,
    texto: l.texto,
    status: l.status,
    erro: l.erro,
    criadoEm: new Date(l.criado_em).toISOString(),
  }));
  return { itens: envios, total: Number(total?.n ?? 0) };
}

