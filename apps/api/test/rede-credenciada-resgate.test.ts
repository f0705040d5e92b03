import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ClienteNoParceiro, Pagina, ResgateParceiro, ResultadoResgateParceiro, TokenApiCriado, TotalizadorParceiro } from '@bonifica/contracts';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';
import { RAZAO_INTACTO, violacoesDoRazao } from './apoio/razao.js';
import { apoioDeSaldos } from './apoio/saldos.js';

let t: AppDeTeste;
let gerente: Cliente;
let atendente: Cliente;
let outra: Cliente;

const BASE = '/services/integracao/v1';

const { linhas, novoCliente, creditar, saldo } = apoioDeSaldos(() => ({ t, gerente }), 'Cliente parceiro');

async function novoParceiro(corpo: Record<string, unknown> = {}, quem = gerente): Promise<number> {
  const r = await quem.post('/services/convenio/save', { nome: 'Ótica Central', unidades: ['CASHBACK', 'PONTOS'], resgateMaximo: 50, ...corpo });
  expect(r.statusCode, r.body).toBe(200);
  return env<{ id: number }>(r).result.id;
}

const resgatar = (corpo: Record<string, unknown>, chave?: string, quem = gerente) =>
  quem.requisitar({ method: 'POST', url: '/services/convenio/conta', payload: corpo, ...(chave ? { headers: { 'idempotency-key': chave } } : {}) });

const estornar = (parceiroId: number, resgateId: number, motivo: string, chave?: string) =>
  gerente.requisitar({
    method: 'DELETE',
    url: `/services/convenio/conta/${parceiroId}/excluir/${resgateId}`,
    payload: { motivo },
    ...(chave ? { headers: { 'idempotency-key': chave } } : {}),
  });

function chamarToken(segredo: string, method: 'GET' | 'POST', url: string, payload?: unknown, chave?: string) {
  return t.app.inject({
    method,
    url,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    headers: { authorization: `Bearer ${segredo}`, ...(chave ? { 'idempotency-key': chave } : {}) },
  });
}

beforeAll(async () => {
  t = await criarAppDeTeste();
  [gerente, atendente, outra] = await Promise.all([t.entrar('gerente'), t.entrar('atendente'), t.entrar('outra')]);
});
afterAll(() => t.fechar());

