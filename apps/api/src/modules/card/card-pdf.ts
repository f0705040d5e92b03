import { createRequire } from 'node:module';
import { formatarNumeroCartao, formatarTelefone } from '@bonifica/contracts';
import { gerarPdf, type Content, type TDocumentDefinitions } from '../../lib/pdf.js';

/**
 * Card artwork (docs/areas/cartoes.md). One card = an ID-1 card (ISO/IEC 7810: 85,60 × 53,98 mm);
 * lists go on A4 sheets of 2 × 5 cards, the layout of pre-cut PVC/paper card sheets. Barcode
 * (Code 128) and QR carry the bare number, which is what a scanner at the counter types.
 */

const require = createRequire(import.meta.url);
const bwipjs = require('bwip-js') as { toSVG(o: Record<string, unknown>): string };
const QRCode = require('qrcode') as { toString(texto: string, o: Record<string, unknown>): Promise<string> };

const MM = 72 / 25.4;
export const LARGURA_CARTAO = 85.6 * MM;
export const ALTURA_CARTAO = 53.98 * MM;
const A4 = { largura: 595.28, altura: 841.89 };
const COLUNAS = 2;
const LINHAS = 5;
export const CARTOES_POR_FOLHA = COLUNAS * LINHAS;
const MARGEM_X = (A4.largura - COLUNAS * LARGURA_CARTAO) / 2;
const MARGEM_Y = (A4.altura - LINHAS * ALTURA_CARTAO) / 2;

const COR = { faixa: '#0b7285', texto: '#212529', apagado: '#6c757d', corte: '#ced4da' };

export type DadosEmpresaCartao = { nome: string; nomeCurto: string; contato: string | null; logo: { dados: Buffer; mime: string } | null };
export type DadosCartaoImpresso = { numero: string; clienteNome: string | null };

