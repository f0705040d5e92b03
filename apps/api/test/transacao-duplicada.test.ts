import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { GrupoDuplicadas, ResultadoCorrecaoDuplicadas } from '@bonifica/contracts';
import { cliente } from '../src/db/schema/index.js';
import { agrupar } from '../src/modules/transacao/duplicada.js';
import { registrarVenda } from '../src/modules/transacao/venda.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';
import { idDoUsuario } from './apoio/consultas.js';

let t: AppDeTeste;
let gerente: Cliente;
let atendente: Cliente;
let outra: Cliente;
let idAtendente: number;

async function linhas<T>(consulta: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.banco.db.execute(consulta)) as unknown as { rows: T[] }).rows;
}
async function contar(consulta: ReturnType<typeof sql>): Promise<number> {
  return (await linhas<{ n: number }>(consulta))[0]!.n;
}

async function novoCliente(nome: string): Promise<number> {
  const [c] = await t.banco.db.insert(cliente).values({ empresaId: 1, nome }).returning({ id: cliente.id });
  return c!.id;
}

/** Sales at chosen times ("today" minus minutes), through the same service as the API. */
async function vendasEm(clienteId: number, itens: { minutosAtras: number; valorCentavos?: number; filialId?: number }[]): Promise<number[]> {
  const agora = Date.now();
  const ids: number[] = [];
  await t.banco.db.transaction(async (tx) => {
    for (const i of itens) {
      const v = await registrarVenda(tx, {
        empresaId: 1,
        clienteId,
        filialId: i.filialId ?? 2,
        valorCentavos: i.valorCentavos ?? 4_990,
        resgateCentavos: 0,
        usuarioId: idAtendente,
        criadoEm: new Date(agora - i.minutosAtras * 60_000),
      });
      ids.push(v.transacaoId);
    }
  });
  return ids;
}

const relatorio = async (c: Cliente, filtro: unknown = {}) => c.post('/services/transacao/duplicada/relatorio', filtro);
const corrigir = (c: Cliente, corpo: unknown, chave?: string) =>
  c.post('/services/transacao/duplicada/corrigir', corpo, chave ? { headers: { 'idempotency-key': chave } } : {});
const grupos = async (filtro: unknown = {}) => {
  const r = await relatorio(gerente, filtro);
  expect(r.statusCode, r.body).toBe(200);
  return env<null>(r).results as GrupoDuplicadas[];
};
const grupoDe = (gs: GrupoDuplicadas[], clienteId: number) => gs.filter((g) => g.clienteId === clienteId);

async function saldos(clienteId: number) {
  const [s] = await linhas<{ cashback: number; pontos: number }>(sql`
    select coalesce(sum(saldo) filter (where tipo = 'CASHBACK'), 0)::int cashback, coalesce(sum(saldo) filter (where tipo = 'PONTOS'), 0)::int pontos
    from conta where cliente_id = ${clienteId}`);
  return s!;
}

beforeAll(async () => {
  t = await criarAppDeTeste();
  [gerente, atendente, outra] = await Promise.all([t.entrar('gerente'), t.entrar('atendente'), t.entrar('outra')]);
  idAtendente = await idDoUsuario(t, 'atendente');
});
afterAll(() => t.fechar());

describe('agrupamento: dentro de N minutos da primeira venda do grupo', () => {
  it('não encadeia vendas além da janela, separa cliente, loja e valor', () => {
    const v = (id: number, min: number, extra: Partial<{ clienteId: number; filialId: number; valorCentavos: number }> = {}) => ({
      id,
      clienteId: 1,
      filialId: 2,
      valorCentavos: 100,
      criadoEm: new Date(Date.UTC(2025, 0, 1, 12, min)),
      ...extra,
    });
    const g = agrupar([v(1, 0), v(2, 6), v(3, 12), v(4, 13), v(5, 14, { valorCentavos: 101 }), v(6, 15, { filialId: 3 }), v(7, 40), v(8, 0, { clienteId: 9 })], 10);
    expect(g.map((x) => x.map((y) => y.id))).toEqual([[1, 2], [3, 4]]);
  });
});

