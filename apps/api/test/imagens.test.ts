import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ArquivoInfo, Filial, WhiteLabel } from '@bonifica/contracts';
import { arquivo, configSistema, empresa } from '../src/db/schema/index.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';

/**
 * Every image in `arquivo` (docs/decisions/026-imagens-na-tabela-arquivo.md): the logo of a company
 * and the white label's, through the addresses the browser and the e-mails already use.
 */

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PNG2 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 7)]);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const dataUrl = (tipo: string, b: Buffer) => `data:${tipo};base64,${b.toString('base64')}`;

describe('logo da empresa e white label na tabela arquivo', () => {
  let t: AppDeTeste;
  let gerente: Cliente;
  let outra: Cliente;
  let admin: Cliente;
  let filial: Filial;

  beforeAll(async () => {
    t = await criarAppDeTeste();
    [gerente, outra, admin] = await Promise.all([t.entrar('gerente'), t.entrar('outra'), t.entrar('admin')]);
  });
  afterAll(() => t.fechar());

  const logoDe = async (empresaId: number) => {
    const [e] = await t.banco.db.select({ id: empresa.logoArquivoId, matrizId: empresa.matrizId }).from(empresa).where(eq(empresa.id, empresaId));
    return e!;
  };
  const arquivosDaRede = async (matrizId: number) => (await t.banco.db.select({ id: arquivo.id }).from(arquivo).where(eq(arquivo.empresaId, matrizId))).map((l) => l.id);

  it('envio: o logo da filial vira um arquivo da rede, servido com o tipo dos bytes e ETag = sha256 (304 quando igual)', async () => {
    const r = await gerente.post('/services/company/save', { nome: 'Filial Logo Ltda', shortName: 'Filial Logo', fusoHorario: 'UTC_3_BRASIL', ativa: true, logo: dataUrl('image/png', PNG) });
    expect(r.statusCode, r.body).toBe(200);
    filial = env<Filial>(r).result;
    expect(filial.logoUrl).toBe(`/arquivo/imagem/empresa/${filial.id}`);
    const { id, matrizId } = await logoDe(filial.id);
    const [linha] = await t.banco.db.select().from(arquivo).where(eq(arquivo.id, id!));
    expect(linha).toMatchObject({ empresaId: matrizId, tipo: 'image/png', tamanho: PNG.length, sha256: sha(PNG) });

    const img = await gerente.get(filial.logoUrl!);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers.etag).toBe(`"${sha(PNG)}"`);
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    const denovo = await gerente.get(filial.logoUrl!, { headers: { 'if-none-match': `"${sha(PNG)}"` } });
    expect(denovo.statusCode).toBe(304);
    expect(denovo.rawPayload.length).toBe(0);
  });

  it('recusa logo cujos bytes não são o tipo dito (verificação única em lib/imagem.ts)', async () => {
    const r = await gerente.post('/services/company/save', { id: filial.id, nome: 'Filial Logo Ltda', shortName: 'Filial Logo', fusoHorario: 'UTC_3_BRASIL', ativa: true, logo: dataUrl('image/png', JPEG) });
    expect(r.statusCode).toBe(400);
    expect(env(r).messageError).toBe('Logo inválido: envie uma imagem PNG, JPEG ou WebP.');
    expect((await gerente.get(filial.logoUrl!)).rawPayload.equals(PNG)).toBe(true);
  });

  it('troca: o arquivo antigo é apagado na mesma transação (nada órfão) e o novo sai com outro ETag', async () => {
    const { id: antigo, matrizId } = await logoDe(filial.id);
    const antes = await arquivosDaRede(matrizId);
    const r = await gerente.post('/services/company/save', { id: filial.id, nome: 'Filial Logo Ltda', shortName: 'Filial Logo', fusoHorario: 'UTC_3_BRASIL', ativa: true, logo: dataUrl('image/jpeg', JPEG) });
    expect(r.statusCode, r.body).toBe(200);
    const { id: novo } = await logoDe(filial.id);
    expect(novo).not.toBe(antigo);
    const depois = await arquivosDaRede(matrizId);
    expect(depois).not.toContain(antigo);
    expect(depois.length).toBe(antes.length);
    const img = await gerente.get(filial.logoUrl!, { headers: { 'if-none-match': `"${sha(PNG)}"` } });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(img.headers.etag).toBe(`"${sha(JPEG)}"`);
    // Saving without `logo` keeps it.
    await gerente.post('/services/company/save', { id: filial.id, nome: 'Filial Logo Ltda', shortName: 'Filial Logo', fusoHorario: 'UTC_3_BRASIL', ativa: true });
    expect((await logoDe(filial.id)).id).toBe(novo);
  });

  it('isolamento: o logo (e o arquivo) de outra empresa responde 404, como um que não existe', async () => {
    const { id } = await logoDe(filial.id);
    const alheio = await outra.get(`/arquivo/imagem/empresa/${filial.id}`);
    expect(alheio.statusCode).toBe(404);
    expect(env(alheio).messageError).toBe('Imagem não encontrada.');
    expect((await outra.get(`/arquivo/${id}`)).statusCode).toBe(404);
    expect((await outra.get(`/services/arquivo/findbyid/${id}`)).statusCode).toBe(404);
    expect((await outra.delete(`/services/arquivo/delete/${id}`)).statusCode).toBe(404);
    expect((await t.cliente().get(`/arquivo/${id}`)).statusCode).toBe(404);
    expect((await gerente.get(`/arquivo/${id}`)).statusCode).toBe(200);
    expect((await admin.get(`/arquivo/imagem/empresa/${filial.id}`)).statusCode).toBe(200);
  });

  it('remoção: logo null apaga o arquivo; apagar o arquivo direto deixa a empresa sem logo', async () => {
    const { id, matrizId } = await logoDe(filial.id);
    const r = await gerente.post('/services/company/save', { id: filial.id, nome: 'Filial Logo Ltda', shortName: 'Filial Logo', fusoHorario: 'UTC_3_BRASIL', ativa: true, logo: null });
    expect(env<Filial>(r).result.logoUrl).toBeNull();
    expect(await arquivosDaRede(matrizId)).not.toContain(id);
    expect((await gerente.get(`/arquivo/imagem/empresa/${filial.id}`)).statusCode).toBe(404);

    await gerente.post('/services/company/save', { id: filial.id, nome: 'Filial Logo Ltda', shortName: 'Filial Logo', fusoHorario: 'UTC_3_BRASIL', ativa: true, logo: dataUrl('image/png', PNG2) });
    const { id: outro } = await logoDe(filial.id);
    expect((await gerente.delete(`/services/arquivo/delete/${outro}`)).statusCode).toBe(200);
    expect((await logoDe(filial.id)).id).toBeNull();
    expect(env<Filial>(await gerente.get(`/services/company/findbyid/${filial.id}`)).result.logoUrl).toBeNull();
  });

  it('white label: a logo é um arquivo do serviço (público, ETag); trocar não acumula arquivos; excluir apaga', async () => {
    const doPapel = () => t.banco.db.select({ id: arquivo.id, sha256: arquivo.sha256 }).from(arquivo).where(and(eq(arquivo.papel, 'topoAngular'), isNull(arquivo.empresaId)));
    expect((await admin.post('/services/sistema/whitelabel/imagem/topoAngular', { mime: 'image/png', base64: PNG.toString('base64') })).statusCode).toBe(200);
    const [primeiro] = await doPapel();
    expect((await admin.post('/services/sistema/whitelabel/imagem/topoAngular', { mime: 'image/png', base64: PNG2.toString('base64') })).statusCode).toBe(200);
    const linhas = await doPapel();
    expect(linhas).toHaveLength(1);
    expect(linhas[0]!.id).not.toBe(primeiro!.id);
    expect(linhas[0]!.sha256).toBe(sha(PNG2));
    const wl = env<WhiteLabel>(await t.cliente().get('/services/config/whitelabel')).result;
    expect(wl.logoUrl).toBe(`/arquivo/imagem/sistema/topoAngular?v=${linhas[0]!.id}`);
    const img = await t.cliente().get(wl.logoUrl);
    expect(img.headers.etag).toBe(`"${sha(PNG2)}"`);
    expect(img.headers['cache-control']).toBe('public, max-age=60');
    expect(img.rawPayload.equals(PNG2)).toBe(true);
    // The same file by its id, to anyone (a file of the service).
    const info = env<ArquivoInfo>(await admin.get(`/services/arquivo/findbyid/${linhas[0]!.id}`)).result;
    expect((await t.cliente().get(info.url)).rawPayload.equals(PNG2)).toBe(true);
    // SVG is refused, whatever it says it is.
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>').toString('base64');
    expect((await admin.post('/services/sistema/whitelabel/imagem/topoAngular', { mime: 'image/png', base64: svg })).statusCode).toBe(400);
    expect((await admin.delete('/services/sistema/whitelabel/imagem/topoAngular')).statusCode).toBe(200);
    expect(await doPapel()).toHaveLength(0);
    expect((await t.cliente().get('/arquivo/imagem/sistema/topoAngular')).headers['content-type']).toContain('image/svg+xml');
  });
});

