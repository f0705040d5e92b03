import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Pagina, ResultadoVenda, TransacaoResumo } from '@bonifica/contracts';
import { cliente, regraPrograma } from '../src/db/schema/index.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';

let t: AppDeTeste;
let gerente: Cliente;
let atendente: Cliente;
let outra: Cliente;

async function linhas<T>(consulta: ReturnType<typeof sql>): Promise<T[]> {
  const r = (await t.banco.db.execute(consulta)) as unknown as { rows: T[] };
  return r.rows;
}
async function contar(consulta: ReturnType<typeof sql>): Promise<number> {
  const [l] = await linhas<{ n: number }>(consulta);
  return l!.n;
}

async function novoCliente(nome: string, status: 'ATIVO' | 'BLOQUEADO' = 'ATIVO'): Promise<number> {
  const [c] = await t.banco.db.insert(cliente).values({ empresaId: 1, nome, status }).returning({ id: cliente.id });
  return c!.id;
}

const venda = (c: Cliente, corpo: Record<string, unknown>, chave?: string) =>
  c.post('/services/transacao/venda', corpo, chave ? { headers: { 'idempotency-key': chave } } : {});
const cancelar = (c: Cliente, id: number, extra: { semXsrf?: boolean; chave?: string } = {}) =>
  c.get(`/services/transacao/cancelar/${id}`, { semXsrf: extra.semXsrf, headers: extra.chave ? { 'idempotency-key': extra.chave } : {} });

async function saldos(id: number): Promise<{ CASHBACK: number; PONTOS: number }> {
  const r = await gerente.get(`/services/account/saldos/${id}`);
  const s = env<unknown>(r).results as { unidade: string; saldo: number }[];
  return { CASHBACK: s.find((x) => x.unidade === 'CASHBACK')?.saldo ?? 0, PONTOS: s.find((x) => x.unidade === 'PONTOS')?.saldo ?? 0 };
}

async function vender(corpo: Record<string, unknown>, c: Cliente = gerente): Promise<ResultadoVenda> {
  const r = await venda(c, corpo);
  expect(r.statusCode, r.body).toBe(200);
  return env<ResultadoVenda>(r).result;
}

beforeAll(async () => {
  t = await criarAppDeTeste();
  [gerente, atendente, outra] = await Promise.all([t.entrar('gerente'), t.entrar('atendente'), t.entrar('outra')]);
});
afterAll(() => t.fechar());

describe('regra do programa (config/configuracaoprograma)', () => {
  it('a demo vem com 5% de cashback, 1 ponto por real, mínimo de R$ 10,00 e teto de R$ 50,00', async () => {
    const r = await gerente.get('/services/config/configuracaoprograma');
    expect(r.statusCode).toBe(200);
    expect(env(r).result).toMatchObject({ cashbackPercentual: 5, pontosPorReal: 1, compraMinima: 10, maximoCashbackPorVenda: 50, configurada: true });
  });

  it('gravar valida em português, é auditado, e só a gestão pode', async () => {
    const casos: [Record<string, unknown>, RegExp][] = [
      [{ cashbackPercentual: 101, pontosPorReal: 1, compraMinima: 0, maximoCashbackPorVenda: null }, /entre 0 e 100/],
      [{ cashbackPercentual: 5.555, pontosPorReal: 1, compraMinima: 0, maximoCashbackPorVenda: null }, /2 casas/],
      [{ cashbackPercentual: 5, pontosPorReal: 1.5, compraMinima: 0, maximoCashbackPorVenda: null }, /inteiro/],
      [{ cashbackPercentual: 5, pontosPorReal: 1, compraMinima: -1, maximoCashbackPorVenda: null }, /negativa/],
      [{ cashbackPercentual: 5, pontosPorReal: 1, compraMinima: 0, maximoCashbackPorVenda: 0 }, /maior que zero/],
      [{ cashbackPercentual: 5, pontosPorReal: 1, compraMinima: 0 }, /máximo de cashback/],
      [{ cashbackPercentual: 5, pontosPorReal: 1, compraMinima: 0, maximoCashbackPorVenda: null, extra: 1 }, /.+/],
    ];
    for (const [corpo, msg] of casos) {
      const r = await gerente.post('/services/config/salvarconfiguracaoprograma', corpo);
      expect(r.statusCode, JSON.stringify(corpo)).toBe(400);
      expect(env(r).messageError).toMatch(msg);
    }
    expect((await atendente.post('/services/config/salvarconfiguracaoprograma', { cashbackPercentual: 50, pontosPorReal: 1, compraMinima: 0, maximoCashbackPorVenda: null })).statusCode).toBe(403);
    expect((await atendente.get('/services/config/configuracaoprograma')).statusCode).toBe(403);

    const salvar = await gerente.post('/services/config/salvarconfiguracaoprograma', { cashbackPercentual: 7.25, pontosPorReal: 2, compraMinima: 15.5, maximoCashbackPorVenda: null });
    expect(salvar.statusCode).toBe(200);
    expect(env(salvar).result).toMatchObject({ cashbackPercentual: 7.25, pontosPorReal: 2, compraMinima: 15.5, maximoCashbackPorVenda: null });
    const [a] = await linhas<{ antes: { cashbackPercentual: number }; depois: { cashbackPercentual: number } }>(
      sql`select antes, depois from auditoria where entidade = 'regra_programa' order by id desc limit 1`,
    );
    expect(a).toMatchObject({ antes: { cashbackPercentual: 5 }, depois: { cashbackPercentual: 7.25 } });
    expect(await contar(sql`select count(*)::int n from regra_programa where empresa_id = 1 and filial_id is null`)).toBe(1);
    // Back to the demo rule for the tests below.
    const volta = await gerente.post('/services/config/salvarconfiguracaoprograma', { cashbackPercentual: 5, pontosPorReal: 1, compraMinima: 10, maximoCashbackPorVenda: 50 });
    expect(volta.statusCode).toBe(200);
  });
});

