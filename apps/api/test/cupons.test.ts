import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CodigoCupom, Cupom, DashboardCupom, CupomAplicado, CupomCopia, LoteCupons, Pagina, ResultadoVenda, StatusTarefaResposta, TarefaCriada, UsoCupom } from '@bonifica/contracts';
import { cliente } from '../src/db/schema/index.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';
import { textoDoPdf } from './apoio/pdf-texto.js';
import { RAZAO_INTACTO, violacoesDoRazao } from './apoio/razao.js';

let t: AppDeTeste;
let gerente: Cliente;
let atendente: Cliente;
let analista: Cliente;

async function linhas<T>(consulta: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.banco.db.execute(consulta)) as unknown as { rows: T[] }).rows;
}
const contar = async (consulta: ReturnType<typeof sql>) => (await linhas<{ n: number }>(consulta))[0]!.n;

let seq = 0;
async function novoCliente(): Promise<number> {
  const [c] = await t.banco.db.insert(cliente).values({ empresaId: 1, nome: `Cliente cupom ${++seq}` }).returning({ id: cliente.id });
  return c!.id;
}

async function novoCupom(corpo: Record<string, unknown> = {}): Promise<Cupom> {
  const r = await gerente.post('/services/cupomdesconto/save', { nome: `Cupom ${++seq}`, tipo: 'LOTE', beneficio: 'PERCENTUAL', percentual: 10, ...corpo });
  expect(r.statusCode, r.body).toBe(200);
  return env<Cupom>(r).result;
}

/** Generates the coupon's codes by running its job here (no queue in tests) and returns them. */
async function gerar(c: Cupom): Promise<string[]> {
  const r = await gerente.post(`/services/cupomdesconto/gerar/${c.id}`, {});
  expect(r.statusCode, r.body).toBe(200);
  await t.app.tarefas.executar(env<TarefaCriada>(r).result.id);
  return (await linhas<{ codigo: string }>(sql`select codigo from cupom_desconto_codigo where cupom_id = ${c.id} order by id`)).map((l) => l.codigo);
}

const vender = (quem: Cliente, corpo: Record<string, unknown>, chave?: string) =>
  quem.post('/services/transacao/venda', corpo, chave ? { headers: { 'idempotency-key': chave } } : {});

/** A saved coupon as its edit form posts it back (cupomdesconto/save is strict), with some fields changed. */
function edicao(c: Cupom, mudar: Record<string, unknown>): Record<string, unknown> {
  const { id, nome, tipo, beneficio, percentual, valor, compraMinima, usosPorCliente, usosTotal, dataVencimento, vencimentoDiaSemana, palavraChave, whatsAppLote, filiais, alfabeto, prefixo, tamanho, quantidade, ativo } = c;
  return { id, nome, tipo, beneficio, percentual, valor, compraMinima, usosPorCliente, usosTotal, dataVencimento, vencimentoDiaSemana, palavraChave, whatsAppLote, filiais, alfabeto, prefixo, tamanho, quantidade, ativo, ...mudar };
}

/** The campaign's uses in force, as the manager sees them (its row plus its counter rows, contador.ts). */
async function usosDoCupom(id: number): Promise<number> {
  const r = await gerente.get(`/services/cupomdesconto/findbyid/${id}`);
  expect(r.statusCode, r.body).toBe(200);
  return env<Cupom>(r).result.usos;
}

async function saldoCashback(clienteId: number): Promise<number> {
  const [l] = await linhas<{ saldo: string }>(sql`select saldo from conta where cliente_id = ${clienteId} and tipo = 'CASHBACK'`);
  return Number(l?.saldo ?? 0);
}

beforeAll(async () => {
  t = await criarAppDeTeste();
  [gerente, atendente, analista] = await Promise.all([t.entrar('gerente'), t.entrar('atendente'), t.entrar('analista')]);
  // A fresh database with migrations and the demo seed: on a loaded machine this alone can pass the default minute.
}, 240_000);
afterAll(() => t.fechar());

