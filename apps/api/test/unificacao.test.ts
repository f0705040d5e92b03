import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { BuscaUnificacao, QuantidadeUnificacao, ResultadoUnificacao, SaldoConta } from '@bonifica/contracts';
import { cliente, conta, credito, lancamento, unificacao } from '../src/db/schema/index.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';
import { auditoriasDe } from './apoio/consultas.js';
import { RAZAO_INTACTO, violacoesDoRazao } from './apoio/razao.js';

let t: AppDeTeste;
let gerente: Cliente;
let atendente: Cliente;
let origem = 0;
let destino = 0;

async function novoCliente(nome: string, celular: string | null = null): Promise<number> {
  const [c] = await t.banco.db.insert(cliente).values({ empresaId: 1, nome, celular }).returning({ id: cliente.id });
  return c!.id;
}
const ajuste = (clienteId: number, unidade: string, valor: number) =>
  gerente.post('/services/account/lancamento/ajuste', { clienteId, unidade, valor, motivo: 'Saldo de teste' });
const unificar = (c: Cliente, corpo: unknown, chave?: string) => c.post('/services/conta/unificacao/unificar', corpo, chave ? { headers: { 'idempotency-key': chave } } : {});

async function saldos(id: number): Promise<Record<string, number>> {
  const s = env<SaldoConta[]>(await gerente.get(`/services/account/saldos/${id}`)).results as unknown as SaldoConta[];
  return Object.fromEntries(s.map((x) => [x.unidade, x.saldo]));
}
async function lotesDe(clienteId: number) {
  return t.banco.db
    .select({ tipo: conta.tipo, valor: credito.valor, restante: credito.restante, expiraEm: credito.expiraEm, disponivelEm: credito.disponivelEm })
    .from(credito)
    .innerJoin(conta, eq(conta.id, credito.contaId))
    .where(eq(conta.clienteId, clienteId))
    .orderBy(asc(credito.id));
}
const contarUnificacoes = async () => (await t.banco.db.select().from(unificacao)).length;

beforeAll(async () => {
  t = await criarAppDeTeste();
  [gerente, atendente] = await Promise.all([t.entrar('gerente'), t.entrar('atendente')]);
  // Credits lapse in 90 days from here, so the moved lots carry a date to preserve.
  await gerente.post('/services/config/salvarconfiguracaoprograma', { cashbackPercentual: 5, pontosPorReal: 1, compraMinima: 10, maximoCashbackPorVenda: 50, validadeDias: 90 });
  origem = await novoCliente('Paulo Duplicado', '11955554444');
  destino = await novoCliente('Paulo Henrique Original', '11955554444');
  expect((await ajuste(origem, 'CASHBACK', 12.34)).statusCode).toBe(200);
  expect((await ajuste(origem, 'PONTOS', 150)).statusCode).toBe(200);
  expect((await ajuste(destino, 'CASHBACK', 5)).statusCode).toBe(200);
});
afterAll(() => t.fechar());