describe('venda: acúmulo pela regra', () => {
  it('centavos exatos: R$ 123,45 a 5% dá R$ 6,17 (arredonda para baixo) e 123 pontos', async () => {
    const id = await novoCliente('Cliente Centavos');
    const v = await vender({ clienteId: id, valor: 123.45 });
    expect(v).toMatchObject({ cashback: 6.17, pontos: 123, resgate: 0, saldos: { CASHBACK: 6.17, PONTOS: 123 } });
    expect(await saldos(id)).toEqual({ CASHBACK: 6.17, PONTOS: 123 });
    const [l] = await linhas<{ tipo: string; n: number }>(sql`
      select l.tipo, count(p.id)::int n from transacao tr join lancamento l on l.id = tr.lancamento_id join partida p on p.lancamento_id = l.id
      where tr.id = ${v.transacaoId} group by l.tipo`);
    expect(l).toEqual({ tipo: 'VENDA', n: 4 });
  });

  it('teto por venda, compra mínima e pontos por real inteiro', async () => {
    const id = await novoCliente('Cliente Teto');
    expect(await vender({ clienteId: id, valor: 2000 })).toMatchObject({ cashback: 50, pontos: 2000 });
    expect(await vender({ clienteId: id, valor: 9.99 })).toMatchObject({ cashback: 0, pontos: 0 });
    expect(await vender({ clienteId: id, valor: 10 })).toMatchObject({ cashback: 0.5, pontos: 10 });
    expect(await vender({ clienteId: id, valor: 10.99 })).toMatchObject({ cashback: 0.54, pontos: 10 });
    expect(await saldos(id)).toEqual({ CASHBACK: 51.04, PONTOS: 2020 });
    // The sale below the minimum is still recorded, with no posting.
    const [s] = await linhas<{ lancamento_id: number | null; cashback_centavos: number }>(sql`select lancamento_id, cashback_centavos from transacao where cliente_id = ${id} and valor_centavos = 999`);
    expect(s).toEqual({ lancamento_id: null, cashback_centavos: 0 });
  });

  it('a regra da filial prevalece sobre a da empresa; sem regra a venda é registrada sem acúmulo', async () => {
    const id = await novoCliente('Cliente Filial');
    await t.banco.db.insert(regraPrograma).values({ empresaId: 1, filialId: 3, cashbackPercentualBp: 1000, pontosPorReal: 3, compraMinimaCentavos: 0 });
    expect(await vender({ clienteId: id, valor: 100, filialId: 3 })).toMatchObject({ cashback: 10, pontos: 300 });
    expect(await vender({ clienteId: id, valor: 100, filialId: 2 })).toMatchObject({ cashback: 5, pontos: 100 });
    const [f] = await linhas<{ filial_id: number }>(sql`select filial_id from transacao where cliente_id = ${id} order by id limit 1`);
    expect(f!.filial_id).toBe(3);

    const semRegra = await t.entrar('outra');
    const [c] = await linhas<{ id: number }>(sql`select id from cliente where empresa_id = 4 order by id limit 1`);
    expect(await vender({ clienteId: c!.id, valor: 100 }, semRegra)).toMatchObject({ cashback: 0, pontos: 0, saldos: { CASHBACK: 0, PONTOS: 0 } });
  });

  it('cliente bloqueado não compra pelo programa', async () => {
    const id = await novoCliente('Cliente Bloqueado', 'BLOQUEADO');
    const r = await venda(gerente, { clienteId: id, valor: 50 });
    expect(r.statusCode).toBe(409);
    expect(env(r).messageError).toBe('Cliente bloqueado: venda não permitida no programa.');
    expect(await contar(sql`select count(*)::int n from transacao where cliente_id = ${id}`)).toBe(0);
  });

  it('entrada inválida: 400 em português e nada é gravado', async () => {
    const id = await novoCliente('Cliente Entrada');
    const antes = await contar(sql`select count(*)::int n from transacao`);
    const casos: [Record<string, unknown>, RegExp][] = [
      [{ clienteId: id, valor: 0 }, /maior que zero/],
      [{ clienteId: id, valor: -10 }, /maior que zero/],
      [{ clienteId: id, valor: 10.555 }, /2 casas decimais/],
      [{ clienteId: id, valor: 1_000_000.01 }, /1\.000\.000,00/],
      [{ clienteId: id, valor: 10, resgate: 10.01 }, /resgate não pode ser maior/],
      [{ clienteId: id, valor: 10, resgate: -1 }, /negativo/],
      [{ clienteId: id, valor: 10, resgate: 0.001 }, /2 casas decimais/],
      [{ valor: 10 }, /cliente/],
      [{ clienteId: id, valor: '10' }, /valor da venda/],
      [{ clienteId: id, valor: 10, desconto: 5 }, /.+/],
      [{ clienteId: id, valor: 10, filialId: 999 }, /Filial inválida/],
    ];
    for (const [corpo, msg] of casos) {
      const r = await venda(gerente, corpo);
      expect(r.statusCode, JSON.stringify(corpo)).toBe(400);
      expect(env(r).messageError, JSON.stringify(corpo)).toMatch(msg);
    }
    expect((await venda(gerente, { clienteId: 999_999, valor: 10 })).statusCode).toBe(404);
    expect(await contar(sql`select count(*)::int n from transacao`)).toBe(antes);
    expect(await contar(sql`select count(*)::int n from conta where cliente_id = ${id}`)).toBe(0);
  });
});

