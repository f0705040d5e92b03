import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { hojeISO, type ClientePlano, type ContratacoesPorPeriodo, type Pagina, type Plano, type ResultadoVenda } from '@bonifica/contracts';
import { cliente, clientePlano, plano, transacao } from '../src/db/schema/index.js';
import { fimDoPeriodo, somarDias, somarMeses } from '../src/modules/plano/periodo.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';
import { auditoriasDe } from './apoio/consultas.js';
import { textoDoPdf } from './apoio/pdf-texto.js';

let t: AppDeTeste;
let gerente: Cliente;
let atendente: Cliente;
const hoje = hojeISO();

async function contar(tabela: typeof plano | typeof clientePlano | typeof transacao): Promise<number> {
  const [l] = await t.banco.db.select({ n: sql<number>`count(*)::int` }).from(tabela);
  return l!.n;
}

async function novoCliente(nome: string, status: 'ATIVO' | 'BLOQUEADO' = 'ATIVO'): Promise<number> {
  const [c] = await t.banco.db.insert(cliente).values({ empresaId: 1, nome, status }).returning({ id: cliente.id });
  return c!.id;
}

async function planos(c: Cliente = gerente, query = ''): Promise<Plano[]> {
  const r = await c.get(`/services/config/configuracaoplano${query}`);
  expect(r.statusCode, r.body).toBe(200);
  return env<null>(r).results as Plano[];
}
const porNome = async (nome: string) => (await planos()).find((p) => p.nome === nome)!;

async function salvarPlano(corpo: Record<string, unknown>) {
  const r = await gerente.post('/services/config/salvarconfiguracaoplano', corpo);
  expect(r.statusCode, r.body).toBe(200);
  return env<Plano>(r).result;
}

async function contratar(corpo: Record<string, unknown>) {
  const r = await gerente.post('/services/account/clienteplano/save', corpo);
  expect(r.statusCode, r.body).toBe(200);
  return env<ClientePlano>(r).result;
}

async function vender(clienteId: number, valor: number): Promise<ResultadoVenda> {
  const r = await gerente.post('/services/transacao/venda', { clienteId, valor });
  expect(r.statusCode, r.body).toBe(200);
  return env<ResultadoVenda>(r).result;
}

beforeAll(async () => {
  t = await criarAppDeTeste();
  [gerente, atendente] = await Promise.all([t.entrar('gerente'), t.entrar('atendente')]);
});
afterAll(() => t.fechar());

