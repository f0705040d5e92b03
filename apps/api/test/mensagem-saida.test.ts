import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FalhaGateway } from '../src/adapters/whatsapp/gateway.js';
import type { Db } from '../src/db/client.js';
import {
  criarLote,
  enfileirarParaCliente,
  entregarAte,
  entregarUma,
  garantirRitmos,
  MOTIVO_REVISAR,
  reconciliar,
  SemInstanciaWhatsapp,
} from '../src/modules/mensagem/index.js';
import { criarAppDeTeste } from './apoio/app-de-teste.js';
import { GatewayDeTeste } from './apoio/gateway-de-teste.js';
import { consentir, criarClientes, criarInstancia, maximoPorJanela, RelogioFalso } from './apoio/mensageria.js';

type Ctx = Awaited<ReturnType<typeof criarAppDeTeste>>;
let t: Ctx;
let db: Db;
let empresaId: number;
let outraId: number;

async function linhas<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}
const idsDe = (ids: number[]) => sql.raw(ids.join(','));

beforeAll(async () => {
  t = await criarAppDeTeste();
  db = t.app.db;
  const [g] = await linhas<{ empresa_id: number }>(sql`select empresa_id from usuario where username = 'gerente'`);
  const [o] = await linhas<{ empresa_id: number }>(sql`select empresa_id from usuario where username = 'outra'`);
  empresaId = g!.empresa_id;
  outraId = o!.empresa_id;
});
afterAll(() => t.fechar());
// Each test has its own instance: retire the previous one and whatever it left queued.
afterEach(async () => {
  await db.execute(sql`update mensagem_saida set status = 'CANCELADA' where status in ('FILA', 'ENVIANDO')`);
  await db.execute(sql`update instancia_whatsapp set ativa = false`);
});

describe('enfileirar: consentimento e bloqueio de público', () => {
  it('marketing só para o consentimento vigente e fora do bloqueio; transacional só barra quem recusou', async () => {
    await criarInstancia(db, { empresaId });
    const com = await criarClientes(db, empresaId, 4, 'Com', true);
    const sem = await criarClientes(db, empresaId, 2, 'Sem');
    const revogou = await criarClientes(db, empresaId, 2, 'Revogou', true);
    await consentir(db, empresaId, revogou, false);
    const voltou = await criarClientes(db, empresaId, 1, 'Voltou', false);
    await consentir(db, empresaId, voltou, true);
    await db.execute(sql`insert into bloqueio_publico (empresa_id, cliente_id, motivo) values (${empresaId}, ${com[0]}, 'pediu')`);
    await db.execute(sql`update cliente set status = 'ANONIMIZADO' where id = ${com[1]}`);
    const todos = [...com, ...sem, ...revogou, ...voltou];

    const mkt = await db.transaction((tx) =>
      criarLote(tx, { empresaId, nome: 'Campanha', origem: 'CAMPANHA', texto: 'Oferta', marketing: true, clientes: sql`select unnest(${`{${todos.join(',')}}`}::int[])` }),
    );
    const recebem = await linhas<{ cliente_id: number }>(sql`select cliente_id from mensagem_saida where lote_id = ${mkt.loteId} order by cliente_id`);
    expect(recebem.map((r) => r.cliente_id)).toEqual([com[2], com[3], voltou[0]]);
    expect(mkt.total).toBe(3);
    const [lote] = await linhas<{ total: number }>(sql`select total from lote_mensagem where id = ${mkt.loteId}`);
    expect(lote!.total).toBe(3);

    const trans = await db.transaction((tx) =>
      criarLote(tx, { empresaId, nome: 'Recibos', origem: 'CUPOM', texto: 'Recibo', marketing: false, clientes: sql`select unnest(${`{${todos.join(',')}}`}::int[])` }),
    );
    const recebemT = await linhas<{ cliente_id: number; para: string }>(sql`select cliente_id, para from mensagem_saida where lote_id = ${trans.loteId} order by cliente_id`);
    // Blocked customer gets the receipt (the block is about marketing); the anonymised and the two who said no do not.
    expect(recebemT.map((r) => r.cliente_id)).toEqual([com[0], com[2], com[3], ...sem, voltou[0]]);
    expect(recebemT[0]!.para).toMatch(/^55119\d{8}$/);
  });

  it('outra empresa não recebe nada de um lote desta; sem instância, nada é enfileirado', async () => {
    await criarInstancia(db, { empresaId });
    const alheios = await criarClientes(db, outraId, 3, 'Alheio', true);
    const r = await db.transaction((tx) =>
      criarLote(tx, { empresaId, nome: 'X', origem: 'CAMPANHA', texto: 'x', marketing: true, clientes: sql`select unnest(${`{${alheios.join(',')}}`}::int[])` }),
    );
    expect(r.total).toBe(0);
    await db.execute(sql`update instancia_whatsapp set ativa = false`);
    await expect(db.transaction((tx) => enfileirarParaCliente(tx, { empresaId, clienteId: alheios[0]!, texto: 'x', origem: 'TESTE', marketing: false }))).rejects.toBeInstanceOf(
      SemInstanciaWhatsapp,
    );
  });
});