describe('resgate como pagamento', () => {
  it('o saldo cai pelo resgate e o acúmulo vale só sobre o que foi pago em dinheiro', async () => {
    const id = await novoCliente('Cliente Resgate');
    await vender({ clienteId: id, valor: 200 }); // 10,00 e 200 pontos
    const v = await vender({ clienteId: id, valor: 50, resgate: 8 });
    // Base 42,00 → 2,10 de cashback e 42 pontos.
    expect(v).toMatchObject({ resgate: 8, cashback: 2.1, pontos: 42, saldos: { CASHBACK: 4.1, PONTOS: 242 } });
    expect(await saldos(id)).toEqual({ CASHBACK: 4.1, PONTOS: 242 });
    // Each unit of the posting sums to zero on its own.
    const porUnidade = await linhas<{ unidade: string; soma: number }>(sql`
      select replace(c.tipo, 'SISTEMA_', '') unidade, sum(p.valor)::int soma from partida p join conta c on c.id = p.conta_id
      join transacao tr on tr.lancamento_id = p.lancamento_id where tr.id = ${v.transacaoId} group by 1 order by 1`);
    expect(porUnidade).toEqual([{ unidade: 'CASHBACK', soma: 0 }, { unidade: 'PONTOS', soma: 0 }]);
  });

  it('resgate acima do saldo é 409 e nada é gravado; o cashback da própria venda não paga a venda', async () => {
    const id = await novoCliente('Cliente Sem Saldo');
    await vender({ clienteId: id, valor: 100 }); // 5,00
    const antesVendas = await contar(sql`select count(*)::int n from transacao where cliente_id = ${id}`);
    const antesLanc = await contar(sql`select count(*)::int n from lancamento`);
    for (const corpo of [{ clienteId: id, valor: 100, resgate: 5.01 }]) {
      const r = await venda(gerente, corpo);
      expect(r.statusCode).toBe(409);
      expect(env(r).messageError).toBe('Saldo de cashback insuficiente para este resgate.');
    }
    const novo = await novoCliente('Cliente Zerado');
    const r = await venda(gerente, { clienteId: novo, valor: 100, resgate: 1 });
    expect(r.statusCode).toBe(409);
    expect(await contar(sql`select count(*)::int n from transacao where cliente_id = ${id}`)).toBe(antesVendas);
    expect(await contar(sql`select count(*)::int n from transacao where cliente_id = ${novo}`)).toBe(0);
    expect(await contar(sql`select count(*)::int n from lancamento`)).toBe(antesLanc);
    expect(await saldos(id)).toEqual({ CASHBACK: 5, PONTOS: 100 });
    // Paying the whole sale with cashback: nothing accrues.
    expect(await vender({ clienteId: id, valor: 5, resgate: 5 })).toMatchObject({ cashback: 0, pontos: 0, saldos: { CASHBACK: 0, PONTOS: 100 } });
  });
});

