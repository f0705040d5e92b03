import nodemailer from 'nodemailer';
import { FalhaEmail, type EmailAdapter } from './email.js';

/** Errors nodemailer reports before a single byte of the message went out (no DNS, no TLS, login refused). */
const ANTES_DA_MENSAGEM = new Set(['EDNS', 'EAUTH', 'ETLS']);
/**
 * Socket errors of the connection attempt itself (nodemailer says ESOCKET and keeps the system's text).
 * A connection that closed later ("Connection closed unexpectedly", ECONNECTION) may have been in the
 * middle of the message: that one is not here.
 */
const NAO_CONECTOU = /\bconnect (ECONNREFUSED|EHOSTUNREACH|ENETUNREACH)\b|getaddrinfo|Greeting never received/;

/**
 * A nodemailer error as the outbox needs it: refused (4xx → again later; 5xx → for good), never
 * connected (again later), or lost mid-way (timeout, socket closed: maybe delivered → INCERTA).
 */
export function classificarErroSmtp(e: unknown): FalhaEmail {
  const x = e as { code?: string; responseCode?: number; message?: string };
  const texto = (x.message ?? String(e)).slice(0, 400);
  if (typeof x.responseCode === 'number' && x.responseCode >= 500) return new FalhaEmail(texto, 'DEFINITIVA');
  if (typeof x.responseCode === 'number' && x.responseCode >= 400) return new FalhaEmail(texto, 'REPETIVEL');
  if ((x.code && ANTES_DA_MENSAGEM.has(x.code)) || NAO_CONECTOU.test(texto)) return new FalhaEmail(texto, 'REPETIVEL');
  return new FalhaEmail(texto, 'INCERTA');
}

export function emailSmtp(url: string, from: string): EmailAdapter {
  const transporte = nodemailer.createTransport(url);
  return {
    tipo: 'smtp',
    async enviar(e) {
      try {
        await transporte.sendMail({
          from,
          to: e.para,
          subject: e.assunto,
          text: e.corpo,
          ...(e.cabecalhos ? { headers: e.cabecalhos } : {}),
          ...(e.anexos?.length ? { attachments: e.anexos.map((a) => ({ filename: a.nome, contentType: a.tipo, content: a.conteudo })) } : {}),
        });
      } catch (erro) {
        throw classificarErroSmtp(erro);
      }
    },
  };
}
