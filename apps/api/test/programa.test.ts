import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { calcularAcumulo, regraDoWire, type AlteracaoRegra, type LinhaExtrato, type Pagina, type RegraFilial, type RegraProgramaWire, type ResultadoVenda } from '@bonifica/contracts';
import { cliente } from '../src/db/schema/index.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';

// The manager's programme screen (docs/areas/programa.md): branch overrides, the audit trail, and
// the promise that a rule change never touches a sale already made.

let t: AppDeTeste;
let gerente: Cliente;
let atendente: Cliente;
let outra: Cliente;
let jardins: number;
let moema: number;

const REGRA_DEMO = { cashbackPercentual: 5, pontosPorReal: 1, compraMinima: 10, maximoCashbackPorVenda: 50, validadeDias: null, carenciaDias: 0 };

async function linhas<T>(consulta: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.banco.db.execute(consulta)) as unknown as { rows: T[] }).rows;
}

async function novoCliente(nome: string): Promise<number> {
  const [c] = await t.banco.db.insert(cliente).values({ empresaId: 1, nome, status: 'ATIVO' }).returning({ id: cliente.id });
  return c!.id;
}

async function vender(corpo: Record<string, unknown>): Promise<ResultadoVenda> {
  const r = await gerente.post('/services/transacao/venda', corpo);
  expect(r.statusCode, r.body).toBe(200);
  return env<ResultadoVenda>(r).result;
}

const salvar = (c: Cliente, corpo: Record<string, unknown>, filialId?: number) =>
  c.post(`/services/config/salvarconfiguracaoprograma${filialId ? `?filialId=${filialId}` : ''}`, corpo);

async function loteDaVenda(transacaoId: number) {
  const [l] = await linhas<{ criado: string; disponivel: string; expira: string | null; valor: number }>(sql`
    select k.criado_em::text criado, k.disponivel_em::text disponivel, k.expira_em::text expira, k.valor::int valor
    from transacao tr join credito k on k.lancamento_id = tr.lancamento_id join conta c on c.id = k.conta_id and c.tipo = 'CASHBACK'
    where tr.id = ${transacaoId}`);
  return l!;
}

const dias = (de: string, ate: string) => (Date.parse(ate) - Date.parse(de)) / 86_400_000;

beforeAll(async () => {
  t = await criarAppDeTeste();
  [gerente, atendente, outra] = await Promise.all([t.entrar('gerente'), t.entrar('atendente'), t.entrar('outra')]);
  const filiais = await linhas<{ id: number; nome_curto: string }>(sql`select id, nome_curto from empresa where tipo = 'FILIAL' and matriz_id = 1 order by nome_curto`);
  jardins = filiais.find((f) => f.nome_curto === 'Bonifica Jardins')!.id;
  moema = filiais.find((f) => f.nome_curto === 'Bonifica Moema')!.id;
});
afterAll(() => t.fechar());