describe('vendas de vários caixas ao mesmo tempo (lote, decisão 017)', () => {
  it('cada venda do lote tem a sua resposta: as recusadas não gravam nada e não atrapalham as outras', async () => {
    const aceitos = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => novoCliente(`Lote ${i}`)));
    const bloqueado = await novoCliente('Lote Bloqueado', 'BLOQUEADO');
    const semSaldo = await novoCliente('Lote Sem Saldo');
    const comSaldo = await novoCliente('Lote Com Saldo');
    for (const id of [semSaldo, comSaldo]) await vender({ clienteId: id, valor: 100 }); // R$ 5,00 each
    const lotesDe = (id: number) =>
      contar(sql`select coalesce(sum(k.restante), 0)::int n from credito k join conta c on c.id = k.conta_id where c.cliente_id = ${id} and c.tipo = 'CASHBACK'`);

    const pedidos = [
      ...aceitos.map((clienteId, i) => ({ corpo: { clienteId, valor: 20 + i }, chave: `lote-${clienteId}` })),
      // The same customer twice and a repeated key: they cannot share a batch, and still both count once.
      { corpo: { clienteId: aceitos[0]!, valor: 40 }, chave: `lote-b-${aceitos[0]}` },
      { corpo: { clienteId: aceitos[1]!, valor: 21 }, chave: `lote-${aceitos[1]}` },
      { corpo: { clienteId: bloqueado, valor: 50 }, chave: `lote-${bloqueado}` },
      { corpo: { clienteId: semSaldo, valor: 30, resgate: 5.01 }, chave: `lote-${semSaldo}` },
      { corpo: { clienteId: comSaldo, valor: 30, resgate: 2 }, chave: `lote-${comSaldo}` },
    ];
    const respostas = await Promise.all(pedidos.map((p, i) => venda([gerente, atendente][i % 2]!, p.corpo, p.chave)));
    const [a0, a1, a2, a3, a4, a5, b0, repetida, rBloqueado, rSemSaldo, rComSaldo] = respostas;
    for (const r of [a0, a1, a2, a3, a4, a5, b0, repetida, rComSaldo]) expect(r!.statusCode, r!.body).toBe(200);
    expect(env<ResultadoVenda>(repetida!).result.transacaoId).toBe(env<ResultadoVenda>(a1!).result.transacaoId);
    expect(rBloqueado!.statusCode).toBe(409);
    expect(env(rBloqueado!).messageError).toBe('Cliente bloqueado: venda não permitida no programa.');
    expect(rSemSaldo!.statusCode).toBe(409);
    expect(env(rSemSaldo!).messageError).toBe('Saldo de cashback insuficiente para este resgate.');

    // The refused ones wrote nothing: no sale row, and the lots the redemption took in the batch were given back.
    expect(await contar(sql`select count(*)::int n from transacao where cliente_id in (${bloqueado}, ${semSaldo}) and criado_em > now() - interval '1 minute' and valor_centavos <> 10000`)).toBe(0);
    expect(await lotesDe(semSaldo)).toBe(500);
    expect(await saldos(semSaldo)).toEqual({ CASHBACK: 5, PONTOS: 100 });
    // R$ 5,00 − 2,00 + 5% of the R$ 28,00 paid (1,40); 100 + 28 points.
    expect(await saldos(comSaldo)).toEqual({ CASHBACK: 4.4, PONTOS: 128 });
    expect(await lotesDe(comSaldo)).toBe(440);
    // Both sales of the first customer count: R$ 20,00 and R$ 40,00 → 1,00 + 2,00 and 60 points.
    expect(await saldos(aceitos[0]!)).toEqual({ CASHBACK: 3, PONTOS: 60 });
    const vendas = await linhas<{ n: number; instantes: number }>(
      sql`select count(*)::int n, count(distinct criado_em)::int instantes from transacao where cliente_id in (${sql.join([...aceitos, comSaldo], sql`, `)}) and valor_centavos <> 10000`,
    );
    // Eight sales, one per acknowledged key; several of them in one transaction (one instant), or this test proves nothing about batches.
    expect(vendas[0]!.n).toBe(8);
    expect(vendas[0]!.instantes).toBeLessThan(8);
  });
});

describe('vendas de vários caixas: um cliente travado por outra transação', () => {
  // PGlite has one connection: nothing else can hold a lock while a sale runs.
  it.skipIf(process.env.TEST_ENGINE !== 'postgres')('as vendas dos outros clientes respondem antes do limite de espera; a do cliente travado passa quando a trava sai', async () => {
    const [travado, y, z] = await Promise.all(['Trava X', 'Trava Y', 'Trava Z'].map((n) => novoCliente(n)));
    await vender({ clienteId: travado!, valor: 100 });
    // Another session holds the customer's accounts (as a long job would).
    const outra = await t.banco.pool!.connect();
    try {
      await outra.query('begin');
      await outra.query('select id from conta where cliente_id = $1 for update', [travado]);
      const inicio = Date.now();
      let travadaRespondeu = false;
      const pendente = venda(gerente, { clienteId: travado, valor: 50 }, `trava-${travado}`).then((r) => ((travadaRespondeu = true), r));
      const [ry, rz] = await Promise.all([venda(atendente, { clienteId: y, valor: 20 }, `trava-${y}`), venda(gerente, { clienteId: z, valor: 30 }, `trava-${z}`)]);
      expect(ry.statusCode, ry.body).toBe(200);
      expect(rz.statusCode, rz.body).toBe(200);
      // They did not wait for the lock's limit (20 s), and the locked customer's sale is still waiting.
      expect(Date.now() - inicio).toBeLessThan(10_000);
      expect(travadaRespondeu).toBe(false);
      await outra.query('rollback');
      const rx = await pendente;
      expect(rx.statusCode, rx.body).toBe(200);
      expect(await saldos(travado!)).toEqual({ CASHBACK: 7.5, PONTOS: 150 });
    } finally {
      await outra.query('rollback').catch(() => undefined);
      outra.release();
    }
  });
});

