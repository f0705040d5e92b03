import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A local SMTP server that speaks just enough of RFC 5321 for nodemailer (no TLS, no auth) and can be
 * told to refuse a recipient (`recusarRcpt = '550 …'` / `'451 …'`) or to drop the connection in the
 * middle of the message (`cairNoData`). Keeps every message it accepted, raw.
 */
export async function iniciarSmtpFalso() {
  const recebidas: string[] = [];
  const estado = { recusarRcpt: null as string | null, cairNoData: false };
  const sockets = new Set<Socket>();
  const servidor = createServer((s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => undefined);
    let dados: string | null = null;
    let buffer = '';
    s.write('220 smtp-falso ESMTP\r\n');
    s.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (dados !== null) {
          const fim = buffer.indexOf('\r\n.\r\n');
          if (estado.cairNoData && buffer.length > 0) {
            s.destroy();
            return;
          }
          if (fim < 0) return;
          recebidas.push(dados + buffer.slice(0, fim));
          buffer = buffer.slice(fim + 5);
          dados = null;
          s.write('250 2.0.0 Ok: queued\r\n');
          continue;
        }
        const i = buffer.indexOf('\r\n');
        if (i < 0) return;
        const linha = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        const cmd = linha.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO' || cmd === 'HELO') s.write('250-smtp-falso\r\n250 8BITMIME\r\n');
        else if (cmd === 'MAIL') s.write('250 2.1.0 Ok\r\n');
        else if (cmd === 'RCPT') s.write(`${estado.recusarRcpt ?? '250 2.1.5 Ok'}\r\n`);
        else if (cmd === 'DATA') {
          dados = '';
          s.write('354 End data with <CR><LF>.<CR><LF>\r\n');
        } else if (cmd === 'QUIT') {
          s.write('221 2.0.0 Bye\r\n');
          s.end();
        } else s.write('250 Ok\r\n');
      }
    });
  });
  await new Promise<void>((r) => servidor.listen(0, '127.0.0.1', r));
  const porta = (servidor.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${porta}?ignoreTLS=true`,
    recebidas,
    estado,
    fechar: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        servidor.close(() => r());
      }),
  };
}
