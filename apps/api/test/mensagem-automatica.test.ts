import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { EnvioAutomatica, MensagemAutomatica, ModeloMensagem, Pagina, ResultadoRodada } from '@bonifica/contracts';
import { arquivo, cliente, clienteConsentimento } from '../src/db/schema/index.js';
import { entregarUma, garantirRitmos, rodarAutomaticasDevidas } from '../src/modules/mensagem/index.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';
import { criarInstancia } from './apoio/mensageria.js';

let t: AppDeTeste;
let gerente: Cliente;
let atendente: Cliente;
let outra: Cliente;
let empresaOutra: number;

async function linhas<T>(consulta: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.banco.db.execute(consulta)) as unknown as { rows: T[] }).rows;
}

let seq = 0;
type NovoCliente = { semCelular?: boolean; consentimento?: boolean | null; nascimento?: string | null; criadoHaDias?: number; empresaId?: number; email?: string };
async function novoCliente(o: NovoCliente = {}): Promise<number> {
  const n = ++seq;
  const [c] = await t.banco.db
    .insert(cliente)
    .values({
      empresaId: o.empresaId ?? 1,
      nome: `Bruna Automática ${n}`,
      celular: o.semCelular ? null : `119${String(n).padStart(8, '0')}`,
      celularWhatsapp: !o.semCelular,
      email: o.email ?? null,
      dataNascimento: o.nascimento ?? null,
      ...(o.criadoHaDias ? { criadoEm: sql`now() - make_interval(days => ${o.criadoHaDias})` } : {}),
    })
    .returning({ id: cliente.id });
  if (o.consentimento !== undefined && o.consentimento !== null)
    await t.banco.db.insert(clienteConsentimento).values({ empresaId: o.empresaId ?? 1, clienteId: c!.id, canal: 'WHATSAPP', concedido: o.consentimento, origem: 'TESTE' });
  return c!.id;
}

async function modelo(texto: string, canal: 'WHATSAPP' | 'EMAIL' = 'WHATSAPP', quem = gerente): Promise<number> {
  const r = await quem.post('/services/mensagem/modelo/save', { nome: `Modelo ${++seq}`, canal, texto, ...(canal === 'EMAIL' ? { assunto: 'Oi {primeiro_nome}' } : {}) });
  expect(r.statusCode, r.body).toBe(200);
  return env<ModeloMensagem>(r).result.id;
}

async function configurar(corpo: Record<string, unknown>) {
  const r = await gerente.post('/services/mensagem/automatica/save', { canal: 'WHATSAPP', ...corpo });
  expect(r.statusCode, r.body).toBe(200);
  return env<MensagemAutomatica>(r).result;
}

async function enviarAgora(gatilho: string): Promise<ResultadoRodada> {
  const r = await gerente.post('/services/mensagem/automatica/enviar/msg/agora', { gatilho });
  expect(r.statusCode, r.body).toBe(200);
  return env<ResultadoRodada[]>(r).result[0]!;
}

/** The outbox rows an automatic trigger queued, for the given customers. */
async function mensagens(gatilho: string, clientes: number[]) {
  return linhas<{ cliente_id: number; para: string; texto: string; marketing: boolean; lote_id: number | null; status: string }>(
    sql`select m.cliente_id, m.para, m.texto, m.marketing, m.lote_id, m.status from mensagem_saida m
        join envio_automatica e on e.id = m.origem_id and m.origem = 'AUTOMATICA'
        where e.gatilho = ${gatilho} and m.cliente_id in (${sql.join(clientes.map((c) => sql`${c}`), sql`, `)}) order by m.cliente_id`,
  );
}

/** Today in Brasília (the demo's zone), as the database sees it. */
async function hoje(): Promise<string> {
  const [l] = await linhas<{ d: string }>(sql`select to_char((now() at time zone 'America/Sao_Paulo')::date, 'YYYY-MM-DD') as d`);
  return l!.d;
}

