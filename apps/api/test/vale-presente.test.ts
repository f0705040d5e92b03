import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, inArray, sql } from 'drizzle-orm';
import {
  digitoLuhn,
  montarNumeroCartao,
  type Cartao,
  type DashboardPrepago,
  type Pagina,
  type RelatorioUsoEmpresa,
  type ResultadoEmissao,
  type SaldoVale,
  type ValePresente,
  type ValeVendido,
  type VendaComValeRegistrada,
} from '@bonifica/contracts';
import { cartao, cliente } from '../src/db/schema/index.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';
import { textoDoPdf } from './apoio/pdf-texto.js';
import { RAZAO_INTACTO, violacoesDoRazao } from './apoio/razao.js';

let t: AppDeTeste;
let gerente: Cliente;
let atendente: Cliente;
let analista: Cliente;
let outra: Cliente;

async function linhas<T>(consulta: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.banco.db.execute(consulta)) as unknown as { rows: T[] }).rows;
}

let seq = 0;
async function novoCliente(): Promise<number> {
  const [c] = await t.banco.db
    .insert(cliente)
    .values({ empresaId: 1, nome: `Cliente vale ${++seq}` })
    .returning({ id: cliente.id });
  return c!.id;
}

async function vender(corpo: Record<string, unknown> = {}, quem = atendente): Promise<ValeVendido> {
  const r = await quem.post('/services/valepresente/vender', { valor: 100, ...corpo });
  expect(r.statusCode, r.body).toBe(200);
  return env<ValeVendido>(r).result;
}

const pagar = (clienteId: number, valor: number, vale: { codigo: string; pin: string; valor: number }, quem = atendente, chave?: string) =>
  quem.post('/services/valepresente/venda', { venda: { clienteId, valor }, vale }, chave ? { headers: { 'idempotency-key': chave } } : {});

const saldo = async (codigo: string, pin: string): Promise<SaldoVale> => {
  const r = await atendente.post('/services/valepresente/saldo', { codigo, pin });
  expect(r.statusCode, r.body).toBe(200);
  return env<SaldoVale>(r).result;
};

/** The gift cards' ledger account: what the company owes all bearers (= sum of the cards' balances). */
async function contaVales(): Promise<number> {
  const [l] = await linhas<{ soma: string | null }>(sql`select sum(p.valor) as soma from partida p join conta c on c.id = p.conta_id where c.empresa_id = 1 and c.tipo = 'VALE_PRESENTE'`);
  return Number(l?.soma ?? 0);
}
async function somaDosSaldos(): Promise<number> {
  const [l] = await linhas<{ soma: string | null }>(sql`
    select sum(v.valor_centavos - v.devolvido_centavos - coalesce((select sum(u.valor_centavos) from vale_presente_uso u join transacao t on t.id = u.transacao_id
      where u.vale_presente_id = v.id and t.status = 'CONFIRMADA'), 0)) as soma from vale_presente v where v.empresa_id = 1`);
  return Number(l?.soma ?? 0);
}

/** Another valid code: same Luhn rule, different digits. */
function outroCodigo(codigo: string): string {
  const corpo = codigo.slice(0, 14) + String((Number(codigo[14]) + 1) % 10);
  return corpo + String(digitoLuhn(corpo));
}

beforeAll(async () => {
  t = await criarAppDeTeste();
  [gerente, atendente, analista, outra] = await Promise.all([t.entrar('gerente'), t.entrar('atendente'), t.entrar('analista'), t.entrar('outra')]);
});
afterAll(() => t.fechar());

