import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Contato, ContatoResumo, MetadadosImportacao, Pagina, StatusImportacao } from '@bonifica/contracts';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';
import { auditoriasDe } from './apoio/consultas.js';
import { linhasDe, publicoDe } from './apoio/consultas-sql.js';
import { enviarArquivo } from './apoio/importacao.js';

/**
 * Marketing consent of imported contacts (decision 040), on both engines: the consent columns of the
 * contacts' import, the contacts screen recording and revoking a channel, and what a campaign to an
 * audience with contacts then reaches.
 */

let t: AppDeTeste;
let gerente: Cliente;
let atendente: Cliente;
let outra: Cliente;
let modeloEmail: number;
const linhas = linhasDe(() => t.banco.db);
const RAIZ = '/services/empresa/importacao/contato';

async function importarContatos(nome: string, csv: string, extra: Record<string, unknown> = {}): Promise<{ m: MetadadosImportacao; s: StatusImportacao }> {
  const up = await enviarArquivo(gerente, `${RAIZ}/arquivo`, nome, csv);
  expect(up.statusCode, up.body).toBe(200);
  const m = env<MetadadosImportacao>(up).result;
  const r = await gerente.post(`${RAIZ}/importar`, { tarefaId: m.tarefaId, mapeamento: m.sugestao, ...extra });
  expect(r.statusCode, r.body).toBe(200);
  await t.app.tarefas.executar(m.tarefaId);
  return { m, s: env<StatusImportacao>(await gerente.get(`${RAIZ}/status/${m.tarefaId}`)).result };
}

async function idDoContato(email: string): Promise<number> {
  const [c] = await linhas<{ id: number }>(sql`select id from contato where empresa_id = 1 and email = ${email}`);
  return c!.id;
}

/** Fires an e-mail campaign to an audience of contacts only; the contact ids it queued a message to. */
async function contatosAlcancados(): Promise<number[]> {
  const publicoId = await publicoDe(t.banco.db, 1, [], { incluirContatos: true });
  const k = await gerente.post('/services/campanha/save', { nome: 'Novidades para leads', publicoId, modeloId: modeloEmail, canal: 'EMAIL', controlePercentual: 0 });
  expect(k.statusCode, k.body).toBe(200);
  const id = env<{ id: number }>(k).result.id;
  const d = await gerente.post(`/services/campanha/disparar/${id}`);
  expect(d.statusCode, d.body).toBe(200);
  const r = await linhas<{ contato_id: number }>(sql`select contato_id from mensagem_saida where origem = 'CAMPANHA' and origem_id = ${id} and contato_id is not null order by contato_id`);
  return r.map((x) => x.contato_id);
}

beforeAll(async () => {
  t = await criarAppDeTeste();
  [gerente, atendente, outra] = await Promise.all([t.entrar('gerente'), t.entrar('atendente'), t.entrar('outra')]);
  const m = await gerente.post('/services/mensagem/modelo/save', { nome: 'Newsletter leads', canal: 'EMAIL', assunto: 'Oi {primeiro_nome}', texto: 'Olá {nome}.' });
  expect(m.statusCode, m.body).toBe(200);
  modeloEmail = env<{ id: number }>(m).result.id;
});
afterAll(() => t.fechar());

