import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { sha256 } from '../src/lib/tokens.js';
import { MINUTOS_ACK_SEM_MENSAGEM, reprocessarAcksPendentes } from '../src/modules/servidorwhatsapp/index.js';
import { criarAppDeTeste } from './apoio/app-de-teste.js';
import { criarClientes, criarInstancia } from './apoio/mensageria.js';

/**
 * An ack can reach the webhook before the worker writes the message's `id_gateway` (it writes it only
 * after the gateway answers). docs/areas/mensageria.md "Ack antes do id": such an ack stays pending and
 * the reconciliation schedule applies it once the id is there; after MINUTOS_ACK_SEM_MENSAGEM it is closed.
 */

type Ctx = Awaited<ReturnType<typeof criarAppDeTeste>>;
let t: Ctx;
let db: Db;
let instanciaId: number;
let nome: string;
let empresaId: number;

async function linhas<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}

/** Posts an Evolution `messages.update` for `idGateway` to the instance's webhook, as the gateway does. */
function ack(idGateway: string, status: 'DELIVERY_ACK' | 'READ') {
  return t.app.inject({
    method: 'POST',
    url: `/services/servidorwhatsapp/webhook/${instanciaId}/segredo-do-teste`,
    payload: { event: 'messages.update', instance: nome, data: { keyId: idGateway, status, remoteJid: '5511987650000@s.whatsapp.net' }, date_time: new Date().toISOString() },
  });
}

beforeAll(async () => {
  t = await criarAppDeTeste();
  db = t.app.db;
  const [g] = await linhas<{ empresa_id: number }>(sql`select empresa_id from usuario where username = 'gerente'`);
  empresaId = g!.empresa_id;
  nome = `ack-antes-${Date.now()}`;
  instanciaId = await criarInstancia(db, { empresaId, nome });
  await db.execute(sql`update instancia_whatsapp set webhook_token_hash = ${sha256('segredo-do-teste')} where id = ${instanciaId}`);
});
afterAll(() => t.fechar());

describe('ack que chega antes de o trabalhador gravar o id do gateway', () => {
  it('fica pendente, sem mexer em nada, e é aplicado pela reconciliação quando o id aparece', async () => {
    const [cliente] = await criarClientes(db, empresaId, 1, 'Ack', true);
    // The worker marked it ENVIANDO and is waiting for the gateway's answer.
    const [m] = await linhas<{ id: string }>(sql`insert into mensagem_saida (empresa_id, canal, instancia_id, cliente_id, para, texto, origem, status, enviando_em)
      values (${empresaId}, 'WHATSAPP', ${instanciaId}, ${cliente}, '5511987650000', 'Oi', 'TESTE', 'ENVIANDO', now()) returning id`);
    const r = await ack('3EB0ACKRAPIDO', 'DELIVERY_ACK');
    expect(r.statusCode, r.body).toBe(200);
    const [ev] = await linhas<{ processado_em: unknown; erro: string | null }>(sql`select processado_em, erro from evento_whatsapp where instancia_id = ${instanciaId} and chave like 'ack:%3EB0ACKRAPIDO%'`);
    expect(ev).toEqual({ processado_em: null, erro: null });
    // A retried delivery of the same ack is still one event.
    expect((await ack('3EB0ACKRAPIDO', 'DELIVERY_ACK')).json().result).toBe('REPETIDO');
    // Nothing to apply yet: it stays pending.
    expect(await reprocessarAcksPendentes(t.app)).toEqual({ aplicados: 0, descartados: 0 });

    // The gateway answered: the worker writes ENVIADA with the id.
    await db.execute(sql`update mensagem_saida set status = 'ENVIADA', id_gateway = '3EB0ACKRAPIDO', enviada_em = now() where id = ${m!.id}`);
    expect(await reprocessarAcksPendentes(t.app)).toEqual({ aplicados: 1, descartados: 0 });
    const [depois] = await linhas<{ status: string; entregue_em: unknown }>(sql`select status, entregue_em from mensagem_saida where id = ${m!.id}`);
    expect(depois!.status).toBe('ENTREGUE');
    expect(depois!.entregue_em).not.toBeNull();
    const [ev2] = await linhas<{ processado_em: unknown }>(sql`select processado_em from evento_whatsapp where instancia_id = ${instanciaId} and chave like 'ack:%3EB0ACKRAPIDO%'`);
    expect(ev2!.processado_em).not.toBeNull();
    // Applied once: a second run finds nothing.
    expect(await reprocessarAcksPendentes(t.app)).toEqual({ aplicados: 0, descartados: 0 });

    // An ack whose message already has its id is applied right away, as before.
    expect((await ack('3EB0ACKRAPIDO', 'READ')).statusCode).toBe(200);
    expect((await linhas<{ status: string }>(sql`select status from mensagem_saida where id = ${m!.id}`))[0]!.status).toBe('LIDA');
  });

  it(`um ack sem mensagem por mais de ${MINUTOS_ACK_SEM_MENSAGEM} minutos é fechado com o motivo`, async () => {
    await ack('3EB0DESCONHECIDO', 'DELIVERY_ACK');
    await db.execute(sql`update evento_whatsapp set recebido_em = now() - make_interval(mins => ${MINUTOS_ACK_SEM_MENSAGEM + 1}) where chave like 'ack:%3EB0DESCONHECIDO%'`);
    expect(await reprocessarAcksPendentes(t.app)).toEqual({ aplicados: 0, descartados: 1 });
    const [ev] = await linhas<{ processado_em: unknown; erro: string | null }>(sql`select processado_em, erro from evento_whatsapp where chave like 'ack:%3EB0DESCONHECIDO%'`);
    expect(ev!.processado_em).not.toBeNull();
    expect(ev!.erro).toBe('Nenhuma mensagem com este id do gateway.');
  });
});
