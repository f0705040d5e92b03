import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { ResultadoVenda, SaldoConta } from '@bonifica/contracts';
import { cliente, conta, credito, lancamento, transacao } from '../src/db/schema/index.js';
import type { Executor } from '../src/db/client.js';
import { LOTES_PRIMEIRA_LEITURA } from '../src/modules/account/lotes.js';
import { creditarCliente, estornar } from '../src/modules/account/razao.js';
import { expirarCreditos } from '../src/modules/account/validade.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';
import { RAZAO_INTACTO, violacoesDoRazao } from './apoio/razao.js';

let t: AppDeTeste;
let gerente: Cliente;

const DIA = 86_400_000;
/** A clock far from the real one: postings given `criadoEm` use it for lots too (docs/areas/razao.md). */
const T0 = new Date('2031-03-01T12:00:00.000Z');
const dia = (n: number) => new Date(T0.getTime() + n * DIA);

const REGRA = { cashbackPercentual: 5, pontosPorReal: 1, compraMinima: 10, maximoCashbackPorVenda: 50 };

beforeAll(async () => {
  t = await criarAppDeTeste();
  gerente = await t.entrar('gerente');
});
afterAll(() => t.fechar());

async function novoCliente(nome: string): Promise<number> {
  const [c] = await t.banco.db.insert(cliente).values({ empresaId: 1, nome }).returning({ id: cliente.id });
  return c!.id;
}
const noBanco = <T>(fn: (tx: Executor) => Promise<T>) => t.banco.db.transaction(fn);

/** A credit (> 0) or debit (< 0) of cashback centavos at an instant of the test clock. */
const mover = (clienteId: number, valor: number, quando: Date, tipo: 'AJUSTE' | 'VENDA' = 'AJUSTE') =>
  noBanco((tx) => creditarCliente(tx, { empresaId: 1, clienteId, unidade: 'CASHBACK', valor, tipo, descricao: `Teste ${valor}`, criadoEm: quando }));

async function lotes(clienteId: number) {
  return t.banco.db
    .select({ id: credito.id, valor: credito.valor, restante: credito.restante, disponivelEm: credito.disponivelEm, expiraEm: credito.expiraEm })
    .from(credito)
    .innerJoin(conta, eq(conta.id, credito.contaId))
    .where(and(eq(conta.clienteId, clienteId), eq(conta.tipo, 'CASHBACK')))
    .orderBy(asc(credito.id));
}
async function saldoCashback(clienteId: number): Promise<number> {
  const [c] = await t.banco.db.select({ saldo: conta.saldo }).from(conta).where(and(eq(conta.clienteId, clienteId), eq(conta.tipo, 'CASHBACK')));
  return c?.saldo ?? 0;
}
async function expiracoesDe(clienteId: number) {
  return t.banco.db
    .select({ id: lancamento.id, valor: sql<number>`p.valor`.mapWith(Number) })
    .from(lancamento)
    .innerJoin(sql`partida p`, sql`p.lancamento_id = ${lancamento.id}`)
    .innerJoin(conta, sql`${conta.id} = p.conta_id`)
    .where(and(eq(lancamento.tipo, 'EXPIRACAO'), eq(conta.clienteId, clienteId)));
}

describe('regra do programa: validade e carência (config/configuracaoprograma)', () => {
  it('valores ruins dão 400 em português e nada muda; gravar sem os campos mantém os salvos', async () => {
    const antes = env(await gerente.get('/services/config/configuracaoprograma')).result;
    expect(antes).toMatchObject({ validadeDias: null, carenciaDias: 0 });
    const casos: [Record<string, unknown>, RegExp][] = [
      [{ ...REGRA, validadeDias: 0 }, /entre 1 e 3650/],
      [{ ...REGRA, validadeDias: 4000 }, /entre 1 e 3650/],
      [{ ...REGRA, carenciaDias: 366 }, /entre 0 e 365/],
      [{ ...REGRA, carenciaDias: 1.5 }, /inteiro/],
      [{ ...REGRA, validadeDias: '30' }, /validade/],
    ];
    for (const [corpo, mensagem] of casos) {
      const r = await gerente.post('/services/config/salvarconfiguracaoprograma', corpo);
      expect(r.statusCode, JSON.stringify(corpo)).toBe(400);
      expect(env(r).messageError).toMatch(mensagem);
    }
    expect(env(await gerente.get('/services/config/configuracaoprograma')).result).toEqual(antes);

    const gravado = await gerente.post('/services/config/salvarconfiguracaoprograma', { ...REGRA, validadeDias: 30, carenciaDias: 7 });
    expect(gravado.statusCode, gravado.body).toBe(200);
    expect(env(gravado).result).toMatchObject({ validadeDias: 30, carenciaDias: 7 });
    const semOsCampos = await gerente.post('/services/config/salvarconfiguracaoprograma', REGRA);
    expect(env(semOsCampos).result).toMatchObject({ validadeDias: 30, carenciaDias: 7 });
  });
});

