import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';
import { abrirContextoDeCampanha } from './apoio/campanhas.js';
import { linhasDe, publicoDe as publicoDeIds } from './apoio/consultas-sql.js';
import { consentir, criarClientes, criarInstancia } from './apoio/mensageria.js';

/** Campaigns (docs/areas/mensageria.md "Campanhas"), on both engines. */

let t: AppDeTeste;
let db: Db;
let empresaId: number;
let outraId: number;
let gerente: Cliente;
let outra: Cliente;
let modeloId: number;

const linhas = linhasDe(() => db);
const lista = (ids: number[]) => sql.raw(ids.join(','));

/** A saved audience of exactly `ids` (apoio/consultas-sql.ts). */
const publicoDe = (ids: number[], empresa = empresaId) => publicoDeIds(db, empresa, ids);

async function criarCampanha(corpo: Record<string, unknown>) {
  const r = await gerente.post('/services/campanha/save', { nome: 'Volta às aulas', modeloId, controlePercentual: 25, ...corpo });
  expect(r.statusCode, r.body).toBe(200);
  return env<{ id: number; status: string }>(r).result;
}

beforeAll(async () => {
  ({ t, db, empresaId, outraId, gerente, outra } = await abrirContextoDeCampanha());
  await criarInstancia(db, { empresaId });
  const m = await gerente.post('/services/mensagem/modelo/save', { nome: 'Oferta de campanha', canal: 'WHATSAPP', texto: 'Oi {primeiro_nome}, use {cupom} na {loja}!' });
  expect(m.statusCode, m.body).toBe(200);
  modeloId = env<{ id: number }>(m).result.id;
});
afterAll(() => t.fechar());

describe('campanha/save: validação em português', () => {
  it('recusa entrada ruim com mensagens sem nome de campo', async () => {
    const vazio = await gerente.post('/services/campanha/save', {});
    expect(vazio.statusCode).toBe(400);
    expect(vazio.json().messageError).toMatch(/Informe o nome da campanha|Escolha o público/);
    const publicoId = await publicoDe(await criarClientes(db, empresaId, 1, 'Val', true));
    const casos: [Record<string, unknown>, string][] = [
      [{ agenda: 'DATA' }, 'Informe a data e a hora de envio.'],
      [{ agenda: 'ESPALHADA' }, 'Informe em quantos dias espalhar.'],
      [{ controlePercentual: 60 }, 'O grupo de controle pode ter no máximo 50% do público.'],
      [{ controlePercentual: 2.5 }, 'O grupo de controle é um percentual inteiro.'],
      [{ canal: 'EMAIL' }, 'O modelo escolhido é de outro canal.'],
      [{ canal: 'SMS' }, 'Escolha o canal.'],
      [{ diasAtribuicao: 0 }, 'Conte as vendas de pelo menos 1 dia.'],
      [{ agenda: 'DATA', agendadaPara: 'amanhã' }, 'Data e hora de envio inválidas.'],
    ];
    for (const [extra, msg] of casos) {
      const r = await gerente.post('/services/campanha/save', { nome: 'X campanha', publicoId, modeloId, ...extra });
      expect(r.statusCode, JSON.stringify(extra)).toBe(400);
      expect(r.json().messageError).toBe(msg);
      expect(r.json().messageError).not.toMatch(/publicoId|controlePercentual|agendadaPara/);
    }
    // Another company's audience or template reads as not found.
    const alheio = await publicoDe(await criarClientes(db, outraId, 1, 'Alheio', true), outraId);
    expect((await gerente.post('/services/campanha/save', { nome: 'X campanha', publicoId: alheio, modeloId })).json().messageError).toBe('Público não encontrado.');
    expect((await outra.post('/services/campanha/save', { nome: 'X campanha', publicoId: alheio, modeloId })).json().messageError).toBe('Modelo não encontrado.');
    // A draft is created and listed as RASCUNHO.
    const k = await criarCampanha({ publicoId });
    expect(k.status).toBe('RASCUNHO');
    const l = await gerente.post('/services/campanha/filterpaginated/0/50', { status: 'RASCUNHO' });
    expect(env<{ content: { id: number }[] }>(l).result.content.map((c) => c.id)).toContain(k.id);
  });
});

