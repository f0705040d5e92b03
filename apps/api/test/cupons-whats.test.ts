import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Cupom, EnvioCupomWhats, StatusTarefaResposta, TesteCupomWhatsResposta } from '@bonifica/contracts';
import { env, type Cliente } from './apoio/app-de-teste.js';
import { abrirContextoDeCampanha } from './apoio/campanhas.js';
import { linhasDe, publicoDe as publicoDeIds } from './apoio/consultas-sql.js';
import { consentir, criarClientes, criarInstancia } from './apoio/mensageria.js';

let ctx: Awaited<ReturnType<typeof abrirContextoDeCampanha>>;
let linhas: ReturnType<typeof linhasDe>;
let atendente: Cliente;
const MODELO = 'Olá {nome}! Seu cupom na {loja}: {cupom} (válido até {vencimento}).';

let seq = 0;
async function novoCupom(corpo: Record<string, unknown> = {}): Promise<Cupom> {
  const r = await ctx.gerente.post('/services/cupomdesconto/save', { nome: `Cupom whats ${++seq}`, tipo: 'LOTE', beneficio: 'PERCENTUAL', percentual: 10, quantidade: 2, dataVencimento: '2099-12-31', whatsAppLote: MODELO, ...corpo });
  expect(r.statusCode, r.body).toBe(200);
  return env<Cupom>(r).result;
}
const publicoDe = (ids: number[], empresa = ctx.empresaId) => publicoDeIds(ctx.db, empresa, ids);
const enviar = (quem: Cliente, corpo: Record<string, unknown>) => quem.post('/services/cupomdesconto/whats/enviar', corpo);

/** Starts the send and runs its job here (no queue in tests). */
async function enviarTudo(cupomId: number, publicoId: number): Promise<EnvioCupomWhats> {
  const r = await enviar(ctx.gerente, { cupomId, publicoId });
  expect(r.statusCode, r.body).toBe(200);
  const e = env<EnvioCupomWhats>(r).result;
  await ctx.t.app.tarefas.executar(e.tarefa!);
  const s = await ctx.gerente.get(`/services/status/assincrono/${e.tarefa}`);
  expect(env<StatusTarefaResposta>(s).result).toMatchObject({ status: 'CONCLUIDA' });
  return e;
}
const mensagens = (cupomId: number) =>
  linhas<{ cliente_id: number; para: string; texto: string; marketing: boolean; lote_id: number }>(
    sql`select cliente_id, para, texto, marketing, lote_id from mensagem_saida where origem = 'CUPOM_WHATS' and origem_id = ${cupomId} order by cliente_id`,
  );
const codigosDe = (cupomId: number) => linhas<{ codigo: string; cliente_id: number | null }>(sql`select codigo, cliente_id from cupom_desconto_codigo where cupom_id = ${cupomId} order by id`);
const contarTudo = async () =>
  (await linhas<{ n: string }>(sql`select (select count(*) from mensagem_saida) + (select count(*) from cupom_desconto_codigo) + (select count(*) from tarefa) + (select count(*) from lote_mensagem) as n`))[0]!.n;

beforeAll(async () => {
  ctx = await abrirContextoDeCampanha();
  linhas = linhasDe(() => ctx.db);
  atendente = await ctx.t.entrar('atendente');
  await criarInstancia(ctx.db, { empresaId: ctx.empresaId });
}, 240_000);
afterAll(() => ctx.t.fechar());

