import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITE_ARQUIVO_BYTES, LIMITE_PDF_BYTES, MENSAGEM_PDF_GRANDE, MENSAGEM_ARQUIVO_GRANDE, MENSAGEM_ARQUIVO_NAO_ENCONTRADO, MENSAGEM_ARQUIVO_TIPO, MENSAGENS_PRODUTO, type ArquivoInfo } from '@bonifica/contracts';
import { arquivo } from '../src/db/schema/index.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';
import { auditoriasDe } from './apoio/consultas.js';
import { enviarArquivo } from './apoio/importacao.js';

/** arquivo/upload, findbyid, delete and the bytes at /arquivo/{id} (docs/areas/manutencao.md § Arquivos). */

/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);

let t: AppDeTeste;
let gerente: Cliente;
let outra: Cliente;
let atendente: Cliente;
let admin: Cliente;

beforeAll(async () => {
  t = await criarAppDeTeste();
  [gerente, outra, atendente, admin] = await Promise.all([t.entrar('gerente'), t.entrar('outra'), t.entrar('atendente'), t.entrar('admin')]);
});
afterAll(() => t.fechar());

const enviar = (c: Cliente, nome: string, conteudo: Buffer | string, tipo = 'image/png') => enviarArquivo(c, '/services/arquivo/upload', nome, conteudo, tipo);

