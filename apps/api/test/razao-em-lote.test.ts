import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { SaldoConta } from '@bonifica/contracts';
import { cliente, conta, credito, lancamento, partida } from '../src/db/schema/index.js';
import type { Executor } from '../src/db/client.js';
import { creditarCliente, creditarClientesEmLote } from '../src/modules/account/razao.js';
import { ErroApi } from '../src/lib/erros.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';
import { idDoUsuario } from './apoio/consultas.js';
import { RAZAO_INTACTO, violacoesDoRazao } from './apoio/razao.js';

/**
 * Credits written as a batch (the import's opening balances): each item must come out exactly as
 * creditarCliente writes it one at a time — its own balanced posting, its lot, the cached balance.
 */

let t: AppDeTeste;
let gerente: Cliente;
const DIA = 86_400_000;

beforeAll(async () => {
  t = await criarAppDeTeste();
  gerente = await t.entrar('gerente');
  // A rule with a validity, so that the lots' expiry can be compared.
  const r = await gerente.post('/services/config/salvarconfiguracaoprograma', { cashbackPercentual: 5, pontosPorReal: 1, compraMinima: 10, maximoCashbackPorVenda: 50, validadeDias: 30, carenciaDias: 7 });
  expect(r.statusCode, r.body).toBe(200);
});
afterAll(() => t.fechar());

async function novoCliente(nome: string, empresaId = 1): Promise<number> {
  const [c] = await t.banco.db.insert(cliente).values({ empresaId, nome }).returning({ id: cliente.id });
  return c!.id;
}
const noBanco = <T>(fn: (tx: Executor) => Promise<T>) => t.banco.db.transaction(fn);

async function lotesDe(clienteId: number, tipo: 'CASHBACK' | 'PONTOS' | 'PREPAGO') {
  return t.banco.db
    .select({ lancamentoId: credito.lancamentoId, valor: credito.valor, restante: credito.restante, disponivelEm: credito.disponivelEm, expiraEm: credito.expiraEm, criadoEm: credito.criadoEm })
    .from(credito)
    .innerJoin(conta, eq(conta.id, credito.contaId))
    .where(and(eq(conta.clienteId, clienteId), eq(conta.tipo, tipo)))
    .orderBy(asc(credito.id));
}