beforeAll(async () => {
  t = await criarAppDeTeste();
  [gerente, atendente, outra] = await Promise.all([t.entrar('gerente'), t.entrar('atendente'), t.entrar('outra')]);
  empresaOutra = (await linhas<{ id: number }>(sql`select empresa_id as id from usuario where username = 'outra'`))[0]!.id;
  // Each company sends through its own WhatsApp number (the outbox's instanciaDaEmpresa).
  const semInstancia = await gerente.post('/services/mensagem/automatica/save', { gatilho: 'BOAS_VINDAS', ativo: false, canal: 'WHATSAPP' });
  expect(semInstancia.statusCode).toBe(200);
  await criarInstancia(t.banco.db, { empresaId: 1 });
  await criarInstancia(t.banco.db, { empresaId: empresaOutra });
  const r = await gerente.post('/services/config/salvarconfiguracaoprograma', { cashbackPercentual: 5, pontosPorReal: 1, compraMinima: 0, maximoCashbackPorVenda: null });
  expect(r.statusCode, r.body).toBe(200);
});
afterAll(() => t.fechar());

describe('mensagem/automatica: configuração', () => {
  it('lista os cinco gatilhos, desligados, com o N padrão', async () => {
    const l = env<MensagemAutomatica[]>(await outra.get('/services/mensagem/automatica')).result;
    expect(l.map((a) => [a.gatilho, a.ativo, a.dias])).toEqual([
      ['BOAS_VINDAS', false, null],
      ['CASHBACK_GANHO', false, null],
      ['SALDO_VENCENDO', false, 7],
      ['ANIVERSARIO', false, null],
      ['INATIVO', false, 60],
    ]);
  });

  it('recusa entrada ruim, modelo de outro canal e modelo de outra empresa', async () => {
    const whats = await modelo('Oi {nome}');
    const alheio = await modelo('Oi {nome}', 'WHATSAPP', outra);
    const casos: [Record<string, unknown>, number, string][] = [
      [{ gatilho: 'ANIVERSARIO', ativo: true, modeloId: null }, 400, 'Escolha o modelo antes de ligar a mensagem.'],
      [{ gatilho: 'INATIVO', ativo: false, modeloId: whats, dias: 3 }, 400, 'Dias sem comprar: de 7 a 730.'],
      [{ gatilho: 'SALDO_VENCENDO', ativo: false, modeloId: whats, dias: null }, 400, 'Informe dias antes do vencimento.'],
      [{ gatilho: 'ANIVERSARIO', ativo: false, modeloId: whats, horario: '25:00' }, 400, 'Horário inválido: use HH:MM, de 00:00 a 23:59.'],
      [{ gatilho: 'NATAL', ativo: false }, 400, 'Gatilho inválido.'],
      [{ gatilho: 'ANIVERSARIO', ativo: false, modeloId: whats, canal: 'EMAIL' }, 400, 'O modelo escolhido é de WhatsApp: escolha um modelo de e-mail.'],
      [{ gatilho: 'ANIVERSARIO', ativo: true, modeloId: alheio }, 400, 'Modelo não encontrado.'],
    ];
    for (const [corpo, status, msg] of casos) {
      const r = await gerente.post('/services/mensagem/automatica/save', { canal: 'WHATSAPP', ...corpo });
      expect(r.statusCode, JSON.stringify(corpo)).toBe(status);
      expect(env(r).messageError).toBe(msg);
    }
    expect((await atendente.post('/services/mensagem/automatica/save', { gatilho: 'ANIVERSARIO', ativo: false, canal: 'WHATSAPP' })).statusCode).toBe(403);
    expect((await atendente.get('/services/mensagem/automatica')).statusCode).toBe(403);
  });

  it('um modelo em uso numa automática não é excluído', async () => {
    const m = await modelo('Oi {nome}');
    await configurar({ gatilho: 'INATIVO', ativo: false, modeloId: m, dias: 365 });
    const r = await gerente.delete(`/services/mensagem/modelo/delete/${m}`);
    expect(r.statusCode).toBe(409);
    expect(env(r).messageError).toContain('em uso numa mensagem automática');
  });
});

