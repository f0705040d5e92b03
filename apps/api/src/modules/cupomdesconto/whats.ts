import { sql, type SQL } from 'drizzle-orm';
import { CODIGO_CUPOM_EXEMPLO, condicoesPublicoSchema, type CondicoesPublico } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { erro } from '../../lib/erros.js';
import { registrarTipoTarefa } from '../../lib/tarefas.js';
import { comTenant } from '../../lib/tenant.js';
import { contextoDaEmpresa, instanciaDaEmpresa, linhas, SemInstanciaWhatsapp, sqlPodeReceber, sqlRenderizar, type ContextoRenderizacao } from '../mensagem/index.js';
import { selecaoClientesDoPublico } from '../publico/index.js';
import { sortearCodigos } from './gerar-codigos.js';
import { sqlUsosLivres } from './contador.js';

/**
 * A coupon sent by WhatsApp to an audience (docs/areas/cupons.md "Envio por WhatsApp"). The rule that
 * makes it idempotent: a customer gets at most ONE code of a coupon, ever — the send picks only the
 * audience's customers who have no code of this coupon yet, gives each a code of their own (a free
 * generated one, else a new one) and queues one message with it in the same transaction. Sending the
 * same coupon to the same (or an overlapping) audience again reaches only who was left out.
 */

export const TAREFA_CUPOM_WHATS = 'CUPOM_WHATS';
/** Origin of the outbox rows and of the batch (`lote_mensagem`) of a coupon's WhatsApp send. */
export const ORIGEM_CUPOM_WHATS = 'CUPOM_WHATS';

/** Customers per transaction: each round commits its codes, messages and progress together, so a restart resumes. */
const POR_RODADA = 500;

type CupomParaEnvio = {
  id: number;
  nome: string;
  texto: string;
  vencimento: string | null;
  alfabeto: Parameters<typeof sortearCodigos>[0];
  prefixo: string;
  tamanho: number;
};

/** The coupon as the send needs it, checked: the company's, with a message, open. `travar` locks the row (serialises sends and uses). */
export async function cupomParaEnvio(tx: Executor, empresaId: number, cupomId: number, travar = false): Promise<CupomParaEnvio> {
  const [c] = await linhas<CupomParaEnvio & { aberto: boolean }>(
    tx,
    sql`select c.id, c.nome, coalesce(btrim(c.whats_app_lote), '') as texto, to_char(c.data_vencimento, 'DD/MM/YYYY') as vencimento,
          c.alfabeto, c.prefixo, c.tamanho,
          (c.ativo and (c.data_vencimento is null or c.data_vencimento >= (now() at time zone 'America/Sao_Paulo')::date)
            and ${sqlUsosLivres}) as aberto
        from cupom_desconto c where c.id = ${cupomId} and c.empresa_id = ${empresaId} ${travar ? sql`for update` : sql``}`,
  );
  if (!c) throw erro.naoEncontrado('Cupom não encontrado.');
  if (!c.texto) throw erro.requisicao('Escreva a mensagem do WhatsApp do cupom antes de enviar (use {cupom} para o código de cada cliente).');
  if (!/\{cupom\}/.test(c.texto)) throw erro.requisicao('A mensagem do WhatsApp precisa ter {cupom}: é onde vai o código de cada cliente.');
  if (!c.aberto) throw erro.conflito('Este cupom está inativo, vencido ou esgotado: não dá para enviar.');
  return c;
}

/** The audience's saved conditions; 404 when it is not the company's. */
export async function condicoesDoPublico(tx: Executor, empresaId: number, publicoId: number): Promise<CondicoesPublico> {
  const [p] = await linhas<{ condicoes: unknown }>(tx, sql`select condicoes from publico where id = ${publicoId} and empresa_id = ${empresaId}`);
  if (!p) throw erro.naoEncontrado('Público não encontrado.');
  const c = condicoesPublicoSchema.safeParse(p.condicoes);
  if (!c.success) throw erro.conflito('As condições do público não são mais válidas: edite e salve o público de novo.');
  return c.data;
}

/**
 * The audience's customers who may receive marketing on WhatsApp now (consent, not blocked, ATIVO, a
 * mobile) — the campaigns' selection through the customer summary. `semCodigo` keeps only those without
 * a code of the coupon (the send); false keeps only those who have one (already reached).
 */