describe('migração 0030/0031: dados no formato antigo passam para arquivo', () => {
  let t: AppDeTeste;
  const ICO = Buffer.concat([Buffer.from([0, 0, 1, 0, 1, 0]), Buffer.alloc(30, 3)]);

  beforeAll(async () => {
    t = await criarAppDeTeste({
      semDemo: true,
      antesDaMigracao: {
        ate: '0029_rede_credenciada_resgates',
        preparar: async ({ db }) => {
          const hex = (b: Buffer) => sql.raw(`decode('${b.toString('hex')}', 'hex')`);
          await db.execute(sql`insert into empresa (matriz_id, tipo, nome, nome_curto, slug, logo, logo_mime) values (0, 'MATRIZ', 'Rede A', 'Rede A', 'rede-a', ${hex(PNG)}, 'image/png')`);
          await db.execute(sql`update empresa set matriz_id = id where slug = 'rede-a'`);
          await db.execute(sql`insert into empresa (matriz_id, tipo, nome, nome_curto, slug, logo, logo_mime) select id, 'FILIAL', 'Filial A1', 'A1', 'rede-a-1', ${hex(JPEG)}, 'image/jpeg' from empresa where slug = 'rede-a'`);
          await db.execute(sql`insert into empresa (matriz_id, tipo, nome, nome_curto, slug) select id, 'FILIAL', 'Filial A2', 'A2', 'rede-a-2' from empresa where slug = 'rede-a'`);
          const json = (mime: string, b: Buffer) => JSON.stringify({ mime, base64: b.toString('base64') });
          await db.execute(sql`insert into config_sistema (chave, valor, publica) values ('imagem_topoAngular', ${json('image/png', PNG2)}, false), ('imagem_favicon', ${json('image/x-icon', ICO)}, false), ('nome_sistema', 'Rede', true)`);
        },
      },
    });
  });
  afterAll(() => t.fechar());

  it('cada logo vira um arquivo da rede apontado pela empresa, com os mesmos bytes, tipo e sha256', async () => {
    const linhas = await t.banco.db
      .select({ slug: empresa.slug, matrizId: empresa.matrizId, arquivoEmpresa: arquivo.empresaId, tipo: arquivo.tipo, sha256: arquivo.sha256, tamanho: arquivo.tamanho })
      .from(empresa)
      .leftJoin(arquivo, eq(arquivo.id, empresa.logoArquivoId))
      .orderBy(empresa.slug);
    const matriz = linhas[0]!.matrizId;
    expect(linhas).toEqual([
      { slug: 'rede-a', matrizId: matriz, arquivoEmpresa: matriz, tipo: 'image/png', sha256: sha(PNG), tamanho: PNG.length },
      { slug: 'rede-a-1', matrizId: matriz, arquivoEmpresa: matriz, tipo: 'image/jpeg', sha256: sha(JPEG), tamanho: JPEG.length },
      { slug: 'rede-a-2', matrizId: matriz, arquivoEmpresa: null, tipo: null, sha256: null, tamanho: null },
    ]);
    const colunas = await t.banco.db.execute(sql`select column_name from information_schema.columns where table_name = 'empresa' and column_name in ('logo', 'logo_mime')`);
    expect((colunas as unknown as { rows: unknown[] }).rows).toEqual([]);
  });

  it('as imagens do white label viram arquivos do serviço; as chaves antigas somem; as URLs públicas servem os mesmos bytes', async () => {
    const chaves = (await t.banco.db.select({ chave: configSistema.chave }).from(configSistema)).map((l) => l.chave);
    expect(chaves).toEqual(['nome_sistema']);
    const logo = await t.cliente().get('/arquivo/imagem/sistema/topoAngular');
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers.etag).toBe(`"${sha(PNG2)}"`);
    expect(logo.rawPayload.equals(PNG2)).toBe(true);
    const fav = await t.cliente().get('/arquivo/imagem/sistema/favicon');
    expect(fav.headers['content-type']).toBe('image/x-icon');
    expect(fav.rawPayload.equals(ICO)).toBe(true);
    const wl = env<WhiteLabel>(await t.cliente().get('/services/config/whitelabel')).result;
    expect(wl.faviconUrl).toMatch(/^\/arquivo\/imagem\/sistema\/favicon\?v=\d+$/);
  });
});