describe('gatilhos: cada um gera exatamente as mensagens certas, uma vez', () => {
  it('boas-vindas: ligar não escreve para a base antiga; o cliente novo recebe uma vez (transacional, sem consentimento)', async () => {
    const antigo = await novoCliente();
    await configurar({ gatilho: 'BOAS_VINDAS', ativo: true, modeloId: await modelo('Bem-vinda, {primeiro_nome}! Saldo {saldo_cashback}.') });
    const novo = await novoCliente();
    const semWhats = await novoCliente({ semCelular: true });
    const recusou = await novoCliente({ consentimento: false });
    await rodarAutomaticasDevidas(t.banco.db);
    const m = await mensagens('BOAS_VINDAS', [antigo, novo, semWhats, recusou]);
    expect(m).toEqual([
      { cliente_id: novo, para: expect.stringMatching(/^55119\d{8}$/), texto: `Bem-vinda, Bruna! Saldo R$ 0,00.`, marketing: false, lote_id: expect.any(Number), status: 'FILA' },
    ]);
    await rodarAutomaticasDevidas(t.banco.db);
    expect(await mensagens('BOAS_VINDAS', [novo])).toHaveLength(1);
  });

  it('cashback ganho: a tarefa lê as vendas novas em conjunto; uma mensagem por venda com cashback, nenhuma repetida', async () => {
    await configurar({ gatilho: 'CASHBACK_GANHO', ativo: true, modeloId: await modelo('Você ganhou cashback! Saldo: {saldo_cashback}') });
    const c = await novoCliente();
    const venda = await gerente.post('/services/transacao/venda', { clienteId: c, valor: 200 });
    expect(venda.statusCode, venda.body).toBe(200);
    // The sale itself queued nothing: the hot path stays free of messaging.
    expect(await mensagens('CASHBACK_GANHO', [c])).toEqual([]);
    await rodarAutomaticasDevidas(t.banco.db);
    await rodarAutomaticasDevidas(t.banco.db);
    const m = await mensagens('CASHBACK_GANHO', [c]);
    expect(m.map((x) => x.texto)).toEqual(['Você ganhou cashback! Saldo: R$ 10,00']);
  });

  it('saldo prestes a vencer: um aviso por cliente e dia de vencimento dentro de N dias, dos lotes do razão', async () => {
    await configurar({ gatilho: 'SALDO_VENCENDO', ativo: true, dias: 7, modeloId: await modelo('{valor_vencendo} vence em {vencimento}') });
    const [perto, longe, sem] = [await novoCliente(), await novoCliente(), await novoCliente()];
    for (const [c, v] of [
      [perto, 10],
      [perto, 5.5],
      [longe, 20],
    ] as const) {
      const r = await gerente.post('/services/account/lancamento/ajuste', { clienteId: c, unidade: 'CASHBACK', valor: v, motivo: 'Crédito de teste' });
      expect(r.statusCode, r.body).toBe(200);
    }
    await t.banco.db.execute(sql`update credito set expira_em = now() + interval '3 days' where conta_id in (select id from conta where cliente_id = ${perto})`);
    await t.banco.db.execute(sql`update credito set expira_em = now() + interval '20 days' where conta_id in (select id from conta where cliente_id = ${longe})`);
    const primeira = await enviarAgora('SALDO_VENCENDO');
    expect(primeira.loteId).not.toBeNull();
    const m = await mensagens('SALDO_VENCENDO', [perto, longe, sem]);
    expect(m).toHaveLength(1);
    expect(m[0]!.cliente_id).toBe(perto);
    expect(m[0]!.texto).toMatch(/^R\$ 15,50 vence em \d{2}\/\d{2}\/\d{4}$/);
    // "Enviar agora" again the same day: the unique key (customer, expiry day) drops it.
    expect((await enviarAgora('SALDO_VENCENDO')).enfileiradas).toBe(0);
    expect(await mensagens('SALDO_VENCENDO', [perto])).toHaveLength(1);
  });

  it('aniversário é marketing: só quem deu consentimento de WhatsApp e não o retirou recebe, uma vez no ano', async () => {
    const d = await hoje();
    const nasc = `1990-${d.slice(5)}`;
    const sim = await novoCliente({ nascimento: nasc, consentimento: true });
    const semResposta = await novoCliente({ nascimento: nasc });
    const nao = await novoCliente({ nascimento: nasc, consentimento: false });
    const retirou = await novoCliente({ nascimento: nasc, consentimento: true });
    await t.banco.db.insert(clienteConsentimento).values({ empresaId: 1, clienteId: retirou, canal: 'WHATSAPP', concedido: false, origem: 'SAIR' });
    const outroDia = await novoCliente({ nascimento: '1990-01-01' === nasc ? '1990-01-02' : '1990-01-01', consentimento: true });
    // The audience block list (bloqueio_publico) wins over consent for marketing.
    const bloqueado = await novoCliente({ nascimento: nasc, consentimento: true });
    await t.banco.db.execute(sql`insert into bloqueio_publico (empresa_id, cliente_id, motivo) values (1, ${bloqueado}, 'pediu')`);
    await configurar({ gatilho: 'ANIVERSARIO', ativo: true, modeloId: await modelo('Parabéns, {primeiro_nome}! Use {cupom}.'), cupom: 'NIVER10' });
    await enviarAgora('ANIVERSARIO');
    const m = await mensagens('ANIVERSARIO', [sim, semResposta, nao, retirou, outroDia, bloqueado]);
    expect(m.map((x) => [x.cliente_id, x.texto, x.marketing])).toEqual([[sim, 'Parabéns, Bruna! Use NIVER10.', true]]);
    expect((await enviarAgora('ANIVERSARIO')).enfileiradas).toBe(0);
  });

  it('inativo há N dias: quem não compra (ou só se cadastrou) há N dias, com consentimento; quem comprou há pouco não', async () => {
    const parado = await novoCliente({ criadoHaDias: 40, consentimento: true });
    const comprou = await novoCliente({ criadoHaDias: 40, consentimento: true });
    const recente = await novoCliente({ criadoHaDias: 5, consentimento: true });
    const semConsentimento = await novoCliente({ criadoHaDias: 40 });
    expect((await gerente.post('/services/transacao/venda', { clienteId: comprou, valor: 10 })).statusCode).toBe(200);
    await configurar({ gatilho: 'INATIVO', ativo: true, dias: 30, modeloId: await modelo('Sentimos sua falta, {primeiro_nome}') });
    await enviarAgora('INATIVO');
    expect((await mensagens('INATIVO', [parado, comprou, recente, semConsentimento])).map((x) => x.cliente_id)).toEqual([parado]);
    expect((await enviarAgora('INATIVO')).enfileiradas).toBe(0);
  });
});