/** Queues `n` marketing messages for consenting customers on a fresh instance; returns the batch. */
async function prepararLote(n: number, inst: Parameters<typeof criarInstancia>[1]) {
  const instanciaId = await criarInstancia(db, inst);
  const ids = await criarClientes(db, empresaId, n, 'Ritmo', true);
  const { loteId } = await db.transaction((tx) =>
    criarLote(tx, { empresaId, nome: 'Ritmo', origem: 'CAMPANHA', texto: 'Olá', marketing: true, clientes: sql`select id from cliente where id in (${idsDe(ids)})`, instanciaId }),
  );
  await db.execute(sql`update mensagem_saida set criado_em = '2020-01-01', proxima_tentativa_em = '2020-01-01' where lote_id = ${loteId}`);
  return { instanciaId, loteId };
}

/** A fresh instance paired in the sandbox gateway with its batch; the sandbox's clock is `agora`. */
let nSandbox = 0;
async function loteNoSandbox(n: number, porMinuto: number, agora: () => Date) {
  const sandbox = t.app.adaptadores.whatsappSandbox;
  sandbox.configurar({ automatico: false, taxaFalha: 0, agora });
  const nome = `ritmo-sandbox-${++nSandbox}`;
  const servidor = { baseUrl: 'sandbox://local', chave: 'chave' };
  await sandbox.criarInstancia(servidor, nome, 'http://127.0.0.1:9/webhook');
  await sandbox.conectar(servidor, nome);
  await sandbox.simularLeitura(servidor, nome, `5511977${String(nSandbox).padStart(6, '0')}`);
  const lote = await prepararLote(n, { empresaId, porMinuto, nome });
  const enviadas = async () =>
    (await linhas<{ em: string | Date; id_local: string }>(sql`select criado_em as em, id_local from sandbox_whatsapp_mensagem where instancia = ${nome} and direcao = 'ENVIADA'`)).map(
      (r) => ({ em: new Date(r.em).getTime(), idLocal: r.id_local }),
    );
  return { ...lote, sandbox, enviadas };
}

