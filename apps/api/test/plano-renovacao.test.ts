import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { hojeISO, type ClientePlano, type Plano, type ResultadoRenovacao } from '@bonifica/contracts';
import { cliente, clientePlano, conta } from '../src/db/schema/index.js';
import { contaCliente } from '../src/modules/account/razao.js';
import { fimDoPeriodo, somarDias, somarMeses } from '../src/modules/plano/periodo.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';
import { auditoriasDe } from './apoio/consultas.js';

let t: AppDeTeste;
let gerente: Cliente;
let atendente: Cliente;
let prata: Plano;
const hoje = hojeISO();

async function novoCliente(nome: string): Promise<number> {
  const [c] = await t.banco.db.insert(cliente).values({ empresaId: 1, nome }).returning({ id: cliente.id });
  return c!.id;
}

async function contratar(clienteId: number, inicio: string): Promise<ClientePlano> {
  const r = await gerente.post('/services/account/clienteplano/save', { clienteId, planoId: prata.id, inicio });
  expect(r.statusCode, r.body).toBe(200);
  return env<ClientePlano>(r).result;
}

async function fimDe(id: number): Promise<string> {
  const [c] = await t.banco.db.select({ fim: clientePlano.fim }).from(clientePlano).where(eq(clientePlano.id, id));
  return c!.fim;
}

const renovar = (corpo: Record<string, unknown>, c: Cliente = gerente, chave?: string) =>
  c.post('/services/account/renovar', corpo, chave ? { headers: { 'idempotency-key': chave } } : {});

beforeAll(async () => {
  t = await criarAppDeTeste();
  [gerente, atendente] = await Promise.all([t.entrar('gerente'), t.entrar('atendente')]);
  prata = (env<null>(await gerente.get('/services/config/configuracaoplano')).results as Plano[]).find((p) => p.nome === 'Clube Prata')!;
});
afterAll(() => t.fechar());

describe('renovar um contrato (account/gerarrenovacao/{id})', () => {
  it('em dia: o próximo período começa no dia seguinte ao fim; exige XSRF; a chave de idempotência não renova duas vezes', async () => {
    const c = await contratar(await novoCliente('Cliente Renova'), somarDias(hoje, -5));
    expect((await gerente.get(`/services/account/gerarrenovacao/${c.id}`, { semXsrf: true })).statusCode).toBe(403);
    expect((await gerente.head(`/services/account/gerarrenovacao/${c.id}`, { semXsrf: true })).statusCode).toBe(403);
    expect((await atendente.get(`/services/account/gerarrenovacao/${c.id}`)).statusCode).toBe(403);
    expect(await fimDe(c.id)).toBe(c.fim);

    const r = await gerente.get(`/services/account/gerarrenovacao/${c.id}`, { headers: { 'idempotency-key': `renova-${c.id}` } });
    expect(r.statusCode, r.body).toBe(200);
    const esperado = fimDoPeriodo(somarDias(c.fim, 1), 'MENSAL');
    expect(env<ClientePlano>(r).result).toMatchObject({ id: c.id, fim: esperado, situacao: 'VIGENTE' });
    const repetida = await gerente.get(`/services/account/gerarrenovacao/${c.id}`, { headers: { 'idempotency-key': `renova-${c.id}` } });
    expect(env<ClientePlano>(repetida).result.fim).toBe(esperado);
    expect(await fimDe(c.id)).toBe(esperado);
    const trilha = await auditoriasDe(t, { entidade: 'cliente_plano', entidadeId: c.id, acao: 'RENOVAR' });
    expect(trilha.map((a) => [a.antes, a.depois])).toEqual([[{ fim: c.fim }, { fim: esperado }]]);
  });

  it('vencido: o novo período começa hoje, sem vender dias que já passaram', async () => {
    const c = await contratar(await novoCliente('Cliente Atrasado'), somarMeses(hoje, -3));
    expect(c.situacao).toBe('VENCIDO');
    const r = await gerente.get(`/services/account/gerarrenovacao/${c.id}`);
    expect(env<ClientePlano>(r).result).toMatchObject({ fim: fimDoPeriodo(hoje, 'MENSAL'), situacao: 'VIGENTE' });
  });

  it('cancelado não renova (409); inexistente é 404; id inválido é 400', async () => {
    const id = await novoCliente('Cliente Cancelado Renova');
    const c = await contratar(id, hoje);
    await gerente.get(`/services/account/clienteplano/cancelar/${id}/${c.id}`);
    const r = await gerente.get(`/services/account/gerarrenovacao/${c.id}`);
    expect(r.statusCode).toBe(409);
    expect(env(r).messageError).toBe('Contrato cancelado não pode ser renovado: contrate o plano de novo.');
    expect(await fimDe(c.id)).toBe(c.fim);
    expect((await gerente.get('/services/account/gerarrenovacao/999999')).statusCode).toBe(404);
    expect((await gerente.get('/services/account/gerarrenovacao/0')).statusCode).toBe(400);
  });
});