describe('agenda diária, teste, envio agora e registro', () => {
  it('a tarefa roda a diária só depois do horário no fuso da empresa e uma vez por dia', async () => {
    const c = await novoCliente({ nascimento: `1985-${(await hoje()).slice(5)}`, consentimento: true, empresaId: empresaOutra });
    const m = await modelo('Feliz aniversário, {nome}', 'WHATSAPP', outra);
    const salvar = (horario: string) =>
      outra.post('/services/mensagem/automatica/save', { gatilho: 'ANIVERSARIO', ativo: true, modeloId: m, canal: 'WHATSAPP', horario });
    expect((await salvar('23:59')).statusCode).toBe(200);
    const [agora] = await linhas<{ h: string }>(sql`select to_char(now() at time zone 'America/Sao_Paulo', 'HH24:MI') as h`);
    await rodarAutomaticasDevidas(t.banco.db);
    if (agora!.h < '23:59') expect(await mensagens('ANIVERSARIO', [c])).toEqual([]);
    expect((await salvar('00:00')).statusCode).toBe(200);
    await rodarAutomaticasDevidas(t.banco.db);
    expect(await mensagens('ANIVERSARIO', [c])).toHaveLength(1);
    const [a] = await linhas<{ ultima_rodada: string }>(sql`select to_char(ultima_rodada, 'YYYY-MM-DD') as ultima_rodada from mensagem_automatica where empresa_id = ${empresaOutra} and gatilho = 'ANIVERSARIO'`);
    expect(a!.ultima_rodada).toBe(await hoje());
    const lotes = await linhas<{ n: number }>(sql`select count(*)::int as n from lote_mensagem where empresa_id = ${empresaOutra}`);
    await rodarAutomaticasDevidas(t.banco.db);
    expect((await linhas<{ n: number }>(sql`select count(*)::int as n from lote_mensagem where empresa_id = ${empresaOutra}`))[0]!.n).toBe(lotes[0]!.n);
  });

  it('msgteste renderiza com um cliente e enfileira para o número de teste; destino ruim e mensagem sem modelo são recusados', async () => {
    const c = await novoCliente();
    await configurar({ gatilho: 'INATIVO', ativo: false, dias: 90, modeloId: await modelo('Teste para {nome} na {loja}') });
    const r = await gerente.post('/services/mensagem/automatica/msgteste', { gatilho: 'INATIVO', para: '(11) 98888-7777', clienteId: c });
    expect(r.statusCode, r.body).toBe(200);
    expect(env(r).result).toMatchObject({ para: '5511988887777', texto: expect.stringMatching(/^Teste para Bruna Automática \d+ na Supermercados Bonifica Demo Centro$/) });
    const [m] = await linhas<{ origem: string; para: string; cliente_id: number | null }>(
      sql`select origem, para, cliente_id from mensagem_saida where id = ${env<{ mensagemId: number }>(r).result.mensagemId}`,
    );
    expect(m).toEqual({ origem: 'TESTE', para: '5511988887777', cliente_id: null });
    const ruim = await gerente.post('/services/mensagem/automatica/msgteste', { gatilho: 'INATIVO', para: '12345' });
    expect([ruim.statusCode, env(ruim).messageError]).toEqual([400, 'Número de teste inválido: informe DDD e número.']);
    const semModelo = await outra.post('/services/mensagem/automatica/msgteste', { gatilho: 'BOAS_VINDAS', para: '11988887777' });
    expect([semModelo.statusCode, env(semModelo).messageError]).toEqual([409, 'Escolha o modelo desta mensagem antes de testar.']);
    const alheio = await gerente.post('/services/mensagem/automatica/msgteste', { gatilho: 'INATIVO', para: '11988887777', clienteId: await novoCliente({ empresaId: empresaOutra }) });
    expect(alheio.statusCode).toBe(404);
  });

  it('sem número de WhatsApp na empresa: enviar agora e teste explicam; a tarefa só pula', async () => {
    await t.banco.db.execute(sql`update instancia_whatsapp set ativa = false where empresa_id = ${empresaOutra}`);
    try {
      const agora = await outra.post('/services/mensagem/automatica/enviar/msg/agora', { gatilho: 'ANIVERSARIO' });
      expect([agora.statusCode, env(agora).messageError]).toEqual([409, 'A empresa não tem um número de WhatsApp para enviar mensagens.']);
      const teste = await outra.post('/services/mensagem/automatica/msgteste', { gatilho: 'ANIVERSARIO', para: '11988887777' });
      expect(teste.statusCode).toBe(409);
      await expect(rodarAutomaticasDevidas(t.banco.db)).resolves.toBeDefined();
    } finally {
      await t.banco.db.execute(sql`update instancia_whatsapp set ativa = true where empresa_id = ${empresaOutra}`);
    }
  });

  it('enviar agora de uma mensagem desligada é 409; o registro lista o que foi enviado, com filtros e paginação', async () => {
    const desligada = await gerente.post('/services/mensagem/automatica/enviar/msg/agora', { gatilho: 'INATIVO' });
    expect([desligada.statusCode, env(desligada).messageError]).toEqual([409, 'Ligue esta mensagem e escolha o modelo antes de enviar.']);
    const r = await gerente.post('/services/filtrar/msgautomatica/0/2', { gatilho: 'ANIVERSARIO' });
    expect(r.statusCode, r.body).toBe(200);
    const p = env<Pagina<EnvioAutomatica>>(r).result;
    expect(p.content.length).toBeGreaterThanOrEqual(1);
    expect(p.content.every((e) => e.gatilho === 'ANIVERSARIO' && e.status === 'FILA' && e.texto?.startsWith('Parabéns'))).toBe(true);
    const todos = env<Pagina<EnvioAutomatica>>(await gerente.post('/services/filtrar/msgautomatica/0/100', {})).result;
    expect(new Set(todos.content.map((e) => e.gatilho))).toEqual(new Set(['BOAS_VINDAS', 'CASHBACK_GANHO', 'SALDO_VENCENDO', 'ANIVERSARIO', 'INATIVO']));
    // Outra's birthday message is not in the demo's log, nor the demo's in outra's.
    const deOutra = env<Pagina<EnvioAutomatica>>(await outra.post('/services/filtrar/msgautomatica/0/100', {})).result;
    expect(deOutra.content.every((e) => e.texto?.startsWith('Feliz aniversário'))).toBe(true);
    for (const [url, corpo] of [
      ['/services/filtrar/msgautomatica/0/0', {}],
      ['/services/filtrar/msgautomatica/0/10', { de: '2026-02-10', ate: '2026-01-01' }],
      ['/services/filtrar/msgautomatica/0/10', { gatilho: 'X' }],
    ] as const) {
      expect((await gerente.post(url, corpo)).statusCode).toBe(400);
    }
  });

  it('o anexo do modelo sai como mídia, com o texto de legenda (entregador e gateway sandbox)', async () => {
    const sandbox = t.app.adaptadores.whatsappSandbox;
    sandbox.configurar({ automatico: false, taxaFalha: 0 });
    const nome = `anexo-${Date.now()}`;
    const servidor = { baseUrl: 'sandbox://local', chave: 'chave' };
    await sandbox.criarInstancia(servidor, nome, 'http://127.0.0.1:9/webhook');
    await sandbox.conectar(servidor, nome);
    await sandbox.simularLeitura(servidor, nome, '5511977000001');
    await t.banco.db.execute(sql`update instancia_whatsapp set ativa = false where empresa_id = 1`);
    await criarInstancia(t.banco.db, { empresaId: 1, nome });
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const [a] = await t.banco.db.insert(arquivo).values({ empresaId: 1, nome: 'oferta.png', tipo: 'image/png', tamanho: png.length, sha256: '0'.repeat(64), dados: png }).returning({ id: arquivo.id });
    const m = await gerente.post('/services/mensagem/modelo/save', { nome: `Com anexo ${nome}`, canal: 'WHATSAPP', texto: 'Veja a oferta, {primeiro_nome}', arquivoId: a!.id });
    expect(m.statusCode, m.body).toBe(200);
    await configurar({ gatilho: 'BOAS_VINDAS', ativo: false, modeloId: env<ModeloMensagem>(m).result.id });
    const c = await novoCliente();
    const r = await gerente.post('/services/mensagem/automatica/msgteste', { gatilho: 'BOAS_VINDAS', para: '11977000002', clienteId: c });
    expect(r.statusCode, r.body).toBe(200);
    const id = env<{ mensagemId: number }>(r).result.mensagemId;
    await t.banco.db.execute(sql`update mensagem_saida set status = 'CANCELADA' where status = 'FILA' and id <> ${id}`);
    await garantirRitmos(t.banco.db);
    expect(await entregarUma(t.banco.db, { gateway: () => sandbox })).toMatchObject({ tipo: 'ENVIADA', id });
    const [enviada] = await linhas<{ texto: string; midia: unknown; numero: string }>(sql`select texto, midia, numero from sandbox_whatsapp_mensagem where id_local = ${`bonifica-${id}`}`);
    expect(enviada).toMatchObject({ texto: 'Veja a oferta, Bruna', midia: { tipo: 'imagem', mimetype: 'image/png', nomeArquivo: 'oferta.png' } });
  });
});