describe('cupomdesconto/whats/enviar', () => {
  it('entrada inválida: 400 em português e nada gravado', async () => {
    const c = await novoCupom();
    const publicoId = await publicoDe(await criarClientes(ctx.db, ctx.empresaId, 1, 'Inv', true));
    const antes = await contarTudo();
    for (const [corpo, msg] of [
      [{ publicoId }, /Informe o cupom/],
      [{ cupomId: c.id }, /Escolha o público/],
      [{ cupomId: 'x', publicoId }, /Informe o cupom/],
      [{ cupomId: c.id, publicoId, extra: 1 }, /.+/],
    ] as const) {
      const r = await enviar(ctx.gerente, corpo);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().messageError).toMatch(msg);
    }
    const semTexto = await novoCupom({ whatsAppLote: null });
    const r = await enviar(ctx.gerente, { cupomId: semTexto.id, publicoId });
    expect(r.statusCode).toBe(400);
    expect(r.json().messageError).toMatch(/Escreva a mensagem do WhatsApp/);
    const semCupom = await novoCupom({ whatsAppLote: 'Olá {nome}' });
    expect((await enviar(ctx.gerente, { cupomId: semCupom.id, publicoId })).json().messageError).toMatch(/precisa ter \{cupom\}/);
    expect((await enviar(ctx.gerente, { cupomId: 999_999, publicoId })).statusCode).toBe(404);
    expect((await enviar(ctx.gerente, { cupomId: c.id, publicoId: 999_999 })).json().messageError).toBe('Público não encontrado.');
    expect(await contarTudo()).toBe(antes);
  });

  it('só clientes com consentimento e não bloqueados recebem; cada um com o seu código; o segundo envio não repete', async () => {
    const c = await novoCupom();
    const sim = await criarClientes(ctx.db, ctx.empresaId, 3, 'Sim', true);
    const nao = await criarClientes(ctx.db, ctx.empresaId, 1, 'Nao', false);
    const semResposta = await criarClientes(ctx.db, ctx.empresaId, 1, 'Mudo');
    const bloqueado = (await criarClientes(ctx.db, ctx.empresaId, 1, 'Bloq', true))[0]!;
    await ctx.db.execute(sql`insert into bloqueio_publico (empresa_id, cliente_id, motivo) values (${ctx.empresaId}, ${bloqueado}, 'pediu')`);
    const publicoId = await publicoDe([...sim, ...nao, ...semResposta, bloqueado]);

    // The preview: nothing written, the count and the rendered template.
    const antes = await contarTudo();
    const p = env<EnvioCupomWhats>(await enviar(ctx.gerente, { cupomId: c.id, publicoId, simular: true })).result;
    expect(p).toMatchObject({ destinatarios: 3, jaReceberam: 0, temNumero: true, tarefa: null });
    expect(p.previa).toMatch(/^Olá Maria da Silva! Seu cupom na .+: EXEMPLO123 \(válido até 31\/12\/2099\)\.$/);
    expect(await contarTudo()).toBe(antes);

    const e = await enviarTudo(c.id, publicoId);
    expect(e.destinatarios).toBe(3);
    const m = await mensagens(c.id);
    expect(m.map((x) => x.cliente_id)).toEqual(sim);
    const codigos = (await codigosDe(c.id)).filter((k) => k.cliente_id !== null);
    expect(codigos.map((k) => k.cliente_id!).sort((a, b) => a - b)).toEqual(sim);
    expect(new Set(codigos.map((k) => k.codigo)).size).toBe(3);
    // Two codes were generated before (quantidade 2): used first, the third generated for the send.
    expect((await codigosDe(c.id)).length).toBe(3);
    for (const x of m) {
      const k = codigos.find((y) => y.cliente_id === x.cliente_id)!;
      expect(x.texto).toContain(`Seu cupom na `);
      expect(x.texto).toContain(`: ${k.codigo} (válido até 31/12/2099).`);
      expect(x.para).toMatch(/^5511/);
      expect(x.marketing).toBe(true);
    }
    const [lote] = await linhas<{ total: number; origem: string }>(sql`select total, origem from lote_mensagem where id = ${m[0]!.lote_id}`);
    expect(lote).toMatchObject({ total: 3, origem: 'CUPOM_WHATS' });

    // The code is the customer's: another customer cannot use it at the counter.
    const v = await ctx.gerente.post('/services/cupomdesconto/validar', { codigo: codigos[0]!.codigo, valor: 100, clienteId: sim.find((s) => s !== codigos[0]!.cliente_id) });
    expect(v.statusCode).toBe(409);
    expect(v.json().messageError).toBe('Este código é de outro cliente.');

    // Again, same audience: nobody new → 409, nothing written; the preview says who already has it.
    const depois = await contarTudo();
    const s = env<EnvioCupomWhats>(await enviar(ctx.gerente, { cupomId: c.id, publicoId, simular: true })).result;
    expect(s).toMatchObject({ destinatarios: 0, jaReceberam: 3 });
    const r = await enviar(ctx.gerente, { cupomId: c.id, publicoId });
    expect(r.statusCode).toBe(409);
    expect(r.json().messageError).toMatch(/Ninguém deste público/);
    expect(await contarTudo()).toBe(depois);

    // The one who said no consents later: the next send reaches only them.
    await consentir(ctx.db, ctx.empresaId, nao, true);
    await enviarTudo(c.id, publicoId);
    expect((await mensagens(c.id)).map((x) => x.cliente_id)).toEqual([...sim, ...nao].sort((a, b) => a - b));
    expect((await codigosDe(c.id)).filter((k) => k.cliente_id !== null)).toHaveLength(4);
  });

  it('dois envios ao mesmo tempo não dão dois códigos ao mesmo cliente', async () => {
    const c = await novoCupom({ quantidade: 0 });
    const ids = await criarClientes(ctx.db, ctx.empresaId, 4, 'Par', true);
    const publicoId = await publicoDe(ids);
    const [a, b] = await Promise.all([enviar(ctx.gerente, { cupomId: c.id, publicoId }), enviar(ctx.gerente, { cupomId: c.id, publicoId })]);
    await Promise.all([a, b].map((r) => ctx.t.app.tarefas.executar(env<EnvioCupomWhats>(r).result.tarefa!)));
    expect((await mensagens(c.id)).map((x) => x.cliente_id)).toEqual(ids);
    expect((await codigosDe(c.id)).map((k) => k.cliente_id).sort((x, y) => x! - y!)).toEqual(ids);
  });

  it('cupom inativo ou sem número de WhatsApp: 409', async () => {
    const c = await novoCupom({ ativo: false });
    const publicoId = await publicoDe(await criarClientes(ctx.db, ctx.empresaId, 1, 'Ina', true));
    const r = await enviar(ctx.gerente, { cupomId: c.id, publicoId });
    expect(r.statusCode).toBe(409);
    expect(r.json().messageError).toMatch(/inativo, vencido ou esgotado/);
    const alheio = await publicoDe(await criarClientes(ctx.db, ctx.outraId, 1, 'SemInst', true), ctx.outraId);
    const k = env<Cupom>(await ctx.outra.post('/services/cupomdesconto/save', { nome: 'Sem número', tipo: 'LOTE', beneficio: 'PERCENTUAL', percentual: 5, dataVencimento: '2099-12-31', whatsAppLote: MODELO })).result;
    expect(env<EnvioCupomWhats>(await enviar(ctx.outra, { cupomId: k.id, publicoId: alheio, simular: true })).result).toMatchObject({ destinatarios: 1, temNumero: false });
    const s = await enviar(ctx.outra, { cupomId: k.id, publicoId: alheio });
    expect(s.statusCode, s.body).toBe(409);
    expect(s.json().messageError).toMatch(/número de WhatsApp/);
  });
});