describe('arquivos de imagem', () => {
  let logo: ArquivoInfo;

  it('o gerente envia uma imagem: o tipo vem dos bytes, não do cabeçalho; devolve id e URL; auditado', async () => {
    const r = await enviar(gerente, 'C:\\fotos\\logo.png', PNG, 'text/plain');
    expect(r.statusCode, r.body).toBe(200);
    logo = env<ArquivoInfo>(r).result;
    expect(logo).toMatchObject({ nome: 'logo.png', tipo: 'image/png', tamanho: PNG.length, url: `/arquivo/${logo.id}` });
    expect(logo.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(logo.empresaId).not.toBeNull();
    const jpeg = env<ArquivoInfo>(await enviar(gerente, 'foto.png', JPEG)).result;
    expect(jpeg.tipo).toBe('image/jpeg');
    const [a] = await auditoriasDe(t, { entidade: 'arquivo', entidadeId: logo.id, acao: 'CRIAR' });
    expect(a).toMatchObject({ depois: { nome: 'logo.png', tipo: 'image/png', tamanho: PNG.length } });
    expect(JSON.stringify(a!.depois)).not.toContain('dados');
  });

  it('findbyid traz os metadados; os bytes saem na URL com o tipo certo e nosniff', async () => {
    expect(env<ArquivoInfo>(await gerente.get(`/services/arquivo/findbyid/${logo.id}`)).result).toEqual(logo);
    const b = await gerente.get(logo.url);
    expect(b.statusCode).toBe(200);
    expect(b.headers['content-type']).toBe('image/png');
    expect(b.headers['x-content-type-options']).toBe('nosniff');
    expect(b.headers['cache-control']).toBe('private, max-age=300');
    expect(b.rawPayload.equals(PNG)).toBe(true);
    const de304 = await gerente.get(logo.url, { headers: { 'if-none-match': String(b.headers.etag) } });
    expect(de304.statusCode).toBe(304);
  });

  it('o que não é imagem é recusado pelo conteúdo, mesmo dizendo image/png: HTML, SVG, texto, vazio', async () => {
    for (const [nome, conteudo] of [
      ['x.png', '<html><script>alert(1)</script></html>'],
      ['x.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
      ['x.png', 'GIF8'],
      ['x.png', ''],
    ] as const) {
      const r = await enviar(gerente, nome, conteudo);
      expect(r.statusCode, nome + conteudo).toBe(400);
      expect(env(r).messageError).toBe(MENSAGEM_ARQUIVO_TIPO);
    }
    const semArquivo = await gerente.post('/services/arquivo/upload', { arquivo: 'x' });
    expect(semArquivo.statusCode).toBe(400);
  });

  it('acima de 2 MB: 413, nada gravado', async () => {
    const antes = await t.banco.db.$count(arquivo);
    const grande = Buffer.concat([PNG, Buffer.alloc(LIMITE_ARQUIVO_BYTES, 0)]);
    const r = await enviar(gerente, 'grande.png', grande);
    expect(r.statusCode).toBe(413);
    expect(env(r).messageError).toBe(MENSAGEM_ARQUIVO_GRANDE);
    // Just past the limit, without an oversized Content-Length up front: the stream limit catches it.
    const r2 = await enviarArquivo(gerente, '/services/arquivo/upload', 'grande.png', Buffer.concat([PNG, Buffer.alloc(LIMITE_ARQUIVO_BYTES - PNG.length + 1, 0)]), 'image/png', { emFluxo: true });
    expect(r2.statusCode).toBe(413);
    expect(await t.banco.db.$count(arquivo)).toBe(antes);
  });

  it('PDF (anexo de modelo): aceito pelo cabeçalho %PDF-, baixado como anexo; um .pdf que não é PDF é recusado; acima de 5 MB, 413', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const r = await enviar(gerente, 'cardapio.pdf', pdf, 'application/pdf');
    expect(r.statusCode, r.body).toBe(200);
    const a = env<ArquivoInfo>(r).result;
    expect(a).toMatchObject({ nome: 'cardapio.pdf', tipo: 'application/pdf', tamanho: pdf.length });
    const b = await gerente.get(a.url);
    expect(b.headers['content-type']).toBe('application/pdf');
    expect(b.headers['content-disposition']).toBe('attachment');
    expect(b.rawPayload.equals(pdf)).toBe(true);
    // The name and the declared type do not make a PDF: the bytes do.
    for (const falso of ['<html><script>alert(1)</script></html>', 'PDF-1.4 sem o por cento', '%PDF']) {
      const x = await enviar(gerente, 'falso.pdf', falso, 'application/pdf');
      expect(x.statusCode, falso).toBe(400);
      expect(env(x).messageError).toBe(MENSAGEM_ARQUIVO_TIPO);
    }
    const antes = await t.banco.db.$count(arquivo);
    const grande = await enviarArquivo(gerente, '/services/arquivo/upload', 'grande.pdf', Buffer.concat([pdf, Buffer.alloc(LIMITE_PDF_BYTES, 32)]), 'application/pdf', { emFluxo: true });
    expect(grande.statusCode).toBe(413);
    expect(env(grande).messageError).toBe(MENSAGEM_PDF_GRANDE);
    expect(await t.banco.db.$count(arquivo)).toBe(antes);
    // Another company cannot download it.
    expect((await outra.get(a.url)).statusCode).toBe(404);
  });

  it('outra empresa não lê, não baixa e não apaga (404, como um id que não existe); sem sessão, 404', async () => {
    for (const r of [await outra.get(`/services/arquivo/findbyid/${logo.id}`), await outra.get(logo.url), await outra.delete(`/services/arquivo/delete/${logo.id}`), await t.cliente().get(logo.url)]) {
      expect(r.statusCode).toBe(404);
      expect(env(r).messageError).toBe(MENSAGEM_ARQUIVO_NAO_ENCONTRADO);
    }
    expect((await gerente.get(logo.url)).statusCode).toBe(200);
  });

  it('o atendente não envia nem apaga (403), mas vê a imagem da própria empresa', async () => {
    const r = await enviar(atendente, 'x.png', PNG);
    expect(r.statusCode).toBe(403);
    expect(env(r).messageError).toBe(MENSAGENS_PRODUTO.acessoNegado);
    expect((await atendente.delete(`/services/arquivo/delete/${logo.id}`)).statusCode).toBe(403);
    expect((await atendente.get(logo.url)).statusCode).toBe(200);
  });

  it('o administrador do sistema envia arquivos do serviço (white label), servidos a qualquer um; e vê os das empresas', async () => {
    const s = env<ArquivoInfo>(await enviar(admin, 'topo.png', PNG)).result;
    expect(s.empresaId).toBeNull();
    const anonimo = await t.cliente().get(s.url);
    expect(anonimo.statusCode).toBe(200);
    expect(anonimo.headers['cache-control']).toBe('public, max-age=300');
    expect((await outra.get(s.url)).statusCode).toBe(200);
    // A company user cannot read its metadata through the API, only the public bytes.
    expect((await outra.get(`/services/arquivo/findbyid/${s.id}`)).statusCode).toBe(404);
    expect((await admin.get(`/services/arquivo/findbyid/${logo.id}`)).statusCode).toBe(200);
  });

  it('apagar: some dos metadados e da URL; auditado; id inválido 400', async () => {
    const r = await gerente.delete(`/services/arquivo/delete/${logo.id}`);
    expect(r.statusCode, r.body).toBe(200);
    expect((await gerente.get(`/services/arquivo/findbyid/${logo.id}`)).statusCode).toBe(404);
    expect((await gerente.get(logo.url)).statusCode).toBe(404);
    expect((await gerente.delete(`/services/arquivo/delete/${logo.id}`)).statusCode).toBe(404);
    const [a] = await auditoriasDe(t, { entidade: 'arquivo', entidadeId: logo.id, acao: 'EXCLUIR' });
    expect(a).toMatchObject({ antes: { nome: 'logo.png', tipo: 'image/png' } });
    expect((await gerente.get('/services/arquivo/findbyid/abc')).statusCode).toBe(400);
    expect((await gerente.get('/arquivo/abc')).statusCode).toBe(400);
  });
});
