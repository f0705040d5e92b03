import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Premio, ReenvioComprovante, ResgatePremio } from '@bonifica/contracts';
import { emailSmtp } from '../src/adapters/email/email-smtp.js';
import { clienteConsentimento } from '../src/db/schema/index.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';
import { auditoriasDe } from './apoio/consultas.js';
import { entregarEmailsAte, RelogioFalso } from './apoio/mensageria.js';
import { apoioDeSaldos } from './apoio/saldos.js';
import { iniciarSmtpFalso } from './apoio/smtp-falso.js';

/**
 * The prize voucher re-sent by e-mail (issue 15 §1): through the outbox's e-mail channel with the 80 mm
 * PDF attached, delivered to a local fake SMTP server, on both engines.
 */

let t: AppDeTeste;
let gerente: Cliente;
let atendente: Cliente;
let smtp: Awaited<ReturnType<typeof iniciarSmtpFalso>>;
const { linhas, novoCliente, creditar } = apoioDeSaldos(() => ({ t, gerente }), 'Cliente comprovante');

const relogio = new RelogioFalso(Date.now());
/** Runs the outbox's loops until nothing is queued: the e-mail goes to the fake SMTP server. */
const entregarTudo = () => entregarEmailsAte(t.banco.db, relogio, emailSmtp(smtp.url, 'Bonifica <nao-responda@bonifica.exemplo>'));

async function resgateDe(cliente: { celular?: string | null; email?: string }): Promise<{ resgate: ResgatePremio; clienteId: number }> {
  const p = await gerente.post('/services/premio/save', { nome: 'Garrafa térmica', custoPontos: 10 });
  expect(p.statusCode, p.body).toBe(200);
  const clienteId = await novoCliente(cliente);
  await creditar(clienteId, 'PONTOS', 10);
  const r = await atendente.post('/services/premio/resgate/save', { premioId: env<Premio>(p).result.id, clienteId });
  expect(r.statusCode, r.body).toBe(200);
  return { resgate: env<ResgatePremio>(r).result, clienteId };
}

beforeAll(async () => {
  smtp = await iniciarSmtpFalso();
  t = await criarAppDeTeste();
  [gerente, atendente] = await Promise.all([t.entrar('gerente'), t.entrar('atendente')]);
  // No WhatsApp in this file: the e-mail is what is under test (the demo's number, if any, is switched off).
  await t.banco.db.execute(sql`update instancia_whatsapp set ativa = false`);
  await t.banco.db.execute(sql`update empresa set tipo_servidor_whats = 'NENHUM' where id = 1`);
});
afterAll(async () => {
  await t.fechar();
  await smtp.fechar();
});

describe('reenviar o comprovante do resgate por e-mail', () => {
  it('sem WhatsApp, vai ao e-mail do cliente pela caixa de saída, com o PDF de 80 mm anexo; a auditoria diz o canal', async () => {
    const { resgate } = await resgateDe({ email: 'Ana.Premio@Teste.com' });
    const r = await atendente.get(`/services/premio/resgate/reenviar/resgate/${resgate.id}`);
    expect(r.statusCode, r.body).toBe(200);
    expect(env<ReenvioComprovante>(r).result).toEqual({ canal: 'EMAIL' });
    const [m] = await linhas<{ canal: string; para: string; assunto: string; texto: string; marketing: boolean; status: string; arquivo_id: number }>(
      sql`select canal, para, assunto, texto, marketing, status, arquivo_id from mensagem_saida where origem = 'PREMIO_RESGATE' and origem_id = ${resgate.id}`,
    );
    expect(m).toMatchObject({ canal: 'EMAIL', para: 'ana.premio@teste.com', assunto: expect.stringMatching(new RegExp(`^Comprovante do resgate ${resgate.codigo} — \\S`)), marketing: false, status: 'FILA' });
    expect(m!.texto).toContain(`Código do resgate: ${resgate.codigo}`);
    expect(m!.texto).not.toContain('*');

    const antes = smtp.recebidas.length;
    await entregarTudo();
    expect(smtp.recebidas.length).toBe(antes + 1);
    const bruto = smtp.recebidas.at(-1)!;
    expect(bruto).toMatch(/^To: ana\.premio@teste\.com\r$/m);
    expect(bruto).toMatch(new RegExp(`Content-Type: application/pdf; name=resgate-${resgate.codigo}\\.pdf`));
    // The attachment is a PDF (base64 of "%PDF-"), and no unsubscribe footer: a voucher is not marketing.
    expect(bruto).toContain(Buffer.from('%PDF-').toString('base64').slice(0, 6));
    expect(bruto).not.toMatch(/List-Unsubscribe/);
    const [enviada] = await linhas<{ status: string }>(sql`select status from mensagem_saida where origem = 'PREMIO_RESGATE' and origem_id = ${resgate.id}`);
    expect(enviada!.status).toBe('ENVIADA');
    const aud = await auditoriasDe(t, { entidade: 'premio_resgate', entidadeId: resgate.id, acao: 'REENVIAR' });
    expect(aud.map((a) => a.depois)).toEqual([{ canal: 'EMAIL' }]);
  });

  it('canal=WHATSAPP sem número da empresa: 409 claro; canal=EMAIL pede e-mail; quem disse não ao e-mail não recebe', async () => {
    const { resgate, clienteId } = await resgateDe({ celular: '11987651234', email: 'bruno.premio@teste.com' });
    const zap = await atendente.get(`/services/premio/resgate/reenviar/resgate/${resgate.id}?canal=WHATSAPP`);
    expect(zap.statusCode).toBe(409);
    expect(env(zap).messageError).toBe('A empresa não tem um número de WhatsApp para enviar mensagens.');
    const invalido = await atendente.get(`/services/premio/resgate/reenviar/resgate/${resgate.id}?canal=SMS`);
    expect(invalido.statusCode).toBe(400);
    expect(env(invalido).messageError).toBe('Canal inválido: use WHATSAPP ou EMAIL.');
    expect(env<ReenvioComprovante>(await atendente.get(`/services/premio/resgate/reenviar/resgate/${resgate.id}?canal=EMAIL`)).result.canal).toBe('EMAIL');

    await t.banco.db.insert(clienteConsentimento).values({ empresaId: 1, clienteId, canal: 'EMAIL', concedido: false, origem: 'TESTE' });
    const recusado = await atendente.get(`/services/premio/resgate/reenviar/resgate/${resgate.id}?canal=EMAIL`);
    expect(recusado.statusCode).toBe(409);
    expect(env(recusado).messageError).toBe('O cliente não tem e-mail ou pediu para não receber e-mails: o comprovante não foi enviado.');

    const { resgate: semContato } = await resgateDe({});
    const nada = await atendente.get(`/services/premio/resgate/reenviar/resgate/${semContato.id}`);
    expect(nada.statusCode).toBe(409);
    expect(env(nada).messageError).toBe('O cliente não tem celular nem e-mail que possa receber o comprovante (ou pediu para não receber mensagens): o comprovante não foi enviado.');
    const n = await linhas<{ n: number }>(sql`select count(*)::int as n from mensagem_saida where origem = 'PREMIO_RESGATE' and origem_id in (${resgate.id}, ${semContato.id})`);
    expect(n[0]!.n).toBe(1);
  });
});