describe('disparo: participantes, grupo de controle, consentimento e bloqueio', () => {
  let campanhaId: number;
  let loteId: number;
  let aptos: number[];
  let semConsentimento: number[];
  let bloqueado: number;
  let revogou: number;

  beforeAll(async () => {
    aptos = await criarClientes(db, empresaId, 20, 'Apto', true);
    semConsentimento = await criarClientes(db, empresaId, 2, 'SemConsent');
    [bloqueado] = await criarClientes(db, empresaId, 1, 'Bloqueado', true);
    [revogou] = await criarClientes(db, empresaId, 1, 'Revogou', true);
    await consentir(db, empresaId, [revogou!], false);
    await db.execute(sql`insert into bloqueio_publico (empresa_id, cliente_id, motivo) values (${empresaId}, ${bloqueado}, 'pediu')`);
    const publicoId = await publicoDe([...aptos, ...semConsentimento, bloqueado!, revogou!]);
    campanhaId = (await criarCampanha({ publicoId, cupom: 'VOLTA10' })).id;
  });

  it('grava todos os aptos como participantes: 25% no controle, sem mensagem; o envio recebe o modelo renderizado', async () => {
    expect((await gerente.post(`/services/campanha/disparar/${campanhaId}`, {}, { semXsrf: true })).statusCode).toBe(403);
    const r = await gerente.post(`/services/campanha/disparar/${campanhaId}`);
    expect(r.statusCode, r.body).toBe(200);
    const d = env<{ loteId: number; envio: number; controle: number }>(r).result;
    expect(d).toMatchObject({ envio: 15, controle: 5 });
    loteId = d.loteId;

    const part = await linhas<{ cliente_id: number; grupo: string; mensagem_saida_id: string | null }>(
      sql`select cliente_id, grupo, mensagem_saida_id from campanha_participante where campanha_id = ${campanhaId} order by cliente_id`,
    );
    expect(part.map((p) => p.cliente_id)).toEqual(aptos);
    const controle = part.filter((p) => p.grupo === 'CONTROLE');
    expect(controle).toHaveLength(5);
    expect(controle.every((p) => p.mensagem_saida_id === null)).toBe(true);
    const msgs = await linhas<{ cliente_id: number; texto: string; marketing: boolean; origem: string; origem_id: number; id: string }>(
      sql`select id, cliente_id, texto, marketing, origem, origem_id from mensagem_saida where lote_id = ${loteId} order by cliente_id`,
    );
    // The holdout never receives; the sending group gets exactly one message each, the one recorded.
    expect(msgs.map((m) => m.cliente_id)).toEqual(part.filter((p) => p.grupo === 'ENVIO').map((p) => p.cliente_id));
    expect(msgs.map((m) => String(m.id))).toEqual(part.filter((p) => p.grupo === 'ENVIO').map((p) => String(p.mensagem_saida_id)));
    expect(msgs[0]).toMatchObject({ marketing: true, origem: 'CAMPANHA', origem_id: campanhaId });
    expect(msgs[0]!.texto).toMatch(/^Oi Apto, use VOLTA10 na .+!$/);
    const [nada] = await linhas<{ n: number }>(
      sql`select count(*)::int as n from mensagem_saida where cliente_id in (${lista([...semConsentimento, bloqueado!, revogou!, ...controle.map((c) => c.cliente_id)])}) and origem = 'CAMPANHA'`,
    );
    expect(nada!.n).toBe(0);

    // The draw is reproducible from the recorded seed: the 5 smallest md5(seed:id) are the holdout.
    const [k] = await linhas<{ semente: string }>(sql`select semente from campanha where id = ${campanhaId}`);
    const sorteio = await linhas<{ id: number }>(
      sql`select x as id from unnest(${`{${aptos.join(',')}}`}::int[]) x order by md5(${k!.semente} || ':' || x), x limit 5`,
    );
    expect(sorteio.map((s) => s.id).sort((a, b) => a - b)).toEqual(controle.map((c) => c.cliente_id));

    const c = env<{ status: string; loteId: number; participantesEnvio: number; participantesControle: number }>(await gerente.get(`/services/campanha/findbyid/${campanhaId}`)).result;
    expect(c).toMatchObject({ status: 'ENVIANDO', loteId, participantesEnvio: 15, participantesControle: 5 });
    // Fired once: again is a conflict, and a fired campaign can be neither changed nor deleted.
    expect((await gerente.post(`/services/campanha/disparar/${campanhaId}`)).json().messageError).toBe('Esta campanha já foi disparada.');
    expect((await gerente.post('/services/campanha/save', { id: campanhaId, nome: 'Outro nome', publicoId: 1, modeloId })).statusCode).toBe(409);
    expect((await gerente.delete(`/services/campanha/delete/${campanhaId}`)).statusCode).toBe(409);
  });

  it('participantes: página, grupo e situação de cada mensagem; outra empresa não vê', async () => {
    const r = await gerente.get(`/services/filtrar/participantes/${campanhaId}/0/10`);
    expect(r.statusCode, r.body).toBe(200);
    const p = env<{ content: { grupo: string; situacao: string | null; nome: string }[]; totalElements: number }>(r).result;
    expect(p.totalElements).toBe(20);
    expect(p.content).toHaveLength(10);
    const ctl = env<{ content: { grupo: string; situacao: string | null }[]; totalElements: number }>(
      await gerente.get(`/services/filtrar/participantes/${campanhaId}/0/50?grupo=CONTROLE`),
    ).result;
    expect(ctl.totalElements).toBe(5);
    expect(ctl.content.every((x) => x.grupo === 'CONTROLE' && x.situacao === null)).toBe(true);
    const env2 = env<{ content: { situacao: string | null }[] }>(await gerente.get(`/services/filtrar/participantes/${campanhaId}/0/50?grupo=ENVIO`)).result;
    expect(env2.content.every((x) => x.situacao === 'FILA')).toBe(true);
    expect((await outra.get(`/services/filtrar/participantes/${campanhaId}/0/10`)).statusCode).toBe(404);
    expect((await gerente.get(`/services/filtrar/participantes/${campanhaId}/0/0`)).json().messageError).toBe('Tamanho de página inválido.');
    expect((await gerente.get(`/services/filtrar/participantes/${campanhaId}/0/10?grupo=X`)).json().messageError).toBe('Grupo inválido.');
  });

  it('pausar e cancelar pelas rotas do lote mudam a situação da campanha; o que estava na fila é cancelado', async () => {
    const status = async () => env<{ status: string }>(await gerente.get(`/services/campanha/findbyid/${campanhaId}`)).result.status;
    expect((await gerente.get(`/services/servidorwhatsapp/pausar?lote=${loteId}`)).statusCode).toBe(200);
    expect(await status()).toBe('PAUSADA');
    await gerente.get(`/services/servidorwhatsapp/iniciar?lote=${loteId}`);
    expect(await status()).toBe('ENVIANDO');
    expect(env<{ canceladas: number }>(await gerente.get(`/services/servidorwhatsapp/cancelar/${loteId}`)).result.canceladas).toBe(15);
    expect(await status()).toBe('CANCELADA');
    const l = env<{ content: { id: number }[] }>(await gerente.post('/services/campanha/filterpaginated/0/50', { status: 'CANCELADA' })).result;
    expect(l.content.map((c) => c.id)).toEqual([campanhaId]);
  });

  it('quem disse SAIR depois desta campanha fica de fora da próxima', async () => {
    const saiu = aptos[0]!;
    await db.execute(sql`insert into cliente_consentimento (empresa_id, cliente_id, canal, concedido, origem) values (${empresaId}, ${saiu}, 'WHATSAPP', false, 'WHATSAPP_SAIR')`);
    const publicoId = await publicoDe(aptos);
    const k = await criarCampanha({ publicoId, controlePercentual: 0 });
    const d = env<{ envio: number; controle: number; loteId: number }>(await gerente.post(`/services/campanha/disparar/${k.id}`)).result;
    expect(d).toMatchObject({ envio: 19, controle: 0 });
    const [n] = await linhas<{ n: number }>(sql`select count(*)::int as n from campanha_participante where campanha_id = ${k.id} and cliente_id = ${saiu}`);
    expect(n!.n).toBe(0);
    await gerente.get(`/services/servidorwhatsapp/cancelar/${d.loteId}`);
  });
});

