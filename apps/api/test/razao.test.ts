import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { cliente } from '../src/db/schema/index.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';

let t: AppDeTeste;
let gerente: Cliente;
const ids: number[] = [];

async function linhas<T>(consulta: ReturnType<typeof sql>): Promise<T[]> {
  const r = (await t.banco.db.execute(consulta)) as unknown as { rows: T[] };
  return r.rows;
}

beforeAll(async () => {
  t = await criarAppDeTeste();
  gerente = await t.entrar('gerente');
  const novos = await t.banco.db
    .insert(cliente)
    .values(['Ana Razão', 'Bruno Partida', 'Carla Saldo'].map((nome) => ({ empresaId: 1, nome })))
    .returning({ id: cliente.id });
  ids.push(...novos.map((n) => n.id));
});
afterAll(() => t.fechar());

const ajuste = (c: Cliente, corpo: Record<string, unknown>, chave?: string) =>
  c.post('/services/account/lancamento/ajuste', corpo, chave ? { headers: { 'idempotency-key': chave } } : {});

describe('razão de partidas dobradas', () => {
  it('crédito, débito acima do saldo recusado sem escrever nada, estorno uma só vez, extrato', async () => {
    const id = ids[0]!;
    const credito = await ajuste(gerente, { clienteId: id, unidade: 'CASHBACK', valor: 10.5, motivo: 'Bônus de boas-vindas' });
    expect(credito.statusCode).toBe(200);
    expect(env<{ saldo: number }>(credito).result.saldo).toBe(10.5);

    const demais = await ajuste(gerente, { clienteId: id, unidade: 'CASHBACK', valor: -20, motivo: 'Correção' });
    expect(demais.statusCode).toBe(409);
    expect(env(demais).messageError).toBe('Saldo insuficiente para esta operação.');
    // The demo seed has sales of its own: count only the postings that touch this customer.
    const [{ n }] = await linhas<{ n: number }>(sql`
      select count(distinct p.lancamento_id)::int n from partida p join conta c on c.id = p.conta_id where c.cliente_id = ${id}`);
    expect(n).toBe(1);

    const lancamentoId = env<{ lancamentoId: number }>(credito).result.lancamentoId;
    const estorno = await gerente.post(`/services/account/lancamento/estornar/${lancamentoId}`, { motivo: 'Lançado por engano' });
    expect(estorno.statusCode).toBe(200);
    const deNovo = await gerente.post(`/services/account/lancamento/estornar/${lancamentoId}`, { motivo: 'Lançado por engano' });
    expect(deNovo.statusCode).toBe(409);
    expect(env(deNovo).messageError).toBe('Este lançamento já foi estornado.');

    const saldos = await gerente.get(`/services/account/saldos/${id}`);
    expect(env(saldos).results).toEqual([expect.objectContaining({ unidade: 'CASHBACK', saldo: 0 })]);
    const extrato = await gerente.post(`/services/account/extrato/${id}/0/10`, { unidade: 'CASHBACK' });
    const conteudo = env<{ content: { valor: number; tipo: string; estornado: boolean }[]; totalElements: number }>(extrato).result;
    expect(conteudo.totalElements).toBe(2);
    expect(conteudo.content.map((l) => [l.tipo, l.valor, l.estornado])).toEqual([
      ['ESTORNO', -10.5, false],
      ['AJUSTE', 10.5, true],
    ]);
  });

  it('pontos são inteiros; valores ruins dão 400 em português e nada é gravado', async () => {
    const id = ids[1]!;
    const casos: [Record<string, unknown>, RegExp][] = [
      [{ clienteId: id, unidade: 'PONTOS', valor: 1.5, motivo: 'Teste' }, /inteiros/],
      [{ clienteId: id, unidade: 'CASHBACK', valor: 1.555, motivo: 'Teste' }, /2 casas/],
      [{ clienteId: id, unidade: 'CASHBACK', valor: 0, motivo: 'Teste' }, /zero/],
      [{ clienteId: id, unidade: 'OURO', valor: 1, motivo: 'Teste' }, /Unidade inválida/],
      [{ clienteId: id, unidade: 'CASHBACK', valor: 1, motivo: '' }, /motivo/],
      [{ clienteId: id, unidade: 'CASHBACK', valor: '1', motivo: 'Teste' }, /valor/],
    ];
    for (const [corpo, mensagem] of casos) {
      const r = await ajuste(gerente, corpo);
      expect(r.statusCode, JSON.stringify(corpo)).toBe(400);
      expect(env(r).messageError).toMatch(mensagem);
    }
    const [{ n }] = await linhas<{ n: number }>(sql`select count(*)::int n from conta where cliente_id = ${id}`);
    expect(n).toBe(0);
    const pontos = await ajuste(gerente, { clienteId: id, unidade: 'PONTOS', valor: 150, motivo: 'Campanha de inauguração' });
    expect(env<{ saldo: number }>(pontos).result.saldo).toBe(150);
  });

  it('Idempotency-Key: a repetição devolve a primeira resposta; outro corpo com a mesma chave é 409', async () => {
    const id = ids[2]!;
    const corpo = { clienteId: id, unidade: 'PREPAGO', valor: 50, motivo: 'Recarga no balcão' };
    const a = await ajuste(gerente, corpo, 'recarga-123');
    const b = await ajuste(gerente, corpo, 'recarga-123');
    expect(b.statusCode).toBe(200);
    expect(env(b).result).toEqual(env(a).result);
    const c = await ajuste(gerente, { ...corpo, valor: 60 }, 'recarga-123');
    expect(c.statusCode).toBe(409);
    expect(env(c).messageError).toBe('Esta chave de idempotência já foi usada com outro conteúdo.');
    const [{ n }] = await linhas<{ n: number }>(sql`select count(*)::int n from lancamento where descricao = 'Recarga no balcão'`);
    expect(n).toBe(1);
  });

  it('só a gestão lança; outra empresa não vê nem lança nos clientes da demo', async () => {
    const atendente = await t.entrar('atendente');
    expect((await ajuste(atendente, { clienteId: ids[0], unidade: 'CASHBACK', valor: 1, motivo: 'Tentativa' })).statusCode).toBe(403);
    const outra = await t.entrar('outra');
    const r = await ajuste(outra, { clienteId: ids[0], unidade: 'CASHBACK', valor: 1, motivo: 'Tentativa' });
    expect(r.statusCode).toBe(404);
    expect((await outra.get(`/services/account/saldos/${ids[0]}`)).statusCode).toBe(404);
    expect((await outra.post(`/services/account/extrato/${ids[0]}/0/10`, { unidade: 'CASHBACK' })).statusCode).toBe(404);
    const [{ id: lancamentoDemo }] = await linhas<{ id: number }>(sql`select id from lancamento where empresa_id = 1 order by id limit 1`);
    expect((await outra.post(`/services/account/lancamento/estornar/${lancamentoDemo}`, { motivo: 'Tentativa' })).statusCode).toBe(404);
  });
});

