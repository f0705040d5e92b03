import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ParticipanteCampanha, ResultadosCampanha } from '@bonifica/contracts';
import type { Db } from '../src/db/client.js';
import { FalhaEmail, type Email, type EmailAdapter } from '../src/adapters/email/email.js';
import { entregarAte, MOTIVO_REVISAR_EMAIL, reconciliarEmails, RITMO_EMAIL } from '../src/modules/mensagem/index.js';
import { tokenDescadastro, segredoDescadastro } from '../src/lib/link-descadastro.js';
import { env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';
import { abrirContextoDeCampanha } from './apoio/campanhas.js';
import { linhasDe, publicoDe as publicoDeIds } from './apoio/consultas-sql.js';
import { criarClientes, criarInstancia, entregarEmailsAte, maximoPorJanela, RelogioFalso } from './apoio/mensageria.js';
import { GatewayDeTeste } from './apoio/gateway-de-teste.js';
import { enviarArquivo } from './apoio/importacao.js';

/**
 * E-mail campaigns and imported contacts as campaign targets (docs/decisions/034), on both engines:
 * consent of the EMAIL channel, audience block by e-mail, the e-mail worker (marked before the SMTP
 * call, retry / fail / review), its pace, the signed unsubscribe link, participants and results.
 */

let t: AppDeTeste;
let db: Db;
let empresaId: number;
let outraId: number;
let gerente: Cliente;
let outra: Cliente;
let modeloEmail: number;
let modeloZap: number;

/** An SMTP stand-in: records what it got and, at that moment, the row's status (must already be ENVIANDO). */
const enviados: { email: Email; statusNaHora: string | undefined }[] = [];
let falharCom: FalhaEmail | null = null;
/** How many more sends fail with `falharCom` (Infinity: all). */
let falhasRestantes = Infinity;
const adaptador: EmailAdapter = {
  tipo: 'smtp',
  async enviar(e) {
    const [m] = await linhas<{ status: string }>(sql`select status from mensagem_saida where canal = 'EMAIL' and para = ${e.para} order by id desc limit 1`);
    if (falharCom && falhasRestantes-- > 0) throw falharCom;
    enviados.push({ email: e, statusNaHora: m?.status });
  },
};

const linhas = linhasDe(() => db);

// From the real now: queued rows are due from the database's now().
const relogio = new RelogioFalso(Date.now());
/** Runs the outbox's loops (WhatsApp and e-mail) until nothing is queued (at most a fake hour), on the fake clock. */
const entregarTudo = () => entregarEmailsAte(db, relogio, adaptador);

/** A saved audience of exactly `ids`, optionally with the imported contacts (apoio/consultas-sql.ts). */
const publicoDe = (ids: number[], incluirContatos = false, empresa = empresaId) => publicoDeIds(db, empresa, ids, { incluirContatos });

/** Customers with an e-mail address (`cliente<id>@teste.com`) and, when given, their latest EMAIL consent. */
async function clientesComEmail(n: number, prefixo: string, consentimento?: boolean): Promise<number[]> {
  const ids = await criarClientes(db, empresaId, n, prefixo);
  await db.execute(sql`update cliente set email = 'cliente' || id || '@teste.com' where id in (${sql.raw(ids.join(','))})`);
  if (consentimento !== undefined) {
    await db.execute(sql`insert into cliente_consentimento (empresa_id, cliente_id, canal, concedido, origem)
      select ${empresaId}, x, 'EMAIL', ${consentimento}, 'TESTE' from unnest(${`{${ids.join(',')}}`}::int[]) x`);
  }
  return ids;
}

async function contato(nome: string, email: string | null, celular: string | null, consentimento?: { canal: 'EMAIL' | 'WHATSAPP'; concedido: boolean }): Promise<number> {
  const [c] = await linhas<{ id: number }>(sql`insert into contato (empresa_id, nome, email, celular, origem) values (${empresaId}, ${nome}, ${email}, ${celular}, 'IMPORTACAO') returning id`);
  if (consentimento) {
    await db.execute(sql`insert into contato_consentimento (empresa_id, contato_id, canal, concedido, origem) values (${empresaId}, ${c!.id}, ${consentimento.canal}, ${consentimento.concedido}, 'TESTE')`);
  }
  return c!.id;
}

async function campanha(corpo: Record<string, unknown>, quem = gerente) {
  const r = await quem.post('/services/campanha/save', { nome: 'Newsletter de dezembro', modeloId: modeloEmail, canal: 'EMAIL', controlePercentual: 0, ...corpo });
  expect(r.statusCode, r.body).toBe(200);
  return env<{ id: number; canal: string }>(r).result;
}

beforeAll(async () => {
  ({ t, db, empresaId, outraId, gerente, outra } = await abrirContextoDeCampanha({ adaptadores: { email: adaptador } }));
  const m = await gerente.post('/services/mensagem/modelo/save', { nome: 'Newsletter', canal: 'EMAIL', assunto: 'Novidades para {primeiro_nome}', texto: 'Olá {nome}, seu saldo é {saldo_cashback}.' });
  expect(m.statusCode, m.body).toBe(200);
  modeloEmail = env<{ id: number }>(m).result.id;
  const z = await gerente.post('/services/mensagem/modelo/save', { nome: 'Zap', canal: 'WHATSAPP', texto: 'Oi {nome}' });
  modeloZap = env<{ id: number }>(z).result.id;
});
afterAll(() => t.fechar());

describe('campanha por e-mail: salvar', () => {
  it('aceita o canal e-mail com modelo de e-mail; recusa modelo de outro canal, canal inválido e modelo de outra empresa', async () => {
    const publicoId = await publicoDe(await clientesComEmail(1, 'Salvar', true));
    const k = await campanha({ publicoId });
    expect(k.canal).toBe('EMAIL');
    const casos: [Record<string, unknown>, string][] = [
      [{ modeloId: modeloZap }, 'O modelo escolhido é de outro canal.'],
      [{ canal: 'SMS' }, 'Escolha o canal.'],
      [{ canal: 'WHATSAPP' }, 'O modelo escolhido é de outro canal.'],
    ];
    for (const [extra, msg] of casos) {
      const r = await gerente.post('/services/campanha/save', { nome: 'X', publicoId, modeloId: modeloEmail, canal: 'EMAIL', ...extra, ...(extra.nome ? {} : { nome: 'Campanha X' }) });
      expect(r.statusCode, JSON.stringify(extra)).toBe(400);
      expect(env(r).messageError).toBe(msg);
    }
    const alheio = await outra.post('/services/campanha/save', { nome: 'Campanha X', publicoId, modeloId: modeloEmail, canal: 'EMAIL' });
    expect(alheio.statusCode).toBe(400);
    expect(env(alheio).messageError).toBe('Público não encontrado.');
  });
});

describe('disparo por e-mail com contatos importados', () => {
  let campanhaId: number;
  let aptos: number[];
  let contatoApto: number;
  const fora: Record<string, number> = {};

  beforeAll(async () => {
    aptos = await clientesComEmail(6, 'Apto', true);
    [fora.semConsentimento] = await clientesComEmail(1, 'SemConsent');
    [fora.disseNao] = await clientesComEmail(1, 'DisseNao', false);
    [fora.bloqueadoPorEmail] = await clientesComEmail(1, 'BloqEmail', true);
    await db.execute(sql`insert into bloqueio_publico (empresa_id, email, motivo) values (${empresaId}, ${`cliente${fora.bloqueadoPorEmail}@teste.com`}, 'pediu por telefone')`);
    // Only WhatsApp consent: says nothing about e-mail.
    [fora.soWhatsapp] = await criarClientes(db, empresaId, 1, 'SoZap', true);
    await db.execute(sql`update cliente set email = 'sozap@teste.com' where id = ${fora.soWhatsapp}`);
    [fora.semEmail] = await criarClientes(db, empresaId, 1, 'SemEmail');
    await db.execute(sql`insert into cliente_consentimento (empresa_id, cliente_id, canal, concedido, origem) values (${empresaId}, ${fora.semEmail}, 'EMAIL', true, 'TESTE')`);

    contatoApto = await contato('Lead Apto', 'lead.apto@teste.com', null, { canal: 'EMAIL', concedido: true });
    await contato('Lead Sem Consentimento', 'lead.sem@teste.com', null);
    await contato('Lead Consentiu Zap', 'lead.zap@teste.com', '11977776666', { canal: 'WHATSAPP', concedido: true });
    const bloqueado = await contato('Lead Bloqueado', 'lead.bloq@teste.com', '11955554444', { canal: 'EMAIL', concedido: true });
    await db.execute(sql`insert into bloqueio_publico (empresa_id, celular, motivo) values (${empresaId}, '11955554444', 'pediu')`);
    await contato('Lead Sem Email', null, '11944443333', { canal: 'EMAIL', concedido: true });
    expect(bloqueado).toBeGreaterThan(0);

    const publicoId = await publicoDe([...aptos, ...Object.values(fora)], true);
    campanhaId = (await campanha({ publicoId, controlePercentual: 0, cupom: 'NATAL' })).id;
  });

  it('só clientes e contatos com consentimento de e-mail (linha mais recente), com endereço e fora do bloqueio; sem número de WhatsApp', async () => {
    const r = await gerente.post(`/services/campanha/disparar/${campanhaId}`);
    expect(r.statusCode, r.body).toBe(200);
    expect(env<{ envio: number; controle: number }>(r).result).toMatchObject({ envio: 7, controle: 0 });
    const msgs = await linhas<{ cliente_id: number | null; contato_id: number | null; canal: string; para: string; assunto: string; texto: string; instancia_id: number | null; marketing: boolean }>(
      sql`select cliente_id, contato_id, canal, para, assunto, texto, instancia_id, marketing from mensagem_saida where origem = 'CAMPANHA' and origem_id = ${campanhaId} order by cliente_id nulls last`,
    );
    expect(msgs.filter((m) => m.cliente_id !== null).map((m) => m.cliente_id)).toEqual(aptos);
    expect(msgs.filter((m) => m.contato_id !== null).map((m) => m.contato_id)).toEqual([contatoApto]);
    expect(msgs.every((m) => m.canal === 'EMAIL' && m.instancia_id === null && m.marketing)).toBe(true);
    expect(msgs[0]).toMatchObject({ para: `cliente${aptos[0]}@teste.com`, assunto: 'Novidades para Apto', texto: 'Olá Apto 1, seu saldo é R$ 0,00.' });
    // A contact has a name and nothing else: balance-like variables come out as for a customer with none.
    expect(msgs.find((m) => m.contato_id === contatoApto)).toMatchObject({ para: 'lead.apto@teste.com', assunto: 'Novidades para Lead', texto: 'Olá Lead Apto, seu saldo é R$ 0,00.' });
  });

  it('o trabalhador marca ENVIANDO antes de entregar ao SMTP; cada e-mail leva o link de descadastro assinado e List-Unsubscribe', async () => {
    enviados.length = 0;
    const totais = await entregarTudo();
    expect(totais.ENVIADA).toBe(7);
    expect(enviados).toHaveLength(7);
    expect(enviados.every((e) => e.statusNaHora === 'ENVIANDO')).toBe(true);
    const e = enviados.find((x) => x.email.para === 'lead.apto@teste.com')!.email;
    expect(e.assunto).toBe('Novidades para Lead');
    const link = /https:\/\/bonifica\.exemplo\/descadastro\/([^\s]+)$/.exec(e.corpo);
    expect(link, e.corpo).not.toBeNull();
    expect(e.corpo).toMatch(/^Olá Lead Apto, seu saldo é R\$ 0,00\.\n\n--\nVocê recebeu este e-mail porque autorizou mensagens de .+\. Para não receber mais, acesse: https/);
    expect(e.cabecalhos).toEqual({ 'List-Unsubscribe': `<${link![0]}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    const [n] = await linhas<{ n: number }>(sql`select count(*)::int as n from mensagem_saida where origem_id = ${campanhaId} and origem = 'CAMPANHA' and status = 'ENVIADA' and enviada_em is not null`);
    expect(n!.n).toBe(7);
  });

  it('o link de descadastro, sem login: registra a revogação no histórico do contato e do cliente uma vez só, e mostra a confirmação', async () => {
    const anonimo = t.cliente();
    const doContato = /\/descadastro\/[^\s]+$/.exec(enviados.find((x) => x.email.para === 'lead.apto@teste.com')!.email.corpo)![0];
    // Opening the link (what a mail scanner also does) only asks: nothing is recorded yet.
    const p = await anonimo.get(doContato);
    expect(p.statusCode).toBe(200);
    expect(p.headers['content-type']).toMatch(/text\/html/);
    expect(p.body).toContain('Parar de receber e-mails?');
    expect(p.body).toContain('<form method="post">');
    expect(p.body).not.toMatch(/<script/);
    expect(await linhas(sql`select 1 from contato_consentimento where contato_id = ${contatoApto} and not concedido`)).toEqual([]);
    // The page's button and the mail app's one-click POST (no XSRF, no session), twice, leave a single row.
    const confirmado = await anonimo.post(doContato, 'List-Unsubscribe=One-Click', { semXsrf: true, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(confirmado.statusCode).toBe(200);
    expect(confirmado.body).toContain('Pronto, você foi descadastrado');
    expect((await anonimo.post(doContato, '', { semXsrf: true, headers: { 'content-type': 'application/x-www-form-urlencoded' } })).statusCode).toBe(200);
    const kc = await linhas<{ canal: string; concedido: boolean; origem: string }>(sql`select canal, concedido, origem from contato_consentimento where contato_id = ${contatoApto} and not concedido`);
    expect(kc).toEqual([{ canal: 'EMAIL', concedido: false, origem: 'EMAIL_DESCADASTRO' }]);

    const doCliente = /\/descadastro\/[^\s]+$/.exec(enviados.find((x) => x.email.para === `cliente${aptos[0]}@teste.com`)!.email.corpo)![0];
    expect((await anonimo.post(doCliente, '', { semXsrf: true })).statusCode).toBe(200);
    const cc = await linhas<{ canal: string; concedido: boolean; origem: string }>(
      sql`select canal, concedido, origem from cliente_consentimento where cliente_id = ${aptos[0]} order by id desc limit 1`,
    );
    expect(cc).toEqual([{ canal: 'EMAIL', concedido: false, origem: 'EMAIL_DESCADASTRO' }]);
    // WhatsApp consent is untouched: the link is about e-mail.
  });

  it('link adulterado, de outra pessoa ou de outra empresa: 404 e nada gravado; HEAD não descadastra', async () => {
    const anonimo = t.cliente();
    const segredo = await segredoDescadastro(db);
    const bom = tokenDescadastro(segredo, { empresaId, tipo: 'CLIENTE', id: aptos[1]! });
    const [antes] = await linhas<{ n: number }>(sql`select count(*)::int as n from cliente_consentimento where origem = 'EMAIL_DESCADASTRO'`);
    const [emp, alvo, assinatura] = bom.split('.');
    const outroId = `${emp}.c${aptos[2]}.${assinatura}`;
    const outraEmpresa = `${outraId}.${alvo}.${assinatura}`;
    for (const tk of [outroId, outraEmpresa, `${bom.slice(0, -1)}${bom.endsWith('A') ? 'B' : 'A'}`, 'lixo', `${emp}.c0.${assinatura}`, '1.c1.' + 'x'.repeat(32)]) {
      for (const r of [await anonimo.get(`/descadastro/${tk}`), await anonimo.post(`/descadastro/${tk}`, '', { semXsrf: true })]) {
        expect(r.statusCode, tk).toBe(404);
        expect(r.body).toContain('Link inválido');
      }
    }
    // A token correctly signed for a customer id of another company names no one here.
    const [alheio] = await criarClientes(db, outraId, 1, 'Alheio', true);
    const cruzado = tokenDescadastro(segredo, { empresaId, tipo: 'CLIENTE', id: alheio! });
    expect((await anonimo.get(`/descadastro/${cruzado}`)).statusCode).toBe(404);
    expect((await anonimo.post(`/descadastro/${cruzado}`, '', { semXsrf: true })).statusCode).toBe(404);
    expect((await anonimo.head(`/descadastro/${bom}`)).statusCode).toBe(404);
    const [depois] = await linhas<{ n: number }>(sql`select count(*)::int as n from cliente_consentimento where origem = 'EMAIL_DESCADASTRO'`);
    expect(depois!.n).toBe(antes!.n);
    const [alheioRevogado] = await linhas<{ n: number }>(sql`select count(*)::int as n from cliente_consentimento where cliente_id = ${alheio} and canal = 'EMAIL'`);
    expect(alheioRevogado!.n).toBe(0);
  });

  it('participantes mostram clientes e contatos; resultados contam descadastros e os contatos, sem entregue/lida no e-mail', async () => {
    const r = await gerente.get(`/services/filtrar/participantes/${campanhaId}/0/50`);
    expect(r.statusCode, r.body).toBe(200);
    const p = env<{ content: ParticipanteCampanha[] }>(r).result.content;
    expect(p).toHaveLength(7);
    expect(p.find((x) => x.tipo === 'CONTATO')).toMatchObject({ contatoId: contatoApto, clienteId: null, nome: 'Lead Apto', email: 'lead.apto@teste.com', situacao: 'ENVIADA', grupo: 'ENVIO' });
    expect(p.filter((x) => x.tipo === 'CLIENTE').every((x) => x.clienteId !== null && x.email?.endsWith('@teste.com'))).toBe(true);
    expect((await outra.get(`/services/filtrar/participantes/${campanhaId}/0/50`)).statusCode).toBe(404);

    const res = await gerente.get(`/services/campanha/resultados/${campanhaId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(env<ResultadosCampanha>(res).result).toMatchObject({ canal: 'EMAIL', enviadas: 7, entregues: 0, lidas: 0, falhas: 0, optOuts: 2, contatosEnvio: 1, contatosControle: 0 });
    expect((await outra.get(`/services/campanha/resultados/${campanhaId}`)).statusCode).toBe(404);
  });

  it('a próxima campanha já deixa de fora quem se descadastrou; uma revogação entre enfileirar e enviar cancela o e-mail', async () => {
    const publicoId = await publicoDe(aptos, true);
    const k = await campanha({ publicoId, nome: 'Segunda newsletter' });
    const r = await gerente.post(`/services/campanha/disparar/${k.id}`);
    expect(env<{ envio: number }>(r).result.envio).toBe(5);
    const [uma] = await linhas<{ cliente_id: number }>(sql`select cliente_id from mensagem_saida where origem = 'CAMPANHA' and origem_id = ${k.id} order by cliente_id limit 1`);
    await db.execute(sql`insert into cliente_consentimento (empresa_id, cliente_id, canal, concedido, origem) values (${empresaId}, ${uma!.cliente_id}, 'EMAIL', false, 'BALCAO')`);
    enviados.length = 0;
    await entregarTudo();
    expect(enviados).toHaveLength(4);
    const [c] = await linhas<{ status: string; erro: string }>(sql`select status, erro from mensagem_saida where origem_id = ${k.id} and origem = 'CAMPANHA' and cliente_id = ${uma!.cliente_id}`);
    expect(c).toEqual({ status: 'CANCELADA', erro: 'Consentimento retirado ou cliente bloqueado antes do envio.' });
  });
});

describe('trabalhador de e-mail: falhas, reconciliação e ritmo', () => {
  async function umaCampanha(n: number, prefixo: string): Promise<number> {
    const ids = await clientesComEmail(n, prefixo, true);
    const k = await campanha({ publicoId: await publicoDe(ids), nome: `Campanha ${prefixo}` });
    expect((await gerente.post(`/services/campanha/disparar/${k.id}`)).statusCode).toBe(200);
    return k.id;
  }
  const situacoes = (id: number) => linhas<{ status: string; erro: string | null; tentativas: number }>(sql`select status, erro, tentativas from mensagem_saida where origem = 'CAMPANHA' and origem_id = ${id}`);

  it('recusa temporária (4xx) volta para a fila com espera; definitiva (5xx) é FALHOU; interrompida fica ENVIANDO e a reconciliação manda para REVISAR', async () => {
    const a = await umaCampanha(1, 'Temp');
    falharCom = new FalhaEmail('421 Serviço indisponível', 'REPETIVEL');
    falhasRestantes = 2;
    const inicio = relogio.agora().getTime();
    await entregarTudo();
    falharCom = null;
    falhasRestantes = Infinity;
    // Refused twice, waiting 30 s and then 60 s (backoff), delivered on the third try.
    expect(await situacoes(a)).toEqual([{ status: 'ENVIADA', erro: null, tentativas: 3 }]);
    expect(relogio.agora().getTime() - inicio).toBeGreaterThanOrEqual(90_000);

    const b = await umaCampanha(1, 'Def');
    falharCom = new FalhaEmail('550 Caixa postal inexistente', 'DEFINITIVA');
    await entregarTudo();
    expect(await situacoes(b)).toEqual([{ status: 'FALHOU', erro: '550 Caixa postal inexistente', tentativas: 1 }]);

    const c = await umaCampanha(1, 'Inc');
    falharCom = new FalhaEmail('Connection closed', 'INCERTA');
    const antes = enviados.length;
    await entregarTudo();
    falharCom = null;
    expect(await situacoes(c)).toEqual([{ status: 'ENVIANDO', erro: null, tentativas: 1 }]);
    // Running again never resends it…
    await entregarTudo();
    expect(enviados.length).toBe(antes);
    // …and after the limit the reconciliation flags it for a person.
    expect(await reconciliarEmails(db, new Date(relogio.agora().getTime() + 10 * 60_000), 2 * 60_000)).toBe(1);
    expect(await situacoes(c)).toEqual([{ status: 'REVISAR', erro: MOTIVO_REVISAR_EMAIL, tentativas: 1 }]);
  });

  it(`ritmo por empresa: nunca mais de ${RITMO_EMAIL.porMinuto} por minuto`, async () => {
    await db.execute(sql`update mensagem_saida set status = 'CANCELADA' where canal = 'EMAIL' and status = 'FILA'`);
    await umaCampanha(150, 'Ritmo');
    enviados.length = 0;
    const instantes: number[] = [];
    const proprio: EmailAdapter = { tipo: 'smtp', enviar: async () => void instantes.push(relogio.agora().getTime()) };
    await entregarAte(db, {
      gateway: () => {
        throw new Error('sem WhatsApp');
      },
      continuar: () => true,
      pararQuandoVazio: true,
      agora: relogio.agora,
      dormir: relogio.dormir,
      email: { email: proprio, publicUrl: 'https://bonifica.exemplo' },
    });
    expect(instantes).toHaveLength(150);
    expect(maximoPorJanela(instantes, 60_000)).toBeLessThanOrEqual(RITMO_EMAIL.porMinuto);
  });
});

describe('contatos numa campanha de WhatsApp', () => {
  it('o contato com consentimento de WhatsApp e celular entra; o bloqueado pelo celular avulso não', async () => {
    await criarInstancia(db, { empresaId });
    const [cli] = await criarClientes(db, empresaId, 1, 'ZapCli', true);
    const sim = await contato('Zap Lead', null, '11933332222', { canal: 'WHATSAPP', concedido: true });
    const bloq = await contato('Zap Bloq', null, '11922221111', { canal: 'WHATSAPP', concedido: true });
    await db.execute(sql`insert into bloqueio_publico (empresa_id, celular) values (${empresaId}, '11922221111')`);
    const publicoId = await publicoDe([cli!], true);
    const r = await gerente.post('/services/campanha/save', { nome: 'Zap com leads', publicoId, modeloId: modeloZap, canal: 'WHATSAPP', controlePercentual: 0 });
    const id = env<{ id: number }>(r).result.id;
    const d = await gerente.post(`/services/campanha/disparar/${id}`);
    expect(d.statusCode, d.body).toBe(200);
    const part = await linhas<{ cliente_id: number | null; contato_id: number | null }>(sql`select cliente_id, contato_id from campanha_participante where campanha_id = ${id}`);
    expect(part.some((p) => p.cliente_id === cli)).toBe(true);
    expect(part.some((p) => p.contato_id === sim)).toBe(true);
    expect(part.some((p) => p.contato_id === bloq)).toBe(false);
    const [m] = await linhas<{ para: string; texto: string }>(sql`select para, texto from mensagem_saida where contato_id = ${sim}`);
    expect(m).toEqual({ para: '5511933332222', texto: 'Oi Zap Lead' });
  });
});

describe('anexo PDF no modelo', () => {
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

  it('vai ao gateway de WhatsApp como documento (application/pdf, com o nome) e no e-mail como anexo; a legenda é o texto', async () => {
    const up = await enviarArquivo(gerente, '/services/arquivo/upload', 'regulamento.pdf', PDF, 'application/pdf');
    expect(up.statusCode, up.body).toBe(200);
    const arquivoId = env<{ id: number }>(up).result.id;
    // Another company cannot attach it.
    const alheio = await outra.post('/services/mensagem/modelo/save', { nome: 'Com PDF alheio', canal: 'WHATSAPP', texto: 'Oi', arquivoId });
    expect(alheio.statusCode).toBe(400);
    expect(env(alheio).messageError).toBe('Anexo não encontrado: envie a imagem ou o PDF de novo.');
    const m = await gerente.post('/services/mensagem/modelo/save', { nome: 'Regulamento', canal: 'WHATSAPP', texto: 'Segue o regulamento, {nome}', arquivoId });
    expect(m.statusCode, m.body).toBe(200);
    expect(env<{ arquivoNome: string }>(m).result.arquivoNome).toBe('regulamento.pdf');

    const [cli] = await criarClientes(db, empresaId, 1, 'Pdf', true);
    const publicoId = await publicoDe([cli!]);
    const k = await gerente.post('/services/campanha/save', { nome: 'Regulamento novo', publicoId, modeloId: env<{ id: number }>(m).result.id, canal: 'WHATSAPP', controlePercentual: 0 });
    expect((await gerente.post(`/services/campanha/disparar/${env<{ id: number }>(k).result.id}`)).statusCode).toBe(200);
    const gw = new GatewayDeTeste(relogio.agora);
    await entregarAte(db, { gateway: () => gw, continuar: () => true, pararQuandoVazio: true, agora: relogio.agora, dormir: relogio.dormir });
    const e = gw.enviadas.find((x) => x.texto === 'Segue o regulamento, Pdf 1');
    expect(e?.midia).toMatchObject({ tipo: 'documento', mimetype: 'application/pdf', nomeArquivo: 'regulamento.pdf' });
    expect(Buffer.from(e!.midia!.conteudo, 'base64').equals(PDF)).toBe(true);

    const me = await gerente.post('/services/mensagem/modelo/save', { nome: 'Regulamento por e-mail', canal: 'EMAIL', assunto: 'Regulamento', texto: 'Segue, {nome}', arquivoId });
    const ids = await clientesComEmail(1, 'PdfMail', true);
    const ke = await campanha({ publicoId: await publicoDe(ids), modeloId: env<{ id: number }>(me).result.id, nome: 'Regulamento por e-mail' });
    expect((await gerente.post(`/services/campanha/disparar/${ke.id}`)).statusCode).toBe(200);
    enviados.length = 0;
    await entregarTudo();
    expect(enviados).toHaveLength(1);
    expect(enviados[0]!.email.anexos).toHaveLength(1);
    expect(enviados[0]!.email.anexos![0]).toMatchObject({ nome: 'regulamento.pdf', tipo: 'application/pdf' });
    expect(enviados[0]!.email.anexos![0]!.conteudo.equals(PDF)).toBe(true);
  });
});
