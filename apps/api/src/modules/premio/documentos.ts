import { createRequire } from 'node:module';
import { formatarDataHora, ROTULOS_PERIODO_LIMITE, ROTULOS_STATUS_RESGATE_PREMIO, reaisParaCentavos, type Premio, type ResgatePremio } from '@bonifica/contracts';
import { gerarPdf, type Content } from '../../lib/pdf.js';
import { custoPorExtenso } from './resgate.js';

/**
 * The prize documents (docs/areas/premios.md): the 80 mm voucher of a redemption — zero page margin,
 * as thermal printers take it, the code written out, in Code 128 and in a QR — and the A4 catalogue
 * for the counter wall. Photos go in only as PNG/JPEG (what pdfmake reads); any other is left off.
 */
const require = createRequire(import.meta.url);
const bwipjs = require('bwip-js') as { toSVG(o: Record<string, unknown>): string };

const MM = 72 / 25.4;
export const LARGURA_80MM = 80 * MM;
export type Foto = { dados: Buffer; tipo: string } | null;

function foto(f: Foto, largura: number, altura: number): Content | null {
  if (!f || (f.tipo !== 'image/png' && f.tipo !== 'image/jpeg')) return null;
  return { image: `data:${f.tipo};base64,${f.dados.toString('base64')}`, fit: [largura, altura], alignment: 'center', margin: [0, 4, 0, 4] };
}

/** The voucher's last line follows the status: a collected or cancelled code is no longer "go and collect". */
function instrucaoDoComprovante(r: ResgatePremio): string {
  if (r.status === 'CANCELADO') return 'Resgate cancelado: este código não vale mais.';
  if (r.status === 'RETIRADO') return r.retiradoEm ? `Prêmio retirado em ${formatarDataHora(r.retiradoEm)}.` : 'Prêmio já retirado.';
  return 'Apresente este código na loja para retirar o prêmio.';
}

export function comprovanteResgatePdf(r: ResgatePremio, empresaNome: string, f: Foto): Promise<Buffer> {
  const barras = bwipjs.toSVG({ bcid: 'code128', text: r.codigo, height: 10, includetext: false, paddingwidth: 0, paddingheight: 0 });
  const lado = LARGURA_80MM - 8 * MM;
  const corpo: Content[] = [
    { text: empresaNome.toUpperCase(), bold: true, fontSize: 11, alignment: 'center' },
    { text: 'COMPROVANTE DE RESGATE DE PRÊMIO', fontSize: 8, alignment: 'center', margin: [0, 2, 0, 4] },
  ];
  if (r.status === 'CANCELADO') corpo.unshift({ text: '*** CANCELADO ***', bold: true, alignment: 'center' });
  const imagem = foto(f, lado, 30 * MM);
  if (imagem) corpo.push(imagem);
  corpo.push(
    { text: r.premioNome, bold: true, fontSize: 12, alignment: 'center', margin: [0, 2, 0, 2] },
    { text: `Custo: ${custoPorExtenso(r.custoPontos, reaisParaCentavos(r.custoCashback))}`, alignment: 'center' },
    { text: `Cliente: ${r.clienteNome}`, margin: [0, 6, 0, 0] },
    { text: `Resgate nº ${r.id} · ${formatarDataHora(r.criadoEm)}` },
    ...(r.filialNome ? [{ text: `Retirar em: ${r.filialNome}` }] : []),
    { text: `Situação: ${ROTULOS_STATUS_RESGATE_PREMIO[r.status]}` },
    { text: 'CÓDIGO DO RESGATE', fontSize: 8, alignment: 'center', margin: [0, 8, 0, 0] },
    { text: r.codigo, bold: true, fontSize: 18, alignment: 'center', characterSpacing: 2 },
    { svg: barras, width: lado, height: 12 * MM, alignment: 'center', margin: [0, 4, 0, 4] },
    { qr: r.codigo, fit: 30 * MM, alignment: 'center', margin: [0, 2, 0, 6] },
    { text: instrucaoDoComprovante(r), fontSize: 8, alignment: 'center' },
    { text: 'Não é documento fiscal.', fontSize: 7, alignment: 'center', margin: [0, 2, 0, 0] },
  );
  return gerarPdf({
    // Zero page margin: the printer has its own unprintable border; the content keeps 4 mm inside.
    pageSize: { width: LARGURA_80MM, height: 'auto' },
    pageMargins: [0, 0, 0, 0],
    info: { title: `Resgate ${r.codigo}` },
    content: [{ stack: corpo, margin: [4 * MM, 4 * MM, 4 * MM, 6 * MM] }],
  });
}