describe('conta/unificacao/buscarcontas e quantidade', () => {
  it('mostra os dois lados com saldos e sugere os prováveis duplicados', async () => {
    const so = await gerente.post('/services/conta/unificacao/buscarcontas', { origemId: origem });
    expect(so.statusCode, so.body).toBe(200);
    const r = env<BuscaUnificacao>(so).result;
    expect(r.origem).toMatchObject({ clienteId: origem, nome: 'Paulo Duplicado', unificadoEm: null });
    expect(r.origem!.saldos.map((s) => [s.unidade, s.saldo, s.disponivel])).toEqual([
      ['CASHBACK', 12.34, 12.34],
      ['PONTOS', 150, 150],
    ]);
    expect(r.sugestoes).toEqual([{ clienteId: destino, nome: 'Paulo Henrique Original', motivo: 'Mesmo celular' }]);
    const ambos = env<BuscaUnificacao>(await gerente.post('/services/conta/unificacao/buscarcontas', { origemId: origem, destinoId: destino })).result;
    expect(ambos.destino!.saldos.map((s) => s.saldo)).toEqual([5]);
    expect(ambos.sugestoes).toEqual([]);
  });

  it('quantidade diz o que seria movido, sem mover nada', async () => {
    const r = await gerente.post('/services/conta/unificacao/quantidade', { origemId: origem, destinoId: destino });
    expect(r.statusCode, r.body).toBe(200);
    expect(env<QuantidadeUnificacao>(r).result).toEqual({
      contas: 2,
      lotes: 2,
      valores: [
        { unidade: 'CASHBACK', saldo: 12.34 },
        { unidade: 'PONTOS', saldo: 150 },
      ],
      cartoes: 0,
      vendas: 0,
    });
    expect(await saldos(origem)).toEqual({ CASHBACK: 12.34, PONTOS: 150 });
  });

  it('entrada ruim é 400 em português; cliente inexistente é 404; só a gestão', async () => {
    const casos: [string, unknown, RegExp][] = [
      ['buscarcontas', {}, /pelo menos um dos clientes/],
      ['buscarcontas', { origemId: 'x' }, /cliente de origem/],
      ['quantidade', { origemId: origem }, /cliente de destino/],
      ['quantidade', { origemId: origem, destinoId: origem }, /não é possível unificar um cliente com ele mesmo/],
      ['unificar', { origemId: origem, destinoId: origem }, /não é possível unificar um cliente com ele mesmo/],
      ['unificar', { origemId: origem, destinoId: destino, observacao: 'x'.repeat(301) }, /Observação longa demais/],
      ['unificar', { origemId: origem, destinoId: destino, extra: 1 }, /.+/],
    ];
    for (const [rota, corpo, mensagem] of casos) {
      const r = await gerente.post(`/services/conta/unificacao/${rota}`, corpo);
      expect(r.statusCode, `${rota} ${JSON.stringify(corpo)}`).toBe(400);
      expect(env(r).messageError).toMatch(mensagem);
    }
    const inexistente = await gerente.post('/services/conta/unificacao/unificar', { origemId: 999999, destinoId: destino });
    expect(inexistente.statusCode).toBe(404);
    expect(env(inexistente).messageError).toBe('Cliente de origem não encontrado.');
    for (const rota of ['buscarcontas', 'quantidade', 'unificar']) {
      expect((await atendente.post(`/services/conta/unificacao/${rota}`, { origemId: origem, destinoId: destino })).statusCode, rota).toBe(403);
    }
    expect(await contarUnificacoes()).toBe(0);
    expect(await saldos(origem)).toEqual({ CASHBACK: 12.34, PONTOS: 150 });
  });
});

