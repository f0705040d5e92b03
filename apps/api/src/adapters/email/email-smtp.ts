import nodemailer from 'nodemailer';
import type { EmailAdapter } from './email.js';

export function emailSmtp(url: string, from: string): EmailAdapter {
  const transporte = nodemailer.createTransport(url);
  return {
    tipo: 'smtp',
    async enviar(e) {
      await transporte.sendMail({ from, to: e.para, subject: e.assunto, text: e.corpo });
    },
  };
}
