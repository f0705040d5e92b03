import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ResultadoVenda } from '@bonifica/contracts';
import { cliente } from '../src/db/schema/index.js';
import { creditarCliente } from '../src/modules/account/razao.js';
import { hojeNoFuso } from '../src/modules/empresadashboard/resumo.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';

// Issue 12 §5: a posting that belongs to a document is reversed only through that document.

let t: AppDeTeste;
let gerente: Cliente;

async function linhas<T>(consulta: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.banco.db.execute(consulta)) as unknown as { rows: T[] }).rows;
}

async function novoCliente(nome: string): Promise<number> {
  const [c] = await t.banco.db.insert(cliente).values({ empresaId: 1, nome }).returning({ id: cliente.id });
  return c!.id;
}

async function saldos(id: number) {
  const s = env<unknown>(await gerente.get(`/services/account/saldos/${id}`)).results as { unidade: string; saldo: number }[];
  return { CASHBACK: s.find((x) => x.unidade === 'CASHBACK')?.saldo ?? 0, PONTOS: s.find((x) => x.unidade === 'PONTOS')?.saldo ?? 0 };
}

const estornar = (id: number) => gerente.post(`/services/account/lancamento/estornar/${id}`, { motivo: 'Tentativa de estorno' });

/** What the sale shows everywhere: its row, the dashboard and the totals report of today. */
async function retrato(transacaoId: number, clienteId: number) {
  const hoje = hojeNoFuso();
  const [venda] = await linhas<{ status: string }>(sql`select status from transacao where id = ${transacaoId}`);
  const painel = await gerente.post('/services/empresadashboard/completo', { de: hoje, ate: hoje });
  const totalizador = await gerente.post('/services/transacao/relatorio/totalizador/', { de: hoje, ate: hoje });
  expect(painel.statusCode, painel.body).toBe(200);
  expect(totalizador.statusCode, totalizador.body).toBe(200);
  return { status: venda!.status, saldos: await saldos(clienteId), painel: env(painel).result, totalizador: env(totalizador).result };
}

beforeAll(async () => {
  t = await criarAppDeTeste();
  gerente = await t.entrar('gerente');
});
afterAll(() => t.fechar());

describe('estorno manual só de lançamentos livres (account/lancamento/estornar)', () => {
  it('o lançamento de uma venda é recusado com 409 e nada muda; a venda continua cancelável', async () => {
    const clienteId = await novoCliente('Vera Venda');
    const r = await gerente.post('/services/transacao/venda', { clienteId, valor: 100 });
    expect(r.statusCode, r.body).toBe(200);
    const { transacaoId } = env<ResultadoVenda>(r).result;
    const [{ lancamento_id: lancamentoId }] = await linhas<{ lancamento_id: number }>(sql`select lancamento_id from transacao where id = ${transacaoId}`);
    const antes = await retrato(transacaoId, clienteId);
    expect(antes.status).toBe('CONFIRMADA');
    expect(antes.saldos).toEqual({ CASHBACK: 5, PONTOS: 100 });

    const e = await estornar(lancamentoId);
    expect(e.statusCode).toBe(409);
    expect(env(e).messageError).toBe('Este lançamento é de uma venda: cancele a venda em Vendas.');
    expect(await retrato(transacaoId, clienteId)).toEqual(antes);
    expect(await linhas(sql`select id from lancamento where estorno_de_id = ${lancamentoId}`)).toEqual([]);

    const c = await gerente.get(`/services/transacao/cancelar/${transacaoId}`);
    expect(c.statusCode, c.body).toBe(200);
    const depois = await retrato(transacaoId, clienteId);
    expect(depois.status).toBe('CANCELADA');
    expect(depois.saldos).toEqual({ CASHBACK: 0, PONTOS: 0 });

    // The cancellation's own reversal is no free posting either.
    const [{ estorno_lancamento_id: estornoId }] = await linhas<{ estorno_lancamento_id: number }>(sql`select estorno_lancamento_id from transacao where id = ${transacaoId}`);
    const deNovo = await estornar(estornoId);
    expect(deNovo.statusCode).toBe(409);
    expect(env(deNovo).messageError).toBe('Um estorno não pode ser estornado.');
  });

  it('o saldo inicial de uma importação é recusado e diz onde corrigir', async () => {
    const clienteId = await novoCliente('Igor Importado');
    const lancamentoId = await t.banco.db.transaction((tx) =>
      creditarCliente(tx, { empresaId: 1, clienteId, unidade: 'CASHBACK', valor: 1_000, tipo: 'SALDO_INICIAL', descricao: 'Saldo inicial da importação' }),
    );
    const e = await estornar(lancamentoId);
    expect(e.statusCode).toBe(409);
    expect(env(e).messageError).toBe('Este lançamento é o saldo inicial de uma importação de clientes: corrija o saldo com um ajuste na ficha do cliente.');
    expect((await saldos(clienteId)).CASHBACK).toBe(10);
  });

  it('um ajuste manual continua estornável ali', async () => {
    const clienteId = await novoCliente('Alice Ajuste');
    const a = await gerente.post('/services/account/lancamento/ajuste', { clienteId, unidade: 'PONTOS', valor: 40, motivo: 'Cortesia' });
    expect(a.statusCode, a.body).toBe(200);
    const e = await estornar(env<{ lancamentoId: number }>(a).result.lancamentoId);
    expect(e.statusCode, e.body).toBe(200);
    expect((await saldos(clienteId)).PONTOS).toBe(0);
  });
});
