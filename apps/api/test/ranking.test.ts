import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { ContaBloqueada, LinhaRanking, Pagina } from '@bonifica/contracts';
import { cliente, conta } from '../src/db/schema/index.js';
import { cancelarVenda, registrarVenda } from '../src/modules/transacao/venda.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';
import { auditoriasDe } from './apoio/consultas.js';
import { textoDoPdf } from './apoio/pdf-texto.js';

let t: AppDeTeste;
let gerente: Cliente;
let atendente: Cliente;
const ids: Record<string, number> = {};

async function novoCliente(nome: string, documento: string | null = null): Promise<number> {
  const [c] = await t.banco.db.insert(cliente).values({ empresaId: 1, nome, documento }).returning({ id: cliente.id });
  return c!.id;
}

/** A sale in March 2020 (Brasília), through the same service as the API: a period only this file writes to. */
async function vendaEm(nome: string, dia: string, valorCentavos: number, filialId = 1, cancelar = false) {
  await t.banco.db.transaction(async (tx) => {
    const v = await registrarVenda(tx, { empresaId: 1, clienteId: ids[nome]!, filialId, valorCentavos, resgateCentavos: 0, usuarioId: null, criadoEm: new Date(`${dia}T15:00:00-03:00`) });
    if (cancelar) await cancelarVenda(tx, { empresaId: 1, transacaoId: v.transacaoId, usuarioId: null });
  });
}

const MARCO = { de: '2020-03-01', ate: '2020-03-31' };

async function ranking(filtro: Record<string, unknown>, page = 0, size = 20): Promise<Pagina<LinhaRanking>> {
  const r = await gerente.post(`/services/account/ranking/${page}/${size}`, filtro);
  expect(r.statusCode, r.body).toBe(200);
  return env<Pagina<LinhaRanking>>(r).result;
}
const resumo = (p: Pagina<LinhaRanking>) => p.content.map((l) => [l.posicao, l.nome]);

beforeAll(async () => {
  t = await criarAppDeTeste();
  [gerente, atendente] = await Promise.all([t.entrar('gerente'), t.entrar('atendente')]);
  for (const nome of ['Bruna Ranking', 'Alice Ranking', 'Caio Ranking', 'Davi Cancelado', 'Eva Abril']) ids[nome] = await novoCliente(nome);
  // Programme rule of the demo: 5%, 1 point per real, minimum R$ 10,00, cap R$ 50,00.
  await vendaEm('Alice Ranking', '2020-03-01', 10_000, 2); // R$ 5,00, 100 pts
  await vendaEm('Alice Ranking', '2020-03-31', 5_099, 2); // R$ 2,54, 50 pts  → 7,54 / 150 pts / R$ 150,99
  await vendaEm('Bruna Ranking', '2020-03-15', 15_080, 3); // R$ 7,54, 150 pts / R$ 150,80
  await vendaEm('Caio Ranking', '2020-03-10', 4_000, 2); // R$ 2,00, 40 pts
  await vendaEm('Caio Ranking', '2020-03-11', 900, 2); // below the minimum: buys, accrues nothing
  await vendaEm('Davi Cancelado', '2020-03-12', 90_000, 2, true);
  await vendaEm('Eva Abril', '2020-04-01', 90_000, 2);
});
afterAll(() => t.fechar());