describe('cancelamento (transacao/cancelar/{id})', () => {
  it('devolve exatamente os saldos de antes da venda, uma só vez', async () => {
    const id = await novoCliente('Cliente Cancela');
    await vender({ clienteId: id, valor: 300 }); // 15,00 / 300
    const antes = await saldos(id);
    const v = await vender({ clienteId: id, valor: 123.45, resgate: 10 });
    expect(await saldos(id)).not.toEqual(antes);

    const r = await cancelar(gerente, v.transacaoId);
    expect(r.statusCode, r.body).toBe(200);
    expect(env(r).result).toMatchObject({ transacaoId: v.transacaoId, saldos: antes });
    expect(await saldos(id)).toEqual(antes);
    const deNovo = await cancelar(gerente, v.transacaoId);
    expect(deNovo.statusCode).toBe(409);
    expect(env(deNovo).messageError).toBe('Esta venda já foi cancelada.');
    expect(await saldos(id)).toEqual(antes);

    const [tr] = await linhas<{ status: string; estorno: number; cancelada: boolean }>(sql`
      select status, estorno_lancamento_id estorno, cancelada_em is not null cancelada from transacao where id = ${v.transacaoId}`);
    expect(tr).toMatchObject({ status: 'CANCELADA', cancelada: true });
    expect(await contar(sql`select count(*)::int n from lancamento where estorno_de_id = (select lancamento_id from transacao where id = ${v.transacaoId})`)).toBe(1);
    expect(await contar(sql`select count(*)::int n from auditoria where entidade = 'transacao' and entidade_id = ${String(v.transacaoId)} and acao = 'CANCELAR'`)).toBe(1);
  });

  it('uma venda sem lançamento (abaixo do mínimo) também se cancela, uma vez', async () => {
    const id = await novoCliente('Cliente Mínimo');
    const v = await vender({ clienteId: id, valor: 5 });
    expect((await cancelar(gerente, v.transacaoId)).statusCode).toBe(200);
    expect((await cancelar(gerente, v.transacaoId)).statusCode).toBe(409);
  });

  it('recusado quando o cashback da venda já foi usado', async () => {
    const id = await novoCliente('Cliente Gastou');
    const v = await vender({ clienteId: id, valor: 100 }); // 5,00
    await vender({ clienteId: id, valor: 20, resgate: 5 }); // gasta tudo
    const antes = await saldos(id);
    const r = await cancelar(gerente, v.transacaoId);
    expect(r.statusCode).toBe(409);
    expect(env(r).messageError).toBe('Saldo insuficiente para cancelar: o cashback desta venda já foi usado.');
    expect(await saldos(id)).toEqual(antes);
    const [tr] = await linhas<{ status: string }>(sql`select status from transacao where id = ${v.transacaoId}`);
    expect(tr!.status).toBe('CONFIRMADA');
  });

  it('GET sem X-XSRF-TOKEN é 403 e não muda nada', async () => {
    const id = await novoCliente('Cliente Xsrf');
    const v = await vender({ clienteId: id, valor: 100 });
    const r = await cancelar(gerente, v.transacaoId, { semXsrf: true });
    expect(r.statusCode).toBe(403);
    const errado = await gerente.get(`/services/transacao/cancelar/${v.transacaoId}`, { semXsrf: true, headers: { 'x-xsrf-token': 'x'.repeat(43) } });
    expect(errado.statusCode).toBe(403);
    // Fastify answers HEAD with the GET handler: the check follows the route, not the method's name.
    const head = await gerente.head(`/services/transacao/cancelar/${v.transacaoId}?motivo=teste`, { semXsrf: true });
    expect(head.statusCode).toBe(403);
    const [tr] = await linhas<{ status: string }>(sql`select status from transacao where id = ${v.transacaoId}`);
    expect(tr!.status).toBe('CONFIRMADA');
    expect(await saldos(id)).toEqual({ CASHBACK: 5, PONTOS: 100 });
  });

  it('atendente vende mas não cancela; outra empresa recebe 404', async () => {
    const id = await novoCliente('Cliente Balcão');
    const v = await vender({ clienteId: id, valor: 40 }, atendente);
    expect(v).toMatchObject({ cashback: 2, pontos: 40 });
    const [f] = await linhas<{ filial_id: number }>(sql`select filial_id from transacao where id = ${v.transacaoId}`);
    expect(f!.filial_id).toBe(2); // the attendant's branch (Jardins)
    expect((await cancelar(atendente, v.transacaoId)).statusCode).toBe(403);
    const r = await cancelar(outra, v.transacaoId);
    expect(r.statusCode).toBe(404);
    expect(env(r).messageError).toBe('Venda não encontrada.');
    const vo = await venda(outra, { clienteId: id, valor: 10 });
    expect(vo.statusCode).toBe(404);
    expect(env(vo).messageError).toBe('Cliente não encontrado.');
    const lista = await outra.post('/services/transacao/filterpaginated/0/100', { clienteId: id });
    expect(env<Pagina<TransacaoResumo>>(lista).result.totalElements).toBe(0);
    expect((await cancelar(gerente, 999_999)).statusCode).toBe(404);
  });
});

