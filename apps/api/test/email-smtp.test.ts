import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FalhaEmail } from '../src/adapters/email/email.js';
import { emailSmtp } from '../src/adapters/email/email-smtp.js';
import { iniciarSmtpFalso } from './apoio/smtp-falso.js';

/**
 * The SMTP adapter against a local fake server (docs/decisions/034): what goes out (List-Unsubscribe,
 * the PDF attachment) and how each failure is classified for the outbox's "never twice" rule.
 */

let smtp: Awaited<ReturnType<typeof iniciarSmtpFalso>>;
beforeAll(async () => {
  smtp = await iniciarSmtpFalso();
});
afterAll(() => smtp.fechar());

const email = {
  para: 'cliente@teste.com',
  assunto: 'Novidades de dezembro',
  corpo: 'Olá!\n\n--\nPara não receber mais, acesse: https://bonifica.exemplo/descadastro/1.c2.x',
  cabecalhos: { 'List-Unsubscribe': '<https://bonifica.exemplo/descadastro/1.c2.x>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  anexos: [{ nome: 'regulamento.pdf', tipo: 'application/pdf', conteudo: Buffer.from('%PDF-1.4\n%%EOF\n') }],
};

async function falha(p: Promise<unknown>): Promise<FalhaEmail> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(FalhaEmail);
  return e as FalhaEmail;
}

describe('adaptador SMTP', () => {
  it('entrega com os cabeçalhos de descadastro e o PDF anexado', async () => {
    smtp.estado.recusarRcpt = null;
    smtp.estado.cairNoData = false;
    await emailSmtp(smtp.url, 'Loja <nao-responda@loja.com>').enviar(email);
    const bruto = smtp.recebidas.at(-1)!;
    expect(bruto).toMatch(/^List-Unsubscribe: <https:\/\/bonifica\.exemplo\/descadastro\/1\.c2\.x>\r$/m);
    expect(bruto).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
    expect(bruto).toMatch(/^Subject: Novidades de dezembro\r$/m);
    expect(bruto).toMatch(/Content-Type: application\/pdf; name=regulamento\.pdf/);
    expect(bruto).toContain(Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64'));
  });

  it('destinatário recusado de vez (5xx): DEFINITIVA; recusa temporária (4xx): REPETIVEL', async () => {
    smtp.estado.recusarRcpt = '550 5.1.1 Caixa postal inexistente';
    expect((await falha(emailSmtp(smtp.url, 'x@loja.com').enviar(email))).tipo).toBe('DEFINITIVA');
    smtp.estado.recusarRcpt = '451 4.3.0 Tente mais tarde';
    expect((await falha(emailSmtp(smtp.url, 'x@loja.com').enviar(email))).tipo).toBe('REPETIVEL');
    smtp.estado.recusarRcpt = null;
  });

  it('servidor fora do ar (conexão recusada): REPETIVEL — nada saiu', async () => {
    const livre = createServer();
    await new Promise<void>((r) => livre.listen(0, '127.0.0.1', r));
    const porta = (livre.address() as AddressInfo).port;
    await new Promise<void>((r) => livre.close(() => r()));
    expect((await falha(emailSmtp(`smtp://127.0.0.1:${porta}`, 'x@loja.com').enviar(email))).tipo).toBe('REPETIVEL');
  });

  it('a conexão cai no meio da mensagem: INCERTA — pode ter saído, a caixa de saída não reenvia', async () => {
    smtp.estado.cairNoData = true;
    expect((await falha(emailSmtp(smtp.url, 'x@loja.com').enviar(email))).tipo).toBe('INCERTA');
    smtp.estado.cairNoData = false;
  });
});