/** The WhatsApp text of the voucher (sent at the redemption and by `reenviar`). */
export function textoComprovante(r: ResgatePremio, empresaNome: string): string {
  return [
    `*${empresaNome}* — resgate de prêmio`,
    `Prêmio: ${r.premioNome}`,
    `Custo: ${custoPorExtenso(r.custoPontos, reaisParaCentavos(r.custoCashback))}`,
    `Código do resgate: *${r.codigo}*`,
    r.filialNome ? `Retirar em: ${r.filialNome}` : null,
    `Situação: ${ROTULOS_STATUS_RESGATE_PREMIO[r.status]}`,
    instrucaoDoComprovante(r),
  ]
    .filter(Boolean)
    .join('\n');
}

/** POST premio/imprimir: one card per prize, two per row, with photo, cost and rules. */
export function catalogoPdf(premios: Premio[], empresaNome: string, fotos: Map<number, Foto>, lojas: Map<number, string>): Promise<Buffer> {
  const cartao = (p: Premio): Content => {
    const regras = [
      p.filiais.length ? `Retirada só em: ${p.filiais.map((id) => lojas.get(id) ?? `loja ${id}`).join(', ')}` : null,
      p.estoque !== null ? `Estoque: ${p.estoque}` : null,
      p.limitePorCliente ? `Limite: ${p.limitePorCliente} ${ROTULOS_PERIODO_LIMITE[p.limitePeriodo]}` : null,
      p.validoAte ? `Válido até ${p.validoAte.split('-').reverse().join('/')}` : null,
    ].filter(Boolean);
    const imagem = p.fotoArquivoId ? foto(fotos.get(p.fotoArquivoId) ?? null, 220, 120) : null;
    return {
      stack: [
        ...(imagem ? [imagem] : []),
        { text: p.nome, bold: true, fontSize: 14, alignment: 'center' },
        { text: custoPorExtenso(p.custoPontos ?? 0, p.custoCashback ? reaisParaCentavos(p.custoCashback) : 0), fontSize: 13, color: '#0b7285', bold: true, alignment: 'center', margin: [0, 2, 0, 2] },
        ...(p.descricao ? [{ text: p.descricao, alignment: 'center' as const, color: '#444' }] : []),
        ...(regras.length ? [{ text: regras.join(' · '), alignment: 'center' as const, color: '#777', fontSize: 8, margin: [0, 2, 0, 0] as [number, number, number, number] }] : []),
      ],
      margin: [6, 6, 6, 14],
    };
  };
  const linhas: Content[] = [];
  for (let i = 0; i < premios.length; i += 2) linhas.push({ columns: [cartao(premios[i]!), premios[i + 1] ? cartao(premios[i + 1]!) : { text: '' }], columnGap: 16, unbreakable: true } as Content);
  return gerarPdf({
    pageSize: 'A4',
    pageMargins: [36, 36, 36, 40],
    info: { title: `Catálogo de prêmios — ${empresaNome}` },
    content: [
      { text: empresaNome, fontSize: 22, bold: true, alignment: 'center' },
      { text: 'Troque seus pontos e cashback por prêmios', fontSize: 14, alignment: 'center', margin: [0, 2, 0, 16] },
      ...(premios.length ? linhas : [{ text: 'Nenhum prêmio disponível no momento.', italics: true, alignment: 'center' } as Content]),
      { text: 'Peça seu prêmio no balcão: o atendente confere seu saldo na hora.', alignment: 'center', color: '#555', margin: [0, 12, 0, 0] },
    ],
    footer: (pagina, total) => ({ text: `Página ${pagina} de ${total}`, alignment: 'right', margin: [0, 10, 36, 0], color: '#777', fontSize: 8 }),
  });
}