describe('convenio/conta: resgate no parceiro pelo back office', () => {
  it('lança um resgate equilibrado no razão (cliente −, conta a pagar à rede +) e o saldo cai', async () => {
    const parceiro = await novoParceiro();
    const c = await novoCliente();
    await creditar(c, 'CASHBACK', 30);
    const r = await resgatar({ redeCredenciadaId: parceiro, clienteId: c, unidade: 'CASHBACK', valor: 12.5, documento: 'CUPOM-1', observacao: 'Loja do centro' });
    expect(r.statusCode, r.body).toBe(200);
    const feito = env<ResultadoResgateParceiro>(r).result;
    expect(feito.saldoDisponivel).toBe(17.5);
    expect(feito.resgate).toMatchObject({ unidade: 'CASHBACK', valor: 12.5, documento: 'CUPOM-1', situacao: 'LANCADO', clienteId: c, origem: expect.any(String) });
    expect(await saldo(c, 'CASHBACK')).toBe(1750);
    const partidas = await linhas<{ tipo: string; valor: string; lt: string }>(sql`
      select c.tipo, p.valor, l.tipo as lt from partida p join conta c on c.id = p.conta_id join lancamento l on l.id = p.lancamento_id
      where p.lancamento_id = ${feito.resgate.lancamentoId} order by p.valor`);
    expect(partidas.map((p) => [p.tipo, Number(p.valor), p.lt])).toEqual([
      ['CASHBACK', -1250, 'RESGATE'],
      ['PARCEIRO_CASHBACK', 1250, 'RESGATE'],
    ]);
    const [aud] = await linhas<{ acao: string }>(sql`select acao from auditoria where entidade = 'resgate_parceiro' and entidade_id = ${String(feito.resgate.id)}`);
    expect(aud?.acao).toBe('CRIAR');
    expect(await violacoesDoRazao(t)).toEqual(RAZAO_INTACTO);
  });

  it('usa primeiro os créditos que vencem antes (FIFO) e recusa o saldo ainda em carência com a conta exata', async () => {
    const parceiro = await novoParceiro({ resgateMaximo: null });
    const c = await novoCliente();
    await creditar(c, 'CASHBACK', 10);
    await creditar(c, 'CASHBACK', 10);
    const lotes = await linhas<{ id: number }>(sql`select k.id from credito k join conta c on c.id = k.conta_id where c.cliente_id = ${c} order by k.id`);
    // The second lot lapses sooner: it is taken first. The first waits until 2099 (waiting period).
    await t.banco.db.execute(sql`update credito set expira_em = now() + interval '5 days' where id = ${lotes[1]!.id}`);
    const r = await resgatar({ redeCredenciadaId: parceiro, clienteId: c, unidade: 'CASHBACK', valor: 4, documento: 'FIFO-1' });
    expect(r.statusCode, r.body).toBe(200);
    const restantes = await linhas<{ restante: string }>(sql`select restante from credito where id in (${lotes[0]!.id}, ${lotes[1]!.id}) order by id`);
    expect(restantes.map((x) => Number(x.restante))).toEqual([1000, 600]);

    await t.banco.db.execute(sql`update credito set disponivel_em = '2099-01-10T12:00:00Z' where id = ${lotes[0]!.id}`);
    const carencia = await resgatar({ redeCredenciadaId: parceiro, clienteId: c, unidade: 'CASHBACK', valor: 8, documento: 'FIFO-2' });
    expect(carencia.statusCode).toBe(409);
    expect(env(carencia).messageError).toBe(
      'Saldo disponível insuficiente: R$ 6,00 disponível para uso agora, e a operação pede R$ 8,00. R$ 10,00 ainda está em carência (libera a partir de 10/01/2099).',
    );
    expect(await saldo(c, 'CASHBACK')).toBe(1600);
  });

  it('regras do parceiro: inativo, saldo não aceito, acima do máximo, saldo insuficiente, conta bloqueada, documento repetido', async () => {
    const parceiro = await novoParceiro({ nome: 'Farmácia Boa', unidades: ['CASHBACK'], resgateMaximo: 20 });
    const inativo = await novoParceiro({ nome: 'Loja Fechada', ativo: false });
    const c = await novoCliente();
    await creditar(c, 'CASHBACK', 30);
    await creditar(c, 'PONTOS', 500);
    const base = { redeCredenciadaId: parceiro, clienteId: c, unidade: 'CASHBACK', valor: 5, documento: 'R-1' };
    const casos: [Record<string, unknown>, number, string][] = [
      [{ ...base, redeCredenciadaId: inativo }, 409, 'Este parceiro está inativo na rede credenciada: não aceita resgates.'],
      [{ ...base, unidade: 'PONTOS', valor: 100 }, 409, 'Farmácia Boa não aceita este saldo: aceita só cashback.'],
      [{ ...base, valor: 20.01 }, 409, 'O resgate máximo por venda em Farmácia Boa é R$ 20,00.'],
      [{ ...base, redeCredenciadaId: 999999 }, 404, 'Parceiro não encontrado.'],
      [{ ...base, valor: 0 }, 400, 'O valor do resgate deve ser maior que zero.'],
      [{ ...base, valor: 1.234 }, 400, 'O valor do resgate deve ter no máximo 2 casas decimais (centavos).'],
      [{ ...base, documento: '  ' }, 400, 'Informe o nº do documento do parceiro.'],
    ];
    for (const [corpo, status, msg] of casos) {
      const r = await resgatar(corpo);
      expect(r.statusCode, JSON.stringify(corpo)).toBe(status);
      expect(env(r).messageError).toBe(msg);
    }
    // Exactly the maximum passes; the same partner document again is refused.
    expect((await resgatar({ ...base, valor: 20 })).statusCode).toBe(200);
    const repetido = await resgatar({ ...base, valor: 1 });
    expect(repetido.statusCode).toBe(409);
    expect(env(repetido).messageError).toMatch(/^Já existe um resgate com o documento R-1 neste parceiro/);
    const insuficiente = await resgatar({ ...base, valor: 15, documento: 'R-2' });
    expect(insuficiente.statusCode).toBe(409);
    expect(env(insuficiente).messageError).toBe('Saldo insuficiente para esta operação.');
    await t.banco.db.execute(sql`update conta set bloqueada = true where cliente_id = ${c} and tipo = 'CASHBACK'`);
    const bloqueada = await resgatar({ ...base, valor: 1, documento: 'R-3' });
    expect(bloqueada.statusCode).toBe(409);
    expect(env(bloqueada).messageError).toBe(
      'A conta de cashback deste cliente está bloqueada: o saldo não pode ser usado no parceiro. Desbloqueie em Relatórios › Contas bloqueadas.',
    );
    expect(await saldo(c, 'CASHBACK')).toBe(1000);
    // Points: the maximum in reais does not apply (points have no value in reais in the programme).
    const otica = await novoParceiro({ nome: 'Ótica Pontos', unidades: ['PONTOS'], resgateMaximo: 1 });
    const pontos = await resgatar({ ...base, redeCredenciadaId: otica, unidade: 'PONTOS', valor: 300 });
    expect(pontos.statusCode, pontos.body).toBe(200);
    expect(env<ResultadoResgateParceiro>(pontos).result.saldoDisponivel).toBe(200);
    const fracao = await resgatar({ ...base, redeCredenciadaId: otica, unidade: 'PONTOS', valor: 1.5, documento: 'P-2' });
    expect(env(fracao).messageError).toBe('Pontos são números inteiros.');
    expect(await violacoesDoRazao(t)).toEqual(RAZAO_INTACTO);
  });

  it('duplo clique: a mesma Idempotency-Key lança uma vez; o estorno devolve o saldo exatamente uma vez', async () => {
    const parceiro = await novoParceiro({ nome: 'Padaria Parceira' });
    const c = await novoCliente();
    await creditar(c, 'CASHBACK', 10);
    const corpo = { redeCredenciadaId: parceiro, clienteId: c, unidade: 'CASHBACK', valor: 7, documento: 'DC-1' };
    const [a, b] = await Promise.all([resgatar(corpo, 'clique-1'), resgatar(corpo, 'clique-1')]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(env<ResultadoResgateParceiro>(a).result.resgate.id).toBe(env<ResultadoResgateParceiro>(b).result.resgate.id);
    expect(await saldo(c, 'CASHBACK')).toBe(300);
    const id = env<ResultadoResgateParceiro>(a).result.resgate.id;

    const semMotivo = await estornar(parceiro, id, '');
    expect(semMotivo.statusCode).toBe(400);
    expect(env(semMotivo).messageError).toBe('Descreva o motivo do estorno.');
    // Two clicks with the same key: one reversal, the same reply. Another key afterwards: 409.
    const [e1, e2] = await Promise.all([estornar(parceiro, id, 'Compra devolvida', 'estorno-1'), estornar(parceiro, id, 'Compra devolvida', 'estorno-1')]);
    expect([e1.statusCode, e2.statusCode]).toEqual([200, 200]);
    expect(env<{ resgate: ResgateParceiro }>(e1).result.resgate).toMatchObject({ situacao: 'ESTORNADO', motivoEstorno: 'Compra devolvida' });
    expect(await saldo(c, 'CASHBACK')).toBe(1000);
    const [x, y] = await Promise.all([estornar(parceiro, id, 'De novo', 'estorno-2'), estornar(parceiro, id, 'De novo', 'estorno-3')]);
    expect([x.statusCode, y.statusCode]).toEqual([409, 409]);
    expect(env(x).messageError).toBe('Este resgate já foi estornado.');
    expect(await saldo(c, 'CASHBACK')).toBe(1000);
    const estornos = await linhas<{ n: string }>(sql`select count(*) as n from lancamento where estorno_de_id = ${env<ResultadoResgateParceiro>(a).result.resgate.lancamentoId}`);
    expect(Number(estornos[0]!.n)).toBe(1);
    // The ledger's own manual reversal refuses a redemption's posting: it is undone only here.
    const manual = await gerente.post(`/services/account/lancamento/estornar/${env<ResultadoResgateParceiro>(a).result.resgate.lancamentoId}`, { motivo: 'Tentativa' });
    expect(manual.statusCode).toBe(409);
    // A reversed document number may be used again.
    expect((await resgatar({ ...corpo, valor: 1 })).statusCode).toBe(200);
    expect(await violacoesDoRazao(t)).toEqual(RAZAO_INTACTO);
  });

  it('lista com filtros e paginação, totalizador por unidade, e só a gestão usa', async () => {
    const parceiro = await novoParceiro({ nome: 'Mercado Amigo', resgateMaximo: null });
    const c = await novoCliente();
    await creditar(c, 'CASHBACK', 100);
    await creditar(c, 'PONTOS', 1000);
    const ids: number[] = [];
    for (const [unidade, valor, doc] of [['CASHBACK', 10, 'L-1'], ['CASHBACK', 5.5, 'L-2'], ['PONTOS', 250, 'L-3']] as const) {
      const r = await resgatar({ redeCredenciadaId: parceiro, clienteId: c, unidade, valor, documento: doc });
      ids.push(env<ResultadoResgateParceiro>(r).result.resgate.id);
    }
    expect((await estornar(parceiro, ids[1]!, 'Lançado errado')).statusCode).toBe(200);

    const pagina0 = env<Pagina<ResgateParceiro>>(await gerente.post(`/services/convenio/conta/filtrar/${parceiro}/0/2`, {})).result;
    expect(pagina0.totalElements).toBe(3);
    expect(pagina0.content.map((x) => x.documento)).toEqual(['L-3', 'L-2']);
    const estornados = env<Pagina<ResgateParceiro>>(await gerente.post(`/services/convenio/conta/filtrar/${parceiro}/0/10`, { situacao: 'ESTORNADO' })).result;
    expect(estornados.content.map((x) => x.documento)).toEqual(['L-2']);
    const futuro = env<Pagina<ResgateParceiro>>(await gerente.post(`/services/convenio/conta/filtrar/${parceiro}/0/10`, { de: '2099-01-01' })).result;
    expect(futuro.totalElements).toBe(0);
    const invertido = await gerente.post(`/services/convenio/conta/filtrar/${parceiro}/0/10`, { de: '2026-02-01', ate: '2026-01-01' });
    expect(invertido.statusCode).toBe(400);
    expect(env(invertido).messageError).toBe('A data inicial deve ser anterior à final.');

    const tot = env<TotalizadorParceiro>(await gerente.get(`/services/convenio/conta/${parceiro}/totalizador`)).result;
    expect(tot).toMatchObject({ aAcertar: { CASHBACK: 10, PONTOS: 250 }, quantidade: 2, estornados: { quantidade: 1, CASHBACK: 5.5, PONTOS: 0 } });
    expect(tot.parceiro.nome).toBe('Mercado Amigo');
    const vazio = env<TotalizadorParceiro>(await gerente.get(`/services/convenio/conta/${parceiro}/totalizador?de=2099-01-01&ate=2099-01-31`)).result;
    expect(vazio).toMatchObject({ aAcertar: { CASHBACK: 0, PONTOS: 0 }, quantidade: 0 });

    const corpo = { redeCredenciadaId: parceiro, clienteId: c, unidade: 'CASHBACK', valor: 1, documento: 'AT-1' };
    expect((await resgatar(corpo, undefined, atendente)).statusCode).toBe(403);
    expect((await atendente.get(`/services/convenio/conta/${parceiro}/totalizador`)).statusCode).toBe(403);
    expect((await outra.get(`/services/convenio/conta/${parceiro}/totalizador`)).statusCode).toBe(404);
  });
});

describe('integracao/v1/parceiro: o token de um parceiro', () => {
  let parceiro: number;
  let segredo: string;
  let c: number;

  beforeAll(async () => {
    parceiro = await novoParceiro({ nome: 'Posto Parceiro', unidades: ['CASHBACK'], resgateMaximo: 30 });
    c = await novoCliente({ documento: '52998224725' });
    await creditar(c, 'CASHBACK', 40);
    await creditar(c, 'PONTOS', 100);
  });

  it('é criado só com o escopo do parceiro e um parceiro da própria empresa', async () => {
    const criar = (quem: Cliente, corpo: Record<string, unknown>) => quem.requisitar({ method: 'PUT', url: '/services/company/api', payload: corpo });
    const misturado = await criar(gerente, { nome: 'Posto', escopos: ['parceiro:resgatar', 'vendas:lancar'], redeCredenciadaId: parceiro });
    expect(misturado.statusCode).toBe(400);
    expect(env(misturado).messageError).toBe('O token de um parceiro da rede credenciada tem só o escopo "Resgatar saldo no parceiro".');
    const semParceiro = await criar(gerente, { nome: 'Posto', escopos: ['parceiro:resgatar'] });
    expect(env(semParceiro).messageError).toBe('O escopo "Resgatar saldo no parceiro" exige escolher o parceiro.');
    const deOutra = await criar(outra, { nome: 'Posto', escopos: ['parceiro:resgatar'], redeCredenciadaId: parceiro });
    expect(deOutra.statusCode).toBe(404);
    expect(env(deOutra).messageError).toBe('Parceiro não encontrado.');
    const r = await criar(gerente, { nome: 'Posto', escopos: ['parceiro:resgatar'], redeCredenciadaId: parceiro });
    expect(r.statusCode, r.body).toBe(200);
    const tk = env<TokenApiCriado>(r).result;
    expect(tk).toMatchObject({ redeCredenciadaId: parceiro, redeCredenciadaNome: 'Posto Parceiro', escopos: ['parceiro:resgatar'] });
    segredo = tk.segredo;
  });

  it('identifica o cliente só com nome e saldo disponível nos saldos aceitos', async () => {
    const r = await chamarToken(segredo, 'GET', `${BASE}/parceiro/clientes?cpf=529.982.247-25`);
    expect(r.statusCode, r.body).toBe(200);
    expect(env<ClienteNoParceiro>(r).result).toEqual({ id: c, nome: expect.any(String), disponivel: { CASHBACK: 40 } });
    expect((await chamarToken(segredo, 'GET', `${BASE}/parceiro/clientes?cpf=111.444.777-35`)).statusCode).toBe(404);
  });

  it('lança e cancela resgates no seu parceiro, com Idempotency-Key e as regras', async () => {
    const corpo = { clienteId: c, unidade: 'CASHBACK', valor: 10, documento: 'NF-77' };
    const semChave = await chamarToken(segredo, 'POST', `${BASE}/parceiro/resgates`, corpo);
    expect(semChave.statusCode).toBe(400);
    const [a, b] = await Promise.all([chamarToken(segredo, 'POST', `${BASE}/parceiro/resgates`, corpo, 'nf-77'), chamarToken(segredo, 'POST', `${BASE}/parceiro/resgates`, corpo, 'nf-77')]);
    expect([a.statusCode, b.statusCode], a.body).toEqual([200, 200]);
    const feito = env<ResultadoResgateParceiro>(a).result;
    expect(feito).toMatchObject({ saldoDisponivel: 30, resgate: { redeCredenciadaId: parceiro, origem: 'Token Posto' } });
    expect(await saldo(c, 'CASHBACK')).toBe(3000);
    const acima = await chamarToken(segredo, 'POST', `${BASE}/parceiro/resgates`, { ...corpo, valor: 31, documento: 'NF-78' }, 'nf-78');
    expect(env(acima).messageError).toBe('O resgate máximo por venda em Posto Parceiro é R$ 30,00.');
    const pontos = await chamarToken(segredo, 'POST', `${BASE}/parceiro/resgates`, { ...corpo, unidade: 'PONTOS', documento: 'NF-79' }, 'nf-79');
    expect(pontos.statusCode).toBe(409);

    const cancela = await chamarToken(segredo, 'POST', `${BASE}/parceiro/resgates/${feito.resgate.id}/cancelamento`, { motivo: 'Devolvido' }, 'c-77');
    expect(cancela.statusCode, cancela.body).toBe(200);
    const outraVez = await chamarToken(segredo, 'POST', `${BASE}/parceiro/resgates/${feito.resgate.id}/cancelamento`, { motivo: 'Devolvido' }, 'c-77b');
    expect(outraVez.statusCode).toBe(409);
    expect(await saldo(c, 'CASHBACK')).toBe(4000);
    await t.banco.db.execute(sql`update conta set bloqueada = true where cliente_id = ${c} and tipo = 'CASHBACK'`);
    const bloqueada = await chamarToken(segredo, 'POST', `${BASE}/parceiro/resgates`, { ...corpo, documento: 'NF-80' }, 'nf-80');
    expect(env(bloqueada).messageError).toBe('A conta de cashback deste cliente está bloqueada: o saldo não pode ser usado no parceiro. O cliente deve procurar a empresa do programa.');
    await t.banco.db.execute(sql`update conta set bloqueada = false where cliente_id = ${c} and tipo = 'CASHBACK'`);
    expect(await violacoesDoRazao(t)).toEqual(RAZAO_INTACTO);
  });

  it('não cancela resgate de outro parceiro, não vende e não consulta pela rota da empresa', async () => {
    const outroParceiro = await novoParceiro({ nome: 'Outro Parceiro', resgateMaximo: null });
    const r = await resgatar({ redeCredenciadaId: outroParceiro, clienteId: c, unidade: 'CASHBACK', valor: 1, documento: 'OP-1' });
    const alheio = env<ResultadoResgateParceiro>(r).result.resgate.id;
    const cancela = await chamarToken(segredo, 'POST', `${BASE}/parceiro/resgates/${alheio}/cancelamento`, { motivo: 'Tentativa' }, 'alheio');
    expect(cancela.statusCode).toBe(404);
    expect(env(cancela).messageError).toBe('Resgate não encontrado.');
    const venda = await chamarToken(segredo, 'POST', `${BASE}/vendas`, { clienteId: c, valor: 100 }, 'venda-parceiro');
    expect(venda.statusCode).toBe(403);
    expect(env(venda).messageError).toBe('Este é o token de um parceiro da rede credenciada: ele só identifica clientes e lança resgates no parceiro.');
    expect((await chamarToken(segredo, 'GET', `${BASE}/clientes?cpf=529.982.247-25`)).statusCode).toBe(403);
    const [n] = await linhas<{ n: string }>(sql`select count(*) as n from transacao where cliente_id = ${c}`);
    expect(Number(n!.n)).toBe(0);
  });

  it('um token da empresa (sem parceiro) não usa as rotas do parceiro', async () => {
    const r = await gerente.requisitar({ method: 'PUT', url: '/services/company/api', payload: { nome: 'PDV', escopos: ['vendas:lancar', 'clientes:consultar'] } });
    const pdv = env<TokenApiCriado>(r).result.segredo;
    const x = await chamarToken(pdv, 'POST', `${BASE}/parceiro/resgates`, { clienteId: c, unidade: 'CASHBACK', valor: 1, documento: 'PDV-1' }, 'pdv-1');
    expect(x.statusCode).toBe(403);
    expect(env(x).messageError).toBe('Este token não tem o escopo parceiro:resgatar.');
  });
});