describe('agenda', () => {
  it('numa data futura fica AGENDADA; espalhada por 3 dias divide o envio em três fatias diárias', async () => {
    const ids = await criarClientes(db, empresaId, 12, 'Agenda', true);
    const publicoId = await publicoDe(ids);
    const futuro = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const a = await criarCampanha({ publicoId, agenda: 'DATA', agendadaPara: futuro, controlePercentual: 0 });
    await gerente.post(`/services/campanha/disparar/${a.id}`);
    const ca = env<{ status: string; inicioEm: string }>(await gerente.get(`/services/campanha/findbyid/${a.id}`)).result;
    expect(ca.status).toBe('AGENDADA');
    expect(ca.inicioEm).toBe(futuro);
    const [min] = await linhas<{ m: Date | string }>(sql`select min(proxima_tentativa_em) as m from mensagem_saida where origem = 'CAMPANHA' and origem_id = ${a.id}`);
    expect(new Date(min!.m).toISOString()).toBe(futuro);

    const e = await criarCampanha({ publicoId, agenda: 'ESPALHADA', diasEspalhar: 3, controlePercentual: 0 });
    await gerente.post(`/services/campanha/disparar/${e.id}`);
    const dias = await linhas<{ dia: number; n: number }>(
      sql`select floor(extract(epoch from (m.proxima_tentativa_em - k.inicio_em)) / 86400)::int as dia, count(*)::int as n
        from mensagem_saida m join campanha k on k.id = m.origem_id where m.origem = 'CAMPANHA' and m.origem_id = ${e.id} group by 1 order by 1`,
    );
    expect(dias).toEqual([
      { dia: 0, n: 4 },
      { dia: 1, n: 4 },
      { dia: 2, n: 4 },
    ]);
    for (const id of [a.id, e.id]) {
      const [l] = await linhas<{ lote_id: number }>(sql`select lote_id from campanha where id = ${id}`);
      await gerente.get(`/services/servidorwhatsapp/cancelar/${l!.lote_id}`);
    }
  });
});

