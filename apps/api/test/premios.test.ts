import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { HistoricoResgatePremio, Pagina, Premio, PremioParaCliente, RelatorioResgatePremio, ResgatePremio } from '@bonifica/contracts';
import { arquivo, clienteConsentimento } from '../src/db/schema/index.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';
import { textoDoPdf } from './apoio/pdf-texto.js';
import { apoioDeSaldos } from './apoio/saldos.js';
import { RAZAO_INTACTO, violacoesDoRazao } from './apoio/razao.js';

let t: AppDeTeste;
let gerente: Cliente;
let atendente: Cliente;
let analista: Cliente;

const JARDINS = 2;
const MOEMA = 3;
/** A 1×1 lossy WebP (what a phone saves): pdfkit embeds only JPEG and PNG. */
const WEBP_1PX = Buffer.from('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA', 'base64');
const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const { linhas, novoCliente, creditar, saldo } = apoioDeSaldos(() => ({ t, gerente }), 'Cliente prêmio');

async function estoque(premioId: number): Promise<number | null> {
  const [l] = await linhas<{ estoque: number | null }>(sql`select estoque from premio where id = ${premioId}`);
  return l!.estoque;
}

async function novoPremio(corpo: Record<string, unknown> = {}): Promise<Premio> {
  const r = await gerente.post('/services/premio/save', { nome: 'Caneca Bonifica', custoPontos: 100, ...corpo });
  expect(r.statusCode, r.body).toBe(200);
  return env<Premio>(r).result;
}

const resgatar = (premioId: number, clienteId: number, quem = gerente, extra: Record<string, unknown> = {}, chave?: string) =>
  quem.post('/services/premio/resgate/save', { premioId, clienteId, ...extra }, chave ? { headers: { 'idempotency-key': chave } } : {});

beforeAll(async () => {
  t = await criarAppDeTeste();
  [gerente, atendente, analista] = await Promise.all([t.entrar('gerente'), t.entrar('atendente'), t.entrar('analista')]);
});
afterAll(() => t.fechar());