describe('renovação em lote (account/renovar)', () => {
  it('PLANO: renova os contratos ativos que vencem até a data, só os do filtro, e conta quantos', async () => {
    const a = await contratar(await novoCliente('Lote A'), somarDias(hoje, -29));
    const b = await contratar(await novoCliente('Lote B'), somarDias(hoje, -20));
    const longe = await contratar(await novoCliente('Lote Longe'), hoje);
    const idCancelado = await novoCliente('Lote Cancelado');
    const cancelado = await contratar(idCancelado, somarDias(hoje, -29));
    await gerente.get(`/services/account/clienteplano/cancelar/${idCancelado}/${cancelado.id}`);
    const r = await renovar({ alvo: 'PLANO', vencendoAte: somarDias(hoje, 15), clienteId: a.clienteId });
    expect(r.statusCode, r.body).toBe(200);
    expect(env<ResultadoRenovacao>(r).result).toEqual({ alvo: 'PLANO', renovados: 1 });
    expect(await fimDe(a.id)).toBe(fimDoPeriodo(somarDias(a.fim, 1), 'MENSAL'));
    expect(await fimDe(b.id)).toBe(b.fim);

    const todos = await renovar({ alvo: 'PLANO', vencendoAte: somarDias(hoje, 15), planoId: prata.id });
    // b and the demo's Camila (Clube Prata, started 20 days ago) end within 15 days.
    expect(env<ResultadoRenovacao>(todos).result.renovados).toBe(2);
    expect(await fimDe(b.id)).toBe(fimDoPeriodo(somarDias(b.fim, 1), 'MENSAL'));
    expect(await fimDe(longe.id)).toBe(longe.fim);
    expect(await fimDe(cancelado.id)).toBe(cancelado.fim);
    const [lote] = await t.banco.db.execute(sql`select depois from auditoria where acao = 'RENOVAR_LOTE' order by id limit 1`).then((x) => (x as unknown as { rows: { depois: { renovados: { id: number }[] } }[] }).rows);
    expect(lote!.depois.renovados.map((x) => x.id)).toEqual([a.id]);
  });

  it('CONTA: a validade das contas que vencem avança os meses pedidos (12 se não disser); contas sem validade ficam', async () => {
    const id = await novoCliente('Cliente Validade');
    const cashback = await contaCliente(t.banco.db, 1, id, 'CASHBACK');
    const pontos = await contaCliente(t.banco.db, 1, id, 'PONTOS');
    const prepago = await contaCliente(t.banco.db, 1, id, 'PREPAGO');
    const vence = somarDias(hoje, 3);
    await t.banco.db.update(conta).set({ validaAte: vence }).where(eq(conta.id, cashback));
    await t.banco.db.update(conta).set({ validaAte: somarDias(hoje, -10) }).where(eq(conta.id, pontos));
    const r = await renovar({ alvo: 'CONTA', vencendoAte: somarDias(hoje, 7), clienteId: id });
    expect(env<ResultadoRenovacao>(r).result).toEqual({ alvo: 'CONTA', renovados: 2 });
    const validade = async (contaId: number) => (await t.banco.db.select({ v: conta.validaAte }).from(conta).where(eq(conta.id, contaId)))[0]!.v;
    expect(await validade(cashback)).toBe(somarDias(somarMeses(somarDias(vence, 1), 12), -1));
    expect(await validade(pontos)).toBe(somarDias(somarMeses(hoje, 12), -1));
    expect(await validade(prepago)).toBeNull();
    const seis = await renovar({ alvo: 'CONTA', vencendoAte: '2100-01-01', clienteId: id, unidade: 'PONTOS', meses: 6 });
    expect(env<ResultadoRenovacao>(seis).result.renovados).toBe(1);
  });

  it('entrada inválida: 400 e nada renovado; o atendente não renova', async () => {
    const c = await contratar(await novoCliente('Cliente Nada Muda'), somarDias(hoje, -29));
    const casos: [Record<string, unknown>, RegExp][] = [
      [{ vencendoAte: hoje }, /PLANO ou CONTA/],
      [{ alvo: 'PLANO' }, /vencimento/],
      [{ alvo: 'PLANO', vencendoAte: '2026-13-01' }, /vencimento/],
      [{ alvo: 'PLANO', vencendoAte: hoje, meses: 3 }, /periodicidade/],
      [{ alvo: 'CONTA', vencendoAte: hoje, meses: 61 }, /1 a 60 meses/],
      [{ alvo: 'CONTA', vencendoAte: hoje, planoId: prata.id }, /só vale para a renovação de planos/],
      [{ alvo: 'PLANO', vencendoAte: hoje, extra: true }, /.+/],
    ];
    for (const [corpo, msg] of casos) {
      const r = await renovar(corpo);
      expect(r.statusCode, JSON.stringify(corpo)).toBe(400);
      expect(env(r).messageError).toMatch(msg);
    }
    expect((await renovar({ alvo: 'PLANO', vencendoAte: '2100-01-01' }, atendente)).statusCode).toBe(403);
    expect(await fimDe(c.id)).toBe(c.fim);
  });
});
