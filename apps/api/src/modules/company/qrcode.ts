import { formatarTelefone, formatarCep } from '@bonifica/contracts';
import type { Filial } from '@bonifica/contracts';
import { gerarPdf, type Content } from '../../lib/pdf.js';

/**
 * The counter poster (POST company/imprimir/qrcode): an A4 page with the company's name and logo, a
 * QR code of its share URL (`/p/<slug>`, where customers join) and the same URL written out for who
 * cannot scan it.
 */
export function cartazQrCode(f: Filial, url: string, logo: { bytes: Buffer; mime: string } | null): Promise<Buffer> {
  const endereco = [
    [f.logradouro, f.numero].filter(Boolean).join(', '),
    f.bairro,
    [f.cidade, f.uf].filter(Boolean).join('/'),
    f.cep ? `CEP ${formatarCep(f.cep)}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const corpo: Content[] = [];
  // pdfmake reads PNG, JPEG and SVG; a WebP logo is left out rather than failing the poster.
  if (logo?.mime === 'image/svg+xml') corpo.push({ svg: logo.bytes.toString('utf8'), fit: [220, 90], alignment: 'center', margin: [0, 0, 0, 16] });
  else if (logo && logo.mime !== 'image/webp') corpo.push({ image: `data:${logo.mime};base64,${logo.bytes.toString('base64')}`, fit: [220, 90], alignment: 'center', margin: [0, 0, 0, 16] });
  corpo.push(
    { text: f.shortName, fontSize: 26, bold: true, alignment: 'center', margin: [0, 0, 0, 6] },
    { text: 'Participe do nosso programa de fidelidade', fontSize: 18, alignment: 'center', margin: [0, 0, 0, 4] },
    { text: 'Aponte a câmera do celular para o código e cadastre-se.', fontSize: 13, color: '#444', alignment: 'center', margin: [0, 0, 0, 28] },
    { qr: url, fit: 300, alignment: 'center', margin: [0, 0, 0, 24] },
    { text: url, fontSize: 14, bold: true, alignment: 'center', margin: [0, 0, 0, 36] },
  );
  if (endereco) corpo.push({ text: endereco, fontSize: 11, color: '#555', alignment: 'center' });
  if (f.telefone) corpo.push({ text: `Telefone ${formatarTelefone(f.telefone)}`, fontSize: 11, color: '#555', alignment: 'center', margin: [0, 2, 0, 0] });
  return gerarPdf({ pageSize: 'A4', pageMargins: [50, 60, 50, 50], info: { title: `Cartaz QR Code — ${f.shortName}` }, content: corpo });
}