describe('premio: catálogo', () => {
  it('cadastra com foto, custo em pontos e cashback, estoque, limite, validade e filiais; lista com busca e filtros', async () => {
    const [foto] = await t.banco.db
      .insert(arquivo)
      .values({ empresaId: 1, nome: 'caneca.png', tipo: 'image/png', tamanho: PNG_1PX.length, sha256: '1'.repeat(64), dados: PNG_1PX })
      .returning({ id: arquivo.id });
    const p = await novoPremio({
      nome: 'Mochila Térmica',
      descricao: 'Mochila para marmita',
      fotoArquivoId: foto!.id,
      custoPontos: 500,
      custoCashback: 10.5,
      estoque: 3,
      limitePorCliente: 1,
      limitePeriodo: 'MES',
      validoDe: '2020-01-01',
      validoAte: '2099-12-31',
      filiais: [JARDINS],
    });
    expect(p).toMatchObject({ nome: 'Mochila Térmica', custoPontos: 500, custoCashback: 10.5, estoque: 3, limitePorCliente: 1, limitePeriodo: 'MES', filiais: [JARDINS], ativo: true, fotoArquivoId: foto!.id, resgates: 0 });
    const [l] = await linhas<{ custo_centavos: string }>(sql`select custo_centavos from premio where id = ${p.id}`);
    expect(Number(l!.custo_centavos)).toBe(1050);

    const busca = await atendente.post('/services/premio/filterpaginated/0/10', { busca: 'mochila termica' });
    expect(busca.statusCode, busca.body).toBe(200);
    expect(env<Pagina<Premio>>(busca).result.content.map((x) => x.id)).toEqual([p.id]);
    const naMoema = env<Pagina<Premio>>(await gerente.post('/services/premio/filterpaginated/0/100', { filialId: MOEMA })).result.content;
    expect(naMoema.map((x) => x.id)).not.toContain(p.id);
    expect((await gerente.get(`/services/premio/findbyid/${p.id}`)).statusCode).toBe(200);
    const [aud] = await linhas<{ acao: string }>(sql`select acao from auditoria where entidade = 'premio' and entidade_id = ${String(p.id)}`);
    expect(aud?.acao).toBe('CRIAR');
  });

  it('recusa entrada ruim com mensagens em português e não grava nada', async () => {
    // arquivo/upload aceita PDF (anexo de modelo); como foto de prêmio, não.
    const [pdf] = await t.banco.db
      .insert(arquivo)
      .values({ empresaId: 1, nome: 'regulamento.pdf', tipo: 'application/pdf', tamanho: 9, sha256: '3'.repeat(64), dados: Buffer.from('%PDF-1.4\n') })
      .returning({ id: arquivo.id });
    const antes = await linhas<{ n: number }>(sql`select count(*)::int as n from premio`);
    const casos: [Record<string, unknown>, string][] = [
      [{ nome: 'X', custoPontos: 10 }, 'O nome do prêmio precisa de pelo menos 2 caracteres.'],
      [{ nome: '  ', custoPontos: 10 }, 'Informe o nome do prêmio.'],
      [{ nome: 'Sem custo' }, 'Informe o custo do prêmio em pontos, em cashback ou nos dois.'],
      [{ nome: 'Centavos', custoCashback: 1.234 }, 'O custo em cashback deve ter no máximo 2 casas decimais (centavos).'],
      [{ nome: 'Pontos quebrados', custoPontos: 1.5 }, 'Custo em pontos deve ser um número inteiro.'],
      [{ nome: 'Estoque negativo', custoPontos: 10, estoque: -1 }, 'Estoque não pode ser negativo.'],
      [{ nome: 'Datas', custoPontos: 10, validoDe: '2026-05-10', validoAte: '2026-05-01' }, 'O fim da validade não pode ser antes do início.'],
      [{ nome: 'Data ruim', custoPontos: 10, validoDe: '2026-02-30' }, 'Data de início da validade inválida.'],
      [{ nome: 'Filial alheia', custoPontos: 10, filiais: [4] }, 'Filial não encontrada na rede.'],
      [{ nome: 'Foto alheia', custoPontos: 10, fotoArquivoId: 999999 }, 'Foto não encontrada: envie a imagem de novo.'],
      [{ nome: 'Foto em PDF', custoPontos: 10, fotoArquivoId: pdf!.id }, 'A foto do prêmio deve ser uma imagem PNG, JPEG ou WebP.'],
      [{ nome: 'Período', custoPontos: 10, limitePeriodo: 'HORA' }, 'Período do limite inválido: use DIA, SEMANA, MES, ANO ou SEMPRE.'],
    ];
    for (const [corpo, mensagem] of casos) {
      const r = await gerente.post('/services/premio/save', corpo);
      expect(r.statusCode, JSON.stringify(corpo)).toBe(400);
      expect(env(r).messageError).toContain(mensagem);
    }
    expect(await linhas<{ n: number }>(sql`select count(*)::int as n from premio`)).toEqual(antes);
  });

  it('permissões: o atendente lê o catálogo mas não cadastra; o analista sem empresa nada', async () => {
    expect((await atendente.post('/services/premio/save', { nome: 'Do atendente', custoPontos: 1 })).statusCode).toBe(403);
    expect((await atendente.post('/services/premio/filterpaginated/0/10', {})).statusCode).toBe(200);
    expect((await analista.post('/services/premio/filterpaginated/0/10', {})).statusCode).toBe(403);
    const p = await novoPremio({ nome: 'Apagável' });
    expect((await atendente.delete(`/services/premio/delete/${p.id}`)).statusCode).toBe(403);
    expect((await gerente.delete(`/services/premio/delete/${p.id}`)).statusCode).toBe(200);
    expect((await gerente.get(`/services/premio/findbyid/${p.id}`)).statusCode).toBe(404);
  });

  it('um prêmio já resgatado não é apagado: só desativado', async () => {
    const p = await novoPremio({ nome: 'Squeeze', custoPontos: 10 });
    const c = await novoCliente();
    await creditar(c, 'PONTOS', 10);
    const feito = await resgatar(p.id, c);
    expect(feito.statusCode, feito.body).toBe(200);
    const apagar = await gerente.delete(`/services/premio/delete/${p.id}`);
    expect(apagar.statusCode, apagar.body).toBe(200);
    expect(env<Premio>(await gerente.get(`/services/premio/findbyid/${p.id}`)).result).toMatchObject({ ativo: false, resgates: 1 });
  });

  it('POST premio/imprimir: o catálogo em PDF com os prêmios ativos e o custo', async () => {
    await novoPremio({ nome: 'Garrafa de Parede', custoPontos: 250, custoCashback: 5 });
    await novoPremio({ nome: 'Prêmio Desligado', ativo: false });
    await novoPremio({ nome: 'Prêmio Esgotado', estoque: 0 });
    await novoPremio({ nome: 'Só na Moema', filiais: [MOEMA] });
    const r = await gerente.post('/services/premio/imprimir', {});
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    const texto = textoDoPdf(r.rawPayload).join(' ').replace(/\s+/g, ' ');
    expect(texto).toContain('Garrafa de Parede');
    expect(texto).toContain('250 pontos + R$ 5,00 de cashback');
    expect(texto).not.toContain('Prêmio Desligado');
    expect(texto).not.toContain('Prêmio Esgotado');
    expect(texto).toMatch(/Retirada só em: Bonifica Moema/);
    expect((await gerente.post('/services/premio/imprimir', { filialId: 'x' })).statusCode).toBe(400);
  });

  it('foto em WebP aparece no catálogo e no comprovante (convertida para PNG ao entrar no PDF)', async () => {
    const imagensNoPdf = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Subtype\s*\/Image/g) ?? []).length;
    const antes = imagensNoPdf((await atendente.post('/services/premio/imprimir', {})).rawPayload);
    const [foto] = await t.banco.db
      .insert(arquivo)
      .values({ empresaId: 1, nome: 'garrafa.webp', tipo: 'image/webp', tamanho: WEBP_1PX.length, sha256: '2'.repeat(64), dados: WEBP_1PX })
      .returning({ id: arquivo.id });
    const p = await novoPremio({ nome: 'Garrafa em WebP', custoPontos: 1, fotoArquivoId: foto!.id });
    const catalogo = (await atendente.post('/services/premio/imprimir', {})).rawPayload;
    expect(imagensNoPdf(catalogo)).toBe(antes + 1);
    const c = await novoCliente();
    await creditar(c, 'PONTOS', 1);
    const res = env<ResgatePremio>(await resgatar(p.id, c, atendente)).result;
    const comprovante = await atendente.post('/services/premio/resgate/imprimir', { id: res.id });
    expect(comprovante.statusCode).toBe(200);
    // The barcode and the QR code are drawn as vectors: the one image object is the photo.
    expect(imagensNoPdf(comprovante.rawPayload)).toBe(1);
  });
});