describe('carência pelo HTTP: o cashback de uma venda só pode ser usado depois do prazo', () => {
  it('saldo total e disponível aparecem separados; o resgate em carência é 409 com o valor disponível, sem gravar nada', async () => {
    const id = await novoCliente('Carla Carência');
    const venda = await gerente.post('/services/transacao/venda', { clienteId: id, valor: 100 });
    expect(venda.statusCode, venda.body).toBe(200);
    expect(env<ResultadoVenda>(venda).result.cashback).toBe(5);

    const saldos = env<SaldoConta[]>(await gerente.get(`/services/account/saldos/${id}`)).results as unknown as SaldoConta[];
    const cashback = saldos.find((s) => s.unidade === 'CASHBACK')!;
    expect(cashback).toMatchObject({ nome: 'Cashback', saldo: 5, disponivel: 0, emCarencia: 5, aExpirar: 5 });
    expect(new Date(cashback.proximaExpiracao!).getTime()).toBeGreaterThan(Date.now() + 29 * DIA);

    const vendas = async () => (await t.banco.db.select({ id: transacao.id }).from(transacao).where(eq(transacao.clienteId, id))).length;
    const resgate = await gerente.post('/services/transacao/venda', { clienteId: id, valor: 50, resgate: 2 });
    expect(resgate.statusCode).toBe(409);
    expect(env(resgate).messageError).toMatch(/^Saldo disponível insuficiente: R\$\s0,00 disponível para uso agora, e a operação pede R\$\s2,00\. R\$\s5,00 ainda está em carência \(libera a partir de \d{2}\/\d{2}\/\d{4}\)\.$/);
    expect(await vendas()).toBe(1);

    const ajuste = await gerente.post('/services/account/lancamento/ajuste', { clienteId: id, unidade: 'CASHBACK', valor: -1, motivo: 'Tentativa de débito' });
    expect(ajuste.statusCode).toBe(409);
    expect(env(ajuste).messageError).toMatch(/em carência/);
    expect(await saldoCashback(id)).toBe(500);

    // The waiting period does not stop a cancel: it takes back the sale's own lot.
    const transacaoId = env<ResultadoVenda>(venda).result.transacaoId;
    const cancelada = await gerente.get(`/services/transacao/cancelar/${transacaoId}`);
    expect(cancelada.statusCode, cancelada.body).toBe(200);
    expect((await lotes(id)).map((l) => l.restante)).toEqual([0]);
    expect(await saldoCashback(id)).toBe(0);
  });
});

describe('lotes com relógio controlado', () => {
  let id = 0;
  let debitoId = 0;

  it('crédito abre lote com validade e (só na venda) carência; débito consome FIFO por vencimento', async () => {
    id = await novoCliente('Fernando Fifo');
    await mover(id, 1_000, T0); // A: expires T0+30
    await mover(id, 2_000, dia(10)); // B: expires T0+40
    await mover(id, 500, dia(20), 'VENDA'); // C: usable from T0+27, expires T0+50
    const [a, b, c] = await lotes(id);
    expect(a).toMatchObject({ valor: 1_000, restante: 1_000, disponivelEm: T0, expiraEm: dia(30) });
    expect(b).toMatchObject({ valor: 2_000, disponivelEm: dia(10), expiraEm: dia(40) });
    expect(c).toMatchObject({ valor: 500, disponivelEm: dia(27), expiraEm: dia(50) });

    debitoId = await mover(id, -1_500, dia(21));
    expect((await lotes(id)).map((l) => l.restante)).toEqual([0, 1_500, 500]);
    const [registro] = await t.banco.db.select({ referencia: lancamento.referencia }).from(lancamento).where(eq(lancamento.id, debitoId));
    expect(registro!.referencia).toMatchObject({ lotes: [[a!.id, 1_000], [b!.id, 500]] });
  });

  it('o que ainda está em carência não paga: 409 com o disponível e nada muda', async () => {
    await expect(mover(id, -2_000, dia(21))).rejects.toThrow(
      /^Saldo disponível insuficiente: R\$\s15,00 disponível para uso agora, e a operação pede R\$\s20,00\. R\$\s5,00 ainda está em carência \(libera a partir de 28\/03\/2031\)\.$/,
    );
    expect((await lotes(id)).map((l) => l.restante)).toEqual([0, 1_500, 500]);
    expect(await saldoCashback(id)).toBe(2_000);
    // Once the waiting period is over, the same lot pays.
    await mover(id, -1_600, dia(28));
    expect((await lotes(id)).map((l) => l.restante)).toEqual([0, 0, 400]);
  });

  it('o estorno de um débito devolve a cada lote exatamente o que ele tirou, com as datas originais', async () => {
    await noBanco((tx) => estornar(tx, 1, debitoId, { descricao: 'Débito por engano', criadoEm: dia(29) }));
    expect((await lotes(id)).map((l) => l.restante)).toEqual([1_000, 500, 400]);
    expect(await saldoCashback(id)).toBe(1_900);
  });

  it('a expiração lança uma EXPIRACAO por conta com o que resta dos lotes vencidos; repetir não faz nada', async () => {
    const primeira = await expirarCreditos(t.banco.db, dia(31));
    expect(primeira.contas).toBeGreaterThanOrEqual(1);
    expect(await expiracoesDe(id)).toEqual([expect.objectContaining({ valor: -1_000 })]);
    expect((await lotes(id)).map((l) => l.restante)).toEqual([0, 500, 400]);
    expect(await saldoCashback(id)).toBe(900);

    const segunda = await expirarCreditos(t.banco.db, dia(31));
    expect(segunda).toEqual({ contas: 0, lancamentos: 0, valores: { CASHBACK: 0, PONTOS: 0, PREPAGO: 0 } });
    expect(await expiracoesDe(id)).toHaveLength(1);
    // A lapsed expiry posting is final: it is not reversed (a goodwill credit is an adjustment).
    const [exp] = await expiracoesDe(id);
    await expect(noBanco((tx) => estornar(tx, 1, exp!.id, { descricao: 'Tentativa' }))).rejects.toThrow(/expiração não pode ser estornada/);
  });

  it('um lote vencido que o job ainda não baixou também não paga', async () => {
    // At T0+41 lot B (500) has lapsed but the job has not run: only C (400) is usable.
    await expect(mover(id, -600, dia(41))).rejects.toThrow(/R\$\s4,00 disponível para uso agora.*R\$\s5,00 venceu e será baixado\./);
    await mover(id, -400, dia(41));
    expect((await lotes(id)).map((l) => l.restante)).toEqual([0, 500, 0]);
  });
});

