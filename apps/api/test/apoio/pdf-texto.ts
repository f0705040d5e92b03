import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows, for tests: enough of a reader for what pdfmake writes (Flate streams,
 * Type0 fonts with a ToUnicode map, hex strings in TJ/Tj). Pages are split on each content stream.
 */
export function textoDoPdf(pdf: Buffer): string[] {
  const bruto = pdf.toString('latin1');
  const objetos = new Map<number, { dicionario: string; stream: string | null }>();
  const re = /(\d+) 0 obj\s*([\s\S]*?)endobj/g;
  for (let m = re.exec(bruto); m; m = re.exec(bruto)) {
    const corpo = m[2]!;
    const i = corpo.indexOf('stream');
    if (i < 0) {
      objetos.set(Number(m[1]), { dicionario: corpo, stream: null });
      continue;
    }
    const dicionario = corpo.slice(0, i);
    const inicio = m.index + m[0].indexOf('stream') + 'stream'.length + (bruto[m.index + m[0].indexOf('stream') + 6] === '\r' ? 2 : 1);
    const fim = bruto.indexOf('endstream', inicio);
    let dados = Buffer.from(bruto.slice(inicio, fim), 'latin1');
    if (/\/FlateDecode/.test(dicionario)) dados = inflateSync(dados);
    objetos.set(Number(m[1]), { dicionario, stream: dados.toString('latin1') });
  }
  const mapas = new Map<number, Map<string, string>>();
  for (const [id, o] of objetos) {
    const ref = /\/ToUnicode (\d+) 0 R/.exec(o.dicionario);
    if (ref) mapas.set(id, lerCmap(objetos.get(Number(ref[1]))?.stream ?? ''));
  }
  const nomes = new Map<string, number>();
  for (const o of objetos.values()) {
    for (const f of o.dicionario.matchAll(/\/(F\d+) (\d+) 0 R/g)) nomes.set(f[1]!, Number(f[2]));
  }
  const paginas: string[] = [];
  for (const o of objetos.values()) {
    if (!o.stream || !/\bTf\b/.test(o.stream) || /begincmap/.test(o.stream)) continue;
    let mapa = new Map<string, string>();
    let texto = '';
    for (const op of o.stream.matchAll(/\/(F\d+) [\d.]+ Tf|\[((?:<[0-9a-fA-F]*>|[^\]])*)\] TJ|<([0-9a-fA-F]*)> Tj|\bET\b/g)) {
      if (op[1]) mapa = mapas.get(nomes.get(op[1]) ?? -1) ?? new Map();
      else if (op[2] !== undefined) texto += [...op[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => decodificar(h[1]!, mapa)).join('');
      else if (op[3] !== undefined) texto += decodificar(op[3], mapa);
      else texto += '\n';
    }
    paginas.push(texto);
  }
  return paginas;
}

function decodificar(hex: string, mapa: Map<string, string>): string {
  let s = '';
  for (let i = 0; i < hex.length; i += 4) s += mapa.get(hex.slice(i, i + 4).toLowerCase()) ?? '';
  return s;
}

function unicode(hexComEspacos: string): string {
  // A ligature maps to several characters, written with spaces inside the brackets: <0066 0069> is "fi".
  const hex = hexComEspacos.replace(/\s+/g, '');
  return String.fromCodePoint(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));
}

function lerCmap(cmap: string): Map<string, string> {
  const mapa = new Map<string, string>();
  for (const bloco of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const r of bloco[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F\s]+>)/g)) {
      const de = parseInt(r[1]!, 16);
      const ate = parseInt(r[2]!, 16);
      const destinos = r[3]!.startsWith('[') ? [...r[3]!.matchAll(/<([0-9a-fA-F\s]+)>/g)].map((x) => unicode(x[1]!)) : null;
      const base = destinos ? 0 : parseInt(r[3]!.slice(1, -1).replace(/\s+/g, ''), 16);
      for (let c = de; c <= ate; c++) mapa.set(c.toString(16).padStart(4, '0'), destinos ? (destinos[c - de] ?? '') : String.fromCodePoint(base + c - de));
    }
  }
  for (const bloco of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const r of bloco[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g)) mapa.set(r[1]!.toLowerCase().padStart(4, '0'), unicode(r[2]!));
  }
  return mapa;
}