describe('vendas duplicadas (transacao/duplicada/relatorio e corrigir)', () => {
  it('acha o grupo (mesmo cliente, valor e loja em até N minutos), sem as canceladas e sem vendas distantes', async () => {
    const id = await novoCliente('Duplicado Relatório');
    const [original, copia, longe] = await vendasEm(id, [{ minutosAtras: 30 }, { minutosAtras: 27 }, { minutosAtras: 5 }]);
    await vendasEm(id, [{ minutosAtras: 29, valorCentavos: 4_991 }, { minutosAtras: 28, filialId: 3 }]);
    const [g] = grupoDe(await grupos(), id);
    expect(grupoDe(await grupos(), id)).toHaveLength(1);
    expect(g).toMatchObject({ clienteNome: 'Duplicado Relatório', filialId: 2, filialNome: 'Bonifica Jardins', valor: 49.9 });
    expect(g!.vendas.map((v) => v.id)).toEqual([original, copia]);
    expect(g!.vendas[0]).toMatchObject({ usuarioNome: 'Amanda Atendente', cashback: 2.49, pontos: 49, resgate: 0 });
    // A wider window takes in the third sale; a narrower one finds nothing.
    expect(grupoDe(await grupos({ minutos: 30 }), id)[0]!.vendas.map((v) => v.id)).toEqual([original, copia, longe]);
    expect(grupoDe(await grupos({ minutos: 2 }), id)).toEqual([]);
    // Outside the period: nothing.
    expect(grupoDe(await grupos({ de: '2020-01-01', ate: '2020-01-31' }), id)).toEqual([]);
    expect(grupoDe(await grupos({ filialId: 3 }), id)).toEqual([]);
  });

  it('corrige cancelando a cópia uma vez, com estorno e auditoria "Venda duplicada"; depois o grupo some', async () => {
    const id = await novoCliente('Duplicado Corrigir');
    const [original, copia] = await vendasEm(id, [{ minutosAtras: 20 }, { minutosAtras: 19 }]);
    const antes = await saldos(id);
    const r = await corrigir(gerente, { ids: [copia] });
    expect(r.statusCode, r.body).toBe(200);
    const res = env<ResultadoCorrecaoDuplicadas>(r).result;
    expect(res.canceladas.map((c) => c.transacaoId)).toEqual([copia]);
    expect(res.canceladas[0]!.saldos).toEqual({ CASHBACK: 2.49, PONTOS: 49 });
    expect(await saldos(id)).toEqual({ cashback: antes.cashback - 249, pontos: antes.pontos - 49 });
    const [tr] = await linhas<{ status: string; motivo: string }>(sql`select status, motivo_cancelamento motivo from transacao where id = ${copia}`);
    expect(tr).toEqual({ status: 'CANCELADA', motivo: 'Venda duplicada' });
    expect(await contar(sql`select count(*)::int n from lancamento where estorno_de_id = (select lancamento_id from transacao where id = ${copia})`)).toBe(1);
    expect(await contar(sql`select count(*)::int n from auditoria where entidade = 'transacao' and entidade_id = ${String(copia)} and acao = 'CANCELAR' and depois->>'motivo' = 'Venda duplicada'`)).toBe(1);
    expect(grupoDe(await grupos(), id)).toEqual([]);
    const [o] = await linhas<{ status: string }>(sql`select status from transacao where id = ${original}`);
    expect(o!.status).toBe('CONFIRMADA');

    const deNovo = await corrigir(gerente, { ids: [copia] });
    expect(deNovo.statusCode).toBe(409);
    expect(env(deNovo).messageError).toBe(`A venda nº ${copia} já foi cancelada.`);
  });

  it('recusa cancelar o grupo inteiro e vendas que não são duplicadas; nada é gravado', async () => {
    const id = await novoCliente('Duplicado Todas');
    const [a, b, c] = await vendasEm(id, [{ minutosAtras: 15 }, { minutosAtras: 14 }, { minutosAtras: 13 }]);
    const [sozinha] = await vendasEm(id, [{ minutosAtras: 200 }]);
    const lancamentos = await contar(sql`select count(*)::int n from lancamento`);
    const todas = await corrigir(gerente, { ids: [a, b, c] });
    expect(todas.statusCode).toBe(409);
    expect(env(todas).messageError).toBe(`Mantenha ao menos uma venda de cada grupo: a venda nº ${a} é a original.`);
    const naoDuplicada = await corrigir(gerente, { ids: [b, sozinha] });
    expect(naoDuplicada.statusCode).toBe(409);
    expect(env(naoDuplicada).messageError).toBe(`A venda nº ${sozinha} não é uma venda duplicada.`);
    expect(await contar(sql`select count(*)::int n from lancamento`)).toBe(lancamentos);
    expect(await contar(sql`select count(*)::int n from transacao where cliente_id = ${id} and status = 'CANCELADA'`)).toBe(0);
    // Keeping the original and cancelling the two copies is fine — or keeping a copy and cancelling the original.
    const ok = await corrigir(gerente, { ids: [a, c] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await contar(sql`select count(*)::int n from transacao where cliente_id = ${id} and status = 'CONFIRMADA'`)).toBe(2);
  });

  it('duas correções ao mesmo tempo: cada cópia é cancelada uma só vez e o grupo nunca fica vazio', async () => {
    const id = await novoCliente('Duplicado Concorrente');
    const [a, b, c] = await vendasEm(id, [{ minutosAtras: 12 }, { minutosAtras: 11 }, { minutosAtras: 10 }]);
    const outroGerente = await t.entrar('gerente');
    // Same copies twice, at once.
    const [r1, r2] = await Promise.all([corrigir(gerente, { ids: [b] }), corrigir(outroGerente, { ids: [b] })]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
    expect(await contar(sql`select count(*)::int n from lancamento where estorno_de_id = (select lancamento_id from transacao where id = ${b})`)).toBe(1);
    // Two different sales that would together empty the group {a, c}: only one goes.
    const [r3, r4] = await Promise.all([corrigir(gerente, { ids: [a] }), corrigir(outroGerente, { ids: [c] })]);
    expect([r3.statusCode, r4.statusCode].sort()).toEqual([200, 409]);
    expect(await contar(sql`select count(*)::int n from transacao where cliente_id = ${id} and status = 'CONFIRMADA'`)).toBe(1);
    // The same key replays the first answer and writes nothing more.
    const [d1, d2] = await vendasEm(id, [{ minutosAtras: 3, valorCentavos: 7_000 }, { minutosAtras: 2, valorCentavos: 7_000 }]);
    const p1 = await corrigir(gerente, { ids: [d2] }, 'corrigir-dup-1');
    const p2 = await corrigir(gerente, { ids: [d2] }, 'corrigir-dup-1');
    expect([p1.statusCode, p2.statusCode]).toEqual([200, 200]);
    expect(JSON.parse(p2.body)).toEqual(JSON.parse(p1.body));
    expect(await contar(sql`select count(*)::int n from transacao where id in (${d1}, ${d2}) and status = 'CANCELADA'`)).toBe(1);
    const divergentes = await linhas(sql`
      select c.id from conta c left join partida p on p.conta_id = c.id where c.cliente_id = ${id} group by c.id, c.saldo having c.saldo <> coalesce(sum(p.valor), 0)`);
    expect(divergentes).toEqual([]);
  });

  it('entrada inválida é 400 sem gravar; só a gestão; outra empresa não vê nem corrige as vendas da demo', async () => {
    const id = await novoCliente('Duplicado Isolado');
    const [, copia] = await vendasEm(id, [{ minutosAtras: 9 }, { minutosAtras: 8 }]);
    const filtros: [unknown, RegExp][] = [
      [{ minutos: 0 }, /entre 1 e 1440/],
      [{ minutos: 1441 }, /entre 1 e 1440/],
      [{ minutos: 2.5 }, /inteiro/],
      [{ de: '2025-02-10', ate: '2025-02-01' }, /posterior/],
      [{ de: 'ontem' }, /AAAA-MM-DD/],
      [{ extra: 1 }, /.+/],
    ];
    for (const [corpo, msg] of filtros) {
      const r = await relatorio(gerente, corpo);
      expect(r.statusCode, JSON.stringify(corpo)).toBe(400);
      expect(env(r).messageError).toMatch(msg);
    }
    const lancamentos = await contar(sql`select count(*)::int n from lancamento`);
    const corpos: [unknown, RegExp][] = [
      [{}, /Informe as vendas/],
      [{ ids: [] }, /ao menos uma/],
      [{ ids: [copia, copia] }, /mais de uma vez/],
      [{ ids: ['x'] }, /Venda inválida/],
      [{ ids: [copia], minutos: 0 }, /entre 1 e 1440/],
      [{ ids: Array.from({ length: 201 }, (_, i) => i + 1) }, /no máximo 200/],
    ];
    for (const [corpo, msg] of corpos) {
      const r = await corrigir(gerente, corpo);
      expect(r.statusCode, JSON.stringify(corpo)).toBe(400);
      expect(env(r).messageError).toMatch(msg);
    }
    expect((await corrigir(gerente, { ids: [copia] }, 'x'.repeat(101))).statusCode).toBe(400);
    expect((await relatorio(atendente)).statusCode).toBe(403);
    expect((await corrigir(atendente, { ids: [copia] })).statusCode).toBe(403);
    expect((await gerente.post('/services/transacao/duplicada/corrigir', { ids: [copia] }, { semXsrf: true })).statusCode).toBe(403);

    const alheio = await relatorio(outra, { minutos: 1440 });
    expect(alheio.statusCode).toBe(200);
    expect(env<null>(alheio).results).toEqual([]);
    const r = await corrigir(outra, { ids: [copia] });
    expect(r.statusCode).toBe(404);
    expect(env(r).messageError).toBe(`Venda nº ${copia} não encontrada.`);
    expect(r.body).not.toMatch(/Duplicado|Bonifica/);
    expect(await contar(sql`select count(*)::int n from lancamento`)).toBe(lancamentos);
    expect(await contar(sql`select count(*)::int n from transacao where cliente_id = ${id} and status = 'CANCELADA'`)).toBe(0);
  });
});