describe('o banco protege o razão mesmo contra código errado', () => {
  it('um lançamento que não fecha em zero é recusado pelo banco', async () => {
    // On PGlite a transaction holds the only connection: everything inside goes through tx.
    const [conta] = await linhas<{ id: number }>(sql`select id from conta where empresa_id = 1 and cliente_id is not null limit 1`);
    const tentativa = t.banco.db.transaction(async (tx) => {
      await tx.execute(sql`insert into lancamento (empresa_id, tipo, descricao) values (1, 'AJUSTE', 'torto')`);
      await tx.execute(sql`insert into partida (empresa_id, lancamento_id, conta_id, valor) select 1, max(id), ${conta!.id}, 100 from lancamento`);
    });
    await expect(tentativa).rejects.toThrow();
    const [{ n }] = await linhas<{ n: number }>(sql`select count(*)::int n from lancamento where descricao = 'torto'`);
    expect(n).toBe(0);
  });

  it('o papel da aplicação não altera nem apaga histórico', async () => {
    const alterar = t.banco.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.empresa_id', '1', true)`);
      await tx.execute(sql`set local role bonifica_app`);
      await tx.execute(sql`update partida set valor = 0`);
    });
    await expect(alterar).rejects.toThrow();
    const apagar = t.banco.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.empresa_id', '1', true)`);
      await tx.execute(sql`set local role bonifica_app`);
      await tx.execute(sql`delete from lancamento`);
    });
    await expect(apagar).rejects.toThrow();
  });
});