describe('cupomdesconto: cadastro', () => {
  it('cadastra com os campos da spec e as regras do lojista; lista, busca e audita', async () => {
    const c = await novoCupom({
      nome: 'Dia dos Pais',
      tipo: 'ONLINE',
      beneficio: 'VALOR',
      percentual: null,
      valor: 15,
      compraMinima: 100,
      usosPorCliente: 1,
      usosTotal: 500,
      dataVencimento: '2099-08-31',
      vencimentoDiaSemana: [6, 0, 6],
      palavraChave: 'papai15',
      whatsAppLote: 'Olá {nome}, seu cupom: {cupom}',
      filiais: [2],
    });
    expect(c).toMatchObject({
      nome: 'Dia dos Pais',
      tipo: 'ONLINE',
      beneficio: 'VALOR',
      valor: 15,
      compraMinima: 100,
      usosPorCliente: 1,
      usosTotal: 500,
      dataVencimento: '2099-08-31',
      vencimentoDiaSemana: [0, 6],
      palavraChave: 'PAPAI15',
      filiais: [2],
      usos: 0,
      ativo: true,
      quantidade: 0,
    });
    expect(c.usuario).toBeTruthy();
    expect(c.token).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(c.urlCompartilhamento).toBe(`/p/cupom/${c.token}`);
    expect(c.urlCurto).toBe(`/c/${c.token}`);
    const lista = env<Pagina<Cupom>>(await gerente.post('/services/cupomdesconto/filterpaginated/0/10', { busca: 'dia dos pais' })).result;
    expect(lista.content.map((x) => x.id)).toEqual([c.id]);
    expect((await gerente.get(`/services/cupomdesconto/findbyid/${c.id}`)).statusCode).toBe(200);
    expect(await contar(sql`select count(*)::int as n from auditoria where entidade = 'cupomdesconto' and entidade_id = ${String(c.id)} and acao = 'CRIAR'`)).toBe(1);
  });

  it('duplicar segue o §3: limpa os campos e acrescenta " (Cópia)"', async () => {
    const c = await novoCupom({ nome: 'Original', palavraChave: 'ORIG1', dataVencimento: '2099-01-01', vencimentoDiaSemana: [1], whatsAppLote: 'Oi', quantidade: 10 });
    const r = await gerente.get(`/services/cupomdesconto/duplicar/${c.id}`);
    expect(r.statusCode, r.body).toBe(200);
    const copia = env<CupomCopia>(r).result;
    expect(copia).toMatchObject({
      id: null,
      usuario: null,
      nome: 'Original (Cópia)',
      dataCriacao: null,
      dataVencimento: null,
      vencimentoDiaSemana: null,
      urlCompartilhamento: null,
      urlCurto: null,
      token: null,
      palavraChave: null,
      whatsAppLote: null,
      beneficio: 'PERCENTUAL',
      percentual: 10,
      quantidade: 10,
    });
    expect((await gerente.get('/services/cupomdesconto/duplicar/999999')).statusCode).toBe(404);
  });

  it('recusa entrada ruim com mensagens em português e não grava nada', async () => {
    await novoCupom({ palavraChave: 'JAEXISTE' });
    const antes = await contar(sql`select count(*)::int as n from cupom_desconto`);
    const casos: [Record<string, unknown>, string, number?][] = [
      [{ nome: 'X', tipo: 'LOTE', beneficio: 'PERCENTUAL', percentual: 10 }, 'Informe o nome do cupom.'],
      [{ nome: 'Tipo', tipo: 'PAPEL', beneficio: 'PERCENTUAL', percentual: 10 }, 'Tipo inválido'],
      [{ nome: 'Sem %', tipo: 'LOTE', beneficio: 'PERCENTUAL' }, 'Informe o percentual do benefício.'],
      [{ nome: 'Sem valor', tipo: 'LOTE', beneficio: 'VALOR' }, 'Informe o valor do benefício.'],
      [{ nome: 'Centavos', tipo: 'LOTE', beneficio: 'VALOR', valor: 1.234 }, 'no máximo 2 casas decimais'],
      [{ nome: 'Pct', tipo: 'LOTE', beneficio: 'PERCENTUAL', percentual: 150 }, 'O percentual deve ficar entre 0,01 e 100.'],
      [{ nome: 'Dia', tipo: 'LOTE', beneficio: 'PERCENTUAL', percentual: 5, vencimentoDiaSemana: [7] }, 'Dia da semana inválido'],
      [{ nome: 'Data', tipo: 'LOTE', beneficio: 'PERCENTUAL', percentual: 5, dataVencimento: '2026-02-30' }, 'Data de vencimento inválida.'],
      [{ nome: 'Padrão', tipo: 'LOTE', beneficio: 'PERCENTUAL', percentual: 5, alfabeto: 'NUMERICO', tamanho: 4, quantidade: 5000 }, 'Padrão pequeno demais'],
      [{ nome: 'Usos', tipo: 'LOTE', beneficio: 'PERCENTUAL', percentual: 5, usosPorCliente: 3, usosTotal: 2 }, 'não podem passar do total'],
      [{ nome: 'Filial', tipo: 'LOTE', beneficio: 'PERCENTUAL', percentual: 5, filiais: [4] }, 'Filial não encontrada na rede.'],
      [{ nome: 'Palavra', tipo: 'LOTE', beneficio: 'PERCENTUAL', percentual: 5, palavraChave: 'jaexiste' }, 'Esta palavra-chave já é de outro cupom.', 409],
      [{ nome: 'Extra', tipo: 'LOTE', beneficio: 'PERCENTUAL', percentual: 5, xyz: 1 }, ''],
      [{ nome: 'Variável', tipo: 'LOTE', beneficio: 'PERCENTUAL', percentual: 5, whatsAppLote: 'Seu código: {codigo}' }, 'Variável desconhecida: {codigo}.'],
      [{ nome: 'Sem data', tipo: 'LOTE', beneficio: 'PERCENTUAL', percentual: 5, whatsAppLote: 'Use {cupom} até {vencimento}.' }, 'A mensagem usa {vencimento}, mas o cupom não tem data de vencimento'],
    ];
    for (const [corpo, mensagem, status] of casos) {
      const r = await gerente.post('/services/cupomdesconto/save', corpo);
      expect(r.statusCode, JSON.stringify(corpo)).toBe(status ?? 400);
      expect(env(r).messageError).toContain(mensagem);
    }
    expect(await contar(sql`select count(*)::int as n from cupom_desconto`)).toBe(antes);
    for (const [url, corpo] of [
      ['/services/cupomdesconto/validar', { codigo: '!', valor: 10 }],
      ['/services/cupomdesconto/filtrar/0/500', {}],
      ['/services/cupomdesconto/filtrar/resgatados/0/10', { status: 'X' }],
      ['/services/cupomdesconto/download/cupons', {}],
      ['/services/cupomdesconto/gerarimpressao0', {}],
    ] as const) {
      const r = await gerente.post(url, corpo);
      expect(r.statusCode, url).toBe(400);
      expect(env(r).messageError).toBeTruthy();
    }
  });

  it('permissões: o atendente valida cupons mas não cadastra; o analista sem empresa nada', async () => {
    expect((await atendente.post('/services/cupomdesconto/save', { nome: 'Do atendente', tipo: 'LOTE', beneficio: 'PERCENTUAL', percentual: 5 })).statusCode).toBe(403);
    expect((await atendente.post('/services/cupomdesconto/filterpaginated/0/10', {})).statusCode).toBe(403);
    expect((await atendente.post('/services/cupomdesconto/validar', { codigo: 'NAOEXISTE', valor: 10 })).statusCode).toBe(404);
    expect((await analista.post('/services/cupomdesconto/validar', { codigo: 'NAOEXISTE', valor: 10 })).statusCode).toBe(403);
  });
});