describe('ritmo por instância (relógio falso)', () => {
  it('nunca passa do limite por minuto, com intervalos irregulares (gateway sandbox)', async () => {
    const relogio = new RelogioFalso(Date.parse('2026-03-10T15:00:00Z'));
    const { loteId, sandbox, enviadas } = await loteNoSandbox(60, 10, relogio.agora);
    await entregarAte(db, { gateway: () => sandbox, agora: relogio.agora, dormir: relogio.dormir, continuar: () => true, pararQuandoVazio: true });
    const instantes = (await enviadas()).map((e) => e.em).sort((a, b) => a - b);
    expect(instantes).toHaveLength(60);
    expect(maximoPorJanela(instantes, 60_000)).toBeLessThanOrEqual(10);
    const intervalos = instantes.slice(1).map((x, i) => x - instantes[i]!);
    expect(Math.min(...intervalos)).toBeGreaterThanOrEqual(6000);
    expect(new Set(intervalos).size).toBeGreaterThan(10);
    const [c] = await linhas<{ n: number }>(sql`select count(*)::int n from mensagem_saida where lote_id = ${loteId} and status = 'ENVIADA' and id_gateway is not null`);
    expect(c!.n).toBe(60);
  });

  it('aquecimento: número pareado hoje manda 20 no 1º dia, 40 no 2º', async () => {
    // 10:00 in São Paulo.
    const inicio = Date.parse('2026-03-10T13:00:00Z');
    const relogio = new RelogioFalso(inicio);
    const gw = new GatewayDeTeste(relogio.agora);
    await prepararLote(100, { empresaId, porMinuto: 60, porDia: 1000, pareadaEm: new Date(inicio - 3_600_000) });
    const ate = Date.parse('2026-03-12T03:00:00Z'); // midnight of the third day, local
    await entregarAte(db, { gateway: () => gw, agora: relogio.agora, dormir: relogio.dormir, continuar: () => relogio.agora().getTime() < ate, sonecaMaximaMs: 3_600_000 });
    const porDia = new Map<string, number>();
    for (const e of gw.enviadas) {
      const dia = new Date(e.em - 3 * 3_600_000).toISOString().slice(0, 10);
      porDia.set(dia, (porDia.get(dia) ?? 0) + 1);
    }
    expect(Object.fromEntries(porDia)).toEqual({ '2026-03-10': 20, '2026-03-11': 40 });
  });

  it('horário de silêncio no fuso da empresa: nada entre 21:00 e 08:00', async () => {
    const inicio = Date.parse('2026-03-10T23:50:00Z'); // 20:50 in São Paulo
    const relogio = new RelogioFalso(inicio);
    const gw = new GatewayDeTeste(relogio.agora);
    await prepararLote(30, { empresaId, porMinuto: 2, silencioInicio: '21:00', silencioFim: '08:00' });
    await entregarAte(db, { gateway: () => gw, agora: relogio.agora, dormir: relogio.dormir, continuar: () => true, pararQuandoVazio: true, sonecaMaximaMs: 3_600_000 });
    expect(gw.enviadas).toHaveLength(30);
    const horas = gw.enviadas.map((e) => new Date(e.em - 3 * 3_600_000).toISOString().slice(11, 16));
    expect(horas.filter((h) => h >= '21:00' || h < '08:00')).toEqual([]);
    expect(horas.filter((h) => h >= '20:50' && h < '21:00').length).toBeGreaterThan(0);
    expect(horas.at(-1)! >= '08:00').toBe(true);
  });

  it('recusa repetível: espera crescente e depois envia; recusa definitiva: FALHOU com o motivo', async () => {
    const relogio = new RelogioFalso(Date.parse('2026-03-10T15:00:00Z'));
    const gw = new GatewayDeTeste(relogio.agora);
    const o = { gateway: () => gw, agora: relogio.agora, dormir: relogio.dormir, continuar: () => true, pararQuandoVazio: true };
    const repetivel = await prepararLote(1, { empresaId, porMinuto: 60 });
    gw.falhar = [new FalhaGateway('INDISPONIVEL', 'Servidor fora do ar', true, 503), new FalhaGateway('INDISPONIVEL', 'Servidor fora do ar', true, 503)];
    const t0 = relogio.agora().getTime();
    await entregarAte(db, o);
    const [m1] = await linhas<{ status: string; tentativas: number; erro: string | null }>(sql`select status, tentativas, erro from mensagem_saida where lote_id = ${repetivel.loteId}`);
    expect(m1).toMatchObject({ status: 'ENVIADA', tentativas: 3, erro: null });
    // 30 s then 60 s of backoff before the third try.
    expect(gw.enviadas[0]!.em - t0).toBeGreaterThanOrEqual(90_000);

    await db.execute(sql`update instancia_whatsapp set ativa = false`);
    const definitiva = await prepararLote(1, { empresaId, porMinuto: 60 });
    gw.falhar = [new FalhaGateway('NUMERO_INVALIDO', 'Número sem WhatsApp', false, 400)];
    await entregarAte(db, o);
    const [m2] = await linhas<{ status: string; tentativas: number; erro: string | null }>(sql`select status, tentativas, erro from mensagem_saida where lote_id = ${definitiva.loteId}`);
    expect(m2).toMatchObject({ status: 'FALHOU', tentativas: 1, erro: 'NUMERO_INVALIDO: Número sem WhatsApp' });
    expect(gw.enviadas).toHaveLength(1);
  });

  it('instância pausada ou desconectada não envia', async () => {
    const relogio = new RelogioFalso(Date.parse('2026-03-10T15:00:00Z'));
    const gw = new GatewayDeTeste(relogio.agora);
    const { instanciaId } = await prepararLote(3, { empresaId, porMinuto: 60, estado: 'DESCONECTADA' });
    await garantirRitmos(db);
    const o = { gateway: () => gw, agora: relogio.agora };
    expect((await entregarUma(db, o)).tipo).toBe('NADA');
    await db.execute(sql`update instancia_whatsapp set estado = 'CONECTADA', pausada = true where id = ${instanciaId}`);
    expect((await entregarUma(db, o)).tipo).toBe('NADA');
    await db.execute(sql`update instancia_whatsapp set pausada = false where id = ${instanciaId}`);
    expect((await entregarUma(db, o)).tipo).toBe('ENVIADA');
    expect(gw.enviadas).toHaveLength(1);
    const [i] = await linhas<{ ultimo_envio_em: string | Date }>(sql`select ultimo_envio_em from instancia_whatsapp where id = ${instanciaId}`);
    expect(new Date(i!.ultimo_envio_em).getTime()).toBe(relogio.agora().getTime());
  });

  it('quem diz SAIR depois de enfileirado não recebe: a mensagem é cancelada na hora do envio', async () => {
    const relogio = new RelogioFalso(Date.parse('2026-03-10T15:00:00Z'));
    const gw = new GatewayDeTeste(relogio.agora);
    const { loteId } = await prepararLote(2, { empresaId, porMinuto: 60 });
    const [primeiro] = await linhas<{ cliente_id: number }>(sql`select cliente_id from mensagem_saida where lote_id = ${loteId} order by id limit 1`);
    await consentir(db, empresaId, [primeiro!.cliente_id], false);
    await entregarAte(db, { gateway: () => gw, agora: relogio.agora, dormir: relogio.dormir, continuar: () => true, pararQuandoVazio: true });
    expect(gw.enviadas).toHaveLength(1);
    const msgs = await linhas<{ status: string }>(sql`select status from mensagem_saida where lote_id = ${loteId} order by id`);
    expect(msgs.map((m) => m.status)).toEqual(['CANCELADA', 'ENVIADA']);
  });

  it('vários trabalhadores ao mesmo tempo não furam o ritmo (relógio acelerado, gateway sandbox)', async () => {
    // 1 real millisecond = 300 clock milliseconds: a minute passes in 200 ms.
    const base = Date.parse('2026-03-10T15:00:00Z');
    const t0 = performance.now();
    const agora = () => new Date(base + (performance.now() - t0) * 300);
    const a = await loteNoSandbox(40, 30, agora);
    const b = await loteNoSandbox(40, 30, agora);
    const outro = await t.segundaApp();
    outro.app.adaptadores.whatsappSandbox.configurar({ automatico: false, taxaFalha: 0, agora });
    const fim = Date.now() + 20_000;
    const o = { agora, continuar: () => Date.now() < fim, pararQuandoVazio: true, sonecaMaximaMs: 2000, dormir: () => new Promise<void>((r) => setTimeout(r, 2)) };
    // Two apps (on PostgreSQL two pools, as two processes), three loops each, each with its own sandbox handle.
    await Promise.all([
      entregarAte(db, { ...o, gateway: () => a.sandbox, paralelos: 3 }),
      entregarAte(outro.app.db, { ...o, gateway: () => outro.app.adaptadores.whatsappSandbox, paralelos: 3 }),
    ]);
    await outro.fechar();
    for (const x of [a, b]) {
      const enviadas = await x.enviadas();
      expect(enviadas).toHaveLength(40);
      expect(maximoPorJanela(enviadas.map((e) => e.em).sort((p, q) => p - q), 60_000)).toBeLessThanOrEqual(30);
      expect(new Set(enviadas.map((e) => e.idLocal)).size).toBe(40);
    }
  });
});