describe('regra por filial', () => {
  it('sem regra própria, a filial mostra a da empresa (propria: false); com regra própria, a dela prevalece na venda', async () => {
    const herdada = env<RegraProgramaWire>(await gerente.get(`/services/config/configuracaoprograma?filialId=${jardins}`)).result;
    expect(herdada).toMatchObject({ ...REGRA_DEMO, filialId: jardins, propria: false });

    const r = await salvar(gerente, { ...REGRA_DEMO, cashbackPercentual: 10, maximoCashbackPorVenda: null }, jardins);
    expect(r.statusCode, r.body).toBe(200);
    expect(env<RegraProgramaWire>(r).result).toMatchObject({ cashbackPercentual: 10, filialId: jardins, propria: true });
    const lista = env(await gerente.get('/services/config/configuracaoprograma/filiais')).results as RegraFilial[];
    expect(lista.map((f) => [f.filialId, f.nome, f.regra.cashbackPercentual])).toEqual([[jardins, 'Bonifica Jardins', 10]]);
    // The company's own rule is untouched.
    expect(env<RegraProgramaWire>(await gerente.get('/services/config/configuracaoprograma')).result).toMatchObject({ cashbackPercentual: 5, propria: true, filialId: null });

    const id = await novoCliente('Cliente Filial');
    expect(await vender({ clienteId: id, valor: 100, filialId: jardins })).toMatchObject({ cashback: 10 });
    expect(await vender({ clienteId: id, valor: 100, filialId: moema })).toMatchObject({ cashback: 5 });
    expect(await vender({ clienteId: id, valor: 100 })).toMatchObject({ cashback: 5 });
  });

  it('excluir a regra própria volta a filial para a da empresa; excluir de novo é 404', async () => {
    const r = await gerente.delete(`/services/config/configuracaoprograma/filial/${jardins}`);
    expect(r.statusCode, r.body).toBe(200);
    expect(env<RegraProgramaWire>(r).result).toMatchObject({ cashbackPercentual: 5, propria: false });
    expect(env<RegraFilial>(await gerente.get('/services/config/configuracaoprograma/filiais')).results).toEqual([]);
    const id = await novoCliente('Cliente Filial 2');
    expect(await vender({ clienteId: id, valor: 100, filialId: jardins })).toMatchObject({ cashback: 5 });
    const de_novo = await gerente.delete(`/services/config/configuracaoprograma/filial/${jardins}`);
    expect(de_novo.statusCode).toBe(404);
    expect(env(de_novo).messageError).toMatch(/não tem regra própria/);
  });

  it('filial de outra empresa ou inexistente: 404, nunca a regra', async () => {
    for (const c of [outra]) {
      expect((await c.get(`/services/config/configuracaoprograma?filialId=${jardins}`)).statusCode).toBe(404);
      expect((await salvar(c, REGRA_DEMO, jardins)).statusCode).toBe(404);
      expect((await c.delete(`/services/config/configuracaoprograma/filial/${jardins}`)).statusCode).toBe(404);
    }
    const r = await gerente.get('/services/config/configuracaoprograma?filialId=999999');
    expect(r.statusCode).toBe(404);
    expect(env(r).messageError).toBe('Filial não encontrada.');
    // The company's own id is not a branch.
    expect((await salvar(gerente, REGRA_DEMO, 1)).statusCode).toBe(404);
    expect((await gerente.get('/services/config/configuracaoprograma?filialId=abc')).statusCode).toBe(400);
    expect(await linhas(sql`select 1 from regra_programa where filial_id = 1 or empresa_id <> 1 and filial_id = ${jardins}`)).toEqual([]);
  });

  it('só a gestão: o atendente recebe 403 em todas as chamadas', async () => {
    expect((await atendente.get(`/services/config/configuracaoprograma?filialId=${jardins}`)).statusCode).toBe(403);
    expect((await atendente.get('/services/config/configuracaoprograma/filiais')).statusCode).toBe(403);
    expect((await salvar(atendente, REGRA_DEMO, jardins)).statusCode).toBe(403);
    expect((await atendente.delete(`/services/config/configuracaoprograma/filial/${jardins}`)).statusCode).toBe(403);
    expect((await atendente.post('/services/config/configuracaoprograma/historico/0/10')).statusCode).toBe(403);
  });
});

describe('mudar a regra não muda vendas passadas', () => {
  it('a venda feita antes guarda cashback e datas do lote; a seguinte usa a regra nova', async () => {
    expect((await salvar(gerente, { ...REGRA_DEMO, carenciaDias: 2, validadeDias: 30 })).statusCode).toBe(200);
    const id = await novoCliente('Cliente Passado');
    const antes = await vender({ clienteId: id, valor: 100 });
    expect(antes.cashback).toBe(5);
    const lote = await loteDaVenda(antes.transacaoId);
    expect(lote.valor).toBe(500);
    expect(dias(lote.criado, lote.disponivel)).toBe(2);
    expect(dias(lote.criado, lote.expira!)).toBe(30);

    expect((await salvar(gerente, { ...REGRA_DEMO, cashbackPercentual: 8, carenciaDias: 0, validadeDias: 90 })).statusCode).toBe(200);
    expect(await loteDaVenda(antes.transacaoId)).toEqual(lote);
    const [venda] = await linhas<{ cashback_centavos: number }>(sql`select cashback_centavos from transacao where id = ${antes.transacaoId}`);
    expect(venda!.cashback_centavos).toBe(500);

    const depois = await vender({ clienteId: id, valor: 100 });
    expect(depois.cashback).toBe(8);
    const novo = await loteDaVenda(depois.transacaoId);
    expect(dias(novo.criado, novo.disponivel)).toBe(0);
    expect(dias(novo.criado, novo.expira!)).toBe(90);
    // Back to the demo rule.
    expect((await salvar(gerente, REGRA_DEMO)).statusCode).toBe(200);
  });

  it('o exemplo da tela (contracts calcularAcumulo) é o centavo que a venda dá', async () => {
    const regra = { cashbackPercentual: 3.33, pontosPorReal: 2, compraMinima: 0, maximoCashbackPorVenda: null, validadeDias: null, carenciaDias: 0 };
    expect((await salvar(gerente, regra)).statusCode).toBe(200);
    const id = await novoCliente('Cliente Exemplo');
    for (const valor of [0.01, 1.99, 99.99, 123.45, 777.77]) {
      const v = await vender({ clienteId: id, valor });
      const previsto = calcularAcumulo(regraDoWire(regra), Math.round(valor * 100), 0);
      expect([v.cashback, v.pontos], String(valor)).toEqual([previsto.cashbackCentavos / 100, previsto.pontos]);
    }
    expect((await salvar(gerente, REGRA_DEMO)).statusCode).toBe(200);
  });
});