describe('cupomdesconto: lotes de códigos', () => {
  it('gera N códigos únicos do padrão em segundo plano, com progresso; lista os lotes e os códigos; CSV e PDF', async () => {
    const c = await novoCupom({ nome: 'Lote Natal', prefixo: 'nat', tamanho: 6, alfabeto: 'NUMERICO', quantidade: 2500 });
    const r = await gerente.post(`/services/cupomdesconto/gerar/${c.id}`, {});
    const { id } = env<TarefaCriada>(r).result;
    const lotes = env<LoteCupons[]>(await gerente.get('/services/cupomdesconto/cuponsdescontolotes')).result;
    expect(lotes.find((l) => l.id === c.id)).toMatchObject({ quantidade: 2500, codigosGerados: 0, tarefaId: id });
    await t.app.tarefas.executar(id);
    const st = env<StatusTarefaResposta>(await gerente.get(`/services/status/assincrono/${id}`)).result;
    expect(st).toMatchObject({ status: 'CONCLUIDA', percentual: 100, total: 2500, processados: 2500 });
    const codigos = (await linhas<{ codigo: string }>(sql`select codigo from cupom_desconto_codigo where cupom_id = ${c.id}`)).map((l) => l.codigo);
    expect(codigos).toHaveLength(2500);
    expect(new Set(codigos).size).toBe(2500);
    for (const k of codigos) expect(k).toMatch(/^NAT\d{6}$/);
    expect((await gerente.post(`/services/cupomdesconto/gerar/${c.id}`, {})).statusCode).toBe(409);

    const pag = env<Pagina<CodigoCupom>>(await gerente.post('/services/cupomdesconto/filtrar/0/10', { cupomId: c.id })).result;
    expect(pag.totalElements).toBe(2500);
    expect(pag.content[0]).toMatchObject({ cupomId: c.id, cupomNome: 'Lote Natal', usos: 0, maximoUsos: 1 });

    const csv = await gerente.get(`/services/cupomdesconto/download/cupons/csv/${c.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const linhasCsv = csv.body.trim().split(/\r?\n/);
    expect(linhasCsv).toHaveLength(2501);
    expect(linhasCsv[0]).toContain('Código');
    // "Gerado em" is the day in Brasília, DD/MM/AAAA (it was converted twice and came out as "26//2/29/1").
    const hojeBR = new Date().toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
    expect(linhasCsv[1]!.split(';').at(-1)).toBe(hojeBR);
    const csv2 = await gerente.post('/services/cupomdesconto/download/cupons', { cupomId: c.id });
    expect(csv2.body).toBe(csv.body);

    const pdf = await gerente.post(`/services/cupomdesconto/gerarimpressao${c.id}`, { limite: 12 });
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const texto = textoDoPdf(pdf.rawPayload).join(' ').replace(/\s+/g, ' ');
    expect(texto).toContain('10% de desconto');
    expect(texto).toContain(pag.content[0]!.codigo);
  }, 120_000);
});

describe('cupomdesconto: uso na venda do terminal', () => {
  it('desconto em % na venda: o cashback acumula sobre o valor pago; o uso é gravado; cancelar a venda devolve o uso', async () => {
    const c = await novoCupom({ nome: 'Dez por cento', quantidade: 3 });
    const [codigo] = await gerar(c);
    const cli = await novoCliente();
    const previa = await atendente.post('/services/cupomdesconto/validar', { codigo: codigo!.toLowerCase(), valor: 200, clienteId: cli });
    expect(previa.statusCode, previa.body).toBe(200);
    expect(env<CupomAplicado>(previa).result).toMatchObject({ cupomId: c.id, desconto: 20, bonus: 0, valorAPagar: 180 });

    const r = await vender(atendente, { clienteId: cli, valor: 200, cupom: codigo });
    expect(r.statusCode, r.body).toBe(200);
    const v = env<ResultadoVenda>(r).result;
    // 5% of R$ 180,00 paid = R$ 9,00.
    expect(v).toMatchObject({ cashback: 9, cupom: { cupomId: c.id, codigo, desconto: 20, bonus: 0, valorAPagar: 180 } });
    const [t1] = await linhas<{ valor_centavos: number }>(sql`select valor_centavos from transacao where id = ${v.transacaoId}`);
    expect(Number(t1!.valor_centavos)).toBe(18000);

    const de_novo = await vender(atendente, { clienteId: cli, valor: 200, cupom: codigo });
    expect(de_novo.statusCode).toBe(409);
    expect(env(de_novo).messageError).toBe('Este código de cupom já foi usado.');

    const usados = env<Pagina<UsoCupom>>(await gerente.post('/services/cupomdesconto/filtrar/resgatados/0/10', { cupomId: c.id })).result;
    expect(usados.content).toHaveLength(1);
    expect(usados.content[0]).toMatchObject({ transacaoId: v.transacaoId, clienteId: cli, valorBruto: 200, desconto: 20, status: 'USADO' });
    // Searched by the start of the code (spaces and case as typed) or by the coupon's name.
    for (const busca of [codigo!.slice(0, 4).toLowerCase(), 'dez por']) {
      const achados = env<Pagina<UsoCupom>>(await gerente.post('/services/cupomdesconto/filtrar/resgatados/0/10', { busca })).result;
      expect(achados.content.map((u) => u.transacaoId), busca).toContain(v.transacaoId);
      expect(achados.totalElements).toBe(achados.content.length);
    }
    expect(env<Pagina<UsoCupom>>(await gerente.post('/services/cupomdesconto/filtrar/resgatados/0/10', { busca: 'ninguém tem este nome' })).result.totalElements).toBe(0);

    // The attendant cannot cancel; the manager cancels through the coupon's use: the sale goes, the use comes back.
    expect((await atendente.get(`/services/cupomdesconto/cancelar/${usados.content[0]!.id}`)).statusCode).toBe(403);
    const canc = await gerente.get(`/services/cupomdesconto/cancelar/${usados.content[0]!.id}`);
    expect(canc.statusCode, canc.body).toBe(200);
    expect((await gerente.get(`/services/cupomdesconto/cancelar/${usados.content[0]!.id}`)).statusCode).toBe(409);
    const [st] = await linhas<{ status: string }>(sql`select status from transacao where id = ${v.transacaoId}`);
    expect(st!.status).toBe('CANCELADA');
    expect(await usosDoCupom(c.id)).toBe(0);
    expect(await contar(sql`select usos as n from cupom_desconto_codigo where codigo = ${codigo!}`)).toBe(0);
    expect((await vender(atendente, { clienteId: cli, valor: 200, cupom: codigo })).statusCode).toBe(200);

    // The dashboard counts the coupon sales in force: the cancelled one is gone, the new one is there.
    const hoje = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const d = env<DashboardCupom>(await gerente.post('/services/empresadashboard/vendascupom', { de: hoje, ate: hoje })).result;
    const meus = await linhas<{ n: number; d: string }>(sql`select count(*)::int as n, coalesce(sum(desconto_centavos), 0)::bigint as d from cupom_desconto_uso where status = 'USADO'`);
    expect(d).toMatchObject({ disponivel: true, totais: { vendas: meus[0]!.n, desconto: Number(meus[0]!.d) / 100 } });
    expect(d.serie).toEqual([{ periodo: hoje, vendas: meus[0]!.n, valor: d.totais.valor, desconto: d.totais.desconto }]);
  });

  it('cupom que cobre a compra inteira: a venda sai com nada a pagar e sem cashback; o código digitado com espaços vale', async () => {
    const c = await novoCupom({ nome: 'Cinquenta reais', beneficio: 'VALOR', percentual: null, valor: 50, quantidade: 1 });
    const [codigo] = await gerar(c);
    const cli = await novoCliente();
    const espacado = ` ${codigo!.toLowerCase().split('').join(' ')} `;
    const previa = env<CupomAplicado>(await atendente.post('/services/cupomdesconto/validar', { codigo: espacado, valor: 30, clienteId: cli })).result;
    expect(previa).toMatchObject({ desconto: 30, valorAPagar: 0 });
    const r = await vender(atendente, { clienteId: cli, valor: 30, cupom: espacado });
    expect(r.statusCode, r.body).toBe(200);
    const v = env<ResultadoVenda>(r).result;
    expect(v).toMatchObject({ cashback: 0, cupom: { codigo, desconto: 30, valorAPagar: 0 } });
    const [t1] = await linhas<{ valor_centavos: number }>(sql`select valor_centavos from transacao where id = ${v.transacaoId}`);
    expect(Number(t1!.valor_centavos)).toBe(0);
    expect(await saldoCashback(cli)).toBe(0);
    expect((await gerente.get(`/services/transacao/cancelar/${v.transacaoId}`)).statusCode).toBe(200);
    expect(await contar(sql`select usos as n from cupom_desconto_codigo where codigo = ${codigo!}`)).toBe(0);
    // Nothing to pay leaves nothing to redeem from the balance.
    const comResgate = await vender(atendente, { clienteId: cli, valor: 30, cupom: codigo, resgate: 1 });
    expect(comResgate.statusCode).toBe(400);
    expect(env(comResgate).messageError).toBe('O resgate não pode ser maior que o valor a pagar com o desconto do cupom.');
    expect(await violacoesDoRazao(t)).toEqual(RAZAO_INTACTO);
  });

  it('bônus de cashback: crédito à parte, estornado no cancelamento da venda; o razão fecha', async () => {
    const c = await novoCupom({ nome: 'Bônus', beneficio: 'BONUS_VALOR', percentual: null, valor: 7.5, palavraChave: 'BONUS75', usosPorCliente: 1 });
    const cli = await novoCliente();
    const r = await vender(gerente, { clienteId: cli, valor: 100, cupom: 'bonus75' });
    expect(r.statusCode, r.body).toBe(200);
    const v = env<ResultadoVenda>(r).result;
    expect(v.cupom).toMatchObject({ desconto: 0, bonus: 7.5, valorAPagar: 100 });
    expect(await saldoCashback(cli)).toBe(500 + 750);
    const outra = await vender(gerente, { clienteId: cli, valor: 100, cupom: 'BONUS75' });
    expect(outra.statusCode).toBe(409);
    expect(env(outra).messageError).toContain('limite é 1 por cliente');
    expect((await gerente.get(`/services/transacao/cancelar/${v.transacaoId}`)).statusCode).toBe(200);
    expect(await saldoCashback(cli)).toBe(0);
    expect(await usosDoCupom(c.id)).toBe(0);
    expect(await violacoesDoRazao(t)).toEqual(RAZAO_INTACTO);
  });

  it('regras: inativo, vencido, compra mínima, loja, resgate acima do valor a pagar — e nada é gravado', async () => {
    const cli = await novoCliente();
    const inativo = await novoCupom({ palavraChave: 'INATIVO1', ativo: false });
    const minimo = await novoCupom({ palavraChave: 'MINIMO1', compraMinima: 50 });
    const loja = await novoCupom({ palavraChave: 'LOJA1', filiais: [3] });
    const cheio = await novoCupom({ palavraChave: 'CHEIO1', beneficio: 'VALOR', percentual: null, valor: 40 });
    await t.banco.db.execute(sql`update cupom_desconto set data_vencimento = '2020-01-01' where id = ${minimo.id} and false`);
    const vencido = await novoCupom({ palavraChave: 'VENCIDO1' });
    await t.banco.db.execute(sql`update cupom_desconto set data_vencimento = '2020-01-01' where id = ${vencido.id}`);
    const antes = await contar(sql`select count(*)::int as n from transacao`);
    const casos: [Record<string, unknown>, number, string][] = [
      [{ cupom: 'NAOEXISTE' }, 404, 'Cupom não encontrado: confira o código.'],
      [{ cupom: 'INATIVO1' }, 409, 'Este cupom está inativo.'],
      [{ cupom: 'VENCIDO1' }, 409, 'Este cupom está vencido.'],
      [{ cupom: 'MINIMO1', valor: 49.99 }, 409, 'Este cupom exige compra mínima de R$ 50,00.'],
      [{ cupom: 'LOJA1', filialId: 2 }, 409, 'Este cupom não vale nesta loja.'],
      [{ cupom: 'CHEIO1', valor: 50, resgate: 20 }, 400, 'O resgate não pode ser maior que o valor a pagar com o desconto do cupom.'],
      [{ cupom: 'a_b' }, 400, 'Código do cupom inválido'],
    ];
    for (const [extra, status, mensagem] of casos) {
      const r = await vender(gerente, { clienteId: cli, valor: 100, ...extra });
      expect(r.statusCode, JSON.stringify(extra)).toBe(status);
      expect(env(r).messageError).toContain(mensagem);
    }
    expect(await contar(sql`select count(*)::int as n from transacao`)).toBe(antes);
    expect(await contar(sql`select count(*)::int as n from cupom_desconto_uso where cupom_id in (${inativo.id}, ${minimo.id}, ${loja.id}, ${cheio.id}, ${vencido.id})`)).toBe(0);
  });

  it('concorrência: 50 tentativas de usar um cupom de uso único → exatamente uma venda; cancelar duas vezes ao mesmo tempo devolve o uso uma vez', async () => {
    const c = await novoCupom({ nome: 'Único', quantidade: 1 });
    const [codigo] = await gerar(c);
    const clientes = await Promise.all(Array.from({ length: 50 }, () => novoCliente()));
    const rs = await Promise.all(clientes.map((cli, i) => vender(i % 2 ? atendente : gerente, { clienteId: cli, valor: 100, cupom: codigo })));
    const aceitas = rs.filter((r) => r.statusCode === 200);
    expect(aceitas).toHaveLength(1);
    for (const r of rs.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(env(r).messageError).toBe('Este código de cupom já foi usado.');
    }
    expect(await contar(sql`select count(*)::int as n from cupom_desconto_uso where cupom_id = ${c.id}`)).toBe(1);
    const id = env<ResultadoVenda>(aceitas[0]!).result.transacaoId;
    const cancs = await Promise.all([gerente.get(`/services/transacao/cancelar/${id}`), gerente.get(`/services/transacao/cancelar/${id}`)]);
    expect(cancs.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await usosDoCupom(c.id)).toBe(0);
    expect(await contar(sql`select usos as n from cupom_desconto_codigo where cupom_id = ${c.id}`)).toBe(0);
    expect(await contar(sql`select count(*)::int as n from cupom_desconto_uso where cupom_id = ${c.id} and status = 'CANCELADO'`)).toBe(1);

    // A total limit: 50 customers, a keyword with 3 uses in all → exactly 3.
    const tres = await novoCupom({ palavraChave: 'TRES3', usosTotal: 3 });
    const rs2 = await Promise.all(clientes.map((cli) => vender(gerente, { clienteId: cli, valor: 100, cupom: 'TRES3' })));
    expect(rs2.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(await usosDoCupom(tres.id)).toBe(3);
    expect(await violacoesDoRazao(t)).toEqual(RAZAO_INTACTO);
  }, 120_000);

  it('a mesma Idempotency-Key devolve a mesma venda com cupom e não usa o cupom duas vezes', async () => {
    const c = await novoCupom({ palavraChave: 'IDEM1' });
    const cli = await novoCliente();
    const a = await vender(gerente, { clienteId: cli, valor: 100, cupom: 'IDEM1' }, 'cupom-idem-1');
    const b = await vender(gerente, { clienteId: cli, valor: 100, cupom: 'IDEM1' }, 'cupom-idem-1');
    expect(a.statusCode, a.body).toBe(200);
    expect(env<ResultadoVenda>(b).result.transacaoId).toBe(env<ResultadoVenda>(a).result.transacaoId);
    expect(await usosDoCupom(c.id)).toBe(1);
  });
});

describe('cupom online: página pública (HTML do próprio Bonifica, sem SPA)', () => {
  const pedir = (caminho: string, campos: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: caminho, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(campos).toString() });

  it('mostra a oferta no link e no link curto; o cliente pede com CPF ou celular e consentimento; o consentimento vai ao histórico; o mesmo cliente recebe o mesmo código', async () => {
    const c = await novoCupom({ nome: 'Online de verão', tipo: 'ONLINE', beneficio: 'VALOR', percentual: null, valor: 10, compraMinima: 50 });
    for (const url of [c.urlCompartilhamento!, c.urlCurto!]) {
      const r = await t.app.inject({ method: 'GET', url });
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toContain('text/html');
      expect(r.body).toContain('R$ 10,00 de desconto');
      expect(r.body).toContain('name="consentimento"');
      expect(r.body).not.toContain('<script');
    }
    expect((await t.app.inject({ method: 'GET', url: '/c/naoexiste123' })).statusCode).toBe(404);

    const sem = await pedir(c.urlCurto!, { identificacao: '11987654321', nome: 'Joana Online' });
    expect(sem.statusCode).toBe(400);
    expect(sem.body).toContain('Marque a autorização');
    const ruim = await pedir(c.urlCurto!, { identificacao: '123', consentimento: 'sim' });
    expect(ruim.statusCode).toBe(400);
    expect(ruim.body).toContain('Informe um CPF válido ou um celular com DDD');
    // What was typed and ticked comes back: only the wrong field needs fixing.
    expect(ruim.body).toMatch(/name="consentimento" value="sim" required checked/);
    expect(sem.body).not.toMatch(/required checked/);
    const semNome = await pedir(c.urlCurto!, { identificacao: '11987654321', consentimento: 'sim' });
    expect(semNome.body).toContain('Informe também o seu nome');
    expect(await contar(sql`select count(*)::int as n from cliente where celular = '11987654321'`)).toBe(0);

    const ok = await pedir(c.urlCompartilhamento!, { identificacao: '(11) 98765-4321', nome: 'Joana Online', consentimento: 'sim' });
    expect(ok.statusCode, ok.body).toBe(200);
    const codigo = /data-codigo>([A-Z0-9]+)</.exec(ok.body)![1]!;
    const [cli] = await linhas<{ id: number }>(sql`select id from cliente where celular = '11987654321'`);
    const [cons] = await linhas<{ canal: string; concedido: boolean; origem: string }>(sql`select canal, concedido, origem from cliente_consentimento where cliente_id = ${cli!.id}`);
    expect(cons).toEqual({ canal: 'WHATSAPP', concedido: true, origem: 'CUPOM_ONLINE' });
    const de_novo = await pedir(c.urlCurto!, { identificacao: '11987654321', consentimento: 'sim' });
    expect(/data-codigo>([A-Z0-9]+)</.exec(de_novo.body)![1]).toBe(codigo);
    expect(await contar(sql`select count(*)::int as n from cupom_desconto_codigo where cupom_id = ${c.id}`)).toBe(1);

    // The code is the customer's own: another customer cannot use it; they can.
    const outro = await novoCliente();
    const r1 = await vender(gerente, { clienteId: outro, valor: 100, cupom: codigo });
    expect(r1.statusCode).toBe(409);
    expect(env(r1).messageError).toBe('Este código é de outro cliente.');
    const r2 = await vender(gerente, { clienteId: cli!.id, valor: 100, cupom: codigo });
    expect(r2.statusCode, r2.body).toBe(200);
    expect(env<ResultadoVenda>(r2).result.cupom).toMatchObject({ desconto: 10, valorAPagar: 90 });
  });
});

describe('cupomdesconto: a venda com cupom vai no lote de vendas (decisão 041)', () => {
  it('vendas com e sem cupom ao mesmo tempo: todas certas, no mesmo lote; bônus em AJUSTE próprio; cancelar devolve uso e bônus uma vez; o razão fecha', async () => {
    const desconto = await novoCupom({ nome: 'Lote dez por cento', quantidade: 10 });
    const codigos = await gerar(desconto);
    const bonus = await novoCupom({ nome: 'Lote bônus', beneficio: 'BONUS_PERCENTUAL', percentual: 10, palavraChave: 'LOTEBONUS' });
    const clientes = await Promise.all(Array.from({ length: 30 }, () => novoCliente()));
    // 10 with a code (10% off), 10 with the bonus keyword (10% bonus), 10 without a coupon — posted at once.
    const corpos = clientes.map((cli, i) => ({ clienteId: cli, valor: 100, ...(i % 3 === 0 ? { cupom: codigos[i / 3] } : i % 3 === 1 ? { cupom: 'LOTEBONUS' } : {}) }));
    const rs = await Promise.all(corpos.map((c, i) => vender(i % 2 ? atendente : gerente, c)));
    for (const r of rs) expect(r.statusCode, r.body).toBe(200);
    const vs = rs.map((r) => env<ResultadoVenda>(r).result);
    for (const [i, v] of vs.entries()) {
      if (i % 3 === 0) {
        expect(v).toMatchObject({ cashback: 4.5, saldos: { CASHBACK: 4.5 }, cupom: { cupomId: desconto.id, codigo: codigos[i / 3], desconto: 10, bonus: 0, valorAPagar: 90 } });
      } else if (i % 3 === 1) {
        expect(v).toMatchObject({ cashback: 15, saldos: { CASHBACK: 15 }, cupom: { cupomId: bonus.id, codigo: 'LOTEBONUS', desconto: 0, bonus: 10, valorAPagar: 100 } });
      } else {
        expect(v).toMatchObject({ cashback: 5, saldos: { CASHBACK: 5 } });
        expect(v.cupom).toBeUndefined();
      }
      expect(await saldoCashback(clientes[i]!)).toBe(Math.round(v.saldos.CASHBACK * 100));
    }
    const ids = vs.map((v) => v.transacaoId);
    const vendas = await linhas<{ id: number; valor_centavos: string; criado_em: string }>(
      sql`select id, valor_centavos, criado_em::text from transacao where id in ${sql.raw(`(${ids.join(',')})`)}`,
    );
    expect(vendas.map((v) => [v.id, Number(v.valor_centavos)]).sort((a, b) => a[0]! - b[0]!)).toEqual(
      ids.map((id, i) => [id, i % 3 === 0 ? 9000 : 10000]).sort((a, b) => a[0]! - b[0]!),
    );
    // Sales of one batch share their transaction's instant: some coupon sale went with a sale without one.
    const instante = new Map(vendas.map((v) => [v.id, v.criado_em]));
    const semCupom = new Set(ids.filter((_, i) => i % 3 === 2).map((id) => instante.get(id)));
    expect(ids.some((id, i) => i % 3 !== 2 && semCupom.has(instante.get(id)))).toBe(true);

    expect(await usosDoCupom(desconto.id)).toBe(10);
    expect(await usosDoCupom(bonus.id)).toBe(10);
    expect(await contar(sql`select count(*)::int as n from cupom_desconto_codigo where cupom_id = ${desconto.id} and usos = 1`)).toBe(10);
    // Each bonus is an AJUSTE posting of its own, named by the use; the discount gives none.
    const usos = await linhas<{ transacao_id: number; bonus_centavos: string; lancamento_id: number | null; tipo: string | null; valor: string | null }>(sql`
      select u.transacao_id, u.bonus_centavos, u.lancamento_id, l.tipo, (select sum(p.valor) from partida p join conta c on c.id = p.conta_id where p.lancamento_id = l.id and c.cliente_id is not null)::text as valor
      from cupom_desconto_uso u left join lancamento l on l.id = u.lancamento_id where u.cupom_id in (${desconto.id}, ${bonus.id})`);
    expect(usos).toHaveLength(20);
    for (const u of usos) {
      const i = ids.indexOf(u.transacao_id);
      if (i % 3 === 0) expect(u).toMatchObject({ lancamento_id: null });
      else expect([u.tipo, Number(u.bonus_centavos), Number(u.valor)]).toEqual(['AJUSTE', 1000, 1000]);
    }
    expect(await violacoesDoRazao(t)).toEqual(RAZAO_INTACTO);

    // Cancelling a bonus sale twice at once: the sale, its use and its bonus come back once.
    const comBonus = ids[1]!;
    const cancs = await Promise.all([gerente.get(`/services/transacao/cancelar/${comBonus}`), gerente.get(`/services/transacao/cancelar/${comBonus}`)]);
    expect(cancs.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await saldoCashback(clientes[1]!)).toBe(0);
    expect(await usosDoCupom(bonus.id)).toBe(9);
    expect(await contar(sql`select count(*)::int as n from cupom_desconto_uso where transacao_id = ${comBonus} and status = 'CANCELADO' and estorno_lancamento_id is not null`)).toBe(1);
    const comCodigo = ids[0]!;
    expect((await gerente.get(`/services/transacao/cancelar/${comCodigo}`)).statusCode).toBe(200);
    expect(await contar(sql`select usos as n from cupom_desconto_codigo where codigo = ${codigos[0]!}`)).toBe(0);
    expect(await usosDoCupom(desconto.id)).toBe(9);
    expect(await violacoesDoRazao(t)).toEqual(RAZAO_INTACTO);
  }, 120_000);

  it('palavra-chave com limite total N e 3N vendas simultâneas de clientes diferentes → exatamente N; o mesmo código de uso único em vendas simultâneas → exatamente 1', async () => {
    const N = 4;
    const limitado = await novoCupom({ palavraChave: 'LIMITE4', usosTotal: N, beneficio: 'BONUS_VALOR', percentual: null, valor: 2 });
    const clientes = await Promise.all(Array.from({ length: 3 * N }, () => novoCliente()));
    const rs = await Promise.all(clientes.map((cli) => vender(atendente, { clienteId: cli, valor: 50, cupom: 'LIMITE4' })));
    expect(rs.filter((r) => r.statusCode === 200)).toHaveLength(N);
    for (const r of rs.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(env(r).messageError).toBe('Este cupom já atingiu o limite de usos.');
    }
    expect(await usosDoCupom(limitado.id)).toBe(N);
    expect(await contar(sql`select count(*)::int as n from cupom_desconto_uso where cupom_id = ${limitado.id}`)).toBe(N);
    // The refused sales wrote nothing: neither a sale nor a bonus.
    const vendidos = await contar(sql`select count(*)::int as n from transacao where cliente_id in ${sql.raw(`(${clientes.join(',')})`)}`);
    expect(vendidos).toBe(N);
    for (const [i, r] of rs.entries()) expect(await saldoCashback(clientes[i]!)).toBe(r.statusCode === 200 ? 250 + 200 : 0);

    // One single-use code typed at several counters at once, mixed with sales without a coupon.
    const unico = await novoCupom({ nome: 'Único do lote', quantidade: 1 });
    const [codigo] = await gerar(unico);
    const outros = await Promise.all(Array.from({ length: 12 }, () => novoCliente()));
    const rs2 = await Promise.all(outros.map((cli, i) => vender(gerente, { clienteId: cli, valor: 100, ...(i % 4 === 3 ? {} : { cupom: codigo }) })));
    const comCupom = rs2.filter((_, i) => i % 4 !== 3);
    expect(comCupom.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of comCupom.filter((x) => x.statusCode !== 200)) expect(env(r).messageError).toBe('Este código de cupom já foi usado.');
    for (const r of rs2.filter((_, i) => i % 4 === 3)) expect(r.statusCode, r.body).toBe(200);
    expect(await contar(sql`select usos as n from cupom_desconto_codigo where codigo = ${codigo!}`)).toBe(1);
    expect(await violacoesDoRazao(t)).toEqual(RAZAO_INTACTO);
  }, 120_000);

  it('sem limite, o uso conta fora da linha da campanha: 30 vendas simultâneas contam 30, cancelar devolve 1; ao ganhar limite, a conta passa para a linha e o limite vale', async () => {
    const livre = await novoCupom({ palavraChave: 'LIVRE30', tipo: 'ONLINE', beneficio: 'VALOR', percentual: null, valor: 1 });
    const clientes = await Promise.all(Array.from({ length: 30 }, () => novoCliente()));
    const rs = await Promise.all(clientes.map((cli) => vender(atendente, { clienteId: cli, valor: 20, cupom: 'LIVRE30' })));
    expect(rs.filter((r) => r.statusCode === 200)).toHaveLength(30);
    expect(await usosDoCupom(livre.id)).toBe(30);
    // Counted on the counter rows; the campaign's own row was never written by a sale.
    expect(await contar(sql`select usos as n from cupom_desconto where id = ${livre.id}`)).toBe(0);
    expect(await contar(sql`select sum(usos)::int as n from cupom_desconto_contador where cupom_id = ${livre.id}`)).toBe(30);
    const primeira = env<ResultadoVenda>(rs[0]!).result.transacaoId;
    expect((await gerente.get(`/services/transacao/cancelar/${primeira}?motivo=Teste`)).statusCode).toBe(200);
    expect(await usosDoCupom(livre.id)).toBe(29);

    // The manager sets a total of 32: the uses move to the campaign's row (its sales lock it from now on) and the limit holds.
    const salvo = await gerente.post('/services/cupomdesconto/save', edicao(livre, { usosTotal: 32 }));
    expect(salvo.statusCode, salvo.body).toBe(200);
    expect(env<Cupom>(salvo).result.usos).toBe(29);
    expect(await contar(sql`select usos as n from cupom_desconto where id = ${livre.id}`)).toBe(29);
    expect(await contar(sql`select count(*)::int as n from cupom_desconto_contador where cupom_id = ${livre.id}`)).toBe(0);
    const mais = await Promise.all(Array.from({ length: 6 }, () => novoCliente()));
    const rs2 = await Promise.all(mais.map((cli) => vender(atendente, { clienteId: cli, valor: 20, cupom: 'LIVRE30' })));
    expect(rs2.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(await usosDoCupom(livre.id)).toBe(32);
    // A total below the uses in force is refused.
    const menor = await gerente.post('/services/cupomdesconto/save', edicao(livre, { usosTotal: 10 }));
    expect(menor.statusCode).toBe(400);
    expect(env(menor).messageError).toBe('O cupom já foi usado 32 vezes: o total de usos não pode ser menor.');
  }, 120_000);

  it.skipIf(process.env.TEST_ENGINE !== 'postgres')('uma venda com cupom sem limite não espera pela linha da campanha (outra sessão a segurando)', async () => {
    const livre = await novoCupom({ palavraChave: 'SEMFILA', tipo: 'ONLINE', beneficio: 'VALOR', percentual: null, valor: 1 });
    const cli = await novoCliente();
    // Another session holds the campaign's row as an UPDATE would (the manager saving it, another batch counting there).
    const outra = await t.banco.pool!.connect();
    try {
      await outra.query('begin');
      await outra.query('select id from cupom_desconto where id = $1 for no key update', [livre.id]);
      const inicio = Date.now();
      const r = await vender(atendente, { clienteId: cli, valor: 20, cupom: 'SEMFILA' });
      expect(r.statusCode, r.body).toBe(200);
      expect(Date.now() - inicio).toBeLessThan(1_500);
    } finally {
      await outra.query('rollback').catch(() => undefined);
      outra.release();
    }
    expect(await usosDoCupom(livre.id)).toBe(1);
  });
});
