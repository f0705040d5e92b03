import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { ResultadoVenda, SaldoConta } from '@bonifica/contracts';
import { cliente, transacao } from '../src/db/schema/index.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';

/** Sales for a customer with a blocked account (docs/decisions/024-venda-com-conta-bloqueada.md). */
let t: AppDeTeste;
let gerente: Cliente;
let atendente: Cliente;

async function novoCliente(nome: string): Promise<number> {
  const [c] = await t.banco.db.insert(cliente).values({ empresaId: 1, nome }).returning({ id: cliente.id });
  return c!.id;
}

const venda = (c: Cliente, corpo: Record<string, unknown>) => c.post('/services/transacao/venda', corpo);
const bloquear = async (clienteId: number, unidade: 'CASHBACK' | 'PONTOS') => {
  const r = await gerente.post('/services/account/bloquear', { clienteId, unidade, motivo: 'Suspeita de fraude' });
  expect(r.statusCode, r.body).toBe(200);
};

async function saldos(c: Cliente, id: number): Promise<SaldoConta[]> {
  const r = await c.get(`/services/account/saldos/${id}`);
  expect(r.statusCode, r.body).toBe(200);
  return env<unknown>(r).results as SaldoConta[];
}

async function vendasDe(id: number): Promise<number> {
  const [l] = await t.banco.db.select({ n: sql<number>`count(*)::int` }).from(transacao).where(eq(transacao.clienteId, id));
  return l!.n;
}

beforeAll(async () => {
  t = await criarAppDeTeste();
  [gerente, atendente] = await Promise.all([t.entrar('gerente'), t.entrar('atendente')]);
});
afterAll(() => t.fechar());

describe('venda com a conta de cashback bloqueada', () => {
  let id: number;
  beforeAll(async () => {
    id = await novoCliente('Cliente Cashback Bloqueado');
    // R$ 100,00 at the demo rule (5%, 1 pt/real): R$ 5,00 and 100 points before the block.
    expect((await venda(gerente, { clienteId: id, valor: 100 })).statusCode).toBe(200);
    await bloquear(id, 'CASHBACK');
  });

  it('o terminal vê o bloqueio antes da venda (account/saldos do atendente)', async () => {
    const s = await saldos(atendente, id);
    expect(s.find((x) => x.unidade === 'CASHBACK')).toMatchObject({ saldo: 5, bloqueada: true });
    expect(s.find((x) => x.unidade === 'PONTOS')).toMatchObject({ saldo: 100, bloqueada: false });
  });

  it('sem usar cashback, a venda passa e acumula só pontos; o cashback bloqueado não muda', async () => {
    const r = await venda(atendente, { clienteId: id, valor: 80 });
    expect(r.statusCode, r.body).toBe(200);
    expect(env<ResultadoVenda>(r).result).toMatchObject({ cashback: 0, pontos: 80, resgate: 0, contasBloqueadas: ['CASHBACK'], saldos: { CASHBACK: 5, PONTOS: 180 } });
    const s = await saldos(gerente, id);
    expect(s.map((x) => [x.unidade, x.saldo])).toEqual(expect.arrayContaining([['CASHBACK', 5], ['PONTOS', 180]]));
  });

  it('usar cashback é recusado: o atendente é mandado chamar o gerente, não a uma tela que não abre', async () => {
    const antes = await vendasDe(id);
    const r = await venda(atendente, { clienteId: id, valor: 80, resgate: 2 });
    expect(r.statusCode).toBe(409);
    expect(env(r).messageError).toBe('A conta de cashback deste cliente está bloqueada: o cashback não pode ser usado. Lance a venda sem usar cashback ou chame o gerente.');
    const g = await venda(gerente, { clienteId: id, valor: 80, resgate: 2 });
    expect(g.statusCode).toBe(409);
    expect(env(g).messageError).toBe(
      'A conta de cashback deste cliente está bloqueada: o cashback não pode ser usado. Lance a venda sem usar cashback ou desbloqueie em Relatórios › Contas bloqueadas.',
    );
    expect(await vendasDe(id)).toBe(antes);
  });
});

describe('venda com outras contas bloqueadas', () => {
  it('só os pontos bloqueados: a venda acumula só cashback', async () => {
    const id = await novoCliente('Cliente Pontos Bloqueados');
    await bloquear(id, 'PONTOS');
    const r = await venda(atendente, { clienteId: id, valor: 100 });
    expect(r.statusCode, r.body).toBe(200);
    expect(env<ResultadoVenda>(r).result).toMatchObject({ cashback: 5, pontos: 0, contasBloqueadas: ['PONTOS'] });
  });

  it('as duas bloqueadas: nada a acumular, 409 que manda chamar o gerente, nada gravado', async () => {
    const id = await novoCliente('Cliente Tudo Bloqueado');
    await bloquear(id, 'CASHBACK');
    await bloquear(id, 'PONTOS');
    const r = await venda(atendente, { clienteId: id, valor: 100 });
    expect(r.statusCode).toBe(409);
    expect(env(r).messageError).toBe('As contas de cashback e de pontos deste cliente estão bloqueadas: esta venda não tem o que acumular. Chame o gerente.');
    expect(await vendasDe(id)).toBe(0);
  });

  it('contas livres: nada muda (contasBloqueadas vazio)', async () => {
    const id = await novoCliente('Cliente Livre');
    const r = await venda(atendente, { clienteId: id, valor: 100 });
    expect(env<ResultadoVenda>(r).result).toMatchObject({ cashback: 5, pontos: 100, contasBloqueadas: [] });
  });
});

describe('mensagens de validação no balcão', () => {
  it('dizem o problema em português, sem o nome interno do campo ("valor: …")', async () => {
    const id = await novoCliente('Cliente Mensagens');
    const resgate = await venda(atendente, { clienteId: id, valor: 10, resgate: 20 });
    expect([resgate.statusCode, env(resgate).messageError]).toEqual([400, 'O resgate não pode ser maior que o valor da venda.']);
    for (const corpo of [{ clienteId: id, valor: 'abc' }, { clienteId: id, valor: 2_000_000 }, { clienteId: id, valor: -1 }, { valor: 10 }]) {
      const r = await venda(atendente, corpo);
      expect(r.statusCode, JSON.stringify(corpo)).toBe(400);
      expect(env(r).messageError, JSON.stringify(corpo)).not.toMatch(/^[a-zA-Z.0-9]+: /);
    }
  });
});