describe('cupomdesconto/whats/teste', () => {
  it('enfileira a mensagem com o código de exemplo para o celular digitado (origem TESTE)', async () => {
    const c = await novoCupom();
    const r = await ctx.gerente.post('/services/cupomdesconto/whats/teste', { cupomId: c.id, celular: '(11) 98888-7777' });
    expect(r.statusCode, r.body).toBe(200);
    const t = env<TesteCupomWhatsResposta>(r).result;
    expect(t.para).toBe('5511988887777');
    expect(t.texto).toContain('EXEMPLO123');
    const [m] = await linhas<{ para: string; origem: string; texto: string; marketing: boolean; cliente_id: number | null }>(sql`select para, origem, texto, marketing, cliente_id from mensagem_saida where id = ${t.mensagemId}`);
    expect(m).toEqual({ para: '5511988887777', origem: 'TESTE', texto: t.texto, marketing: false, cliente_id: null });
    expect(await codigosDe(c.id)).toHaveLength(0);
    const ruim = await ctx.gerente.post('/services/cupomdesconto/whats/teste', { cupomId: c.id, celular: '123' });
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json().messageError).toBe('Celular de teste inválido: informe DDD e número.');
  });
});

describe('cupomdesconto/download/whats', () => {
  it('CSV com cliente, celular, código, situação e horários das mensagens do cupom', async () => {
    const c = await novoCupom();
    const ids = await criarClientes(ctx.db, ctx.empresaId, 2, 'Csv', true);
    await enviarTudo(c.id, await publicoDe(ids));
    const r = await ctx.gerente.post('/services/cupomdesconto/download/whats', { cupomId: c.id });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toMatch(/text\/csv/);
    const linhasCsv = r.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(linhasCsv[0]).toBe('Cliente;Celular;Código;Situação;Enfileirada em;Enviada em;Entregue em;Lida em;Erro');
    expect(linhasCsv).toHaveLength(3);
    const codigos = await codigosDe(c.id);
    const cel = await linhas<{ celular: string }>(sql`select celular from cliente where id = ${ids[0]!}`);
    expect(linhasCsv[1]).toContain('Csv 1;');
    expect(linhasCsv[1]).toContain(`(${cel[0]!.celular.slice(0, 2)}) ${cel[0]!.celular.slice(2, 7)}-${cel[0]!.celular.slice(7)}`);
    expect(linhasCsv.slice(1).join('\n')).toContain(codigos.find((k) => k.cliente_id === ids[0])!.codigo);
    expect(linhasCsv[1]).toContain(';FILA;');
    // Queued at: DD/MM/AAAA HH:MM:SS in Brasília, as Excel pt-BR shows it (not an ISO instant in UTC).
    expect(linhasCsv[1]!.split(';')[4]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect((await ctx.gerente.post('/services/cupomdesconto/download/whats', { cupomId: 999_999 })).statusCode).toBe(404);
  });
});

describe('permissões', () => {
  it('só a gestão: atendente e analista recebem 403', async () => {
    const c = await novoCupom();
    const publicoId = await publicoDe(await criarClientes(ctx.db, ctx.empresaId, 1, 'Perm', true));
    const analista = await ctx.t.entrar('analista');
    for (const quem of [atendente, analista]) {
      expect((await enviar(quem, { cupomId: c.id, publicoId })).statusCode).toBe(403);
      expect((await quem.post('/services/cupomdesconto/whats/teste', { cupomId: c.id, celular: '11988887777' })).statusCode).toBe(403);
      expect((await quem.post('/services/cupomdesconto/download/whats', { cupomId: c.id })).statusCode).toBe(403);
    }
  });
});