describe('ranking de clientes (account/ranking/{page}/{size})', () => {
  it('por cashback: empate divide a posição (1, 1, 3) e lista por nome; vendas canceladas e fora do período não contam', async () => {
    const p = await ranking({ criterio: 'CASHBACK', ...MARCO });
    expect(resumo(p)).toEqual([
      [1, 'Alice Ranking'],
      [1, 'Bruna Ranking'],
      [3, 'Caio Ranking'],
    ]);
    expect(p.content[0]).toMatchObject({ compras: 2, valorCompras: 150.99, cashback: 7.54, pontos: 150 });
    expect(p.content[2]).toMatchObject({ compras: 2, valorCompras: 49, cashback: 2, pontos: 40 });
    expect(p.totalElements).toBe(3);
  });

  it('por valor em compras o desempate some; por pontos volta; a filial filtra', async () => {
    expect(resumo(await ranking({ criterio: 'COMPRAS', ...MARCO }))).toEqual([
      [1, 'Alice Ranking'],
      [2, 'Bruna Ranking'],
      [3, 'Caio Ranking'],
    ]);
    expect(resumo(await ranking({ criterio: 'PONTOS', ...MARCO }))).toEqual([
      [1, 'Alice Ranking'],
      [1, 'Bruna Ranking'],
      [3, 'Caio Ranking'],
    ]);
    expect(resumo(await ranking({ criterio: 'CASHBACK', ...MARCO, filialId: 3 }))).toEqual([[1, 'Bruna Ranking']]);
    expect(resumo(await ranking({ criterio: 'COMPRAS', de: '2020-03-31', ate: '2020-04-01' }))).toEqual([
      [1, 'Eva Abril'],
      [2, 'Alice Ranking'],
    ]);
  });

  it('pagina mantendo a posição de cada um', async () => {
    const segunda = await ranking({ criterio: 'CASHBACK', ...MARCO }, 1, 2);
    expect(segunda).toMatchObject({ number: 1, size: 2, totalElements: 3, totalPages: 2 });
    expect(resumo(segunda)).toEqual([[3, 'Caio Ranking']]);
  });

  it('entrada inválida é 400 em português; o atendente não vê o ranking', async () => {
    const casos: [Record<string, unknown>, RegExp][] = [
      [{ ...MARCO }, /Critério inválido/],
      [{ criterio: 'SALDO', ...MARCO }, /Critério inválido/],
      [{ criterio: 'CASHBACK', de: '2020-03-31', ate: '2020-03-01' }, /data final/],
      [{ criterio: 'CASHBACK', de: '2019-01-01', ate: '2020-03-01' }, /até 366 dias/],
      [{ criterio: 'CASHBACK', de: '01/03/2020', ate: '2020-03-31' }, /AAAA-MM-DD/],
      [{ criterio: 'CASHBACK', ...MARCO, filialId: 'x' }, /Filial inválida/],
    ];
    for (const [corpo, msg] of casos) {
      const r = await gerente.post('/services/account/ranking/0/10', corpo);
      expect(r.statusCode, JSON.stringify(corpo)).toBe(400);
      expect(env(r).messageError).toMatch(msg);
    }
    expect((await gerente.post('/services/account/ranking/0/0', { criterio: 'CASHBACK', ...MARCO })).statusCode).toBe(400);
    expect((await atendente.post('/services/account/ranking/0/10', { criterio: 'CASHBACK', ...MARCO })).statusCode).toBe(403);
    expect((await atendente.post('/services/account/ranking/impressao', { criterio: 'CASHBACK', ...MARCO })).statusCode).toBe(403);
  });

  it('impressão: um PDF com as posições, o critério, o período e a filial', async () => {
    const r = await gerente.post('/services/account/ranking/impressao', { criterio: 'CASHBACK', ...MARCO, filialId: 2, limite: 10 });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const texto = textoDoPdf(r.rawPayload).join('\n').replace(/ \n/g, ' ');
    expect(texto).toContain('Ranking de clientes — Cashback acumulado');
    expect(texto).toContain('Período de 01/03/2020 a 31/03/2020 · Filial Bonifica Jardins');
    expect(texto).toMatch(/1º\s*Alice Ranking/);
    expect(texto).toMatch(/2º\s*Caio Ranking/);
    expect(texto).not.toContain('Bruna');
    expect((await gerente.post('/services/account/ranking/impressao', { criterio: 'CASHBACK', ...MARCO, limite: 1001 })).statusCode).toBe(400);
  });
});