function sqlAlvos(empresaId: number, cupomId: number, condicoes: CondicoesPublico, semCodigo: boolean): SQL {
  const publico = selecaoClientesDoPublico(empresaId, condicoes, { semBloqueados: true });
  const temCodigo = sql`exists (select 1 from cupom_desconto_codigo k where k.empresa_id = ${empresaId} and k.cupom_id = ${cupomId} and k.cliente_id = c.id)`;
  return sql`select c.id from cliente c
    where c.empresa_id = ${empresaId} and c.id in (select a.cliente_id from (${publico}) a)
      and c.celular ~ '^[0-9]{10,11}$' and ${sqlPodeReceber(true)}
      and ${semCodigo ? sql`not ` : sql``}${temCodigo}`;
}

async function contar(tx: Executor, q: SQL): Promise<number> {
  const [r] = await linhas<{ n: number }>(tx, sql`select count(*)::int as n from (${q}) x`);
  return Number(r?.n ?? 0);
}

/** The coupon's rendering context: {cupom} is `cupom` (each customer's code, or the sample), {vencimento} the coupon's expiry. */
async function contexto(tx: Executor, empresaId: number, c: CupomParaEnvio, cupom: string | SQL): Promise<ContextoRenderizacao> {
  return { ...(await contextoDaEmpresa(tx, empresaId, { cupom })), vencimento: c.vencimento ?? '' };
}

/** The template for a sample customer and the sample code: the preview and the test send. */
export async function renderizarExemplo(tx: Executor, empresaId: number, c: CupomParaEnvio, nome = 'Maria da Silva'): Promise<string> {
  const ctx = await contexto(tx, empresaId, c, CODIGO_CUPOM_EXEMPLO);
  const [r] = await linhas<{ texto: string }>(
    tx,
    sql`select ${sqlRenderizar(c.texto, sql`c`, ctx)} as texto from (select ${empresaId}::int as empresa_id, null::int as id, ${nome}::text as nome) c`,
  );
  return r!.texto;
}

/** How many would get the coupon now, and how many of the audience already have it. Nothing written. */
export async function contarEnvio(tx: Executor, empresaId: number, cupomId: number, condicoes: CondicoesPublico) {
  return { destinatarios: await contar(tx, sqlAlvos(empresaId, cupomId, condicoes, true)), jaReceberam: await contar(tx, sqlAlvos(empresaId, cupomId, condicoes, false)) };
}

/** The company's WhatsApp number, or 409 (nothing can be queued without one). */
export async function instanciaObrigatoria(tx: Executor, empresaId: number): Promise<number> {
  const id = await instanciaDaEmpresa(tx, empresaId);
  if (id === null) throw erro.conflito(new SemInstanciaWhatsapp().message);
  return id;
}

/** Codes of the coupon for `n` customers: free generated ones first (no owner, never used), then new ones. */
async function codigosParaEntregar(tx: Executor, empresaId: number, c: CupomParaEnvio, n: number): Promise<number[]> {
  const livres = await linhas<{ id: number }>(
    tx,
    sql`select id from cupom_desconto_codigo where empresa_id = ${empresaId} and cupom_id = ${c.id} and cliente_id is null and usos = 0 order by id limit ${n}`,
  );
  const ids = livres.map((l) => Number(l.id));
  let novos = 0;
  for (let tentativas = 0; ids.length < n; tentativas++) {
    if (tentativas >= 5) throw erro.conflito('O padrão do cupom não tem mais códigos livres: aumente o tamanho ou mude o prefixo.');
    const r = await linhas<{ id: number }>(
      tx,
      sql`insert into cupom_desconto_codigo (empresa_id, cupom_id, codigo)
          select ${empresaId}, ${c.id}, k from json_array_elements_text(${JSON.stringify(sortearCodigos(c.alfabeto, c.prefixo, c.tamanho, n - ids.length))}::json) as k
          on conflict (empresa_id, codigo) do nothing returning id`,
    );
    for (const l of r) ids.push(Number(l.id));
    novos += r.length;
  }
  if (novos) await tx.execute(sql`update cupom_desconto set codigos_gerados = codigos_gerados + ${novos} where id = ${c.id} and empresa_id = ${empresaId}`);
  return ids;
}

