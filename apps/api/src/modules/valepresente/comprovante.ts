import { createRequire } from 'node:module';
import { formatarBRL, formatarData, formatarDataHora, formatarNumeroCartao, ROTULOS_SITUACAO_VALE, type ValePresente } from '@bonifica/contracts';
import { gerarPdf, type Content } from '../../lib/pdf.js';
import { LARGURA_80MM } from '../premio/index.js';

const require = createRequire(import.meta.url);
const bwipjs = require('bwip-js') as { toSVG(o: Record<string, unknown>): string };
const MM = 72 / 25.4;

/**
 * The gift card's 80 mm receipt (docs/areas/vale-presente.md), zero page margin like the prize
 * voucher: code written out and in Code 128 for the scanner, value, balance and validity. The PIN
 * goes on it only when given (right after the sale: it is never stored in clear); a reprint says
 * where the PIN is instead.
 */
export function comprovanteValePdf(v: ValePresente, empresaNome: string, pin: string | null): Promise<Buffer> {
  const barras = bwipjs.toSVG({ bcid: 'code128', text: v.codigo, height: 10, includetext: false, paddingwidth: 0, paddingheight: 0 });
  const lado = LARGURA_80MM - 8 * MM;
  const corpo: Content[] = [
    ...(v.status === 'CANCELADO' ? [{ text: '*** CANCELADO ***', bold: true, alignment: 'center' } as Content] : []),
    { text: empresaNome.toUpperCase(), bold: true, fontSize: 11, alignment: 'center' },
    { text: 'VALE-PRESENTE', fontSize: 9, bold: true, alignment: 'center', margin: [0, 2, 0, 4] },
    { text: formatarBRL(v.valor), bold: true, fontSize: 20, alignment: 'center' },
    ...(v.beneficiarioNome ? [{ text: `Para: ${v.beneficiarioNome}`, alignment: 'center', margin: [0, 4, 0, 0] } as Content] : []),
    ...(v.mensagem ? [{ text: `“${v.mensagem}”`, italics: true, alignment: 'center', margin: [0, 2, 0, 0] } as Content] : []),
    // On a physical card the code is the number printed on it: the receipt says so, so the card is what is handed over.
    { text: v.cartaoId ? 'CÓDIGO (NÚMERO DO CARTÃO)' : 'CÓDIGO', fontSize: 8, alignment: 'center', margin: [0, 8, 0, 0] },
    { text: formatarNumeroCartao(v.codigo), bold: true, fontSize: 14, alignment: 'center' },
    { svg: barras, width: lado, height: 12 * MM, alignment: 'center', margin: [0, 4, 0, 4] },
    pin
      ? { text: `SENHA (PIN): ${pin}`, bold: true, fontSize: 13, alignment: 'center', margin: [0, 2, 0, 2] }
      : { text: 'Senha (PIN): impressa no comprovante da venda.', fontSize: 8, alignment: 'center' },
    { text: `Saldo: ${formatarBRL(v.saldo)} · Situação: ${ROTULOS_SITUACAO_VALE[v.situacao]}`, alignment: 'center', margin: [0, 4, 0, 0] },
    { text: `Válido até ${formatarData(v.validoAte)}`, bold: true, alignment: 'center' },
    { text: `Vendido em ${formatarDataHora(v.criadoEm)}${v.filialNome ? ` · ${v.filialNome}` : ''}`, fontSize: 8, alignment: 'center', margin: [0, 4, 0, 0] },
    { text: 'Use em uma ou mais compras até acabar o saldo. Guarde a senha: quem tem o código e a senha usa o vale.', fontSize: 8, alignment: 'center', margin: [0, 6, 0, 0] },
    { text: 'Não é documento fiscal.', fontSize: 7, alignment: 'center', margin: [0, 2, 0, 0] },
  ];
  return gerarPdf({
    pageSize: { width: LARGURA_80MM, height: 'auto' },
    pageMargins: [0, 0, 0, 0],
    info: { title: `Vale-presente ${v.codigo.slice(-4)}` },
    content: [{ stack: corpo, margin: [4 * MM, 4 * MM, 4 * MM, 6 * MM] }],
  });
}