describe('resultados', () => {
  it('mensagens, opt-outs e vendas nos N dias: receita atribuída e lift exatos ao centavo', async () => {
    const ids = await criarClientes(db, empresaId, 20, 'Resultado', true);
    const publicoId = await publicoDe(ids);
    const k = await criarCampanha({ publicoId, controlePercentual: 25, diasAtribuicao: 7 });
    const d = env<{ loteId: number }>(await gerente.post(`/services/campanha/disparar/${k.id}`)).result;
    const [{ inicio_em: inicioRaw }] = (await linhas<{ inicio_em: string | Date }>(sql`select inicio_em from campanha where id = ${k.id}`)) as [{ inicio_em: string | Date }];
    const inicio = new Date(inicioRaw).getTime();
    const grupos = await linhas<{ cliente_id: number; grupo: string }>(sql`select cliente_id, grupo from campanha_participante where campanha_id = ${k.id} order by cliente_id`);
    const envio = grupos.filter((g) => g.grupo === 'ENVIO').map((g) => g.cliente_id);
    const controle = grupos.filter((g) => g.grupo === 'CONTROLE').map((g) => g.cliente_id);
    expect([envio.length, controle.length]).toEqual([15, 5]);

    // Messages: 10 sent, of which 6 delivered, of which 2 read; 1 failed.
    const msgs = (await linhas<{ id: string }>(sql`select id from mensagem_saida where lote_id = ${d.loteId} order by id`)).map((m) => String(m.id));
    const marcar = (ids: string[], s: ReturnType<typeof sql>) => db.execute(sql`update mensagem_saida set ${s} where id in (${sql.raw(ids.join(','))})`);
    await marcar(msgs.slice(0, 10), sql`status = 'ENVIADA', enviada_em = now()`);
    await marcar(msgs.slice(0, 6), sql`status = 'ENTREGUE', entregue_em = now()`);
    await marcar(msgs.slice(0, 2), sql`status = 'LIDA', lida_em = now()`);
    await marcar(msgs.slice(10, 11), sql`status = 'FALHOU', erro = 'NUMERO_INVALIDO'`);
    // One of the sending group said SAIR after the start; one of the holdout too (not counted: it got nothing).
    await consentir(db, empresaId, [envio[0]!, controle[0]!], false);

    const venda = (cliente: number, centavos: number, horasDepois: number, status = 'CONFIRMADA') =>
      db.execute(sql`insert into transacao (empresa_id, cliente_id, valor_centavos, status, criado_em, cancelada_em)
        values (${empresaId}, ${cliente}, ${centavos}, ${status}, ${new Date(inicio + horasDepois * 3_600_000).toISOString()}::timestamptz,
          ${status === 'CANCELADA' ? new Date().toISOString() : null}::timestamptz)`);
    // Sending group: 4 buyers, R$ 100,00 + R$ 50,50 (two sales) + R$ 20,01 + R$ 0,99 = 17.150 centavos.
    await venda(envio[1]!, 10000, 2);
    await venda(envio[2]!, 3000, 5);
    await venda(envio[2]!, 2050, 30);
    await venda(envio[3]!, 2001, 100);
    await venda(envio[4]!, 99, 167);
    // Not counted: before the start, after 7 days, cancelled.
    await venda(envio[5]!, 50000, -2);
    await venda(envio[6]!, 50000, 24 * 7 + 1);
    await venda(envio[7]!, 50000, 3, 'CANCELADA');
    // Holdout: 1 buyer, R$ 30,00.
    await venda(controle[1]!, 3000, 10);

    const r = await gerente.get(`/services/campanha/resultados/${k.id}`);
    expect(r.statusCode, r.body).toBe(200);
    const res = env<Record<string, unknown>>(r).result;
    expect(res).toMatchObject({
      dias: 7,
      enviadas: 10,
      entregues: 6,
      lidas: 2,
      falhas: 1,
      optOuts: 1,
      envio: { participantes: 15, compradores: 4, receitaCentavos: 17150, receitaPorClienteCentavos: 1143 },
      controle: { participantes: 5, compradores: 1, receitaCentavos: 3000, receitaPorClienteCentavos: 600 },
      // 4/15 − 1/5 = 6,67 pp; 17150/15 − 600 = 543,33 → 543; 17150 − 15 × 600 = 8150.
      liftTaxaPontos: 6.67,
      liftReceitaPorClienteCentavos: 543,
      receitaAtribuidaCentavos: 8150,
    });
    expect((res.envio as { taxaCompra: number }).taxaCompra).toBeCloseTo(4 / 15, 10);

    // N = 8 days takes in the sale at 7 days + 1 h.
    const r8 = env<{ envio: { receitaCentavos: number; compradores: number }; receitaAtribuidaCentavos: number }>(await gerente.get(`/services/campanha/resultados/${k.id}?dias=8`)).result;
    expect(r8.envio).toMatchObject({ receitaCentavos: 67150, compradores: 5 });
    expect(r8.receitaAtribuidaCentavos).toBe(67150 - 15 * 600);
    expect((await gerente.get(`/services/campanha/resultados/${k.id}?dias=0`)).json().messageError).toBe('Conte as vendas de pelo menos 1 dia.');
    expect((await outra.get(`/services/campanha/resultados/${k.id}`)).statusCode).toBe(404);
    await gerente.get(`/services/servidorwhatsapp/cancelar/${d.loteId}`);
  });
});