describe('valepresente: venda, saldo e uso', () => {
  it('vende com código de 16 dígitos (Luhn) e PIN de 6; o PIN só volta nesta resposta e fica guardado como hash', async () => {
    const c = await novoCliente();
    const v = await vender({ valor: 150.5, beneficiarioClienteId: c, mensagem: 'Feliz aniversário!' });
    expect(v.codigo).toMatch(/^\d{16}$/);
    expect(digitoLuhn(v.codigo.slice(0, 15))).toBe(Number(v.codigo[15]));
    expect(v.pin).toMatch(/^\d{6}$/);
    expect(v).toMatchObject({ valor: 150.5, saldo: 150.5, usado: 0, situacao: 'ATIVO', status: 'ATIVO', beneficiarioClienteId: c, beneficiarioNome: `Cliente vale ${seq}`, mensagem: 'Feliz aniversário!' });
    const [l] = await linhas<{ pin_hash: string; lancamento_id: number }>(sql`select pin_hash, lancamento_id from vale_presente where id = ${v.id}`);
    expect(l!.pin_hash).not.toContain(v.pin!);
    const ps = await linhas<{ tipo: string; valor: string }>(sql`select c.tipo, p.valor from partida p join conta c on c.id = p.conta_id where p.lancamento_id = ${l!.lancamento_id} order by c.tipo`);
    expect(ps.map((p) => [p.tipo, Number(p.valor)])).toEqual([
      ['SISTEMA_PREPAGO', -15050],
      ['VALE_PRESENTE', 15050],
    ]);
    // Neither the audit nor the idempotency replies keep the PIN.
    const auditado = await linhas<{ t: string }>(sql`select coalesce(depois::text, '') as t from auditoria where entidade = 'vale_presente'`);
    expect(auditado.some((a) => a.t.includes(v.pin!))).toBe(false);
    // Validity: one year by default (decision 039).
    const umAno = new Date(Date.now() + 365 * 864e5).toISOString().slice(0, 10);
    expect(Math.abs(Date.parse(v.validoAte) - Date.parse(umAno))).toBeLessThanOrEqual(864e5);
  });

  it('uso parcial numa venda do terminal; o resto pago de outro jeito; cashback sobre a venda toda; saldo no balcão', async () => {
    const v = await vender({ valor: 100 });
    const c = await novoCliente();
    const r = await pagar(c, 60, { codigo: v.codigo, pin: v.pin!, valor: 40 });
    expect(r.statusCode, r.body).toBe(200);
    const feito = env<VendaComValeRegistrada>(r).result;
    expect(feito).toMatchObject({ valePago: 40, saldoVale: 60 });
    const [venda] = await linhas<{ valor_centavos: number; cashback_centavos: number; status: string }>(sql`select valor_centavos, cashback_centavos, status from transacao where id = ${feito.transacaoId}`);
    expect(venda).toMatchObject({ valor_centavos: 6000, status: 'CONFIRMADA' });
    expect(feito.cashback).toBe(venda!.cashback_centavos / 100);
    // The sale's receipt: the card's part off what is paid at the till.
    const rec = env<{ valePresente: number; aPagar: number; linhas: { texto: string }[] }>(await atendente.get(`/services/transacao/impressao/${feito.transacaoId}`)).result;
    expect(rec).toMatchObject({ valePresente: 40, aPagar: 20 });
    expect(JSON.stringify(rec.linhas)).toContain('Vale-presente');
    expect(await saldo(v.codigo, v.pin!)).toMatchObject({ saldo: 60, situacao: 'ATIVO', codigo: v.codigo });
    // Formatted code (groups of 4) is accepted too.
    const formatado = v.codigo.replace(/(\d{4})(?=\d)/g, '$1 ');
    expect((await pagar(c, 70, { codigo: formatado, pin: v.pin!, valor: 60 })).statusCode).toBe(200);
    expect(await saldo(v.codigo, v.pin!)).toMatchObject({ saldo: 0, situacao: 'ESGOTADO' });
    const r3 = await pagar(c, 10, { codigo: v.codigo, pin: v.pin!, valor: 1 });
    expect(r3.statusCode).toBe(409);
    expect(env(r3).messageError).toBe('Este vale-presente já foi totalmente usado.');
    expect(await contaVales()).toBe(await somaDosSaldos());
    expect(await violacoesDoRazao(t)).toEqual(RAZAO_INTACTO);
  });

  it('saldo insuficiente, vencido e cancelado são recusados com 409 e nada é gravado', async () => {
    const v = await vender({ valor: 20 });
    const c = await novoCliente();
    const antes = await linhas<{ n: number }>(sql`select count(*)::int as n from transacao`);
    const r = await pagar(c, 50, { codigo: v.codigo, pin: v.pin!, valor: 25 });
    expect(r.statusCode).toBe(409);
    expect(env(r).messageError).toBe('Saldo do vale-presente insuficiente: R$ 20,00 disponível.');
    await t.banco.db.execute(sql`update vale_presente set valido_ate = '2020-01-31' where id = ${v.id}`);
    const r2 = await pagar(c, 50, { codigo: v.codigo, pin: v.pin!, valor: 5 });
    expect(r2.statusCode).toBe(409);
    expect(env(r2).messageError).toBe('Vale-presente vencido em 31/01/2020: procure a gerência da loja.');
    expect((await saldo(v.codigo, v.pin!)).situacao).toBe('VENCIDO');
    expect(await linhas<{ n: number }>(sql`select count(*)::int as n from transacao`)).toEqual(antes);
  });

  it('PIN errado: 400 com as tentativas restantes; a 5ª bloqueia por 30 minutos (429), mesmo com o PIN certo depois', async () => {
    const v = await vender({ valor: 30 });
    const errado = v.pin === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const r = await atendente.post('/services/valepresente/saldo', { codigo: v.codigo, pin: errado });
      expect(r.statusCode).toBe(400);
      expect(env(r).messageError).toContain(`${5 - i === 1 ? 'Resta 1 tentativa' : `Restam ${5 - i} tentativas`}`);
    }
    const r5 = await pagar(await novoCliente(), 10, { codigo: v.codigo, pin: errado, valor: 5 });
    expect(r5.statusCode).toBe(429);
    expect(env(r5).messageError).toContain('bloqueado por 30 minutos');
    const r6 = await atendente.post('/services/valepresente/saldo', { codigo: v.codigo, pin: v.pin });
    expect(r6.statusCode).toBe(429);
    expect(env(r6).messageError).toMatch(/^Vale-presente bloqueado por tentativas erradas de senha: tente de novo depois das \d\d:\d\d\.$/);
    await t.banco.db.execute(sql`update vale_presente set bloqueado_ate = now() - interval '1 minute' where id = ${v.id}`);
    expect((await saldo(v.codigo, v.pin!)).saldo).toBe(30);
  });

  it('código inexistente: 404; código com dígito verificador errado: 400 em português', async () => {
    const v = await vender({ valor: 10 });
    const r = await atendente.post('/services/valepresente/saldo', { codigo: outroCodigo(v.codigo), pin: '123456' });
    expect([404, 400]).toContain(r.statusCode);
    const trocado = v.codigo.slice(0, 15) + String((Number(v.codigo[15]) + 1) % 10);
    const r2 = await atendente.post('/services/valepresente/saldo', { codigo: trocado, pin: '123456' });
    expect(r2.statusCode).toBe(400);
    expect(env(r2).messageError).toContain('dígito verificador não confere');
  });

  it('cancelar a venda devolve ao vale exatamente uma vez, junto com o estorno da venda', async () => {
    const v = await vender({ valor: 80 });
    const c = await novoCliente();
    const feito = env<VendaComValeRegistrada>(await pagar(c, 50, { codigo: v.codigo, pin: v.pin!, valor: 50 })).result;
    expect((await saldo(v.codigo, v.pin!)).saldo).toBe(30);
    const [a, b] = await Promise.all([
      gerente.get(`/services/transacao/cancelar/${feito.transacaoId}?motivo=Devolução`),
      gerente.get(`/services/transacao/cancelar/${feito.transacaoId}?motivo=Devolução`),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((await saldo(v.codigo, v.pin!)).saldo).toBe(80);
    const f = env<ValePresente & { usos: { transacaoId: number; cancelada: boolean }[] }>(await gerente.get(`/services/valepresente/findbyid/${v.id}`)).result;
    expect(f.usos).toEqual([expect.objectContaining({ transacaoId: feito.transacaoId, cancelada: true, valor: 50 })]);
    expect(await contaVales()).toBe(await somaDosSaldos());
    expect(await violacoesDoRazao(t)).toEqual(RAZAO_INTACTO);
  });
});

describe('valepresente: cupom e vale na mesma venda (decisão 039 §11)', () => {
  let seqCupom = 0;
  /** A keyword coupon (uses by anyone) or, with `codigoUnico`, one single-use code generated by its job. */
  async function cupom(corpo: Record<string, unknown>): Promise<{ id: number; codigo: string }> {
    const palavra = `VALE${++seqCupom}X`;
    const r = await gerente.post('/services/cupomdesconto/save', { nome: `Cupom com vale ${seqCupom}`, tipo: 'ONLINE', palavraChave: palavra, ...corpo });
    expect(r.statusCode, r.body).toBe(200);
    return { id: env<{ id: number }>(r).result.id, codigo: palavra };
  }
  async function codigoUnico(corpo: Record<string, unknown>): Promise<{ id: number; codigo: string }> {
    const r = await gerente.post('/services/cupomdesconto/save', { nome: `Lote com vale ${++seqCupom}`, tipo: 'LOTE', quantidade: 1, ...corpo });
    expect(r.statusCode, r.body).toBe(200);
    const id = env<{ id: number }>(r).result.id;
    const g = await gerente.post(`/services/cupomdesconto/gerar/${id}`, {});
    expect(g.statusCode, g.body).toBe(200);
    await t.app.tarefas.executar(env<{ id: string }>(g).result.id);
    const [k] = await linhas<{ codigo: string }>(sql`select codigo from cupom_desconto_codigo where cupom_id = ${id}`);
    return { id, codigo: k!.codigo };
  }
  const pagarComCupom = (clienteId: number, valor: number, codigoCupom: string, vale: { codigo: string; pin: string; valor: number }, resgate = 0) =>
    atendente.post('/services/valepresente/venda', { venda: { clienteId, valor, resgate, cupom: codigoCupom }, vale });
  /** The campaign's uses as the manager sees them, and its use rows in force. */
  const usosDoCupom = async (id: number) => ({
    usos: env<{ usos: number }>(await gerente.get(`/services/cupomdesconto/findbyid/${id}`)).result.usos,
    usados: (await linhas<{ n: number }>(sql`select count(*)::int as n from cupom_desconto_uso u where u.cupom_id = ${id} and u.status = 'USADO'`))[0]!.n,
  });

  it('o desconto sai primeiro, o vale paga parte do resto, o cashback é sobre o valor com desconto; o comprovante mostra os dois; cancelar devolve cupom e vale uma vez', async () => {
    const v = await vender({ valor: 100 });
    const k = await cupom({ beneficio: 'VALOR', percentual: null, valor: 10 });
    const c = await novoCliente();
    const r = await pagarComCupom(c, 100, k.codigo.toLowerCase(), { codigo: v.codigo, pin: v.pin!, valor: 50 });
    expect(r.statusCode, r.body).toBe(200);
    const feito = env<VendaComValeRegistrada>(r).result;
    expect(feito.cupom).toMatchObject({ cupomId: k.id, codigo: k.codigo, desconto: 10, bonus: 0, valorAPagar: 90 });
    expect(feito).toMatchObject({ valePago: 50, saldoVale: 50 });
    const [venda] = await linhas<{ valor_centavos: number; cashback_centavos: number }>(sql`select valor_centavos, cashback_centavos from transacao where id = ${feito.transacaoId}`);
    // The sale is recorded for what the customer pays (R$ 90) and accrues on it, as any sale with a coupon.
    expect(venda!.valor_centavos).toBe(9000);
    expect(feito.cashback).toBe(venda!.cashback_centavos / 100);
    expect(await usosDoCupom(k.id)).toEqual({ usos: 1, usados: 1 });
    expect((await saldo(v.codigo, v.pin!)).saldo).toBe(50);

    const rec = env<{ valor: number; cupom: { codigo: string; desconto: number } | null; valePresente: number; aPagar: number; linhas: { texto: string }[] }>(
      await atendente.get(`/services/transacao/impressao/${feito.transacaoId}`),
    ).result;
    expect(rec).toMatchObject({ valor: 100, cupom: { codigo: k.codigo, desconto: 10 }, valePresente: 50, aPagar: 40 });
    const texto = rec.linhas.map((l) => l.texto).join('\n');
    expect(texto).toMatch(new RegExp(`Cupom ${k.codigo}\\s+- R\\$\\s10,00`));
    expect(texto).toMatch(/Vale-presente\s+- R\$\s50,00/);
    expect(texto).toMatch(/A PAGAR\s+R\$\s40,00/);

    const [a, b] = await Promise.all([
      gerente.get(`/services/transacao/cancelar/${feito.transacaoId}?motivo=Devolução`),
      gerente.get(`/services/transacao/cancelar/${feito.transacaoId}?motivo=Devolução`),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((await saldo(v.codigo, v.pin!)).saldo).toBe(100);
    expect(await usosDoCupom(k.id)).toEqual({ usos: 0, usados: 0 });
    expect(await contaVales()).toBe(await somaDosSaldos());
    expect(await violacoesDoRazao(t)).toEqual(RAZAO_INTACTO);
  });

  it('o vale não paga mais que o resto depois do desconto e do cashback: 400 com o valor, e nada gravado (nem o uso do cupom)', async () => {
    const v = await vender({ valor: 100 });
    const k = await cupom({ beneficio: 'PERCENTUAL', percentual: 20 });
    const c = await novoCliente();
    const antes = await linhas(sql`select (select count(*)::int from transacao) as t, (select count(*)::int from lancamento) as l, (select count(*)::int from cupom_desconto_uso) as u`);
    const r = await pagarComCupom(c, 100, k.codigo, { codigo: v.codigo, pin: v.pin!, valor: 90 });
    expect(r.statusCode, r.body).toBe(400);
    expect(env(r).messageError).toBe('O valor pago com o vale-presente não pode passar do valor a pagar da venda: R$ 80,00 com o desconto do cupom.');
    expect(await linhas(sql`select (select count(*)::int from transacao) as t, (select count(*)::int from lancamento) as l, (select count(*)::int from cupom_desconto_uso) as u`)).toEqual(antes);
    expect((await saldo(v.codigo, v.pin!)).saldo).toBe(100);
    expect(await usosDoCupom(k.id)).toEqual({ usos: 0, usados: 0 });
    // Exactly what is left is accepted: R$ 80,00 pays the whole sale after the discount.
    const ok = await pagarComCupom(c, 100, k.codigo, { codigo: v.codigo, pin: v.pin!, valor: 80 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(env<VendaComValeRegistrada>(ok).result).toMatchObject({ valePago: 80, saldoVale: 20, cupom: { desconto: 20, valorAPagar: 80 } });
  });

  it('cupom recusado (inexistente, compra mínima) recusa a venda inteira: o vale fica intacto', async () => {
    const v = await vender({ valor: 50 });
    const c = await novoCliente();
    const r = await pagarComCupom(c, 30, 'NAOEXISTE', { codigo: v.codigo, pin: v.pin!, valor: 10 });
    expect(r.statusCode).toBe(404);
    expect(env(r).messageError).toMatch(/cupom/i);
    const k = await cupom({ beneficio: 'VALOR', percentual: null, valor: 5, compraMinima: 200 });
    const r2 = await pagarComCupom(c, 30, k.codigo, { codigo: v.codigo, pin: v.pin!, valor: 10 });
    expect(r2.statusCode).toBeGreaterThanOrEqual(400);
    expect(r2.statusCode).toBeLessThan(500);
    expect(env(r2).messageError).toContain('200,00');
    expect((await saldo(v.codigo, v.pin!)).saldo).toBe(50);
    expect(await contaVales()).toBe(await somaDosSaldos());
  });

  it('concorrência: 10 vendas com vales diferentes disputando um código de uso único — só uma leva o cupom e o vale dela; os outros vales ficam intactos', async () => {
    const k = await codigoUnico({ beneficio: 'PERCENTUAL', percentual: 10 });
    const vales = await Promise.all(Array.from({ length: 10 }, () => vender({ valor: 30 })));
    const clientes = await Promise.all(vales.map(() => novoCliente()));
    const rs = await Promise.all(vales.map((v, i) => pagarComCupom(clientes[i]!, 50, k.codigo, { codigo: v.codigo, pin: v.pin!, valor: 30 })));
    const aceitas = rs.filter((r) => r.statusCode === 200);
    expect(aceitas).toHaveLength(1);
    expect(rs.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 409)).toBe(true);
    const saldos = await Promise.all(vales.map((v) => saldo(v.codigo, v.pin!)));
    expect(saldos.map((x) => x.saldo).sort((a, b) => a - b)).toEqual([0, ...Array(9).fill(30)]);
    expect(await usosDoCupom(k.id)).toEqual({ usos: 1, usados: 1 });
    expect(await contaVales()).toBe(await somaDosSaldos());
    expect(await violacoesDoRazao(t)).toEqual(RAZAO_INTACTO);
  });
});

describe('valepresente: cancelamento e gestão', () => {
  it('vale sem uso: cancelamento estorna o lançamento da venda do vale, uma só vez', async () => {
    const v = await vender({ valor: 45 });
    const r = await gerente.post(`/services/valepresente/cancelar/${v.id}`, { motivo: 'Cliente desistiu' });
    expect(r.statusCode, r.body).toBe(200);
    expect(env<ValePresente & { devolvidoAgora: number }>(r).result).toMatchObject({ status: 'CANCELADO', situacao: 'CANCELADO', saldo: 0, devolvido: 45, devolvidoAgora: 45, motivoCancelamento: 'Cliente desistiu' });
    const [l] = await linhas<{ estorno: number | null }>(sql`select (select id from lancamento e where e.estorno_de_id = v.lancamento_id) as estorno from vale_presente v where v.id = ${v.id}`);
    expect(l!.estorno).not.toBeNull();
    const r2 = await gerente.post(`/services/valepresente/cancelar/${v.id}`, { motivo: 'De novo' });
    expect(r2.statusCode).toBe(409);
    expect(env(r2).messageError).toBe('Este vale-presente já foi cancelado e não tem saldo a devolver.');
    const r3 = await atendente.post('/services/valepresente/saldo', { codigo: v.codigo, pin: v.pin });
    expect(env<SaldoVale>(r3).result.situacao).toBe('CANCELADO');
    const r4 = await pagar(await novoCliente(), 10, { codigo: v.codigo, pin: v.pin!, valor: 5 });
    expect(r4.statusCode).toBe(409);
    expect(env(r4).messageError).toBe('Este vale-presente foi cancelado.');
    // The ledger's manual reversal refuses the card's posting: it belongs to the card.
    const [vl] = await linhas<{ lancamento_id: number }>(sql`select lancamento_id from vale_presente where id = ${v.id}`);
    const r5 = await gerente.post(`/services/account/lancamento/estornar/${vl!.lancamento_id}`, { motivo: 'teste' });
    expect(r5.statusCode).toBe(409);
    expect(await contaVales()).toBe(await somaDosSaldos());
  });

  it('vale usado em parte: cancelamento devolve só o saldo; venda cancelada depois devolve ao vale, que pode ser cancelado de novo', async () => {
    const v = await vender({ valor: 100 });
    const feito = env<VendaComValeRegistrada>(await pagar(await novoCliente(), 30, { codigo: v.codigo, pin: v.pin!, valor: 30 })).result;
    const r = await gerente.post(`/services/valepresente/cancelar/${v.id}`, { motivo: 'Reembolso do saldo' });
    expect(env<ValePresente & { devolvidoAgora: number }>(r).result).toMatchObject({ devolvido: 70, devolvidoAgora: 70, usado: 30, saldo: 0 });
    expect((await gerente.get(`/services/transacao/cancelar/${feito.transacaoId}`)).statusCode).toBe(200);
    const r2 = await gerente.post(`/services/valepresente/cancelar/${v.id}`, { motivo: 'Reembolso da venda devolvida' });
    expect(env<ValePresente & { devolvidoAgora: number }>(r2).result).toMatchObject({ devolvido: 100, devolvidoAgora: 30, saldo: 0 });
    expect(await contaVales()).toBe(await somaDosSaldos());
    expect(await violacoesDoRazao(t)).toEqual(RAZAO_INTACTO);
  });

  it('lista com filtros de situação e código; ficha; comprovante 80 mm com o código (e o PIN só quando informado e certo)', async () => {
    const v = await vender({ valor: 25, beneficiarioNome: 'Maria' });
    const r = await gerente.post('/services/valepresente/filtrar/0/10', { codigo: v.codigo.slice(-6), situacao: 'ATIVO' });
    expect(r.statusCode, r.body).toBe(200);
    const p = env<Pagina<ValePresente>>(r).result;
    expect(p.content.map((x) => x.id)).toEqual([v.id]);
    const cancelados = env<Pagina<ValePresente>>(await gerente.post('/services/valepresente/filtrar/0/50', { situacao: 'CANCELADO' })).result;
    expect(cancelados.content.every((x) => x.situacao === 'CANCELADO')).toBe(true);
    const pdf = await atendente.post('/services/valepresente/imprimir', { id: v.id, pin: v.pin });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const texto = textoDoPdf(pdf.rawPayload).join(' ').replace(/\s+/g, ' ');
    expect(texto).toMatch(/VALE- ?PRESENTE R\$ 25,00/);
    expect(texto).toContain(v.codigo.replace(/(\d{4})(?=\d)/g, '$1 '));
    expect(texto).toContain(`SENHA (PIN): ${v.pin}`);
    expect(texto).toContain('Para: Maria');
    const sem = textoDoPdf((await gerente.post('/services/valepresente/imprimir', { id: v.id })).rawPayload).join(' ');
    expect(sem).not.toContain(v.pin!);
    const errado = await atendente.post('/services/valepresente/imprimir', { id: v.id, pin: v.pin === '000000' ? '111111' : '000000' });
    expect(errado.statusCode).toBe(400);
  });

  it('permissões: atendente vende, usa e consulta; lista, ficha e cancelamento só a gestão; analista nada', async () => {
    const v = await vender({ valor: 15 });
    expect((await atendente.post('/services/valepresente/filtrar/0/10', {})).statusCode).toBe(403);
    expect((await atendente.get(`/services/valepresente/findbyid/${v.id}`)).statusCode).toBe(403);
    expect((await atendente.post(`/services/valepresente/cancelar/${v.id}`, { motivo: 'tentativa' })).statusCode).toBe(403);
    expect((await analista.post('/services/valepresente/vender', { valor: 10 })).statusCode).toBe(403);
    expect((await analista.post('/services/valepresente/saldo', { codigo: v.codigo, pin: v.pin })).statusCode).toBe(403);
    expect((await gerente.post('/services/valepresente/vender', { valor: 10 })).statusCode).toBe(200);
  });

  it('idempotência: a mesma chave devolve o mesmo vale, sem o PIN na repetição', async () => {
    const h = { headers: { 'idempotency-key': 'vale-chave-1' } };
    const a = env<ValeVendido>(await atendente.post('/services/valepresente/vender', { valor: 33 }, h)).result;
    const b = env<ValeVendido>(await atendente.post('/services/valepresente/vender', { valor: 33 }, h)).result;
    expect(b.id).toBe(a.id);
    expect(a.pin).toMatch(/^\d{6}$/);
    expect(b.pin).toBeNull();
    const guardado = await linhas<{ t: string }>(sql`select resposta::text as t from idempotencia where chave = 'vale-chave-1'`);
    expect(guardado[0]!.t).not.toContain(`"pin"`);
  });
});

describe('valepresente: entrada inválida (400 em português, nada gravado)', () => {
  const casos: [string, string, Record<string, unknown>, string][] = [
    ['vender', '/services/valepresente/vender', { valor: 5 }, 'pelo menos R$ 10,00'],
    ['vender', '/services/valepresente/vender', { valor: 10000 }, 'não pode passar de'],
    ['vender', '/services/valepresente/vender', { valor: 10.001 }, 'centavos'],
    ['vender', '/services/valepresente/vender', { valor: 50, validadeDias: 30 }, 'pelo menos 180 dias'],
    ['vender', '/services/valepresente/vender', { valor: 50, extra: 1 }, ''],
    ['saldo', '/services/valepresente/saldo', { codigo: '123', pin: '123456' }, '16 dígitos'],
    ['saldo', '/services/valepresente/saldo', { codigo: '4111111111111111', pin: '12' }, 'PIN'],
    ['venda', '/services/valepresente/venda', { venda: { clienteId: 1, valor: 10 }, vale: { codigo: '4111111111111111', pin: '123456', valor: 20 } }, 'não pode passar do valor a pagar'],
    ['venda', '/services/valepresente/venda', { venda: { clienteId: 1, valor: 10 }, vale: { codigo: '4111111111111111', pin: '123456', valor: 0 } }, 'maior que zero'],
    ['venda', '/services/valepresente/venda', { venda: { clienteId: 1, valor: -1 }, vale: { codigo: '4111111111111111', pin: '123456', valor: 1 } }, ''],
    ['filtrar', '/services/valepresente/filtrar/0/10', { situacao: 'XPTO' }, 'Situação inválida'],
    ['filtrar', '/services/valepresente/filtrar/0/10', { de: '2026-02-30' }, 'Data inicial inválida'],
    ['cancelar', '/services/valepresente/cancelar/1', { motivo: '' }, 'motivo'],
    ['imprimir', '/services/valepresente/imprimir', { id: 'x' }, ''],
  ];
  it.each(casos)('%s %s %j', async (_n, url, corpo, trecho) => {
    const antes = await linhas<{ v: number; l: number }>(sql`select (select count(*)::int from vale_presente) as v, (select count(*)::int from lancamento) as l`);
    const r = await gerente.post(url, corpo);
    expect(r.statusCode, r.body).toBe(400);
    const m = env(r).messageError as string;
    expect(m).toMatch(/[a-zà-ú]/i);
    expect(m).not.toMatch(/expected|invalid|required/i);
    if (trecho) expect(m).toContain(trecho);
    expect(await linhas(sql`select (select count(*)::int from vale_presente) as v, (select count(*)::int from lancamento) as l`)).toEqual(antes);
  });

  it('comprador e presenteado de outra empresa: 404 e nada gravado', async () => {
    const [outro] = await t.banco.db.insert(cliente).values({ empresaId: 4, nome: 'De outra empresa' }).returning({ id: cliente.id });
    const r = await gerente.post('/services/valepresente/vender', { valor: 20, beneficiarioClienteId: outro!.id });
    expect(r.statusCode).toBe(404);
    expect(env(r).messageError).toBe('Presenteado não encontrado.');
  });
});

describe('valepresente: concorrência', () => {
  it('20 vendas simultâneas tentando usar 60% do saldo: só uma passa, o saldo nunca fica negativo e o razão fecha', async () => {
    const v = await vender({ valor: 100 });
    const clientes = await Promise.all(Array.from({ length: 20 }, () => novoCliente()));
    const rs = await Promise.all(clientes.map((c, i) => pagar(c, 80, { codigo: v.codigo, pin: v.pin!, valor: 60 }, i % 2 ? atendente : gerente)));
    const codigos = rs.map((r) => r.statusCode);
    expect(codigos.filter((s) => s === 200)).toHaveLength(1);
    expect(codigos.filter((s) => s === 409)).toHaveLength(19);
    expect(rs.filter((r) => r.statusCode === 409).every((r) => env(r).messageError === 'Saldo do vale-presente insuficiente: R$ 40,00 disponível.')).toBe(true);
    expect((await saldo(v.codigo, v.pin!)).saldo).toBe(40);
    // Then 10 at once each taking 5: all fit (40 ≥ 50? no: only 8 fit).
    const rs2 = await Promise.all(clientes.slice(0, 10).map((c) => pagar(c, 10, { codigo: v.codigo, pin: v.pin!, valor: 5 })));
    expect(rs2.filter((r) => r.statusCode === 200)).toHaveLength(8);
    expect((await saldo(v.codigo, v.pin!)).saldo).toBe(0);
    const [u] = await linhas<{ soma: string }>(sql`select sum(valor_centavos) as soma from vale_presente_uso where vale_presente_id = ${v.id}`);
    expect(Number(u!.soma)).toBe(10000);
    expect(await contaVales()).toBe(await somaDosSaldos());
    expect(await violacoesDoRazao(t)).toEqual(RAZAO_INTACTO);
  });
});

describe('valepresente: dashboard vendasprepago', () => {
  it('vendidos, carregado, usado, devolvido e em aberto de hoje batem com os vales e com a conta do razão', async () => {
    const hoje = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const v = await vender({ valor: 70 });
    await pagar(await novoCliente(), 20, { codigo: v.codigo, pin: v.pin!, valor: 20 });
    const r = await gerente.post('/services/empresadashboard/vendasprepago', { de: hoje, ate: hoje });
    expect(r.statusCode, r.body).toBe(200);
    const d = env<DashboardPrepago>(r).result;
    const [esperado] = await linhas<{ vendidos: number; carregado: string; devolvido: string }>(
      sql`select count(*)::int as vendidos, sum(valor_centavos) as carregado, sum(devolvido_centavos) as devolvido from vale_presente where empresa_id = 1`,
    );
    const [usado] = await linhas<{ soma: string }>(sql`select sum(u.valor_centavos) as soma from vale_presente_uso u join transacao t on t.id = u.transacao_id where t.status = 'CONFIRMADA' and u.empresa_id = 1`);
    expect(d.totais).toMatchObject({
      valesVendidos: esperado!.vendidos,
      carregado: Number(esperado!.carregado) / 100,
      usado: Number(usado!.soma) / 100,
      devolvido: Number(esperado!.devolvido) / 100,
      emAberto: (await contaVales()) / 100,
    });
    expect(d.totais.carregado - d.totais.usado - d.totais.devolvido).toBeCloseTo(d.totais.emAberto, 2);
    expect(d.serie).toHaveLength(1);
    expect(d.serie[0]).toMatchObject({ periodo: hoje, valesVendidos: d.totais.valesVendidos, emAberto: d.totais.emAberto });
    // Lapsed: a live card whose last valid day was yesterday shows its balance as "vencido" today.
    const ontem = new Date(Date.parse(`${hoje}T12:00:00Z`) - 864e5).toISOString().slice(0, 10);
    await t.banco.db.execute(sql`update vale_presente set valido_ate = ${ontem}::date where id = ${v.id}`);
    const d2 = env<DashboardPrepago>(await gerente.post('/services/empresadashboard/vendasprepago', { de: hoje, ate: hoje })).result;
    expect(d2.totais.vencido).toBeGreaterThanOrEqual(50);
  });
});

/** Cards just issued by the management (DISPONIVEL, no customer), with their numbers. */
async function emitirCartoes(quantidade: number, extra: Record<string, unknown> = {}): Promise<{ id: number; numero: string }[]> {
  const r = await gerente.post('/services/card/emitir', { quantidade, ...extra });
  expect(r.statusCode, r.body).toBe(200);
  const { ids } = env<ResultadoEmissao>(r).result;
  return t.banco.db.select({ id: cartao.id, numero: cartao.numero }).from(cartao).where(inArray(cartao.id, ids)).orderBy(asc(cartao.id));
}

const fichaCartao = async (id: number) => env<Cartao>(await gerente.get(`/services/card/findbyid/${id}`)).result;

/** What a refused sale on a physical card must not have left behind. */
const pegadaCartao = async (id: number) => ({
  vales: await linhas<{ n: number }>(sql`select count(*)::int as n from vale_presente`),
  lancamentos: await linhas<{ n: number }>(sql`select count(*)::int as n from lancamento`),
  cartao: await linhas(sql`select status, cliente_id, atualizado_em from cartao where id = ${id}`),
  auditoria: await linhas<{ n: number }>(sql`select count(*)::int as n from auditoria where entidade in ('cartao', 'vale_presente')`),
});

describe('valepresente: cartão físico do módulo de cartões como suporte (decisão 039 §10)', () => {
  it('vende num cartão disponível: o número vira o código, o PIN é gerado; o cartão fica VALE_PRESENTE e paga parte de uma venda', async () => {
    const [c] = await emitirCartoes(1, { adicionarFila: true });
    const formatado = c!.numero.replace(/(\d{4})(?=\d)/g, '$1 ');
    const v = await vender({ valor: 120, cartao: formatado, beneficiarioNome: 'Joana' });
    expect(v).toMatchObject({ codigo: c!.numero, cartaoId: c!.id, valor: 120, saldo: 120, situacao: 'ATIVO' });
    expect(v.pin).toMatch(/^\d{6}$/);
    // The card: marked for good, no customer, linked to the gift card on its screen; its pending print cancelled.
    expect(await fichaCartao(c!.id)).toMatchObject({ status: 'VALE_PRESENTE', clienteId: null, valePresenteId: v.id, valePresenteCancelado: false });
    expect(await linhas(sql`select status from cartao_impressao where cartao_id = ${c!.id}`)).toEqual([{ status: 'CANCELADO' }]);
    const auditado = await linhas<{ acao: string; depois: string }>(sql`select acao, depois::text as depois from auditoria where entidade = 'cartao' and entidade_id = ${c!.id} order by id`);
    expect(auditado.map((a) => a.acao).at(-1)).toBe('VALE_PRESENTE');
    expect(auditado.some((a) => a.depois.includes(v.pin!))).toBe(false);
    // Paid at the terminal with the card's number as the code.
    const r = await pagar(await novoCliente(), 50, { codigo: formatado, pin: v.pin!, valor: 30 });
    expect(r.statusCode, r.body).toBe(200);
    expect(env<VendaComValeRegistrada>(r).result).toMatchObject({ valePago: 30, saldoVale: 90 });
    expect(await saldo(c!.numero, v.pin!)).toMatchObject({ saldo: 90, codigo: c!.numero });
    // The receipt says the code is the card's number.
    const texto = textoDoPdf((await atendente.post('/services/valepresente/imprimir', { id: v.id })).rawPayload).join(' ').replace(/\s+/g, ' ');
    expect(texto).toContain('NÚMERO DO CARTÃO');
    expect(texto).toContain(formatado);
    // Lists and reports show it as a gift card's carrier.
    const lista = env<Pagina<{ id: number; status: string }>>(await gerente.post('/services/card/filterpaginated/0/50', { status: 'VALE_PRESENTE' })).result;
    expect(lista.content.map((x) => x.id)).toContain(c!.id);
    expect(lista.content.every((x) => x.status === 'VALE_PRESENTE')).toBe(true);
    const rel = env<RelatorioUsoEmpresa>(await gerente.post('/services/card/relatorio/empresa', {})).result;
    const [n] = await linhas<{ n: number }>(sql`select count(*)::int as n from cartao where empresa_id = 1 and status = 'VALE_PRESENTE'`);
    expect(rel.cartoesPorStatus.VALE_PRESENTE).toBe(n!.n);
    expect(await contaVales()).toBe(await somaDosSaldos());
    expect(await violacoesDoRazao(t)).toEqual(RAZAO_INTACTO);
  });

  it('o cartão de um vale não vira cartão fidelidade: vincular, usar numa venda, bloquear e imprimir são recusados (409)', async () => {
    const [c] = await emitirCartoes(1);
    const v = await vender({ valor: 40, cartao: c!.numero });
    const cli = await novoCliente();
    const vinc = await atendente.post('/services/card/vincular', { numero: c!.numero, clienteId: cli });
    expect(vinc.statusCode).toBe(409);
    expect(env(vinc).messageError).toBe('Este cartão é suporte de um vale-presente e não pode ser vinculado a cliente nem usado como cartão fidelidade.');
    const venda = await pagar(cli, 20, { codigo: c!.numero, pin: v.pin!, valor: 10 });
    expect(venda.statusCode).toBe(200);
    const comoFidelidade = await atendente.post('/services/valepresente/venda', { venda: { clienteId: cli, valor: 20, cartao: c!.numero }, vale: { codigo: c!.numero, pin: v.pin, valor: 5 } });
    expect(comoFidelidade.statusCode).toBe(409);
    expect(env(comoFidelidade).messageError).toBe('Este cartão é um vale-presente, não um cartão fidelidade: use "Pagar com vale-presente" com a senha (PIN).');
    const bloq = await gerente.post(`/services/card/${c!.id}/bloquear`, { motivo: 'Tentativa' });
    expect(bloq.statusCode).toBe(409);
    expect(env(bloq).messageError).toBe('Este cartão é suporte de um vale-presente: para suspendê-lo, cancele o vale (Cartões › Vales-presente).');
    const fila = await gerente.post('/services/card/addcardprintqueue', { ids: [c!.id] });
    expect(fila.statusCode).toBe(409);
    expect(env(fila).messageError).toBe(`O cartão final ${c!.numero.slice(-4)} é suporte de vale-presente e não pode ser impresso.`);
    expect((await gerente.post('/services/card/print', { id: c!.id })).statusCode).toBe(409);
    const substituir = await gerente.post('/services/card/substituir', { cartaoId: c!.id, motivo: 'Tentativa' });
    expect(substituir.statusCode).toBe(409);
    expect((await fichaCartao(c!.id)).status).toBe('VALE_PRESENTE');
  });

  it('cancelar o vale deixa o cartão inutilizado: continua VALE_PRESENTE, não recebe outro vale nem cliente', async () => {
    const [c] = await emitirCartoes(1);
    const v = await vender({ valor: 60, cartao: c!.numero });
    expect((await gerente.post(`/services/valepresente/cancelar/${v.id}`, { motivo: 'Cliente desistiu' })).statusCode).toBe(200);
    expect(await fichaCartao(c!.id)).toMatchObject({ status: 'VALE_PRESENTE', valePresenteId: v.id, valePresenteCancelado: true });
    const antes = await pegadaCartao(c!.id);
    const r = await atendente.post('/services/valepresente/vender', { valor: 30, cartao: c!.numero });
    expect(r.statusCode).toBe(409);
    expect(env(r).messageError).toBe('Este cartão já é suporte de um vale-presente: use outro cartão disponível.');
    expect((await atendente.post('/services/card/vincular', { numero: c!.numero, clienteId: await novoCliente() })).statusCode).toBe(409);
    expect(await pegadaCartao(c!.id)).toEqual(antes);
    expect(await contaVales()).toBe(await somaDosSaldos());
  });

  it('cartão inexistente, de outra empresa, vinculado, bloqueado, substituído ou com dígito errado: recusado em português e nada gravado', async () => {
    const [vinculado, bloqueado, velho, livre] = await emitirCartoes(4);
    expect((await atendente.post('/services/card/vincular', { numero: vinculado!.numero, clienteId: await novoCliente() })).statusCode).toBe(200);
    expect((await gerente.post(`/services/card/${bloqueado!.id}/bloquear`, { motivo: 'Lote com defeito' })).statusCode).toBe(200);
    expect((await atendente.post('/services/card/vincular', { numero: velho!.numero, clienteId: await novoCliente() })).statusCode).toBe(200);
    expect((await gerente.post('/services/card/substituir', { cartaoId: velho!.id, motivo: 'Danificado' })).statusCode).toBe(200);
    // A number with a valid check digit that was never issued (far past the sequence).
    const naoEmitido = montarNumeroCartao(livre!.numero.slice(0, 6), 999_999_998);
    const errado = livre!.numero.slice(0, 15) + String((Number(livre!.numero[15]) + 1) % 10);
    const casos: [string, Cliente, string, number, string][] = [
      ['inexistente', atendente, naoEmitido, 404, 'Cartão não encontrado.'],
      ['de outra empresa', outra, livre!.numero, 404, 'Cartão não encontrado.'],
      ['vinculado', atendente, vinculado!.numero, 409, 'Este cartão já está vinculado a um cliente: para o vale-presente use um cartão disponível (emitido e sem cliente).'],
      ['bloqueado', atendente, bloqueado!.numero, 409, 'Cartão bloqueado: não pode ser suporte de vale-presente.'],
      ['substituído', atendente, velho!.numero, 409, 'Este cartão foi substituído e não pode mais ser usado.'],
      ['dígito errado', atendente, errado, 400, 'dígito verificador não confere'],
      ['curto', atendente, '1234', 400, 'O número do cartão tem 16 dígitos.'],
    ];
    for (const [nome, quem, numero, status, mensagem] of casos) {
      const antes = await pegadaCartao(livre!.id);
      const r = await quem.post('/services/valepresente/vender', { valor: 25, cartao: numero });
      expect(r.statusCode, `${nome}: ${r.body}`).toBe(status);
      expect(env(r).messageError, nome).toContain(mensagem);
      expect(await pegadaCartao(livre!.id), nome).toEqual(antes);
    }
    // The free card is still free: the refusals left it alone.
    expect((await fichaCartao(livre!.id)).status).toBe('DISPONIVEL');
    // A refusal after the card was locked and marked (a buyer of another company) undoes the mark too.
    const [cOutra] = await t.banco.db.insert(cliente).values({ empresaId: 4, nome: 'Comprador de outra empresa' }).returning({ id: cliente.id });
    const antes = await pegadaCartao(livre!.id);
    const r = await atendente.post('/services/valepresente/vender', { valor: 25, cartao: livre!.numero, compradorClienteId: cOutra!.id });
    expect(r.statusCode).toBe(404);
    expect(env(r).messageError).toBe('Comprador não encontrado.');
    expect(await pegadaCartao(livre!.id)).toEqual(antes);
  });

  it('um número de vale sorteado nunca é o de um cartão da empresa; um cartão cujo número já é código de vale é recusado (409)', async () => {
    const [c] = await emitirCartoes(1);
    // Only a code drawn before the card was issued could hold its number: forced here.
    const v = await vender({ valor: 10 });
    await t.banco.db.execute(sql`update vale_presente set codigo = ${c!.numero} where id = ${v.id}`);
    const antes = await pegadaCartao(c!.id);
    const r = await atendente.post('/services/valepresente/vender', { valor: 10, cartao: c!.numero });
    expect(r.statusCode).toBe(409);
    expect(env(r).messageError).toBe('O número deste cartão já é o código de outro vale-presente: use outro cartão.');
    expect(await pegadaCartao(c!.id)).toEqual(antes);
  });

  it('concorrência: 10 vendas simultâneas no mesmo cartão — uma passa, as outras recebem 409 claro; vincular e vender juntos, só um', async () => {
    const [c, d] = await emitirCartoes(2);
    const rs = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? atendente : gerente).post('/services/valepresente/vender', { valor: 50, cartao: c!.numero })));
    const codigos = rs.map((r) => r.statusCode);
    expect(codigos.filter((s) => s === 200)).toHaveLength(1);
    expect(codigos.filter((s) => s === 409)).toHaveLength(9);
    expect(rs.filter((r) => r.statusCode === 409).every((r) => env(r).messageError === 'Este cartão já é suporte de um vale-presente: use outro cartão disponível.')).toBe(true);
    expect(await linhas(sql`select count(*)::int as n from vale_presente where cartao_id = ${c!.id} or codigo = ${c!.numero}`)).toEqual([{ n: 1 }]);
    // Linking and selling the same card at once: one of the two, never both.
    const cli = await novoCliente();
    const [vinc, vend] = await Promise.all([atendente.post('/services/card/vincular', { numero: d!.numero, clienteId: cli }), gerente.post('/services/valepresente/vender', { valor: 50, cartao: d!.numero })]);
    expect([vinc.statusCode, vend.statusCode].sort()).toEqual([200, 409]);
    const ficha = await fichaCartao(d!.id);
    expect(ficha.status).toBe(vinc.statusCode === 200 ? 'ATIVO' : 'VALE_PRESENTE');
    expect(await contaVales()).toBe(await somaDosSaldos());
    expect(await violacoesDoRazao(t)).toEqual(RAZAO_INTACTO);
  });
});