describe('histórico de alterações (config/configuracaoprograma/historico)', () => {
  it('quem, quando, antes → depois, da empresa e das filiais, mais recente primeiro', async () => {
    expect((await salvar(gerente, { ...REGRA_DEMO, cashbackPercentual: 6 }, moema)).statusCode).toBe(200);
    const r = await gerente.post('/services/config/configuracaoprograma/historico/0/3');
    expect(r.statusCode, r.body).toBe(200);
    const p = env<Pagina<AlteracaoRegra>>(r).result;
    expect(p.totalElements).toBeGreaterThanOrEqual(8);
    expect(p.content).toHaveLength(3);
    const [ultima, penultima] = p.content;
    expect(ultima).toMatchObject({ acao: 'ALTERAR', usuario: 'Gabriel Gerente Souza', filialId: moema, escopo: 'Bonifica Moema', antes: null, depois: { cashbackPercentual: 6 } });
    expect(penultima).toMatchObject({ filialId: null, escopo: 'Empresa', antes: { cashbackPercentual: 3.33 }, depois: { cashbackPercentual: 5 } });
    expect(Date.parse(ultima!.criadoEm)).not.toBeNaN();
    const exclusao = (await gerente.post('/services/config/configuracaoprograma/historico/0/100')).json() as { result: Pagina<AlteracaoRegra> };
    expect(exclusao.result.content.find((a) => a.acao === 'EXCLUIR')).toMatchObject({ filialId: jardins, escopo: 'Bonifica Jardins', depois: null, antes: { cashbackPercentual: 10 } });
  });

  it('outra empresa não vê nada desta; página inválida é 400', async () => {
    const r = await outra.post('/services/config/configuracaoprograma/historico/0/100');
    expect(r.statusCode).toBe(200);
    expect(env<Pagina<AlteracaoRegra>>(r).result.content).toEqual([]);
    expect((await gerente.post('/services/config/configuracaoprograma/historico/0/101')).statusCode).toBe(400);
  });
});

describe('extrato: o que pode ser estornado', () => {
  it('só ajuste não estornado vem com estornavel: true', async () => {
    const id = await novoCliente('Cliente Estorno');
    await vender({ clienteId: id, valor: 50 });
    const ajuste = await gerente.post('/services/account/lancamento/ajuste', { clienteId: id, unidade: 'CASHBACK', valor: 3, motivo: 'Cortesia' });
    expect(ajuste.statusCode, ajuste.body).toBe(200);
    const extrato = async () => env<Pagina<LinhaExtrato>>(await gerente.post(`/services/account/extrato/${id}/0/10`, { unidade: 'CASHBACK' })).result.content;
    expect((await extrato()).map((l) => [l.tipo, l.estornavel])).toEqual([
      ['AJUSTE', true],
      ['VENDA', false],
    ]);
    const lancamentoId = env<{ lancamentoId: number }>(ajuste).result.lancamentoId;
    expect((await gerente.post(`/services/account/lancamento/estornar/${lancamentoId}`, { motivo: 'Lançado por engano' })).statusCode).toBe(200);
    expect((await extrato()).map((l) => [l.tipo, l.estornavel])).toEqual([
      ['ESTORNO', false],
      ['AJUSTE', false],
      ['VENDA', false],
    ]);
  });
});