describe('creditarClientesEmLote', () => {
  it('cada item é um lançamento balanceado com o seu lote e o saldo da conta, igual ao que creditarCliente grava um a um', async () => {
    const [um, dois, tres, prepago] = await Promise.all(['Ana Um a Um', 'Bruno Lote', 'Carla Lote', 'Davi Pré-pago'].map((n) => novoCliente(n)));
    const usuarioId = await idDoUsuario(t, 'gerente');
    const base = { empresaId: 1, tipo: 'SALDO_INICIAL' as const, usuarioId, filialId: 1 };
    const sozinho = await noBanco((tx) => creditarCliente(tx, { ...base, clienteId: um!, unidade: 'CASHBACK', valor: 1_000, descricao: 'Um a um' }));
    // Carla already has a balance: the batch adds to it.
    await noBanco((tx) => creditarCliente(tx, { ...base, clienteId: tres!, unidade: 'CASHBACK', valor: 300, descricao: 'Antes' }));
    const ids = await noBanco((tx) =>
      creditarClientesEmLote(tx, { ...base, unidade: 'CASHBACK' }, [
        { clienteId: dois!, valor: 1_000, descricao: 'Saldo inicial importado (linha 2)', referencia: { importacao: 'x', linha: 2 } },
        { clienteId: tres!, valor: 250, descricao: 'Saldo inicial importado (linha 3)', referencia: { importacao: 'x', linha: 3 } },
      ]),
    );
    const [emPrepago] = await noBanco((tx) => creditarClientesEmLote(tx, { ...base, unidade: 'PREPAGO' }, [{ clienteId: prepago!, valor: 5_000, descricao: 'Pré-pago' }]));

    expect(ids).toHaveLength(2);
    const gravados = await t.banco.db.select().from(lancamento).where(inArray(lancamento.id, [...ids, emPrepago!])).orderBy(asc(lancamento.id));
    expect(gravados.map((l) => [l.id, l.tipo, l.descricao, l.referencia, l.usuarioId, l.filialId])).toEqual([
      [ids[0], 'SALDO_INICIAL', 'Saldo inicial importado (linha 2)', { importacao: 'x', linha: 2 }, usuarioId, 1],
      [ids[1], 'SALDO_INICIAL', 'Saldo inicial importado (linha 3)', { importacao: 'x', linha: 3 }, usuarioId, 1],
      [emPrepago, 'SALDO_INICIAL', 'Pré-pago', null, usuarioId, 1],
    ]);
    // Two entries each: the customer's account and the company's system account of the unit.
    const [sistema] = await t.banco.db.select({ id: conta.id }).from(conta).where(and(eq(conta.empresaId, 1), isNull(conta.clienteId), eq(conta.tipo, 'SISTEMA_CASHBACK')));
    const entradas = await t.banco.db.select({ lancamentoId: partida.lancamentoId, contaId: partida.contaId, valor: partida.valor }).from(partida).where(eq(partida.lancamentoId, ids[0]!));
    const [contaDois] = await t.banco.db.select({ id: conta.id }).from(conta).where(and(eq(conta.clienteId, dois!), eq(conta.tipo, 'CASHBACK')));
    expect(entradas.sort((a, b) => b.valor - a.valor)).toEqual([
      { lancamentoId: ids[0], contaId: contaDois!.id, valor: 1_000 },
      { lancamentoId: ids[0], contaId: sistema!.id, valor: -1_000 },
    ]);

    // Same lot as one at a time: usable now, lapsing after the rule's 30 days (no waiting period: not a sale).
    const [a] = await lotesDe(um!, 'CASHBACK');
    const [b] = await lotesDe(dois!, 'CASHBACK');
    expect(a).toMatchObject({ lancamentoId: sozinho, valor: 1_000, restante: 1_000 });
    expect(b).toMatchObject({ lancamentoId: ids[0], valor: 1_000, restante: 1_000 });
    for (const l of [a!, b!]) {
      expect(l.disponivelEm).toEqual(l.criadoEm);
      expect(l.expiraEm!.getTime() - l.criadoEm.getTime()).toBe(30 * DIA);
    }
    expect((await lotesDe(tres!, 'CASHBACK')).map((l) => l.restante)).toEqual([300, 250]);
    // Prepaid money never lapses.
    expect(await lotesDe(prepago!, 'PREPAGO')).toMatchObject([{ valor: 5_000, restante: 5_000, expiraEm: null }]);

    // What the customer's screen shows.
    const saldos = env<SaldoConta[]>(await gerente.get(`/services/account/saldos/${tres}`)).results as unknown as SaldoConta[];
    expect(saldos.find((s) => s.unidade === 'CASHBACK')).toMatchObject({ saldo: 5.5, disponivel: 5.5 });
    expect(await violacoesDoRazao(t)).toEqual(RAZAO_INTACTO);
  });

  it('um cliente de outra empresa derruba o lote inteiro com 404, e nada dele nem dos outros é gravado', async () => {
    const meu = await novoCliente('Elisa Minha');
    const [deOutra] = await t.banco.db.select({ id: cliente.id }).from(cliente).where(ne(cliente.empresaId, 1)).limit(1);
    expect(deOutra).toBeDefined();
    const antes = await t.banco.db.select({ id: lancamento.id }).from(lancamento);
    const falha = await noBanco((tx) =>
      creditarClientesEmLote(tx, { empresaId: 1, tipo: 'SALDO_INICIAL', unidade: 'CASHBACK' }, [
        { clienteId: meu, valor: 100, descricao: 'Meu' },
        { clienteId: deOutra!.id, valor: 100, descricao: 'De outra empresa' },
      ]),
    ).catch((e: unknown) => e);
    expect(falha).toBeInstanceOf(ErroApi);
    expect(falha).toMatchObject({ status: 404, message: 'Conta não encontrada.' });
    expect(await t.banco.db.select({ id: lancamento.id }).from(lancamento)).toHaveLength(antes.length);
    // No account of company 1 for either: not for its own customer (rolled back), never for another company's.
    expect(await t.banco.db.select().from(conta).where(and(eq(conta.empresaId, 1), inArray(conta.clienteId, [meu, deOutra!.id])))).toEqual([]);
  });

  it('valor zero, negativo ou fracionário é recusado antes de gravar qualquer coisa', async () => {
    const id = await novoCliente('Fábio Valores');
    for (const valor of [0, -10, 1.5]) {
      await expect(noBanco((tx) => creditarClientesEmLote(tx, { empresaId: 1, tipo: 'AJUSTE', unidade: 'CASHBACK' }, [{ clienteId: id, valor, descricao: 'x' }]))).rejects.toThrow(
        'Créditos devem ser inteiros e positivos.',
      );
    }
    expect(await t.banco.db.select().from(conta).where(eq(conta.clienteId, id))).toEqual([]);
  });
});
