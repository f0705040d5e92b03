import { createRequire } from 'node:module';
import { formatarBRL, type Cupom, type CodigoCupom } from '@bonifica/contracts';
import { gerarPdf, type Content } from '../../lib/pdf.js';

/**
 * The printed sheet of a coupon (`gerarimpressao{x}`): A4, 3 × 4 coupons a page, each with the offer,
 * its unique code written out, in Code 128 (the counter's scanner) and in a QR (a phone's camera),
 * to be cut and handed out. Dashed borders mark the cut.
 */
const require = createRequire(import.meta.url);
const bwipjs = require('bwip-js') as { toSVG(o: Record<string, unknown>): string };

const MM = 72 / 25.4;
const COLUNAS = 3;
const LARGURA = (210 - 20) / COLUNAS;

export function ofertaDoCupom(c: Pick<Cupom, 'beneficio' | 'percentual' | 'valor'>): string {
  const pct = (c.percentual ?? 0).toLocaleString('pt-BR', { maximumFractionDigits: 2 });
  const brl = formatarBRL(c.valor ?? 0);
  if (c.beneficio === 'PERCENTUAL') return `${pct}% de desconto`;
  if (c.beneficio === 'VALOR') return `${brl} de desconto`;
  if (c.beneficio === 'BONUS_PERCENTUAL') return `${pct}% de bônus em cashback`;
  return `${brl} de bônus em cashback`;
}

function regras(c: Cupom): string {
  const r: string[] = [];
  if (c.compraMinima > 0) r.push(`Compra mínima ${formatarBRL(c.compraMinima)}.`);
  if (c.dataVencimento) r.push(`Válido até ${c.dataVencimento.split('-').reverse().join('/')}.`);
  r.push('Uso único. Apresente no caixa.');
  return r.join(' ');
}

function celula(c: Cupom, empresa: string, k: CodigoCupom): Content {
  const barras = bwipjs.toSVG({ bcid: 'code128', text: k.codigo, height: 8, includetext: false, paddingwidth: 0, paddingheight: 0 });
  const w = (LARGURA - 8) * MM;
  return {
    stack: [
      { text: empresa.toUpperCase(), bold: true, fontSize: 8, alignment: 'center' },
      { text: ofertaDoCupom(c), bold: true, fontSize: 12, alignment: 'center', margin: [0, 2, 0, 0] },
      { text: c.nome, fontSize: 8, alignment: 'center', margin: [0, 1, 0, 2] },
      { qr: k.codigo, fit: 22 * MM, alignment: 'center' },
      { svg: barras, width: w, height: 8 * MM, alignment: 'center', margin: [0, 2, 0, 1] },
      { text: k.codigo, bold: true, fontSize: 11, alignment: 'center', characterSpacing: 1 },
      { text: regras(c), fontSize: 6, alignment: 'center', margin: [0, 2, 0, 0] },
    ],
    margin: [4 * MM, 3 * MM, 4 * MM, 3 * MM],
  };
}

export function folhaDeCuponsPdf(c: Cupom, empresa: string, codigos: CodigoCupom[]): Promise<Buffer> {
  const linhas: Content[][] = [];
  for (let i = 0; i < codigos.length; i += COLUNAS) {
    const linha = codigos.slice(i, i + COLUNAS).map((k) => celula(c, empresa, k));
    while (linha.length < COLUNAS) linha.push({ text: '' });
    linhas.push(linha);
  }
  const corte = { hLineStyle: () => ({ dash: { length: 3 } }), vLineStyle: () => ({ dash: { length: 3 } }), hLineColor: () => '#999', vLineColor: () => '#999' };
  return gerarPdf({
    pageSize: 'A4',
    pageMargins: [10 * MM, 10 * MM, 10 * MM, 10 * MM],
    info: { title: `Cupons — ${c.nome}` },
    content: codigos.length
      ? [{ table: { widths: Array(COLUNAS).fill('*'), body: linhas, dontBreakRows: true }, layout: corte }]
      : [{ text: 'Nenhum código livre para imprimir: gere os códigos do cupom primeiro.', alignment: 'center', margin: [0, 40, 0, 0] }],
  });
}