describe('importação de contatos com as colunas de consentimento', () => {
  it('sim/não, S/N e 1/0 viram linhas do histórico com origem IMPORTACAO e data; vazio não grava; outro valor é erro da linha', async () => {
    const antes = Date.now();
    const { m, s } = await importarContatos(
      'leads.csv',
      [
        'Nome;E-mail;Aceita WhatsApp;Aceita e-mail',
        'Lead Sim;sim@leads.com;Sim;SIM',
        'Lead Nao;nao@leads.com;não;N',
        'Lead Um Zero;umzero@leads.com;1;0',
        'Lead Vazio;vazio@leads.com;;',
        'Lead Talvez;talvez@leads.com;talvez;s',
      ].join('\n'),
    );
    expect(m.sugestao).toMatchObject({ nome: 0, email: 1, aceitaWhatsapp: 2, aceitaEmail: 3 });
    expect(m.campos.map((c) => c.rotulo)).toEqual(['Nome', 'Celular', 'E-mail', 'Observações', 'Aceita WhatsApp', 'Aceita e-mail']);
    expect(s.resultado).toMatchObject({ inseridos: 4, comErro: 1 });
    const relatorio = (await gerente.get(s.urlRelatorioErros!)).rawPayload.toString('utf8');
    expect(relatorio).toContain('Aceita WhatsApp: use sim ou não (também S/N ou 1/0).');

    const h = await linhas<{ email: string; canal: string; concedido: boolean; origem: string; criado_em: Date }>(
      sql`select c.email, k.canal, k.concedido, k.origem, k.criado_em from contato_consentimento k join contato c on c.id = k.contato_id
          where c.email like '%@leads.com' order by c.email, k.canal`,
    );
    expect(h.map((x) => [x.email, x.canal, x.concedido, x.origem])).toEqual([
      ['nao@leads.com', 'EMAIL', false, 'IMPORTACAO'],
      ['nao@leads.com', 'WHATSAPP', false, 'IMPORTACAO'],
      ['sim@leads.com', 'EMAIL', true, 'IMPORTACAO'],
      ['sim@leads.com', 'WHATSAPP', true, 'IMPORTACAO'],
      ['umzero@leads.com', 'EMAIL', false, 'IMPORTACAO'],
      ['umzero@leads.com', 'WHATSAPP', true, 'IMPORTACAO'],
    ]);
    for (const x of h) expect(new Date(x.criado_em).getTime()).toBeGreaterThanOrEqual(antes - 1000);
  });

  it('a campanha de e-mail com contatos alcança só quem aceitou e-mail na importação', async () => {
    expect(await contatosAlcancados()).toEqual([await idDoContato('sim@leads.com')]);
  });

  it('reimportar: um "não" da planilha revoga o "sim" importado; um "sim" da planilha não desfaz o "não" dado na tela', async () => {
    const vazio = await idDoContato('vazio@leads.com');
    const revogar = await gerente.post('/services/empresa/contato/consentimento', { contatoId: vazio, canal: 'EMAIL', concedido: false });
    expect(revogar.statusCode, revogar.body).toBe(200);
    const { s } = await importarContatos('leads-2.csv', 'nome;email;aceita_email\nLead Sim;sim@leads.com;não\nLead Vazio;vazio@leads.com;sim\nLead Um Zero;umzero@leads.com;sim\n', { duplicados: 'MESCLAR' });
    expect(s.resultado).toMatchObject({ mesclados: 3, comErro: 0 });
    const c = (email: string) => idDoContato(email).then((id) => gerente.get(`/services/empresa/contato/findbyid/${id}`)).then((r) => env<Contato>(r).result);
    expect((await c('sim@leads.com')).consentimentos.EMAIL).toMatchObject({ concedido: false, origem: 'IMPORTACAO' });
    expect((await c('vazio@leads.com')).consentimentos.EMAIL).toMatchObject({ concedido: false, origem: 'BACKOFFICE' });
    expect((await c('umzero@leads.com')).consentimentos.EMAIL).toMatchObject({ concedido: true, origem: 'IMPORTACAO' });
    expect(await contatosAlcancados()).toEqual([await idDoContato('umzero@leads.com')]);
  });
});