describe('reconciliação depois de uma queda', () => {
  it('ENVIANDO antigo: o que o gateway conhece vira ENVIADA; o resto vai para REVISAR; nada é reenviado', async () => {
    const relogio = new RelogioFalso(Date.parse('2026-03-10T15:00:00Z'));
    const gw = new GatewayDeTeste(relogio.agora);
    const { loteId } = await prepararLote(4, { empresaId, porMinuto: 600 });
    await garantirRitmos(db);
    const o = { gateway: () => gw, agora: relogio.agora };
    // A: the gateway got it, the worker died before writing ENVIADA. B: died before calling the gateway.
    // C: timed out (fate unknown). D: still being sent a moment ago.
    gw.falhar = [];
    await entregarUma(db, o);
    const [a] = await linhas<{ id: number }>(sql`select id from mensagem_saida where lote_id = ${loteId} and status = 'ENVIADA'`);
    await db.execute(sql`update mensagem_saida set status = 'ENVIANDO', id_gateway = null where id = ${a!.id}`);
    relogio.avancar(1000);
    // B: the worker "dies" inside the gateway call (a call that never returns), after ENVIANDO was committed.
    void entregarUma(db, { ...o, gateway: () => ({ ...gw, enviar: () => new Promise(() => {}) }) as never });
    await new Promise((r) => setTimeout(r, 200));
    relogio.avancar(1000);
    gw.falhar = [new FalhaGateway('TEMPO_ESGOTADO', 'sem resposta', true)];
    expect((await entregarUma(db, o)).tipo).toBe('INCERTA');
    relogio.avancar(5 * 60_000);
    gw.falhar = [];
    expect((await entregarUma(db, o)).tipo).toBe('ENVIADA');
    await db.execute(sql`update mensagem_saida set status = 'ENVIANDO' where id = (select max(id) from mensagem_saida where lote_id = ${loteId})`);
    const enviadasAntes = gw.enviadas.length;

    const r = await reconciliar(db, o);
    expect(r).toMatchObject({ ENVIADA: 1, REVISAR: 2 });
    expect(gw.enviadas.length).toBe(enviadasAntes);
    const msgs = await linhas<{ status: string; erro: string | null }>(sql`select status, erro from mensagem_saida where lote_id = ${loteId} order by id`);
    expect(msgs.map((m) => m.status)).toEqual(['ENVIADA', 'REVISAR', 'REVISAR', 'ENVIANDO']);
    expect(msgs[1]!.erro).toBe(MOTIVO_REVISAR);
  });
});

