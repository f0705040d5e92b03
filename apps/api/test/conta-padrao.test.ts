import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { ConfiguracaoContasPadrao, ItemMenu, SaldoConta } from '@bonifica/contracts';
import { cliente, conta, contaPadrao } from '../src/db/schema/index.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';
import { auditoriasDe } from './apoio/consultas.js';

let t: AppDeTeste;
let gerente: Cliente;
let atendente: Cliente;

beforeAll(async () => {
  t = await criarAppDeTeste();
  [gerente, atendente] = await Promise.all([t.entrar('gerente'), t.entrar('atendente')]);
});
afterAll(() => t.fechar());

async function contasDe(clienteId: number): Promise<string[]> {
  const l = await t.banco.db.select({ tipo: conta.tipo }).from(conta).where(eq(conta.clienteId, clienteId)).orderBy(conta.tipo);
  return l.map((c) => c.tipo);
}
async function semContas(nome: string): Promise<number> {
  const [c] = await t.banco.db.insert(cliente).values({ empresaId: 1, nome }).returning({ id: cliente.id });
  return c!.id;
}
async function contar(consulta: ReturnType<typeof sql>): Promise<number> {
  return ((await t.banco.db.execute(consulta)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
}
const salvar = (c: Cliente, contas: unknown) => c.post('/services/account/contapadrao/salvar/ordem', { contas });

describe('contas padrão: sem configuração, cashback e pontos', () => {
  it('GET account/contapadrao mostra os padrões; um cliente novo (client/save) já nasce com eles', async () => {
    const r = await gerente.get('/services/account/contapadrao');
    expect(r.statusCode).toBe(200);
    expect(env<ConfiguracaoContasPadrao>(r).result).toEqual({
      configurada: false,
      contas: [
        { unidade: 'CASHBACK', nome: 'Cashback', ordem: 0, ativo: true },
        { unidade: 'PONTOS', nome: 'Pontos', ordem: 1, ativo: true },
      ],
    });
    const novo = await gerente.post('/services/client/save', { nome: 'Nina Nascimento', celular: '11987001122' });
    expect(novo.statusCode, novo.body).toBe(200);
    const id = env<{ id: number }>(novo).result.id;
    expect(await contasDe(id)).toEqual(['CASHBACK', 'PONTOS']);
    const saldos = env<SaldoConta[]>(await gerente.get(`/services/account/saldos/${id}`)).results as unknown as SaldoConta[];
    expect(saldos.map((s) => [s.nome, s.saldo, s.disponivel])).toEqual([
      ['Cashback', 0, 0],
      ['Pontos', 0, 0],
    ]);
    // The demo seed gave its customers the same accounts.
    const semPadrao = await contar(sql`
      select count(*)::int n from cliente c where c.empresa_id = 1
      and (select count(*) from conta k where k.cliente_id = c.id and k.tipo in ('CASHBACK', 'PONTOS')) < 2`);
    expect(semPadrao).toBe(0);
  });
});

describe('POST account/contapadrao/salvar/ordem', () => {
  it('entrada ruim dá 400 em português e nada é gravado', async () => {
    const casos: [unknown, RegExp][] = [
      [[], /pelo menos uma conta/],
      [[{ unidade: 'CASHBACK', nome: 'A', ativo: true }], /pelo menos 2 letras/],
      [[{ unidade: 'OURO', nome: 'Ouro', ativo: true }], /Unidade inválida/],
      [
        [
          { unidade: 'CASHBACK', nome: 'Cashback', ativo: true },
          { unidade: 'CASHBACK', nome: 'De novo', ativo: true },
        ],
        /mais de uma vez/,
      ],
      [[{ unidade: 'CASHBACK', nome: 'Cashback', ativo: false }], /pelo menos uma conta ativa/],
      [
        [
          { unidade: 'CASHBACK', nome: 'Saldo', ativo: true },
          { unidade: 'PONTOS', nome: 'saldo ', ativo: true },
        ],
        /outra conta com este nome/,
      ],
      ['CASHBACK', /lista de contas/],
    ];
    for (const [contas, mensagem] of casos) {
      const r = await salvar(gerente, contas);
      expect(r.statusCode, JSON.stringify(contas)).toBe(400);
      expect(env(r).messageError).toMatch(mensagem);
    }
    expect(await t.banco.db.select().from(contaPadrao)).toEqual([]);
  });

  it('grava nomes, ordem e ativas; a ordem e os nomes aparecem nos saldos; é auditado; só a gestão', async () => {
    expect((await salvar(atendente, [{ unidade: 'CASHBACK', nome: 'Cashback', ativo: true }])).statusCode).toBe(403);
    expect((await atendente.get('/services/account/contapadrao')).statusCode).toBe(403);
    const r = await salvar(gerente, [
      { unidade: 'PREPAGO', nome: 'Carteira', ativo: true },
      { unidade: 'CASHBACK', nome: 'Cashback Bonifica', ativo: true },
      { unidade: 'PONTOS', nome: 'Pontos', ativo: false },
    ]);
    expect(r.statusCode, r.body).toBe(200);
    expect(env<ConfiguracaoContasPadrao>(r).result).toEqual({
      configurada: true,
      contas: [
        { unidade: 'PREPAGO', nome: 'Carteira', ordem: 0, ativo: true },
        { unidade: 'CASHBACK', nome: 'Cashback Bonifica', ordem: 1, ativo: true },
        { unidade: 'PONTOS', nome: 'Pontos', ordem: 2, ativo: false },
      ],
    });
    expect(await auditoriasDe(t, { entidade: 'conta_padrao', entidadeId: 1, acao: 'ALTERAR' })).toHaveLength(1);

    const novo = await gerente.post('/services/client/save', { nome: 'Otávio Ordem', celular: '11987003344' });
    const id = env<{ id: number }>(novo).result.id;
    expect(await contasDe(id)).toEqual(['CASHBACK', 'PREPAGO']);
    const saldos = env<SaldoConta[]>(await gerente.get(`/services/account/saldos/${id}`)).results as unknown as SaldoConta[];
    expect(saldos.map((s) => s.nome)).toEqual(['Carteira', 'Cashback Bonifica']);
  });
});

describe('criar as contas padrão de um cliente e atribuí-las a todos', () => {
  it('GET account/criar/contaspadrao/{id} cria as que faltam, uma vez; exige XSRF; cliente de fora é 404', async () => {
    const id = await semContas('Sérgio Sem Conta');
    expect((await gerente.get(`/services/account/criar/contaspadrao/${id}`, { semXsrf: true })).statusCode).toBe(403);
    expect((await gerente.head(`/services/account/criar/contaspadrao/${id}`, { semXsrf: true })).statusCode).toBe(403);
    expect(await contasDe(id)).toEqual([]);
    const r = await gerente.get(`/services/account/criar/contaspadrao/${id}`);
    expect(r.statusCode, r.body).toBe(200);
    expect(env(r).result).toEqual({ criadas: 2, clientes: 1 });
    expect(await contasDe(id)).toEqual(['CASHBACK', 'PREPAGO']);
    expect(env(await gerente.get(`/services/account/criar/contaspadrao/${id}`)).result).toEqual({ criadas: 0, clientes: 1 });
    expect((await gerente.get('/services/account/criar/contaspadrao/999999')).statusCode).toBe(404);
    expect((await gerente.get('/services/account/criar/contaspadrao/abc')).statusCode).toBe(400);
  });

  it('POST account/contapadrao/atribuir cria as que faltam para todos os clientes da empresa e conta quantas', async () => {
    await semContas('Teresa Sem Conta');
    expect((await atendente.post('/services/account/contapadrao/atribuir')).statusCode).toBe(403);
    const faltando = () =>
      contar(sql`
        select count(*)::int n from cliente c cross join (values ('CASHBACK'), ('PREPAGO')) v(tipo)
        where c.empresa_id = 1 and c.status <> 'ANONIMIZADO'
          and not exists (select 1 from conta k where k.cliente_id = c.id and k.tipo = v.tipo)`);
    const antes = await faltando();
    expect(antes).toBeGreaterThan(20);
    const total = await contar(sql`select count(*)::int n from cliente where empresa_id = 1 and status <> 'ANONIMIZADO'`);
    const r = await gerente.post('/services/account/contapadrao/atribuir');
    expect(r.statusCode, r.body).toBe(200);
    expect(env(r).result).toEqual({ criadas: antes, clientes: total });
    expect(await faltando()).toBe(0);
    expect(env(await gerente.post('/services/account/contapadrao/atribuir')).result).toEqual({ criadas: 0, clientes: total });
    // Other companies are untouched.
    expect(await contar(sql`select count(*)::int n from conta where empresa_id = 4 and tipo = 'PREPAGO'`)).toBe(0);
  });
});

describe('POST account/createAccount', () => {
  it('cria uma conta de um tipo; repetir é 409; entrada ruim é 400; só quem gerencia clientes', async () => {
    const id = await semContas('Úrsula Uma Conta');
    const r = await gerente.post('/services/account/createAccount', { clienteId: id, unidade: 'PONTOS' });
    expect(r.statusCode, r.body).toBe(200);
    expect(env(r).result).toMatchObject({ clienteId: id, unidade: 'PONTOS', saldo: 0 });
    const deNovo = await gerente.post('/services/account/createAccount', { clienteId: id, unidade: 'PONTOS' });
    expect(deNovo.statusCode).toBe(409);
    expect(env(deNovo).messageError).toBe('Este cliente já tem uma conta deste tipo.');
    for (const corpo of [{ clienteId: id, unidade: 'OURO' }, { clienteId: 'x', unidade: 'PONTOS' }, { clienteId: id }, { clienteId: id, unidade: 'PONTOS', saldo: 10 }]) {
      expect((await gerente.post('/services/account/createAccount', corpo)).statusCode, JSON.stringify(corpo)).toBe(400);
    }
    expect((await atendente.post('/services/account/createAccount', { clienteId: id, unidade: 'CASHBACK' })).statusCode).toBe(403);
    expect(await contasDe(id)).toEqual(['PONTOS']);
    expect(await t.banco.db.select().from(conta).where(and(eq(conta.clienteId, id), eq(conta.tipo, 'CASHBACK')))).toEqual([]);
  });
});

describe('menu', () => {
  it('Contas padrão e Unificação de contas aparecem no grupo Contas só para a gestão', async () => {
    const itens = async (c: Cliente) => {
      const menu = env<{ menuList: ItemMenu[] }>(await c.get('/services/backoffice/menu')).result.menuList;
      const todos = (l: ItemMenu[]): ItemMenu[] => l.flatMap((i) => [i, ...todos(i.subMenu)]);
      return todos(menu).filter((i) => i.titulo === 'Contas padrão' || i.titulo === 'Unificação de contas').map((i) => [i.titulo, i.state]);
    };
    expect(await itens(gerente)).toEqual([
      ['Contas padrão', '/app/cadastros/contas-padrao'],
      ['Unificação de contas', '/app/cadastros/unificacao-contas'],
    ]);
    expect(await itens(atendente)).toEqual([]);
  });
});