describe('tela de contatos: registrar e revogar o consentimento', () => {
  it('lista com o consentimento vigente, busca por nome/e-mail; registrar vai ao histórico e à auditoria; a revogação tira o contato da campanha', async () => {
    const l = await gerente.post('/services/empresa/contato/filterpaginated/0/20', { busca: 'talvez' });
    expect(l.statusCode, l.body).toBe(200);
    expect(env<Pagina<ContatoResumo>>(l).result.totalElements).toBe(0);
    const todos = env<Pagina<ContatoResumo>>(await gerente.post('/services/empresa/contato/filterpaginated/0/20', { busca: 'leads.com' })).result;
    expect(todos.totalElements).toBe(4);
    const um = todos.content.find((c) => c.email === 'umzero@leads.com')!;
    expect(um.consentimentos).toMatchObject({ WHATSAPP: { concedido: true, origem: 'IMPORTACAO' }, EMAIL: { concedido: true } });

    const novo = await idDoContato('nao@leads.com');
    const sim = await gerente.post('/services/empresa/contato/consentimento', { contatoId: novo, canal: 'EMAIL', concedido: true });
    expect(sim.statusCode, sim.body).toBe(200);
    expect(env(sim).messageError).toBeNull();
    const c = env<Contato>(sim).result;
    expect(c.consentimentos.EMAIL).toMatchObject({ concedido: true, origem: 'BACKOFFICE' });
    expect(c.historico.filter((h) => h.canal === 'EMAIL').map((h) => [h.concedido, h.origem, h.usuarioNome !== null])).toEqual([
      [false, 'IMPORTACAO', true],
      [true, 'BACKOFFICE', true],
    ]);
    // Recording the same state again leaves the history as it is.
    await gerente.post('/services/empresa/contato/consentimento', { contatoId: novo, canal: 'EMAIL', concedido: true });
    expect(env<Contato>(await gerente.get(`/services/empresa/contato/findbyid/${novo}`)).result.historico).toHaveLength(3);
    expect(await contatosAlcancados()).toEqual([um.id, novo].sort((a, b) => a - b));

    const nao = await gerente.post('/services/empresa/contato/consentimento', { contatoId: um.id, canal: 'EMAIL', concedido: false });
    expect(nao.statusCode).toBe(200);
    const aud = await auditoriasDe(t, { entidade: 'contato', entidadeId: um.id });
    expect(aud.map((a) => [a.acao, a.depois])).toEqual([['REVOGAR_CONSENTIMENTO', { canal: 'EMAIL', concedido: false }]]);
    expect(await contatosAlcancados()).toEqual([novo]);
  });

  it('valida em português, o atendente não acessa e outra empresa não vê nem altera os contatos da demo', async () => {
    const id = await idDoContato('sim@leads.com');
    const casos: [Record<string, unknown>, string][] = [
      [{ contatoId: id, canal: 'SMS', concedido: true }, 'Canal inválido: use WHATSAPP ou EMAIL.'],
      [{ contatoId: id, canal: 'EMAIL' }, 'Informe se o contato aceita (true) ou não (false).'],
      [{ contatoId: 'x', canal: 'EMAIL', concedido: true }, 'Contato inválido.'],
    ];
    for (const [corpo, msg] of casos) {
      const r = await gerente.post('/services/empresa/contato/consentimento', corpo);
      expect(r.statusCode, JSON.stringify(corpo)).toBe(400);
      expect(env(r).messageError).toBe(msg);
    }
    expect((await atendente.post('/services/empresa/contato/filterpaginated/0/20', {})).statusCode).toBe(403);
    expect((await atendente.post('/services/empresa/contato/consentimento', { contatoId: id, canal: 'EMAIL', concedido: true })).statusCode).toBe(403);
    const alheio = await outra.get(`/services/empresa/contato/findbyid/${id}`);
    expect(alheio.statusCode).toBe(404);
    expect(env(alheio).messageError).toBe('Contato não encontrado.');
    const mudar = await outra.post('/services/empresa/contato/consentimento', { contatoId: id, canal: 'EMAIL', concedido: true });
    expect(mudar.statusCode).toBe(404);
    expect(env<Pagina<ContatoResumo>>(await outra.post('/services/empresa/contato/filterpaginated/0/20', {})).result.content.some((c) => c.email?.endsWith('@leads.com'))).toBe(false);
    expect(env<Contato>(await gerente.get(`/services/empresa/contato/findbyid/${id}`)).result.consentimentos.EMAIL).toMatchObject({ concedido: false });
  });
});