describe('lotes: servidorwhatsapp/iniciar, pausar, cancelar/{id} e o progresso', () => {
  it('pausar segura o lote, iniciar retoma, cancelar marca CANCELADA o que está na fila; contagens ao vivo', async () => {
    const relogio = new RelogioFalso(Date.parse('2026-03-10T15:00:00Z'));
    const gw = new GatewayDeTeste(relogio.agora);
    const { loteId } = await prepararLote(10, { empresaId, porMinuto: 60 });
    const gerente = await t.entrar('gerente');
    const o = { gateway: () => gw, agora: relogio.agora, dormir: relogio.dormir, pararQuandoVazio: true };
    const progresso = async () => (await gerente.get(`/services/servidorwhatsapp/lote/${loteId}`)).json().result;
    await garantirRitmos(db);
    const enviar = async (k: number) => {
      for (let feitas = 0; feitas < k; ) {
        if ((await entregarUma(db, o)).tipo === 'ENVIADA') feitas++;
        else relogio.avancar(2000);
      }
    };

    // Two go out, then the whole company's sending is paused.
    await enviar(2);
    expect(await progresso()).toMatchObject({ status: 'ATIVO', total: 10, fila: 8, enviadas: 2, percentual: 20 });
    const semXsrf = await gerente.get('/services/servidorwhatsapp/pausar', { semXsrf: true });
    expect(semXsrf.statusCode).toBe(403);
    const p = await gerente.get('/services/servidorwhatsapp/pausar');
    expect(p.json().result.lotes).toContain(loteId);
    relogio.avancar(3_600_000);
    expect((await entregarUma(db, o)).tipo).toBe('NADA');
    expect(await progresso()).toMatchObject({ status: 'PAUSADO', fila: 8 });

    // Resumed (this batch only), three more; then cancelled: the rest is CANCELADA and never goes.
    expect((await gerente.get(`/services/servidorwhatsapp/iniciar?lote=${loteId}`)).json().result.lotes).toEqual([loteId]);
    await enviar(3);
    const c = await gerente.get(`/services/servidorwhatsapp/cancelar/${loteId}`);
    expect(c.json().result).toEqual({ canceladas: 5 });
    await entregarAte(db, { ...o, continuar: () => true });
    expect(gw.enviadas).toHaveLength(5);
    expect(await progresso()).toMatchObject({ status: 'CANCELADO', total: 10, fila: 0, enviadas: 5, canceladas: 5, percentual: 100 });
    const [a] = await linhas<{ n: number }>(sql`select count(*)::int n from auditoria where entidade = 'lote_mensagem' and entidade_id = ${String(loteId)}`);
    expect(a!.n).toBe(3);

    // Another company can neither see, pause nor cancel it.
    const outra = await t.entrar('outra');
    expect((await outra.get(`/services/servidorwhatsapp/lote/${loteId}`)).statusCode).toBe(404);
    expect((await outra.get(`/services/servidorwhatsapp/iniciar?lote=${loteId}`)).json().result.lotes).toEqual([]);
    expect((await outra.get(`/services/servidorwhatsapp/cancelar/${loteId}`)).statusCode).toBe(404);
    const admin = await t.entrar('admin');
    expect((await admin.get('/services/servidorwhatsapp/pausar')).statusCode).toBe(403);
    expect((await gerente.get('/services/servidorwhatsapp/iniciar?lote=abc')).json().messageError).toBe('Lote inválido.');
  });
});