describe('períodos de um contrato', () => {
  it('o fim é um período depois do início, menos um dia; meses curtos seguram o último dia', () => {
    expect(fimDoPeriodo('2026-03-01', 'MENSAL')).toBe('2026-03-31');
    expect(fimDoPeriodo('2026-03-15', 'TRIMESTRAL')).toBe('2026-06-14');
    expect(fimDoPeriodo('2026-01-10', 'SEMESTRAL')).toBe('2026-07-09');
    expect(fimDoPeriodo('2024-02-29', 'ANUAL')).toBe('2025-02-27');
    expect(somarMeses('2026-01-31', 1)).toBe('2026-02-28');
    expect(somarDias('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('catálogo de planos (config/configuracaoplano, salvarconfiguracaoplano)', () => {
  it('a demo traz Clube Ouro (10%, R$ 29,90) e Clube Prata (7%, R$ 14,90), mensais, cada um com um contrato ativo', async () => {
    const lista = await planos();
    expect(lista.map((p) => p.nome)).toEqual(['Clube Ouro', 'Clube Prata']);
    expect(lista[0]).toMatchObject({ preco: 29.9, periodicidade: 'MENSAL', cashbackPercentual: 10, pontosPorReal: null, ativo: true, contratosAtivos: 1 });
    expect(lista[1]).toMatchObject({ preco: 14.9, cashbackPercentual: 7, contratosAtivos: 1 });
  });

  it('cria e altera um plano, com auditoria; ativo=true esconde os inativos', async () => {
    const novo = await salvarPlano({ nome: 'Clube Pontos', descricao: 'Pontos em dobro', preco: 99.9, periodicidade: 'ANUAL', pontosPorReal: 3 });
    expect(novo).toMatchObject({ nome: 'Clube Pontos', preco: 99.9, periodicidade: 'ANUAL', cashbackPercentual: null, pontosPorReal: 3, ativo: true, contratosAtivos: 0 });
    const [p] = await t.banco.db.select().from(plano).where(eq(plano.id, novo.id));
    expect(p).toMatchObject({ empresaId: 1, precoCentavos: 9_990, cashbackPercentualBp: null, pontosPorReal: 3 });

    const alterado = await salvarPlano({ id: novo.id, nome: 'Clube Pontos', preco: 89.9, periodicidade: 'ANUAL', pontosPorReal: 3, cashbackPercentual: 2.5, ativo: false });
    expect(alterado).toMatchObject({ preco: 89.9, cashbackPercentual: 2.5, ativo: false, descricao: null });
    const trilha = await auditoriasDe(t, { entidade: 'plano', entidadeId: novo.id });
    expect(trilha.map((a) => a.acao)).toEqual(['CRIAR', 'ALTERAR']);
    expect(trilha[1]!.antes).toMatchObject({ preco: 99.9, ativo: true });
    expect((await planos(gerente, '?ativo=true')).map((x) => x.nome)).toEqual(['Clube Ouro', 'Clube Prata']);
    expect((await planos()).map((x) => x.nome)).toContain('Clube Pontos');
  });

  it('entrada inválida: 400 em português e nada gravado', async () => {
    const base = { nome: 'Clube X', preco: 10, periodicidade: 'MENSAL', cashbackPercentual: 5 };
    const casos: [Record<string, unknown>, RegExp][] = [
      [{ ...base, nome: 'X' }, /nome do plano/],
      [{ ...base, preco: -1 }, /negativo/],
      [{ ...base, preco: 10.999 }, /2 casas decimais/],
      [{ ...base, preco: 100_000.01 }, /100\.000,00/],
      [{ ...base, periodicidade: 'SEMANAL' }, /Periodicidade inválida/],
      [{ ...base, cashbackPercentual: 100.5 }, /entre 0 e 100/],
      [{ ...base, cashbackPercentual: null }, /ao menos um benefício/],
      [{ ...base, pontosPorReal: 1.5 }, /inteiro/],
      [{ ...base, descricao: 'a'.repeat(501) }, /500 caracteres/],
      [{ ...base, empresaId: 4 }, /.+/],
    ];
    const antes = await contar(plano);
    for (const [corpo, msg] of casos) {
      const r = await gerente.post('/services/config/salvarconfiguracaoplano', corpo);
      expect(r.statusCode, JSON.stringify(corpo)).toBe(400);
      expect(env(r).hasError).toBe(true);
      expect(env(r).messageError).toMatch(msg);
    }
    const homonimo = await gerente.post('/services/config/salvarconfiguracaoplano', { ...base, nome: 'clube ouro' });
    expect(homonimo.statusCode).toBe(409);
    expect(env(homonimo).messageError).toBe('Já existe um plano com este nome.');
    const inexistente = await gerente.post('/services/config/salvarconfiguracaoplano', { ...base, id: 999_999 });
    expect(inexistente.statusCode).toBe(404);
    expect(env(inexistente).messageError).toBe('Plano não encontrado.');
    expect(await contar(plano)).toBe(antes);
  });

  it('o atendente não vê nem grava planos', async () => {
    expect((await atendente.get('/services/config/configuracaoplano')).statusCode).toBe(403);
    expect((await atendente.post('/services/config/salvarconfiguracaoplano', { nome: 'Clube A', preco: 1, periodicidade: 'MENSAL', cashbackPercentual: 1 })).statusCode).toBe(403);
  });
});

describe('contratos de planos (account/clienteplano/...)', () => {
  it('contrata com preço congelado e fim calculado; um segundo contrato ativo do mesmo plano é recusado sem gravar nada', async () => {
    const ouro = await porNome('Clube Ouro');
    const id = await novoCliente('Cliente Contrato');
    const c = await contratar({ clienteId: id, planoId: ouro.id });
    expect(c).toMatchObject({ clienteId: id, clienteNome: 'Cliente Contrato', planoNome: 'Clube Ouro', preco: 29.9, status: 'ATIVO', situacao: 'VIGENTE', inicio: hoje, fim: fimDoPeriodo(hoje, 'MENSAL'), usuarioNome: 'Gabriel Gerente Souza' });
    expect((await auditoriasDe(t, { entidade: 'cliente_plano', entidadeId: c.id, acao: 'CRIAR' })).length).toBe(1);

    const antes = await contar(clientePlano);
    const deNovo = await gerente.post('/services/account/clienteplano/save', { clienteId: id, planoId: ouro.id, inicio: somarDias(hoje, 40) });
    expect(deNovo.statusCode).toBe(409);
    expect(env(deNovo).messageError).toBe(`O cliente já tem este plano ativo (contrato nº ${c.id}). Renove esse contrato em vez de contratar de novo.`);
    expect(await contar(clientePlano)).toBe(antes);

    // A later price change does not touch what was sold.
    await salvarPlano({ id: ouro.id, nome: 'Clube Ouro', preco: 34.9, periodicidade: 'MENSAL', cashbackPercentual: 10 });
    const lista = env<Pagina<ClientePlano>>(await gerente.post('/services/account/clienteplano/filterpaginated/0/10', { clienteId: id })).result;
    expect(lista.content.map((x) => x.preco)).toEqual([29.9]);
    await salvarPlano({ id: ouro.id, nome: 'Clube Ouro', preco: 29.9, periodicidade: 'MENSAL', cashbackPercentual: 10 });
  });

  it('entrada inválida, cliente bloqueado, plano inativo ou de ninguém: recusa clara e nada gravado', async () => {
    const ouro = await porNome('Clube Ouro');
    const inativo = await salvarPlano({ nome: 'Clube Antigo', preco: 5, periodicidade: 'MENSAL', cashbackPercentual: 6, ativo: false });
    const id = await novoCliente('Cliente Recusas');
    const bloqueado = await novoCliente('Cliente Bloqueado Plano', 'BLOQUEADO');
    const casos: [Record<string, unknown>, number, RegExp][] = [
      [{ planoId: ouro.id }, 400, /Informe o cliente/],
      [{ clienteId: id }, 400, /Informe o plano/],
      [{ clienteId: id, planoId: ouro.id, inicio: '31/12/2026' }, 400, /AAAA-MM-DD/],
      [{ clienteId: id, planoId: ouro.id, inicio: '1999-12-31' }, 400, /Data de início inválida/],
      [{ clienteId: id, planoId: ouro.id, preco: 0 }, 400, /.+/],
      [{ clienteId: id, planoId: inativo.id }, 409, /inativo/],
      [{ clienteId: bloqueado, planoId: ouro.id }, 409, /Cliente bloqueado/],
      [{ clienteId: 999_999, planoId: ouro.id }, 404, /Cliente não encontrado/],
      [{ clienteId: id, planoId: 999_999 }, 404, /Plano não encontrado/],
    ];
    const antes = await contar(clientePlano);
    for (const [corpo, status, msg] of casos) {
      const r = await gerente.post('/services/account/clienteplano/save', corpo);
      expect(r.statusCode, JSON.stringify(corpo)).toBe(status);
      expect(env(r).messageError).toMatch(msg);
    }
    expect((await atendente.post('/services/account/clienteplano/save', { clienteId: id, planoId: ouro.id })).statusCode).toBe(403);
    expect(await contar(clientePlano)).toBe(antes);
  });

  it('lista com busca, filtros de situação e plano, ordenação e páginas', async () => {
    const prata = await porNome('Clube Prata');
    const lista = async (filtro: Record<string, unknown>, page = 0, size = 50) => {
      const r = await gerente.post(`/services/account/clienteplano/filterpaginated/${page}/${size}`, filtro);
      expect(r.statusCode, r.body).toBe(200);
      return env<Pagina<ClientePlano>>(r).result;
    };
    expect((await lista({ busca: 'camila' })).content.map((c) => [c.clienteNome, c.planoNome, c.situacao])).toEqual([['Camila Oliveira Rocha', 'Clube Prata', 'VIGENTE']]);
    const canceladas = await lista({ situacao: 'CANCELADO' });
    expect(canceladas.content.map((c) => c.clienteNome)).toEqual(['Thiago Mendonça Pires']);
    expect(canceladas.content[0]).toMatchObject({ motivoCancelamento: 'Cliente pediu o cancelamento pelo WhatsApp.', status: 'CANCELADO' });
    expect((await lista({ planoId: prata.id })).totalElements).toBe(2);
    const futuro = await contratar({ clienteId: await novoCliente('Cliente Futuro'), planoId: prata.id, inicio: somarDias(hoje, 5) });
    expect(futuro.situacao).toBe('FUTURO');
    expect((await lista({ situacao: 'FUTURO' })).content.map((c) => c.id)).toEqual([futuro.id]);
    const porNomeAsc = await lista({ ordenarPor: 'clienteNome', direcao: 'asc' });
    expect(porNomeAsc.content[0]!.clienteNome).toBe('Ana Beatriz Gonçalves');
    const pagina1 = await lista({ ordenarPor: 'clienteNome', direcao: 'asc' }, 1, 1);
    expect(pagina1).toMatchObject({ number: 1, size: 1, totalElements: porNomeAsc.totalElements });
    expect(pagina1.content[0]!.id).toBe(porNomeAsc.content[1]!.id);
    for (const [filtro, msg] of [
      [{ situacao: 'ATIVO' }, /Situação inválida/],
      [{ de: '2026-02-01', ate: '2026-01-01' }, /data final/],
      [{ ordenarPor: 'preco' }, /Ordenação inválida/],
    ] as const) {
      const r = await gerente.post('/services/account/clienteplano/filterpaginated/0/10', filtro);
      expect(r.statusCode).toBe(400);
      expect(env(r).messageError).toMatch(msg);
    }
    expect((await gerente.post('/services/account/clienteplano/filterpaginated/0/101', {})).statusCode).toBe(400);
    expect((await atendente.post('/services/account/clienteplano/filterpaginated/0/10', {})).statusCode).toBe(403);
  });

  it('cancelar é um GET que exige XSRF, acontece uma vez, é auditado e confere o cliente do contrato', async () => {
    const prata = await porNome('Clube Prata');
    const id = await novoCliente('Cliente Cancela');
    const outroId = await novoCliente('Cliente Alheio');
    const c = await contratar({ clienteId: id, planoId: prata.id });
    expect((await gerente.get(`/services/account/clienteplano/cancelar/${id}/${c.id}`, { semXsrf: true })).statusCode).toBe(403);
    expect((await gerente.head(`/services/account/clienteplano/cancelar/${id}/${c.id}?motivo=x`, { semXsrf: true })).statusCode).toBe(403);
    const alheio = await gerente.get(`/services/account/clienteplano/cancelar/${outroId}/${c.id}`);
    expect(alheio.statusCode).toBe(404);
    expect(env(alheio).messageError).toBe('Contrato não encontrado.');
    expect((await gerente.get(`/services/account/clienteplano/cancelar/abc/${c.id}`)).statusCode).toBe(400);
    expect((await gerente.get(`/services/account/clienteplano/cancelar/${id}/${c.id}?motivo=${'x'.repeat(201)}`)).statusCode).toBe(400);
    expect((await atendente.get(`/services/account/clienteplano/cancelar/${id}/${c.id}`)).statusCode).toBe(403);
    const [intacto] = await t.banco.db.select({ status: clientePlano.status }).from(clientePlano).where(eq(clientePlano.id, c.id));
    expect(intacto!.status).toBe('ATIVO');

    const r = await gerente.get(`/services/account/clienteplano/cancelar/${id}/${c.id}?motivo=${encodeURIComponent('Mudou de cidade')}`);
    expect(r.statusCode, r.body).toBe(200);
    expect(env<ClientePlano>(r).result).toMatchObject({ status: 'CANCELADO', situacao: 'CANCELADO', motivoCancelamento: 'Mudou de cidade' });
    const segunda = await gerente.get(`/services/account/clienteplano/cancelar/${id}/${c.id}`);
    expect(segunda.statusCode).toBe(409);
    expect(env(segunda).messageError).toBe('Este contrato já foi cancelado.');
    expect((await auditoriasDe(t, { entidade: 'cliente_plano', entidadeId: c.id, acao: 'CANCELAR' })).length).toBe(1);
    // Cancelled, the same plan may be contracted again.
    expect((await contratar({ clienteId: id, planoId: prata.id })).status).toBe('ATIVO');
  });

  it('quantidades: contratos ativos de um plano e contratações por mês', async () => {
    const pontos = await salvarPlano({ nome: 'Clube Contagem', preco: 1, periodicidade: 'MENSAL', pontosPorReal: 2 });
    const qtde = async () => {
      const r = await gerente.get(`/services/account/clienteplano/${pontos.id}/qtde/plano`);
      expect(r.statusCode, r.body).toBe(200);
      return env<number>(r).result;
    };
    expect(await qtde()).toBe(0);
    const a = await novoCliente('Cliente Conta A');
    const b = await novoCliente('Cliente Conta B');
    await contratar({ clienteId: a, planoId: pontos.id });
    const cb = await contratar({ clienteId: b, planoId: pontos.id });
    expect(await qtde()).toBe(2);
    await gerente.get(`/services/account/clienteplano/cancelar/${b}/${cb.id}`);
    expect(await qtde()).toBe(1);
    expect((await gerente.get('/services/account/clienteplano/999999/qtde/plano')).statusCode).toBe(404);

    const periodo = await gerente.get(`/services/account/${pontos.id}/qtde/periodo/contratacao`);
    expect(periodo.statusCode, periodo.body).toBe(200);
    const p = env<ContratacoesPorPeriodo>(periodo).result;
    // Cancelled or not, both were signed this month.
    expect(p).toMatchObject({ planoId: pontos.id, ate: hoje, total: 2, porMes: [{ mes: hoje.slice(0, 7), quantidade: 2 }] });
    expect(p.de).toBe(somarMeses(`${hoje.slice(0, 7)}-01`, -11));
    const antigo = await gerente.get(`/services/account/${pontos.id}/qtde/periodo/contratacao?de=2020-01-01&ate=2020-12-31`);
    expect(env<ContratacoesPorPeriodo>(antigo).result).toMatchObject({ total: 0, porMes: [] });
    expect((await gerente.get(`/services/account/${pontos.id}/qtde/periodo/contratacao?de=2026-02-01&ate=2026-01-01`)).statusCode).toBe(400);
    expect((await gerente.get(`/services/account/${pontos.id}/qtde/periodo/contratacao?de=ontem`)).statusCode).toBe(400);
    expect((await gerente.get('/services/account/999999/qtde/periodo/contratacao')).statusCode).toBe(404);
    expect((await atendente.get(`/services/account/clienteplano/${pontos.id}/qtde/plano`)).statusCode).toBe(403);
  });

  it('relatório: CSV para planilha e PDF, com os filtros da lista', async () => {
    const csv = await gerente.post('/services/account/clienteplano/relatorio/download', { formato: 'CSV', filtro: { situacao: 'CANCELADO' } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="contratos-planos-.*\.csv"/);
    const linhas = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(linhas[0]).toBe('Contrato;Cliente;CPF/CNPJ;Plano;Periodicidade;Preço (R$);Início;Fim;Situação;Contratado em;Filial;Usuário;Cancelado em;Motivo do cancelamento');
    expect(linhas.slice(1).every((l) => l.includes(';Cancelado;'))).toBe(true);
    expect(linhas.some((l) => l.includes('Thiago Mendonça Pires') && l.includes(';14,90;'))).toBe(true);

    const pdf = await gerente.post('/services/account/clienteplano/relatorio/download', { formato: 'PDF', filtro: { busca: 'Ana Beatriz' } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const texto = textoDoPdf(pdf.rawPayload).join('\n').replace(/ \n/g, ' ');
    expect(texto).toContain('Contratos de planos');
    expect(texto).toContain('Ana Beatriz Gonçalves');
    expect(texto).not.toContain('Camila');

    for (const corpo of [{ formato: 'XLS' }, { formato: 'CSV', filtro: { situacao: 'X' } }, {}]) {
      expect((await gerente.post('/services/account/clienteplano/relatorio/download', corpo)).statusCode).toBe(400);
    }
    expect((await atendente.post('/services/account/clienteplano/relatorio/download', { formato: 'CSV' })).statusCode).toBe(403);
  });
});

describe('benefício do plano na venda', () => {
  it('plano vigente: 10% no lugar de 5%, ao centavo, com o teto por venda da empresa; a venda guarda o contrato', async () => {
    const ouro = await porNome('Clube Ouro');
    const id = await novoCliente('Cliente Ouro');
    const c = await contratar({ clienteId: id, planoId: ouro.id });
    // R$ 123,45 × 10% = 12,345 → R$ 12,34 (floor); points stay the programme's 1 per real.
    expect(await vender(id, 123.45)).toMatchObject({ cashback: 12.34, pontos: 123 });
    // R$ 999,99 × 10% = 99,99, capped at the company's R$ 50,00 per sale.
    expect(await vender(id, 999.99)).toMatchObject({ cashback: 50, pontos: 999 });
    const vendas = await t.banco.db.select({ clientePlanoId: transacao.clientePlanoId, cashback: transacao.cashbackCentavos }).from(transacao).where(eq(transacao.clienteId, id));
    expect(vendas).toEqual([
      { clientePlanoId: c.id, cashback: 1_234 },
      { clientePlanoId: c.id, cashback: 5_000 },
    ]);
  });

  it('pontos do plano substituem os do programa; o cashback sem valor no plano segue o programa', async () => {
    const p = await salvarPlano({ nome: 'Clube Triplo', preco: 9.9, periodicidade: 'TRIMESTRAL', pontosPorReal: 3 });
    const id = await novoCliente('Cliente Triplo');
    await contratar({ clienteId: id, planoId: p.id });
    expect(await vender(id, 123.45)).toMatchObject({ cashback: 6.17, pontos: 369 });
  });

  it('contrato a iniciar, vencido ou cancelado não dá benefício', async () => {
    const ouro = await porNome('Clube Ouro');
    const futuro = await novoCliente('Cliente Ouro Futuro');
    await contratar({ clienteId: futuro, planoId: ouro.id, inicio: somarDias(hoje, 1) });
    expect(await vender(futuro, 100)).toMatchObject({ cashback: 5 });
    const vencido = await novoCliente('Cliente Ouro Vencido');
    await contratar({ clienteId: vencido, planoId: ouro.id, inicio: somarMeses(hoje, -2) });
    expect(await vender(vencido, 100)).toMatchObject({ cashback: 5 });
    const cancelado = await novoCliente('Cliente Ouro Cancelado');
    const c = await contratar({ clienteId: cancelado, planoId: ouro.id });
    await gerente.get(`/services/account/clienteplano/cancelar/${cancelado}/${c.id}`);
    expect(await vender(cancelado, 100)).toMatchObject({ cashback: 5 });
    const [semPlano] = await t.banco.db.select({ n: sql<number>`count(*)::int` }).from(transacao).where(sql`${transacao.clienteId} in (${futuro}, ${vencido}, ${cancelado}) and ${transacao.clientePlanoId} is not null`);
    expect(semPlano!.n).toBe(0);
  });

  it('com dois planos vigentes vale o de maior cashback', async () => {
    const [ouro, prata] = [await porNome('Clube Ouro'), await porNome('Clube Prata')];
    const id = await novoCliente('Cliente Dois Planos');
    await contratar({ clienteId: id, planoId: prata.id });
    await contratar({ clienteId: id, planoId: ouro.id });
    expect(await vender(id, 100)).toMatchObject({ cashback: 10 });
  });
});