describe('Idempotency-Key', () => {
  it('a repetição devolve o mesmo transacaoId; outro corpo com a mesma chave é 409; duas ao mesmo tempo gravam uma venda', async () => {
    const id = await novoCliente('Cliente Idempotente');
    const a = await venda(gerente, { clienteId: id, valor: 80 }, 'caixa-1-cupom-77');
    const b = await venda(gerente, { clienteId: id, valor: 80 }, 'caixa-1-cupom-77');
    expect(b.statusCode).toBe(200);
    expect(env<ResultadoVenda>(b).result.transacaoId).toBe(env<ResultadoVenda>(a).result.transacaoId);
    const c = await venda(gerente, { clienteId: id, valor: 81 }, 'caixa-1-cupom-77');
    expect(c.statusCode).toBe(409);
    expect(env(c).messageError).toBe('Esta chave de idempotência já foi usada com outro conteúdo.');

    const [x, y] = await Promise.all([venda(gerente, { clienteId: id, valor: 60 }, 'duplo-clique'), venda(gerente, { clienteId: id, valor: 60 }, 'duplo-clique')]);
    expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
    expect(env<ResultadoVenda>(x).result.transacaoId).toBe(env<ResultadoVenda>(y).result.transacaoId);
    expect(await contar(sql`select count(*)::int n from transacao where cliente_id = ${id}`)).toBe(2);
    expect(await saldos(id)).toEqual({ CASHBACK: 7, PONTOS: 140 });
  });

  // Another API process records the same key while this one's batch is writing: PGlite has one connection.
  it.skipIf(process.env.TEST_ENGINE !== 'postgres')('a mesma chave gravada ao mesmo tempo por outro processo: o lote volta e responde a primeira resposta, uma vez', async () => {
    const id = await novoCliente('Cliente Dois Processos');
    // As the API fingerprints it: the validated body, defaults included, in the schema's order.
    const corpo = { clienteId: id, valor: 40, resgate: 0 };
    const hash = createHash('sha256').update(`POST /services/transacao/venda\n${JSON.stringify(corpo)}`).digest('hex');
    const primeira = { transacaoId: 999_999_001, cashback: 2, pontos: 40, resgate: 0, saldos: { CASHBACK: 2, PONTOS: 40 } };
    const outroProcesso = await t.banco.pool!.connect();
    try {
      await outroProcesso.query('begin');
      await outroProcesso.query(
        `insert into idempotencia (empresa_id, chave, rota, hash_corpo, status, resposta) values (1, 'dois-processos', 'POST /services/transacao/venda', $1, 200, $2)`,
        [hash, JSON.stringify(primeira)],
      );
      const pendente = venda(gerente, corpo, 'dois-processos');
      // This call's batch did not see the uncommitted key, decided the sale and now waits on the key's unique index.
      for (let i = 0; i < 200; i++) {
        const [espera] = await linhas<{ n: number }>(sql`select count(*)::int n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`);
        if (espera!.n > 0) break;
        await new Promise((ok) => setTimeout(ok, 25));
      }
      await outroProcesso.query('commit');
      const r = await pendente;
      expect(r.statusCode, r.body).toBe(200);
      expect(env<ResultadoVenda>(r).result).toEqual(primeira);
      // Only the other process's call took effect: this one wrote no sale and moved no balance.
      expect(await contar(sql`select count(*)::int n from transacao where cliente_id = ${id}`)).toBe(0);
      expect(await saldos(id)).toEqual({ CASHBACK: 0, PONTOS: 0 });
    } finally {
      await outroProcesso.query('rollback').catch(() => undefined);
      outroProcesso.release();
    }
  });
});