/**
 * One round: up to POR_RODADA customers without a code get one (the code row now names them, so only
 * they can use it, as with the online claim) and one rendered message in the batch. Returns how many.
 */
async function rodada(tx: Executor, empresaId: number, cupomId: number, condicoes: CondicoesPublico, loteId: number): Promise<number> {
  const c = await cupomParaEnvio(tx, empresaId, cupomId, true);
  const instanciaId = await instanciaObrigatoria(tx, empresaId);
  const alvos = (await linhas<{ id: number }>(tx, sql`${sqlAlvos(empresaId, cupomId, condicoes, true)} order by c.id limit ${POR_RODADA}`)).map((l) => Number(l.id));
  if (!alvos.length) return 0;
  const codigos = await codigosParaEntregar(tx, empresaId, c, alvos.length);
  const pares = JSON.stringify(alvos.map((cliente, i) => ({ cliente, codigo: codigos[i] })));
  await tx.execute(sql`update cupom_desconto_codigo k set cliente_id = p.cliente
    from json_to_recordset(${pares}::json) as p(cliente int, codigo int) where k.id = p.codigo and k.empresa_id = ${empresaId}`);
  const ctx = await contexto(tx, empresaId, c, sql`k.codigo`);
  await tx.execute(sql`insert into mensagem_saida (empresa_id, canal, lote_id, instancia_id, cliente_id, para, texto, origem, origem_id, marketing)
    select ${empresaId}, 'WHATSAPP', ${loteId}::int, ${instanciaId}::int, c.id, '55' || c.celular, ${sqlRenderizar(c.texto, sql`c`, ctx)}, ${ORIGEM_CUPOM_WHATS}, ${cupomId}::int, true
    from json_to_recordset(${pares}::json) as p(cliente int, codigo int)
      join cupom_desconto_codigo k on k.id = p.codigo and k.empresa_id = ${empresaId}
      join cliente c on c.id = p.cliente and c.empresa_id = ${empresaId}`);
  // The outbox may have closed the batch while it was empty (concluirLotes): new messages reopen it.
  await tx.execute(sql`update lote_mensagem set total = total + ${alvos.length}, status = case when status = 'CONCLUIDO' then 'ATIVO' else status end, concluido_em = null
    where id = ${loteId} and empresa_id = ${empresaId} and status <> 'CANCELADO'`);
  return alvos.length;
}

/** The batch of a send (monitoring in the outbox), created with the job so it exists from the start. */
export async function criarLoteDoEnvio(tx: Executor, empresaId: number, c: { id: number; nome: string }, usuarioId: number): Promise<number> {
  const [l] = await linhas<{ id: number }>(
    tx,
    sql`insert into lote_mensagem (empresa_id, nome, origem, origem_id, usuario_id)
        values (${empresaId}, ${`Cupom: ${c.nome}`.slice(0, 120)}, ${ORIGEM_CUPOM_WHATS}, ${c.id}, ${usuarioId}) returning id`,
  );
  return Number(l!.id);
}

/** The job: rounds until nobody of the audience is left without a code; progress per round. */
registrarTipoTarefa(TAREFA_CUPOM_WHATS, async (app, t) => {
  const cupomId = Number(t.parametros.cupomId);
  const publicoId = Number(t.parametros.publicoId);
  const loteId = Number(t.parametros.loteId);
  const condicoes = await comTenant(app.db, t.usuario, (tx) => condicoesDoPublico(tx, t.empresaId, publicoId));
  const restantes = await comTenant(app.db, t.usuario, (tx) => contar(tx, sqlAlvos(t.empresaId, cupomId, condicoes, true)));
  await t.definirTotal(t.processados + restantes);
  let feitos = t.processados;
  for (;;) {
    const n = await comTenant(app.db, t.usuario, async (tx) => {
      const k = await rodada(tx, t.empresaId, cupomId, condicoes, loteId);
      if (k) await t.avancar(feitos + k, tx);
      return k;
    });
    if (!n) break;
    feitos += n;
  }
  return { resultado: { cupomId, loteId, enviados: feitos } };
});