describe('concorrência', () => {
  it('muitos lançamentos simultâneos com chaves repetidas: cada um vale uma vez, nada fica negativo, saldo = soma das partidas', async () => {
    const sessoes = await Promise.all([t.entrar('gerente'), t.entrar('gerente'), t.entrar('gerente'), t.entrar('gerente')]);
    const alvos = ids;
    type Pedido = { chave: string; corpo: { clienteId: number; unidade: 'CASHBACK'; valor: number; motivo: string } };
    const pedidos: Pedido[] = [];
    for (let i = 0; i < 90; i++) {
      const clienteId = alvos[i % alvos.length]!;
      const valor = i % 3 === 0 ? -7 : 5;
      pedidos.push({ chave: `conc-${i}`, corpo: { clienteId, unidade: 'CASHBACK', valor, motivo: `Concorrência ${i}` } });
    }
    // A quarter of the calls are retries of earlier ones: same key, same body (a double click, a timeout retry).
    const repeticoes = pedidos.filter((_, i) => i % 4 === 0);
    const todos = [...pedidos, ...repeticoes].sort((a, b) => a.chave.localeCompare(b.chave));
    const saldoAntes = new Map<number, number>();
    for (const id of alvos) {
      const r = await gerente.get(`/services/account/saldos/${id}`);
      saldoAntes.set(id, (env<unknown>(r).results as { unidade: string; saldo: number }[]).find((s) => s.unidade === 'CASHBACK')?.saldo ?? 0);
    }

    const respostas = await Promise.all(todos.map((p, i) => ajuste(sessoes[i % sessoes.length]!, p.corpo, p.chave).then((r) => ({ p, r }))));
    for (const { r } of respostas) expect([200, 409]).toContain(r.statusCode);

    const efeitoPorChave = new Map<string, number>();
    for (const { p, r } of respostas) {
      if (r.statusCode !== 200) continue;
      const lancamentoId = env<{ lancamentoId: number }>(r).result.lancamentoId;
      const anterior = efeitoPorChave.get(p.chave);
      if (anterior !== undefined) expect(lancamentoId).toBe(anterior);
      efeitoPorChave.set(p.chave, lancamentoId);
    }
    const [{ n }] = await linhas<{ n: number }>(sql`select count(*)::int n from lancamento where descricao like 'Concorrência %'`);
    expect(n).toBe(efeitoPorChave.size);

    const desbalanceados = await linhas(sql`select lancamento_id from partida group by lancamento_id having sum(valor) <> 0`);
    expect(desbalanceados).toEqual([]);
    const negativos = await linhas(sql`select id from conta where cliente_id is not null and saldo < 0`);
    expect(negativos).toEqual([]);
    const divergentes = await linhas(sql`
      select c.id from conta c left join partida p on p.conta_id = c.id
      where c.cliente_id is not null group by c.id, c.saldo having c.saldo <> coalesce(sum(p.valor), 0)`);
    expect(divergentes).toEqual([]);
    // Credit lots (docs/areas/razao.md "Validade e carência"): what is left of them is the balance, to the centavo.
    const lotesDivergentes = await linhas(sql`
      select c.id from conta c left join credito k on k.conta_id = c.id
      where c.cliente_id is not null group by c.id, c.saldo having c.saldo <> coalesce(sum(k.restante), 0)`);
    expect(lotesDivergentes).toEqual([]);

    for (const id of alvos) {
      const aceitos = [...efeitoPorChave.keys()].map((k) => pedidos.find((p) => p.chave === k)!).filter((p) => p.corpo.clienteId === id);
      const esperado = Math.round((saldoAntes.get(id)! + aceitos.reduce((s, p) => s + p.corpo.valor, 0)) * 100) / 100;
      const r = await gerente.get(`/services/account/saldos/${id}`);
      const saldo = (env<unknown>(r).results as { unidade: string; saldo: number }[]).find((s) => s.unidade === 'CASHBACK')!.saldo;
      expect(saldo).toBe(esperado);
    }
  });
});