describe('lista de vendas (transacao/filterpaginated)', () => {
  it('filtra por cliente, situação, filial e período; página válida', async () => {
    const id = await novoCliente('Cliente Lista');
    const v1 = await vender({ clienteId: id, valor: 10, filialId: 2 });
    await vender({ clienteId: id, valor: 20, filialId: 3 });
    await cancelar(gerente, v1.transacaoId);
    const listar = async (filtro: Record<string, unknown>) => env<Pagina<TransacaoResumo>>(await gerente.post('/services/transacao/filterpaginated/0/100', filtro)).result;
    const todas = await listar({ clienteId: id });
    expect(todas.content.map((c) => c.valor)).toEqual([20, 10]);
    expect(todas.content[1]).toMatchObject({ status: 'CANCELADA', clienteNome: 'Cliente Lista', filialNome: 'Bonifica Jardins', usuarioNome: 'Gabriel Gerente Souza' });
    expect((await listar({ clienteId: id, status: 'CANCELADA' })).content.map((c) => c.id)).toEqual([v1.transacaoId]);
    expect((await listar({ clienteId: id, filialId: 3 })).totalElements).toBe(1);
    const hoje = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
    expect((await listar({ clienteId: id, de: hoje, ate: hoje })).totalElements).toBe(2);
    expect((await listar({ clienteId: id, ate: '2000-01-01' })).totalElements).toBe(0);
    // The demo seed: ~40 sales over 60 days, 2 of them cancelled.
    const demo = await listar({ status: 'CANCELADA' });
    expect(demo.totalElements).toBeGreaterThanOrEqual(3);
    for (const [filtro, msg] of [
      [{ status: 'ABERTA' }, /Situação inválida/],
      [{ de: '01/02/2025' }, /AAAA-MM-DD/],
      [{ de: '2025-02-10', ate: '2025-02-01' }, /posterior/],
    ] as const) {
      const r = await gerente.post('/services/transacao/filterpaginated/0/10', filtro);
      expect(r.statusCode).toBe(400);
      expect(env(r).messageError).toMatch(msg);
    }
    expect((await gerente.post('/services/transacao/filterpaginated/0/101', {})).statusCode).toBe(400);
  });
});

describe('semente da demo', () => {
  it('as vendas da demo vêm de lançamentos reais: saldos = soma das partidas, duas canceladas', async () => {
    expect(await contar(sql`select count(*)::int n from transacao where empresa_id = 1 and usuario_id is not null and criado_em < now() - interval '1 day'`)).toBeGreaterThanOrEqual(35);
    expect(await contar(sql`select count(*)::int n from transacao where motivo_cancelamento = 'Venda lançada em duplicidade no caixa.'`)).toBe(2);
    const divergentes = await linhas(sql`
      select c.id from conta c left join partida p on p.conta_id = c.id
      where c.cliente_id is not null group by c.id, c.saldo having c.saldo <> coalesce(sum(p.valor), 0)`);
    expect(divergentes).toEqual([]);
    // Credit lots (docs/areas/razao.md "Validade e carência"): what is left of them is the balance, to the centavo.
    const lotesDivergentes = await linhas(sql`
      select c.id from conta c left join credito k on k.conta_id = c.id
      where c.cliente_id is not null group by c.id, c.saldo having c.saldo <> coalesce(sum(k.restante), 0)`);
    expect(lotesDivergentes).toEqual([]);
  });
});