describe('conta/unificacao/unificar', () => {
  let resultado: ResultadoUnificacao;

  it('move todos os saldos num só lançamento balanceado; os lotes mudam de dono com as mesmas datas', async () => {
    const lotesAntes = await lotesDe(origem);
    const r = await unificar(gerente, { origemId: origem, destinoId: destino, observacao: 'Cadastro feito duas vezes no balcão.' }, 'unif-1');
    expect(r.statusCode, r.body).toBe(200);
    resultado = env<ResultadoUnificacao>(r).result;
    expect(resultado).toMatchObject({ contas: 2, lotes: 2, valores: [{ unidade: 'CASHBACK', saldo: 12.34 }, { unidade: 'PONTOS', saldo: 150 }] });

    expect(await saldos(origem)).toEqual({ CASHBACK: 0, PONTOS: 0 });
    expect(await saldos(destino)).toEqual({ CASHBACK: 17.34, PONTOS: 150 });

    const [l] = await t.banco.db.select().from(lancamento).where(eq(lancamento.id, resultado.lancamentoId!));
    expect(l).toMatchObject({ tipo: 'UNIFICACAO', referencia: expect.objectContaining({ origemId: origem, destinoId: destino }) });
    expect((await lotesDe(origem)).map((x) => x.restante)).toEqual([0, 0]);
    const movidos = (await lotesDe(destino)).slice(1);
    expect(movidos.map((x) => [x.tipo, x.restante, x.expiraEm?.toISOString(), x.disponivelEm.toISOString()])).toEqual(
      lotesAntes.map((x) => [x.tipo, x.valor, x.expiraEm?.toISOString(), x.disponivelEm.toISOString()]),
    );
    expect(movidos[0]!.expiraEm).not.toBeNull();
    expect(await violacoesDoRazao(t)).toEqual(RAZAO_INTACTO);
  });

  it('o histórico fica onde estava; a origem fica bloqueada com a nota; registrado e auditado', async () => {
    const extrato = await gerente.post(`/services/account/extrato/${origem}/0/10`, { unidade: 'CASHBACK' });
    expect(env<{ content: { tipo: string; valor: number }[] }>(extrato).result.content.map((x) => [x.tipo, x.valor])).toEqual([
      ['UNIFICACAO', -12.34],
      ['AJUSTE', 12.34],
    ]);
    const [o] = await t.banco.db.select().from(cliente).where(eq(cliente.id, origem));
    expect(o!.status).toBe('BLOQUEADO');
    expect(o!.observacoes).toMatch(new RegExp(`^Unificado no cliente ${destino} \\(Paulo Henrique Original\\) em \\d{2}/\\d{2}/\\d{4}\\. Cadastro feito duas vezes no balcão\\.$`));
    const registros = await t.banco.db.select().from(unificacao);
    expect(registros).toEqual([expect.objectContaining({ clienteOrigemId: origem, clienteDestinoId: destino, lancamentoId: resultado.lancamentoId })]);
    expect(await auditoriasDe(t, { entidade: 'cliente', entidadeId: origem, acao: 'UNIFICAR' })).toHaveLength(1);
    const busca = env<BuscaUnificacao>(await gerente.post('/services/conta/unificacao/buscarcontas', { origemId: origem })).result;
    expect(busca.origem!.unificadoEm).not.toBeNull();
    // The pair is solved: the likely duplicates no longer offer it.
    const grupos = env<{ valor: string; clientes: { id: number }[] }[]>(await gerente.get('/services/client/duplicados')).results;
    expect(grupos.find((g) => g.valor === '11955554444')).toBeUndefined();
    expect(grupos.flatMap((g) => g.clientes.map((c) => c.id))).not.toContain(origem);
  });

  it('a repetição com a mesma chave devolve a mesma resposta; unificar de novo, ou para um unificado, é 409', async () => {
    const repetida = await unificar(gerente, { origemId: origem, destinoId: destino, observacao: 'Cadastro feito duas vezes no balcão.' }, 'unif-1');
    expect(repetida.statusCode).toBe(200);
    expect(env(repetida).result).toEqual(resultado);
    const deNovo = await unificar(gerente, { origemId: origem, destinoId: destino });
    expect(deNovo.statusCode).toBe(409);
    expect(env(deNovo).messageError).toMatch(/^Este cliente já foi unificado em \d{2}\/\d{2}\/\d{4}: a unificação não pode ser repetida\.$/);
    const terceiro = await novoCliente('Terceiro Cadastro');
    const paraUnificado = await unificar(gerente, { origemId: terceiro, destinoId: origem });
    expect(paraUnificado.statusCode).toBe(409);
    expect(env(paraUnificado).messageError).toBe('O cliente de destino já foi unificado em outro cadastro: escolha o cadastro que ficou.');
    const estorno = await gerente.post(`/services/account/lancamento/estornar/${resultado.lancamentoId}`, { motivo: 'Desfazer' });
    expect(estorno.statusCode).toBe(409);
    expect(env(estorno).messageError).toBe('Uma unificação de contas não pode ser estornada.');
    expect(await contarUnificacoes()).toBe(1);
  });

  it('os saldos movidos pagam no destino; o cliente unificado não compra mais', async () => {
    const venda = await gerente.post('/services/transacao/venda', { clienteId: destino, valor: 40, resgate: 17.34 });
    expect(venda.statusCode, venda.body).toBe(200);
    expect((await gerente.post('/services/transacao/venda', { clienteId: origem, valor: 40 })).statusCode).toBe(409);
    expect(await violacoesDoRazao(t)).toEqual(RAZAO_INTACTO);
  });

  it('duas unificações simultâneas da mesma origem: só uma vale', async () => {
    const o = await novoCliente('Rita Repetida');
    const [d1, d2] = [await novoCliente('Rita Um'), await novoCliente('Rita Dois')];
    await ajuste(o, 'CASHBACK', 3);
    const rs = await Promise.all([unificar(gerente, { origemId: o, destinoId: d1 }), unificar(gerente, { origemId: o, destinoId: d2 })]);
    expect(rs.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [a, b] = [await saldos(d1), await saldos(d2)];
    expect((a.CASHBACK ?? 0) + (b.CASHBACK ?? 0)).toBe(3);
    expect(await t.banco.db.select().from(unificacao).where(eq(unificacao.clienteOrigemId, o))).toHaveLength(1);
    expect(await violacoesDoRazao(t)).toEqual(RAZAO_INTACTO);
  });
});