describe('contas bloqueadas (account/contasbloqueadas, bloquear, desbloquear, imprimir)', () => {
  const listar = async (filtro: Record<string, unknown> = {}) => {
    const r = await gerente.post('/services/account/contasbloqueadas/0/20', filtro);
    expect(r.statusCode, r.body).toBe(200);
    return env<Pagina<ContaBloqueada>>(r).result;
  };

  it('a demo traz a conta de cashback da Letícia, com motivo, data e saldo', async () => {
    const p = await listar();
    expect(p.content).toHaveLength(1);
    expect(p.content[0]).toMatchObject({ clienteNome: 'Letícia Albuquerque Santos', unidade: 'CASHBACK', motivo: expect.stringMatching(/Suspeita de fraude/) });
    expect(p.content[0]!.saldo).toBeGreaterThan(0);
    expect(p.content[0]!.bloqueadaEm).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('bloquear: a venda deixa de creditar a conta bloqueada (decisão 024); desbloquear libera; tudo auditado', async () => {
    const id = await novoCliente('Cliente Conta Travada', '52998224725');
    const vender = () => gerente.post('/services/transacao/venda', { clienteId: id, valor: 100 });
    expect((await vender()).statusCode).toBe(200);

    const b = await gerente.post('/services/account/bloquear', { clienteId: id, unidade: 'PONTOS', motivo: 'Pontos comprados de terceiros' });
    expect(b.statusCode, b.body).toBe(200);
    const deNovo = await gerente.post('/services/account/bloquear', { clienteId: id, unidade: 'PONTOS', motivo: 'De novo' });
    expect(deNovo.statusCode).toBe(409);
    expect(env(deNovo).messageError).toBe('Esta conta já está bloqueada.');

    const soCashback = await vender();
    expect(soCashback.statusCode, soCashback.body).toBe(200);
    expect(env(soCashback).result).toMatchObject({ cashback: 5, pontos: 0, contasBloqueadas: ['PONTOS'] });

    expect((await listar({ busca: '529.982.247-25' })).content.map((c) => [c.clienteNome, c.unidade, c.saldo, c.motivo])).toEqual([
      ['Cliente Conta Travada', 'PONTOS', 100, 'Pontos comprados de terceiros'],
    ]);
    expect((await listar({ unidade: 'PREPAGO' })).totalElements).toBe(0);

    const d = await gerente.post('/services/account/desbloquear', { clienteId: id, unidade: 'PONTOS', motivo: 'Conferido com o cliente' });
    expect(d.statusCode, d.body).toBe(200);
    expect((await gerente.post('/services/account/desbloquear', { clienteId: id, unidade: 'PONTOS' })).statusCode).toBe(409);
    expect(env(await vender()).result).toMatchObject({ pontos: 100, contasBloqueadas: [] });
    const [c] = await t.banco.db.select({ id: conta.id }).from(conta).where(sql`${conta.clienteId} = ${id} and ${conta.tipo} = 'PONTOS'`);
    expect((await auditoriasDe(t, { entidade: 'conta', entidadeId: c!.id })).map((a) => a.acao)).toEqual(['BLOQUEAR', 'DESBLOQUEAR']);
  });

  it('bloquear uma conta que ainda não existe a cria já bloqueada; o resgate de cashback para, a venda só de pontos passa', async () => {
    const id = await novoCliente('Cliente Sem Conta');
    expect((await gerente.post('/services/account/bloquear', { clienteId: id, unidade: 'CASHBACK', motivo: 'Cadastro em análise' })).statusCode).toBe(200);
    const r = await gerente.post('/services/transacao/venda', { clienteId: id, valor: 50, resgate: 1 });
    expect(r.statusCode).toBe(409);
    expect(env(r).messageError).toMatch(/conta de cashback deste cliente está bloqueada/);
    const pontos = await gerente.post('/services/transacao/venda', { clienteId: id, valor: 50 });
    expect(env(pontos).result).toMatchObject({ cashback: 0, pontos: 50, contasBloqueadas: ['CASHBACK'] });
  });

  it('entrada inválida: 400 e nada muda; o atendente não bloqueia nem vê a lista', async () => {
    const id = await novoCliente('Cliente Intocado');
    const casos: [string, Record<string, unknown>, RegExp][] = [
      ['bloquear', { clienteId: id, unidade: 'CASHBACK', motivo: 'ab' }, /ao menos 3 letras/],
      ['bloquear', { clienteId: id, unidade: 'CASHBACK' }, /motivo/],
      ['bloquear', { clienteId: id, unidade: 'OURO', motivo: 'Fraude' }, /Unidade inválida/],
      ['bloquear', { unidade: 'CASHBACK', motivo: 'Fraude' }, /Informe o cliente/],
      ['desbloquear', { clienteId: id, unidade: 'CASHBACK', motivo: 'x'.repeat(201) }, /longo demais/],
    ];
    for (const [rota, corpo, msg] of casos) {
      const r = await gerente.post(`/services/account/${rota}`, corpo);
      expect(r.statusCode, JSON.stringify(corpo)).toBe(400);
      expect(env(r).messageError).toMatch(msg);
    }
    expect((await gerente.post('/services/account/bloquear', { clienteId: 999_999, unidade: 'CASHBACK', motivo: 'Fraude' })).statusCode).toBe(404);
    expect((await gerente.post('/services/account/desbloquear', { clienteId: id, unidade: 'CASHBACK' })).statusCode).toBe(404);
    expect((await atendente.post('/services/account/bloquear', { clienteId: id, unidade: 'CASHBACK', motivo: 'Fraude' })).statusCode).toBe(403);
    expect((await atendente.post('/services/account/contasbloqueadas/0/10', {})).statusCode).toBe(403);
    expect((await atendente.post('/services/account/imprimir/contasbloqueadas', {})).statusCode).toBe(403);
    expect((await gerente.post('/services/account/contasbloqueadas/0/10', { unidade: 'X' })).statusCode).toBe(400);
    const [n] = await t.banco.db.select({ n: sql<number>`count(*)::int` }).from(conta).where(eq(conta.clienteId, id));
    expect(n!.n).toBe(0);
  });

  it('imprimir: um PDF com as contas bloqueadas do filtro', async () => {
    const r = await gerente.post('/services/account/imprimir/contasbloqueadas', { unidade: 'CASHBACK' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const texto = textoDoPdf(r.rawPayload).join('\n').replace(/ \n/g, ' ');
    expect(texto).toContain('Contas bloqueadas');
    expect(texto).toContain('Letícia Albuquerque Santos');
    expect(texto).toContain('Suspeita de fraude');
  });
});