describe('concorrência: vendas, resgates e cancelamentos ao mesmo tempo, com chaves repetidas', () => {
  it('cada lançamento fecha em zero por unidade, nada negativo, saldo = soma das partidas, cada chamada aceita vale uma vez', async () => {
    const clientes = [await novoCliente('Conc A'), await novoCliente('Conc B'), await novoCliente('Conc C')];
    // Sales made beforehand, to be cancelled during the storm (R$ 100,00 each → 5,00 and 100 points).
    const previas: { id: number; clienteId: number; cashback: number; resgate: number; pontos: number }[] = [];
    for (const clienteId of clientes) {
      for (let k = 0; k < 3; k++) {
        const v = await vender({ clienteId, valor: 100 });
        previas.push({ id: v.transacaoId, clienteId, cashback: v.cashback, resgate: v.resgate, pontos: v.pontos });
      }
    }
    const inicial = new Map<number, { CASHBACK: number; PONTOS: number }>();
    for (const id of clientes) inicial.set(id, await saldos(id));

    type Op = { chave: string; tipo: 'venda'; corpo: { clienteId: number; valor: number; resgate: number } } | { chave: string; tipo: 'cancelar'; transacaoId: number };
    const ops: Op[] = [];
    for (let i = 0; i < 80; i++) {
      const clienteId = clientes[i % 3]!;
      if (i % 8 === 7) ops.push({ chave: `c-${i}`, tipo: 'cancelar', transacaoId: previas[i % previas.length]!.id });
      else if (i % 3 === 1) ops.push({ chave: `c-${i}`, tipo: 'venda', corpo: { clienteId, valor: 30 + (i % 7), resgate: 4.5 } });
      else ops.push({ chave: `c-${i}`, tipo: 'venda', corpo: { clienteId, valor: 12.34 + i, resgate: 0 } });
    }
    const todos = [...ops, ...ops.filter((_, i) => i % 4 === 0)].sort((a, b) => a.chave.localeCompare(b.chave));
    const sessoes = [gerente, await t.entrar('gerente'), await t.entrar('gerente'), await t.entrar('gerente')];
    const respostas = await Promise.all(
      todos.map(async (op, i) => {
        const s = sessoes[i % sessoes.length]!;
        const r = op.tipo === 'venda' ? await venda(s, op.corpo, op.chave) : await cancelar(s, op.transacaoId, { chave: op.chave });
        return { op, r };
      }),
    );
    for (const { r } of respostas) expect([200, 409], r.body).toContain(r.statusCode);

    // Sales: one row per acknowledged key, replays answer the same id.
    const vendaPorChave = new Map<string, ResultadoVenda>();
    for (const { op, r } of respostas) {
      if (op.tipo !== 'venda' || r.statusCode !== 200) continue;
      const v = env<ResultadoVenda>(r).result;
      const anterior = vendaPorChave.get(op.chave);
      if (anterior) expect(v.transacaoId).toBe(anterior.transacaoId);
      vendaPorChave.set(op.chave, v);
    }
    const criadas = await contar(sql`select count(*)::int n from transacao where cliente_id in (${sql.join(clientes, sql`, `)})`);
    expect(criadas).toBe(previas.length + vendaPorChave.size);
    expect(vendaPorChave.size).toBeGreaterThan(30);

    // Cancels: a sale is CANCELADA exactly when some cancel call was acknowledged.
    const canceladasOk = new Set(respostas.filter(({ op, r }) => op.tipo === 'cancelar' && r.statusCode === 200).map(({ op }) => (op as { transacaoId: number }).transacaoId));
    const status = await linhas<{ id: number; status: string }>(sql`select id, status from transacao where id in (${sql.join(previas.map((p) => p.id), sql`, `)})`);
    for (const s of status) expect(s.status === 'CANCELADA', `venda ${s.id}`).toBe(canceladasOk.has(s.id));
    expect(canceladasOk.size).toBeGreaterThan(0);
    expect(await contar(sql`select count(*)::int n from lancamento where estorno_de_id in (select lancamento_id from transacao where id in (${sql.join([...canceladasOk], sql`, `)}))`)).toBe(canceladasOk.size);

    const desbalanceados = await linhas(sql`
      select p.lancamento_id from partida p join conta c on c.id = p.conta_id
      group by p.lancamento_id, replace(c.tipo, 'SISTEMA_', '') having sum(p.valor) <> 0`);
    expect(desbalanceados).toEqual([]);
    // The ledger's rows carry no foreign keys (decision 017): each must point to rows of its own company.
    const orfaos = await linhas(sql`
      select 'partida' as tabela, p.id from partida p
        left join lancamento l on l.id = p.lancamento_id and l.empresa_id = p.empresa_id
        left join conta c on c.id = p.conta_id and c.empresa_id = p.empresa_id
      where l.id is null or c.id is null
      union all
      select 'credito', k.id from credito k
        left join lancamento l on l.id = k.lancamento_id and l.empresa_id = k.empresa_id
        left join conta c on c.id = k.conta_id and c.empresa_id = k.empresa_id
      where l.id is null or c.id is null
      union all
      select 'transacao', v.id from transacao v
        left join lancamento l on l.id = v.lancamento_id and l.empresa_id = v.empresa_id
        left join cliente c on c.id = v.cliente_id and c.empresa_id = v.empresa_id
      where c.id is null or (v.lancamento_id is not null and l.id is null)`);
    expect(orfaos).toEqual([]);
    expect(await linhas(sql`select id from conta where cliente_id is not null and saldo < 0`)).toEqual([]);
    const divergentes = await linhas(sql`
      select c.id from conta c left join partida p on p.conta_id = c.id
      where c.cliente_id is not null group by c.id, c.saldo having c.saldo <> coalesce(sum(p.valor), 0)`);
    expect(divergentes).toEqual([]);
    // Credit lots (docs/areas/razao.md "Validade e carência"): what is left of them is the balance, to the centavo.
    const lotesDivergentes = await linhas(sql`
      select c.id from conta c left join credito k on k.conta_id = c.id
      where c.cliente_id is not null group by c.id, c.saldo having c.saldo <> coalesce(sum(k.restante), 0)`);
    expect(lotesDivergentes).toEqual([]);

    // Each balance = before + acknowledged sales − cancelled sales, in centavos.
    const cent = (r: number) => Math.round(r * 100);
    for (const id of clientes) {
      let cashback = cent(inicial.get(id)!.CASHBACK);
      let pontos = inicial.get(id)!.PONTOS;
      for (const [chave, v] of vendaPorChave) {
        const op = ops.find((o) => o.chave === chave) as Extract<Op, { tipo: 'venda' }>;
        if (op.corpo.clienteId !== id) continue;
        cashback += cent(v.cashback) - cent(v.resgate);
        pontos += v.pontos;
      }
      for (const p of previas.filter((x) => x.clienteId === id && canceladasOk.has(x.id))) {
        cashback -= cent(p.cashback) - cent(p.resgate);
        pontos -= p.pontos;
      }
      expect(await saldos(id)).toEqual({ CASHBACK: cashback / 100, PONTOS: pontos });
    }
  });
});