describe('premio/resgate: resgate no razão e no estoque', () => {
  it('resgate de pontos + cashback: um lançamento equilibrado, lotes mais antigos primeiro, estoque −1, histórico e auditoria', async () => {
    const p = await novoPremio({ nome: 'Fone', custoPontos: 300, custoCashback: 20, estoque: 2 });
    const c = await novoCliente();
    await creditar(c, 'PONTOS', 200);
    await creditar(c, 'PONTOS', 200);
    await creditar(c, 'CASHBACK', 25);
    const r = await resgatar(p.id, c, atendente);
    expect(r.statusCode, r.body).toBe(200);
    const res = env<ResgatePremio>(r).result;
    expect(res).toMatchObject({ status: 'SOLICITADO', premioNome: 'Fone', clienteId: c, filialId: JARDINS, filialNome: 'Bonifica Jardins', custoPontos: 300, custoCashback: 20, usuarioNome: 'Amanda Atendente' });
    expect(res.codigo).toMatch(/^[2-9A-Z]{8}$/);
    expect(await saldo(c, 'PONTOS')).toBe(100);
    expect(await saldo(c, 'CASHBACK')).toBe(500);
    expect(await estoque(p.id)).toBe(1);
    const partidas = await linhas<{ tipo: string; valor: string; lt: string }>(sql`
      select c.tipo, p.valor, l.tipo as lt from partida p join conta c on c.id = p.conta_id join lancamento l on l.id = p.lancamento_id
      join premio_resgate r on r.lancamento_id = l.id where r.id = ${res.id} order by c.tipo, p.valor`);
    expect(partidas.map((x) => [x.tipo, Number(x.valor), x.lt])).toEqual([
      ['CASHBACK', -2000, 'RESGATE'],
      ['PONTOS', -300, 'RESGATE'],
      ['SISTEMA_CASHBACK', 2000, 'RESGATE'],
      ['SISTEMA_PONTOS', 300, 'RESGATE'],
    ]);
    // FIFO: the first lot of 200 points is used up, the second gives 100.
    const lotes = await linhas<{ restante: string }>(sql`select restante from credito k join conta c on c.id = k.conta_id where c.cliente_id = ${c} and c.tipo = 'PONTOS' order by k.id`);
    expect(lotes.map((l) => Number(l.restante))).toEqual([0, 100]);
    const h = env<HistoricoResgatePremio[]>(await atendente.get(`/services/premio/resgate/historico/${res.id}`)).result;
    expect(h).toEqual([expect.objectContaining({ de: null, para: 'SOLICITADO', usuarioNome: 'Amanda Atendente' })]);
    const [aud] = await linhas<{ acao: string }>(sql`select acao from auditoria where entidade = 'premio_resgate' and entidade_id = ${String(res.id)}`);
    expect(aud?.acao).toBe('CRIAR');
    expect(await violacoesDoRazao(t)).toEqual(RAZAO_INTACTO);
  });

  it('recusas: saldo insuficiente, esgotado, inativo, fora da validade, outra loja, cliente bloqueado, limite por cliente — nada gravado', async () => {
    const c = await novoCliente();
    await creditar(c, 'PONTOS', 1000);
    const caro = await novoPremio({ nome: 'Caro', custoPontos: 5000 });
    const semEstoque = await novoPremio({ nome: 'Esgotado', estoque: 0 });
    const inativo = await novoPremio({ nome: 'Inativo', ativo: false });
    const vencido = await novoPremio({ nome: 'Vencido', validoAte: '2020-01-01' });
    const soMoema = await novoPremio({ nome: 'Só Moema', filiais: [MOEMA] });
    const umPorCliente = await novoPremio({ nome: 'Um por cliente', limitePorCliente: 1, limitePeriodo: 'MES' });
    const esperar = async (premioId: number, status: number, mensagem: string, quem = gerente, clienteId = c) => {
      const r = await resgatar(premioId, clienteId, quem);
      expect(r.statusCode, r.body).toBe(status);
      expect(env(r).messageError).toContain(mensagem);
    };
    await esperar(caro.id, 409, 'Saldo insuficiente para esta operação.');
    await esperar(semEstoque.id, 409, 'Prêmio esgotado: não há mais unidades em estoque.');
    await esperar(inativo.id, 409, 'Este prêmio está inativo: não pode ser resgatado.');
    await esperar(vencido.id, 409, 'Este prêmio está fora do período de validade.');
    await esperar(soMoema.id, 409, 'Este prêmio não é retirado nesta loja.', atendente);
    expect((await resgatar(umPorCliente.id, c)).statusCode).toBe(200);
    await esperar(umPorCliente.id, 409, 'Limite deste prêmio atingido: 1 resgate por cliente por mês.');
    const bloqueado = await novoCliente();
    await creditar(bloqueado, 'PONTOS', 1000);
    await t.banco.db.execute(sql`update cliente set status = 'BLOQUEADO' where id = ${bloqueado}`);
    await esperar(umPorCliente.id, 409, 'Cliente bloqueado: resgate não permitido no programa.', gerente, bloqueado);
    await esperar(999999, 404, 'Prêmio não encontrado.');
    await esperar(caro.id, 404, 'Cliente não encontrado.', gerente, 999999);
    for (const corpo of [{}, { premioId: 'a', clienteId: c }, { premioId: caro.id, clienteId: -1 }, { premioId: caro.id, clienteId: c, extra: 1 }]) {
      expect((await gerente.post('/services/premio/resgate/save', corpo)).statusCode, JSON.stringify(corpo)).toBe(400);
    }
    expect(await saldo(c, 'PONTOS')).toBe(900);
    expect(await violacoesDoRazao(t)).toEqual(RAZAO_INTACTO);
  });

  it('Idempotency-Key: um duplo clique com a mesma chave resgata uma vez e devolve a mesma resposta', async () => {
    const p = await novoPremio({ nome: 'Idempotente', custoPontos: 10, estoque: 5 });
    const c = await novoCliente();
    await creditar(c, 'PONTOS', 100);
    const [a, b] = await Promise.all([resgatar(p.id, c, gerente, {}, 'chave-premio-1'), resgatar(p.id, c, gerente, {}, 'chave-premio-1')]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(env<ResgatePremio>(a).result.id).toBe(env<ResgatePremio>(b).result.id);
    expect(await saldo(c, 'PONTOS')).toBe(90);
    expect(await estoque(p.id)).toBe(4);
  });
});

describe('premio/resgate: concorrência', () => {
  it('50 resgates disputando as 5 últimas unidades: exatamente 5 passam; estoque 0, razão e saldos consistentes', async () => {
    const p = await novoPremio({ nome: 'Últimas unidades', custoPontos: 10, estoque: 5 });
    const clientes = await Promise.all(Array.from({ length: 50 }, () => novoCliente()));
    for (const c of clientes) await creditar(c, 'PONTOS', 10);
    const rs = await Promise.all(clientes.map((c, i) => resgatar(p.id, c, i % 2 ? atendente : gerente)));
    const status = rs.map((r) => r.statusCode);
    expect(status.filter((s) => s === 200)).toHaveLength(5);
    expect(status.filter((s) => s === 409)).toHaveLength(45);
    expect(rs.filter((r) => r.statusCode === 409).every((r) => env(r).messageError === 'Prêmio esgotado: não há mais unidades em estoque.')).toBe(true);
    expect(await estoque(p.id)).toBe(0);
    const saldos = await Promise.all(clientes.map((c) => saldo(c, 'PONTOS')));
    expect(saldos.filter((s) => s === 0)).toHaveLength(5);
    expect(saldos.filter((s) => s === 10)).toHaveLength(45);
    expect(await violacoesDoRazao(t)).toEqual(RAZAO_INTACTO);
  });

  it('o mesmo cliente em dois balcões ao mesmo tempo: nunca saldo negativo nem limite estourado', async () => {
    const c = await novoCliente();
    await creditar(c, 'PONTOS', 30);
    const barato = await novoPremio({ nome: 'Barato', custoPontos: 10 });
    const limitado = await novoPremio({ nome: 'Limitado', custoPontos: 1, limitePorCliente: 2, limitePeriodo: 'DIA' });
    const rs = await Promise.all(Array.from({ length: 10 }, () => resgatar(barato.id, c)));
    expect(rs.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(await saldo(c, 'PONTOS')).toBe(0);
    const d = await novoCliente();
    await creditar(d, 'PONTOS', 100);
    const ls = await Promise.all(Array.from({ length: 8 }, (_, i) => resgatar(limitado.id, d, i % 2 ? atendente : gerente)));
    expect(ls.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(await saldo(d, 'PONTOS')).toBe(98);
    expect(await violacoesDoRazao(t)).toEqual(RAZAO_INTACTO);
  });
});

describe('premio/resgate: em lote (resgates que chegam juntos vão ao banco juntos, decisão 042)', () => {
  const doResgate = (r: { body: string }) => env<ResgatePremio>(r as never).result;

  it('clientes diferentes, mesmo prêmio com estoque, aceitos e recusados misturados: cada um com a sua resposta; lotes dos recusados devolvidos', async () => {
    const p = await novoPremio({ nome: 'Lote misto', custoPontos: 10, custoCashback: 1, estoque: 4 });
    const comSaldo = await Promise.all(Array.from({ length: 8 }, () => novoCliente({ celular: '11987654321' })));
    for (const c of comSaldo) {
      await creditar(c, 'PONTOS', 10);
      await creditar(c, 'CASHBACK', 1);
    }
    const semCashback = await novoCliente();
    await creditar(semCashback, 'PONTOS', 10);
    const bloqueado = await novoCliente();
    await creditar(bloqueado, 'PONTOS', 10);
    await creditar(bloqueado, 'CASHBACK', 1);
    await t.banco.db.execute(sql`update cliente set status = 'BLOQUEADO' where id = ${bloqueado}`);
    // The stock is checked before the customer: those two ask for a prize without stock control, in the same batch.
    const livre = await novoPremio({ nome: 'Lote misto sem estoque', custoPontos: 10, custoCashback: 1 });
    const todos = [semCashback, ...comSaldo.slice(0, 4), bloqueado, ...comSaldo.slice(4)];
    const rs = await Promise.all(todos.map((c, i) => resgatar(c === semCashback || c === bloqueado ? livre.id : p.id, c, i % 2 ? atendente : gerente)));
    const porCliente = new Map(todos.map((c, i) => [c, rs[i]!]));

    expect(porCliente.get(semCashback)!.statusCode).toBe(409);
    expect(env(porCliente.get(semCashback)!).messageError).toBe('Saldo insuficiente para esta operação.');
    expect(porCliente.get(bloqueado)!.statusCode).toBe(409);
    expect(env(porCliente.get(bloqueado)!).messageError).toBe('Cliente bloqueado: resgate não permitido no programa.');
    const dosComSaldo = comSaldo.map((c) => porCliente.get(c)!);
    const aceitos = dosComSaldo.filter((r) => r.statusCode === 200);
    expect(aceitos).toHaveLength(4);
    expect(dosComSaldo.filter((r) => r.statusCode === 409).every((r) => env(r).messageError === 'Prêmio esgotado: não há mais unidades em estoque.')).toBe(true);
    expect(await estoque(p.id)).toBe(0);

    // Each reply is the redemption as it was written, with its own code.
    const feitos = aceitos.map(doResgate);
    expect(new Set(feitos.map((f) => f.codigo)).size).toBe(4);
    for (const f of feitos) expect(env<ResgatePremio>(await gerente.get(`/services/premio/resgate/findbyid/${f.id}`)).result).toEqual(f);
    const ids = feitos.map((f) => f.id);
    const historicos = await linhas<{ n: number }>(sql`select count(*)::int as n from premio_resgate_historico where resgate_id = any(${`{${ids.join(',')}}`}::int[]) and para = 'SOLICITADO'`);
    expect(historicos[0]!.n).toBe(4);
    const auditorias = await linhas<{ entidade_id: string; usuario_id: number }>(sql`select entidade_id, usuario_id from auditoria where entidade = 'premio_resgate' and acao = 'CRIAR' and entidade_id = any(${`{${ids.join(',')}}`}::varchar[])`);
    expect(auditorias.map((a) => Number(a.entidade_id)).sort()).toEqual([...ids].sort());
    // The voucher goes on WhatsApp with the redemption when the company has a number: one per accepted redemption, none for the refused.
    const vouchers = await linhas<{ origem_id: number; texto: string }>(sql`select origem_id, texto from mensagem_saida where origem = 'PREMIO_RESGATE' and cliente_id = any(${`{${todos.join(',')}}`}::int[])`);
    expect(vouchers.every((m) => ids.includes(m.origem_id) && m.texto.includes(feitos.find((f) => f.id === m.origem_id)!.codigo))).toBe(true);
    expect(new Set(vouchers.map((m) => m.origem_id)).size).toBe(vouchers.length);

    for (const c of comSaldo) {
      const aceito = feitos.some((f) => f.clienteId === c);
      expect([await saldo(c, 'PONTOS'), await saldo(c, 'CASHBACK')]).toEqual(aceito ? [0, 0] : [10, 100]);
    }
    expect(await saldo(semCashback, 'PONTOS')).toBe(10);
    expect(await violacoesDoRazao(t)).toEqual(RAZAO_INTACTO);
  });

  it('o mesmo cliente duas vezes no mesmo instante, limite 1 por cliente: exatamente 1', async () => {
    const p = await novoPremio({ nome: 'Um só no total', custoPontos: 5, limitePorCliente: 1, limitePeriodo: 'SEMPRE' });
    const c = await novoCliente();
    await creditar(c, 'PONTOS', 50);
    const rs = await Promise.all([resgatar(p.id, c, gerente), resgatar(p.id, c, atendente), resgatar(p.id, c, gerente)]);
    expect(rs.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(rs.filter((r) => r.statusCode === 409).map((r) => env(r).messageError)).toEqual([
      'Limite deste prêmio atingido: 1 resgate por cliente no total.',
      'Limite deste prêmio atingido: 1 resgate por cliente no total.',
    ]);
    expect(await saldo(c, 'PONTOS')).toBe(45);
    expect(await violacoesDoRazao(t)).toEqual(RAZAO_INTACTO);
  });

  it('Idempotency-Key repetida entre resgates que chegam juntos: um resgate, a mesma resposta; outro corpo com a chave é 409', async () => {
    const p = await novoPremio({ nome: 'Chave no lote', custoPontos: 3, estoque: 10 });
    const [a, b] = await Promise.all([novoCliente(), novoCliente()]);
    await creditar(a, 'PONTOS', 30);
    await creditar(b, 'PONTOS', 30);
    const rs = await Promise.all([
      resgatar(p.id, a, gerente, {}, 'lote-chave-1'),
      resgatar(p.id, b, gerente, {}, 'lote-chave-2'),
      resgatar(p.id, a, gerente, {}, 'lote-chave-1'),
      resgatar(p.id, a, gerente, {}, 'lote-chave-1'),
    ]);
    expect(rs.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const [primeiro, outro, ...repetidos] = rs.map(doResgate);
    expect(repetidos).toEqual([primeiro, primeiro]);
    expect(outro!.id).not.toBe(primeiro!.id);
    expect(await saldo(a, 'PONTOS')).toBe(27);
    expect(await estoque(p.id)).toBe(8);
    const reusada = await resgatar(p.id, b, gerente, {}, 'lote-chave-1');
    expect(reusada.statusCode).toBe(409);
    expect(env(reusada).messageError).toBe('Esta chave de idempotência já foi usada com outro conteúdo.');
    expect(await saldo(b, 'PONTOS')).toBe(27);
    expect(await violacoesDoRazao(t)).toEqual(RAZAO_INTACTO);
  });

  it('resgates e cancelamentos do mesmo prêmio ao mesmo tempo: estoque, saldos e razão fecham', async () => {
    const p = await novoPremio({ nome: 'Vai e volta', custoPontos: 4, estoque: 3 });
    const antigos = await Promise.all(Array.from({ length: 3 }, () => novoCliente()));
    for (const c of antigos) await creditar(c, 'PONTOS', 4);
    const feitos = [];
    for (const c of antigos) feitos.push(doResgate(await resgatar(p.id, c)));
    expect(await estoque(p.id)).toBe(0);
    const novos = await Promise.all(Array.from({ length: 6 }, () => novoCliente()));
    for (const c of novos) await creditar(c, 'PONTOS', 4);
    const rs = await Promise.all([
      ...feitos.map((f) => gerente.get(`/services/premio/resgate/cancelar/${f.id}?motivo=Troca`)),
      ...novos.map((c) => resgatar(p.id, c, atendente)),
    ]);
    expect(rs.slice(0, 3).map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const aceitos = rs.slice(3).filter((r) => r.statusCode === 200).length;
    expect(rs.slice(3).filter((r) => r.statusCode !== 200).every((r) => env(r).messageError === 'Prêmio esgotado: não há mais unidades em estoque.')).toBe(true);
    expect(await estoque(p.id)).toBe(3 - aceitos);
    const vivos = await linhas<{ n: number }>(sql`select count(*)::int as n from premio_resgate where premio_id = ${p.id} and status <> 'CANCELADO'`);
    expect(vivos[0]!.n).toBe(aceitos);
    for (const c of antigos) expect(await saldo(c, 'PONTOS')).toBe(4);
    expect(await violacoesDoRazao(t)).toEqual(RAZAO_INTACTO);
  });
});

describe('premio/resgate: status, entrega, cancelamento, reenvio, comprovante, lista e relatório', () => {
  it('transições válidas só; RETIRADO só pelo código; histórico de cada mudança', async () => {
    const p = await novoPremio({ nome: 'Status', custoPontos: 5 });
    const c = await novoCliente();
    await creditar(c, 'PONTOS', 50);
    const res = env<ResgatePremio>(await resgatar(p.id, c, atendente)).result;
    const mudar = (status: string, observacao?: string, quem = gerente) => quem.post('/services/premio/resgate/alterar/status', { id: res.id, status, ...(observacao ? { observacao } : {}) });
    expect((await mudar('SEPARADO', undefined, atendente)).statusCode).toBe(403);
    expect((await mudar('SEPARADO')).statusCode).toBe(200);
    const volta = await mudar('SOLICITADO');
    expect(volta.statusCode).toBe(409);
    expect(env(volta).messageError).toBe('Um resgate separado não pode passar para solicitado.');
    expect((await mudar('DISPONIVEL', 'Na prateleira do balcão')).statusCode).toBe(200);
    const direto = await mudar('RETIRADO');
    expect(direto.statusCode).toBe(409);
    expect(env(direto).messageError).toBe('Para entregar o prêmio, confirme o código do resgate (Entregar).');
    expect((await gerente.post('/services/premio/resgate/alterar/status', { id: res.id, status: 'PERDIDO' })).statusCode).toBe(400);

    const errado = await atendente.get(`/services/premio/resgate/retirar/${res.id}/ZZZZZZZZ`);
    expect(errado.statusCode).toBe(409);
    expect(env(errado).messageError).toBe('O código não confere com o deste resgate.');
    const ok = await atendente.get(`/services/premio/resgate/retirar/${res.id}/${res.codigo.toLowerCase()}`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(env<ResgatePremio>(ok).result).toMatchObject({ status: 'RETIRADO', retiradoEm: expect.any(String) });
    const outraVez = await atendente.get(`/services/premio/resgate/retirar/${res.id}/${res.codigo}`);
    expect(env(outraVez).messageError).toBe('Este prêmio já foi retirado.');
    const cancelarRetirado = await gerente.get(`/services/premio/resgate/cancelar/${res.id}`);
    expect(cancelarRetirado.statusCode).toBe(409);
    expect((await atendente.get(`/services/premio/resgate/retirar/${res.id}/!!`)).statusCode).toBe(400);

    const h = env<HistoricoResgatePremio[]>(await gerente.get(`/services/premio/resgate/historico/${res.id}`)).result;
    expect(h.map((x) => [x.de, x.para, x.observacao])).toEqual([
      [null, 'SOLICITADO', null],
      ['SOLICITADO', 'SEPARADO', null],
      ['SEPARADO', 'DISPONIVEL', 'Na prateleira do balcão'],
      ['DISPONIVEL', 'RETIRADO', null],
    ]);
  });

  it('cancelar duas vezes (e ao mesmo tempo) devolve pontos, cashback e estoque uma vez só', async () => {
    const p = await novoPremio({ nome: 'Cancelável', custoPontos: 40, custoCashback: 3, estoque: 1 });
    const c = await novoCliente();
    await creditar(c, 'PONTOS', 40);
    await creditar(c, 'CASHBACK', 3);
    const res = env<ResgatePremio>(await resgatar(p.id, c)).result;
    expect(await estoque(p.id)).toBe(0);
    expect((await atendente.get(`/services/premio/resgate/cancelar/${res.id}`)).statusCode).toBe(403);
    const [a, b] = await Promise.all([
      gerente.get(`/services/premio/resgate/cancelar/${res.id}?motivo=Cliente%20desistiu`),
      gerente.get(`/services/premio/resgate/cancelar/${res.id}?motivo=Cliente%20desistiu`),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(env([a, b].find((r) => r.statusCode === 409)!).messageError).toBe('Este resgate já foi cancelado.');
    expect(env<ResgatePremio>([a, b].find((r) => r.statusCode === 200)!).result).toMatchObject({ status: 'CANCELADO', motivoCancelamento: 'Cliente desistiu' });
    expect((await gerente.get(`/services/premio/resgate/cancelar/${res.id}`)).statusCode).toBe(409);
    expect((await gerente.post('/services/premio/resgate/alterar/status', { id: res.id, status: 'CANCELADO', observacao: 'De novo' })).statusCode).toBe(409);
    expect(await saldo(c, 'PONTOS')).toBe(40);
    expect(await saldo(c, 'CASHBACK')).toBe(300);
    expect(await estoque(p.id)).toBe(1);
    const estornos = await linhas<{ n: number }>(sql`select count(*)::int as n from lancamento l join premio_resgate r on l.estorno_de_id = r.lancamento_id where r.id = ${res.id}`);
    expect(estornos[0]!.n).toBe(1);
    expect((await gerente.get(`/services/premio/resgate/retirar/${res.id}/${res.codigo}`)).statusCode).toBe(409);
    // Cancelled redemptions do not count against the limit, and the balance is usable again.
    expect((await resgatar(p.id, c)).statusCode).toBe(200);
    expect(await violacoesDoRazao(t)).toEqual(RAZAO_INTACTO);
    expect((await gerente.get('/services/premio/resgate/cancelar/abc')).statusCode).toBe(400);
    expect((await gerente.get('/services/premio/resgate/cancelar/999999')).statusCode).toBe(404);
  });

  it('cancelar pelo alterar/status exige o motivo e faz o mesmo estorno', async () => {
    const p = await novoPremio({ nome: 'Cancelável por status', custoPontos: 7 });
    const c = await novoCliente();
    await creditar(c, 'PONTOS', 7);
    const res = env<ResgatePremio>(await resgatar(p.id, c)).result;
    expect((await gerente.post('/services/premio/resgate/alterar/status', { id: res.id, status: 'CANCELADO' })).statusCode).toBe(400);
    expect((await gerente.post('/services/premio/resgate/alterar/status', { id: res.id, status: 'CANCELADO', observacao: 'Sem estoque físico' })).statusCode).toBe(200);
    expect(await saldo(c, 'PONTOS')).toBe(7);
  });

  it('reenviar pela caixa de saída: sem número de WhatsApp da empresa ou sem celular, 409 claro', async () => {
    const p = await novoPremio({ nome: 'Reenvio', custoPontos: 1 });
    const c = await novoCliente({ celular: '11987654321' });
    await creditar(c, 'PONTOS', 1);
    const res = env<ResgatePremio>(await resgatar(p.id, c, atendente)).result;
    const r = await atendente.get(`/services/premio/resgate/reenviar/resgate/${res.id}?canal=WHATSAPP`);
    const mensagens = await linhas<{ texto: string }>(sql`select texto from mensagem_saida where origem = 'PREMIO_RESGATE' and origem_id = ${res.id}`);
    if (r.statusCode === 200) {
      // The demo company has a WhatsApp number: the voucher was queued at the redemption and again now.
      expect(mensagens).toHaveLength(2);
      expect(mensagens[0]!.texto).toContain(res.codigo);
      await t.banco.db.insert(clienteConsentimento).values({ empresaId: 1, clienteId: c, canal: 'WHATSAPP', concedido: false, origem: 'TESTE' });
      const semConsentimento = await atendente.get(`/services/premio/resgate/reenviar/resgate/${res.id}?canal=WHATSAPP`);
      expect(semConsentimento.statusCode).toBe(409);
      expect(env(semConsentimento).messageError).toContain('pediu para não receber mensagens');
    } else {
      expect(r.statusCode).toBe(409);
      expect(env(r).messageError).toBe('A empresa não tem um número de WhatsApp para enviar mensagens.');
      expect(mensagens).toHaveLength(0);
    }
    expect((await atendente.get('/services/premio/resgate/reenviar/resgate/999999')).statusCode).toBe(404);
  });

  it('resgate cancelado: reenviar é recusado e o comprovante impresso diz que o código não vale mais', async () => {
    const p = await novoPremio({ nome: 'Cancelado sem reenvio', custoPontos: 1 });
    const c = await novoCliente({ celular: '11987654322', email: 'cancelado@exemplo.com.br' });
    await creditar(c, 'PONTOS', 1);
    const res = env<ResgatePremio>(await resgatar(p.id, c, atendente)).result;
    expect((await gerente.get(`/services/premio/resgate/cancelar/${res.id}?motivo=Desistiu`)).statusCode).toBe(200);
    const antes = await linhas<{ n: number }>(sql`select count(*)::int as n from mensagem_saida where origem = 'PREMIO_RESGATE' and origem_id = ${res.id}`);
    for (const canal of ['WHATSAPP', 'EMAIL']) {
      const r = await atendente.get(`/services/premio/resgate/reenviar/resgate/${res.id}?canal=${canal}`);
      expect(r.statusCode).toBe(409);
      expect(env(r).messageError).toBe('Este resgate foi cancelado: não há comprovante para reenviar.');
    }
    expect(await linhas<{ n: number }>(sql`select count(*)::int as n from mensagem_saida where origem = 'PREMIO_RESGATE' and origem_id = ${res.id}`)).toEqual(antes);
    const texto = textoDoPdf((await atendente.post('/services/premio/resgate/imprimir', { id: res.id })).rawPayload).join(' ').replace(/\s+/g, ' ');
    expect(texto).toContain('Resgate cancelado: este código não vale mais.');
    expect(texto).not.toContain('para retirar o prêmio');
  });

  it('comprovante 80 mm sem margem, com o código, o prêmio e o cliente', async () => {
    const p = await novoPremio({ nome: 'Comprovante', custoPontos: 2 });
    const c = await novoCliente();
    await creditar(c, 'PONTOS', 2);
    const res = env<ResgatePremio>(await resgatar(p.id, c, atendente)).result;
    const r = await atendente.post('/services/premio/resgate/imprimir', { id: res.id });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    const texto = textoDoPdf(r.rawPayload).join(' ').replace(/\s+/g, ' ');
    for (const trecho of [res.codigo, 'Comprovante', res.clienteNome, 'CÓDIGO DO RESGATE', 'Bonifica Jardins']) expect(texto).toContain(trecho);
    // 80 mm = 226.77 pt wide.
    expect(r.rawPayload.toString('latin1')).toMatch(/MediaBox \[0 0 226\.77/);
    expect((await atendente.post('/services/premio/resgate/imprimir', { id: 0 })).statusCode).toBe(400);
    expect((await atendente.post('/services/premio/resgate/imprimir', { id: 999999 })).statusCode).toBe(404);
  });

  it('lista com filtros (status, prêmio, filial, período, código); o atendente da Jardins só vê a Jardins', async () => {
    const p = await novoPremio({ nome: 'Listado', custoPontos: 1 });
    const c = await novoCliente();
    await creditar(c, 'PONTOS', 5);
    const naJardins = env<ResgatePremio>(await resgatar(p.id, c, atendente)).result;
    const naMoema = env<ResgatePremio>(await resgatar(p.id, c, gerente, { filialId: MOEMA })).result;
    const filtrar = async (quem: Cliente, f: Record<string, unknown>) => {
      const r = await quem.post('/services/premio/resgate/filtrar/0/100', f);
      expect(r.statusCode, r.body).toBe(200);
      return env<Pagina<ResgatePremio>>(r).result.content.map((x) => x.id);
    };
    expect(await filtrar(gerente, { premioId: p.id })).toEqual([naMoema.id, naJardins.id]);
    expect(await filtrar(gerente, { premioId: p.id, filialId: MOEMA })).toEqual([naMoema.id]);
    expect(await filtrar(gerente, { codigo: naJardins.codigo })).toEqual([naJardins.id]);
    // The start of the code, in any case, is enough; LIKE's wildcards are taken literally.
    expect(await filtrar(gerente, { codigo: naJardins.codigo.slice(0, 5).toLowerCase() })).toContain(naJardins.id);
    expect(await filtrar(gerente, { codigo: '%' })).toEqual([]);
    expect(await filtrar(gerente, { premioId: p.id, status: 'RETIRADO' })).toEqual([]);
    expect(await filtrar(gerente, { premioId: p.id, de: '2000-01-01', ate: '2000-01-02' })).toEqual([]);
    expect(await filtrar(atendente, { premioId: p.id })).toEqual([naJardins.id]);
    expect((await atendente.get(`/services/premio/resgate/findbyid/${naMoema.id}`)).statusCode).toBe(404);
    expect((await atendente.get(`/services/premio/resgate/retirar/${naMoema.id}/${naMoema.codigo}`)).statusCode).toBe(404);
    expect((await gerente.post('/services/premio/resgate/filtrar/0/10', { de: '2026-05-02', ate: '2026-05-01' })).statusCode).toBe(400);
    expect((await gerente.post('/services/premio/resgate/filtrar/0/10', { status: 'X' })).statusCode).toBe(400);
    expect((await gerente.post('/services/premio/resgate/filtrar/0/1000', {})).statusCode).toBe(400);
  });

  it('relatório por prêmio no período: quantidade, retirados, pontos e cashback; cancelados à parte', async () => {
    const p = await novoPremio({ nome: 'Relatado', custoPontos: 10, custoCashback: 1.5 });
    const c = await novoCliente();
    await creditar(c, 'PONTOS', 30);
    await creditar(c, 'CASHBACK', 4.5);
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(env<ResgatePremio>(await resgatar(p.id, c)).result);
    await gerente.get(`/services/premio/resgate/retirar/${ids[0]!.id}/${ids[0]!.codigo}`);
    await gerente.get(`/services/premio/resgate/cancelar/${ids[2]!.id}`);
    const hoje = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const r = await gerente.post('/services/premio/resgate/relatorio', { de: hoje, ate: hoje, premioId: p.id });
    expect(r.statusCode, r.body).toBe(200);
    expect(env<RelatorioResgatePremio>(r).result).toEqual({
      linhas: [{ premioId: p.id, premioNome: 'Relatado', quantidade: 2, retirados: 1, pontos: 20, cashback: 3 }],
      total: { quantidade: 2, retirados: 1, pontos: 20, cashback: 3 },
      cancelados: 1,
    });
    expect((await atendente.post('/services/premio/resgate/relatorio', { de: hoje, ate: hoje })).statusCode).toBe(403);
    expect((await gerente.post('/services/premio/resgate/relatorio', { de: hoje })).statusCode).toBe(400);
  });

  it('GET premio/cliente/{id}: o terminal vê o que o saldo alcança, e por que não', async () => {
    const c = await novoCliente();
    await creditar(c, 'PONTOS', 60);
    const alcanca = await novoPremio({ nome: 'Terminal alcança', custoPontos: 50 });
    const naoAlcanca = await novoPremio({ nome: 'Terminal não alcança', custoPontos: 70 });
    const esgotado = await novoPremio({ nome: 'Terminal esgotado', custoPontos: 1, estoque: 0 });
    const outraLoja = await novoPremio({ nome: 'Terminal Moema', custoPontos: 1, filiais: [MOEMA] });
    const r = await atendente.get(`/services/premio/cliente/${c}`);
    expect(r.statusCode, r.body).toBe(200);
    const lista = env<PremioParaCliente[]>(r).result;
    const de = (id: number) => lista.find((x) => x.id === id);
    expect(de(alcanca.id)).toMatchObject({ alcanca: true, motivo: null });
    expect(de(naoAlcanca.id)).toMatchObject({ alcanca: false, motivo: 'Saldo insuficiente' });
    expect(de(esgotado.id)).toMatchObject({ alcanca: false, motivo: 'Esgotado' });
    expect(de(outraLoja.id)).toBeUndefined();
    expect((await atendente.get('/services/premio/cliente/999999')).statusCode).toBe(404);
    expect((await analista.get(`/services/premio/cliente/${c}`)).statusCode).toBe(403);
  });
});