async function codigos(numero: string) {
  const barras = bwipjs.toSVG({ bcid: 'code128', text: numero, height: 7, includetext: false, paddingwidth: 0, paddingheight: 0 });
  const qr = await QRCode.toString(numero, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' });
  return { barras, qr };
}

/** The logo as pdfmake takes it; anything else (e.g. a WebP) is simply left off the card. */
function logoConteudo(logo: DadosEmpresaCartao['logo'], x: number, y: number, lado: number): Content | null {
  if (!logo) return null;
  if (logo.mime === 'image/svg+xml') return { svg: logo.dados.toString('utf8'), width: lado, height: lado, absolutePosition: { x, y } };
  if (logo.mime === 'image/png' || logo.mime === 'image/jpeg') return { image: `data:${logo.mime};base64,${logo.dados.toString('base64')}`, fit: [lado, lado], absolutePosition: { x, y } };
  return null;
}

/** Absolute elements take the page's width, not their own: a column of fixed width makes text wrap inside the card. */
function caixa(conteudo: Record<string, unknown>, x: number, y: number, largura: number): Content {
  return { columns: [{ width: largura, ...conteudo } as Content], absolutePosition: { x, y } };
}

function moldura(x: number, y: number, preenchida: boolean): Content {
  return {
    canvas: [{ type: 'rect', x: 0, y: 0, w: LARGURA_CARTAO, h: ALTURA_CARTAO, r: 9, lineColor: COR.corte, lineWidth: 0.5, ...(preenchida ? {} : { color: '#ffffff' }) }],
    absolutePosition: { x, y },
  };
}

/** Front: company band, holder, number, barcode and QR. */
async function frente(c: DadosCartaoImpresso, e: DadosEmpresaCartao, x: number, y: number, comLogo: boolean): Promise<Content[]> {
  const { barras, qr } = await codigos(c.numero);
  const faixa = 40;
  const logo = comLogo ? logoConteudo(e.logo, x + 10, y + 8, 24) : null;
  const textoX = x + (logo ? 40 : 12);
  return [
    moldura(x, y, false),
    { canvas: [{ type: 'rect', x: 0, y: 0, w: LARGURA_CARTAO, h: faixa, r: 9, color: COR.faixa }, { type: 'rect', x: 0, y: faixa - 10, w: LARGURA_CARTAO, h: 10, color: COR.faixa }], absolutePosition: { x, y } },
    ...(logo ? [logo] : []),
    caixa({ text: e.nomeCurto, color: '#ffffff', bold: true, fontSize: 10, maxHeight: 13 }, textoX, y + 9, LARGURA_CARTAO - (textoX - x) - 10),
    { text: 'CARTÃO FIDELIDADE', color: '#d0ebff', fontSize: 6.5, characterSpacing: 1, absolutePosition: { x: textoX, y: y + 23 } } as Content,
    caixa({ text: (c.clienteNome ?? 'Cartão ao portador').toUpperCase(), fontSize: 7.5, bold: true, color: COR.texto, maxHeight: 18 }, x + 12, y + 50, LARGURA_CARTAO - 84),
    { text: formatarNumeroCartao(c.numero), fontSize: 11.5, bold: true, characterSpacing: 0.6, color: COR.texto, absolutePosition: { x: x + 12, y: y + 72 } } as Content,
    { svg: barras, width: 150, height: 32, absolutePosition: { x: x + 12, y: y + 98 } },
    { svg: qr, width: 52, height: 52, absolutePosition: { x: x + LARGURA_CARTAO - 64, y: y + 50 } },
    { text: 'Apresente no caixa', fontSize: 5.5, color: COR.apagado, absolutePosition: { x: x + LARGURA_CARTAO - 66, y: y + 106 } } as Content,
  ];
}

// pdfmake writes layout data into the nodes it gets: every card takes its own copy of the list.
const REGRAS = [
  'Apresente este cartão a cada compra para acumular cashback e pontos.',
  'Pessoal e intransferível. Em caso de perda ou roubo, peça o bloqueio em qualquer loja da rede.',
  'O saldo é do titular: na troca do cartão, nada se perde.',
];

/** Back: the rules of use and how to reach the company. */
function verso(c: DadosCartaoImpresso, e: DadosEmpresaCartao, x: number, y: number): Content[] {
  return [
    moldura(x, y, false),
    { canvas: [{ type: 'rect', x: 0, y: 12, w: LARGURA_CARTAO, h: 4, color: COR.faixa }], absolutePosition: { x, y } },
    { text: 'Como usar', bold: true, fontSize: 8, color: COR.texto, absolutePosition: { x: x + 12, y: y + 24 } } as Content,
    caixa({ ul: [...REGRAS], fontSize: 6.5, color: COR.texto, lineHeight: 1.1 }, x + 12, y + 36, LARGURA_CARTAO - 24),
    caixa({ text: [e.nome, e.contato ? `WhatsApp ${formatarTelefone(e.contato)}` : null].filter(Boolean).join(' · '), fontSize: 6, color: COR.apagado }, x + 12, y + ALTURA_CARTAO - 30, LARGURA_CARTAO - 24),
    { text: formatarNumeroCartao(c.numero), fontSize: 6.5, color: COR.apagado, absolutePosition: { x: x + 12, y: y + ALTURA_CARTAO - 17 } } as Content,
  ];
}

type Lado = 'frente' | 'verso';

async function desenhar(lado: Lado, c: DadosCartaoImpresso, e: DadosEmpresaCartao, x: number, y: number, comLogo: boolean): Promise<Content[]> {
  return lado === 'frente' ? frente(c, e, x, y, comLogo) : verso(c, e, x, y);
}

async function documento(lado: Lado, cartoes: DadosCartaoImpresso[], e: DadosEmpresaCartao, folha: boolean, comLogo: boolean): Promise<TDocumentDefinitions> {
  const titulo = `${cartoes.length === 1 ? 'Cartão' : 'Cartões'} — ${lado}`;
  if (!folha) {
    const conteudo: Content[] = [];
    for (const [i, c] of cartoes.entries()) {
      if (i > 0) conteudo.push({ text: '', pageBreak: 'before' });
      conteudo.push(...(await desenhar(lado, c, e, 0, 0, comLogo)));
    }
    return { pageSize: { width: LARGURA_CARTAO, height: ALTURA_CARTAO }, pageMargins: [0, 0, 0, 0], info: { title: titulo }, content: conteudo };
  }
  const conteudo: Content[] = [];
  for (const [i, c] of cartoes.entries()) {
    const posicao = i % CARTOES_POR_FOLHA;
    if (i > 0 && posicao === 0) conteudo.push({ text: '', pageBreak: 'before' });
    const linha = Math.floor(posicao / COLUNAS);
    // Backs are mirrored left↔right, so a sheet printed on both sides (long-edge flip) lines up.
    const coluna = lado === 'verso' ? COLUNAS - 1 - (posicao % COLUNAS) : posicao % COLUNAS;
    conteudo.push(...(await desenhar(lado, c, e, MARGEM_X + coluna * LARGURA_CARTAO, MARGEM_Y + linha * ALTURA_CARTAO, comLogo)));
  }
  return { pageSize: 'A4', pageMargins: [0, 0, 0, 0], info: { title: titulo }, content: conteudo };
}

/**
 * The PDF of one card (card-size pages) or of a list (A4 sheets). A company logo the PDF engine
 * cannot draw (a malformed SVG) must not stop the printing: the cards go out without it.
 */
export async function pdfCartoes(lado: Lado, cartoes: DadosCartaoImpresso[], e: DadosEmpresaCartao, opcoes: { folha: boolean; compress?: boolean }): Promise<Buffer> {
  const gerar = async (comLogo: boolean) => gerarPdf({ ...(await documento(lado, cartoes, e, opcoes.folha, comLogo)), compress: opcoes.compress ?? true });
  if (!e.logo || lado === 'verso') return gerar(false);
  try {
    return await gerar(true);
  } catch {
    return gerar(false);
  }
}