describe('cliente que compra todo dia: mais lotes abertos do que a primeira leitura', () => {
  it('um débito que os primeiros lotes não cobrem consome os seguintes em ordem; um que eles cobrem toca só o primeiro aberto; o estorno devolve a cada um', async () => {
    const T2 = dia(400);
    const id = await novoCliente('Paula Padaria');
    const n = LOTES_PRIMEIRA_LEITURA + 36;
    // R$ 1,00 a minute: the lots expire in the order they were made.
    for (let i = 0; i < n; i++) await mover(id, 100, new Date(T2.getTime() + i * 60_000));
    const quando = new Date(T2.getTime() + n * 60_000);
    const cheios = LOTES_PRIMEIRA_LEITURA + 6;
    const restantes = async () => (await lotes(id)).map((l) => l.restante);

    const debito = await mover(id, -(cheios * 100 + 50), quando);
    expect(await restantes()).toEqual([...Array(cheios).fill(0), 50, ...Array(n - cheios - 1).fill(100)]);
    await mover(id, -30, quando);
    expect(await restantes()).toEqual([...Array(cheios).fill(0), 20, ...Array(n - cheios - 1).fill(100)]);

    await noBanco((tx) => estornar(tx, 1, debito, { descricao: 'Resgate desfeito', criadoEm: quando }));
    expect(await restantes()).toEqual([...Array(cheios).fill(100), 70, ...Array(n - cheios - 1).fill(100)]);
    expect(await saldoCashback(id)).toBe(n * 100 - 30);

    await expect(mover(id, -(n * 100 - 29), quando)).rejects.toThrow('Saldo insuficiente para esta operação.');
    await mover(id, -(n * 100 - 30), quando);
    expect(await restantes()).toEqual(Array(n).fill(0));
    expect(await saldoCashback(id)).toBe(0);
  });
});

describe('expiração concorrente e idempotente', () => {
  it('três execuções ao mesmo tempo: cada conta expira uma única vez, inclusive conta bloqueada', async () => {
    const T1 = dia(200);
    const ids = await Promise.all(['Ex Um', 'Ex Dois', 'Ex Três', 'Ex Quatro', 'Ex Cinco'].map(novoCliente));
    for (const [i, id] of ids.entries()) await mover(id, 700 + i, T1);
    await t.banco.db.update(conta).set({ bloqueada: true }).where(and(eq(conta.clienteId, ids[0]!), eq(conta.tipo, 'CASHBACK')));

    const corridas = await Promise.all([0, 1, 2].map(() => expirarCreditos(t.banco.db, new Date(T1.getTime() + 31 * DIA))));
    expect(corridas.reduce((s, c) => s + c.contas, 0)).toBeGreaterThanOrEqual(ids.length);
    for (const [i, id] of ids.entries()) {
      expect(await expiracoesDe(id), `cliente ${id}`).toEqual([expect.objectContaining({ valor: -(700 + i) })]);
      expect(await saldoCashback(id)).toBe(0);
    }
    expect((await expirarCreditos(t.banco.db, new Date(T1.getTime() + 31 * DIA))).contas).toBe(0);
  });

  it('depois de tudo: partidas fecham em zero, nada negativo, saldo = soma das partidas = soma dos lotes', async () => {
    expect(await violacoesDoRazao(t)).toEqual(RAZAO_INTACTO);
  });
});
