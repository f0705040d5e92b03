import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { IntegracaoCliente, Pagina, ResultadoVenda, TokenApiCriado, TokenApiResumo, TransacaoResumo } from '@bonifica/contracts';
import { cartao, cliente, empresa } from '../src/db/schema/index.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';

let t: AppDeTeste;
let gerente: Cliente;
let atendente: Cliente;
let outra: Cliente;
let filialId: number;

const BASE = '/services/integracao/v1';

async function linhas<T>(consulta: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.banco.db.execute(consulta)) as unknown as { rows: T[] }).rows;
}

async function novoCliente(nome: string, extra: { documento?: string; celular?: string } = {}): Promise<number> {
  const [c] = await t.banco.db.insert(cliente).values({ empresaId: 1, nome, ...extra }).returning({ id: cliente.id });
  return c!.id;
}

function criar(c: Cliente, corpo: Record<string, unknown>) {
  return c.requisitar({ method: 'PUT', url: '/services/company/api', payload: corpo });
}

async function novoToken(corpo: Record<string, unknown> = {}): Promise<TokenApiCriado> {
  const r = await criar(gerente, { nome: 'PDV 1', escopos: ['vendas:lancar', 'resgates:lancar', 'vendas:cancelar', 'clientes:consultar'], ...corpo });
  expect(r.statusCode, r.body).toBe(200);
  return env<TokenApiCriado>(r).result;
}

/** A script, not a browser: no cookie jar, no XSRF, only the token. */
function chamar(segredo: string | null, method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}, app = t.app) {
  return app.inject({
    method,
    url,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    headers: { ...(segredo ? { authorization: `Bearer ${segredo}` } : {}), ...headers },
  });
}

const vender = (segredo: string, corpo: Record<string, unknown>, chave: string | null, app = t.app) =>
  chamar(segredo, 'POST', `${BASE}/vendas`, corpo, chave ? { 'idempotency-key': chave } : {}, app);

beforeAll(async () => {
  t = await criarAppDeTeste();
  [gerente, atendente, outra] = await Promise.all([t.entrar('gerente'), t.entrar('atendente'), t.entrar('outra')]);
  const [f] = await t.banco.db.select({ id: empresa.id }).from(empresa).where(sql`${empresa.matrizId} = 1 and ${empresa.tipo} = 'FILIAL'`).limit(1);
  filialId = f!.id;
});
afterAll(() => t.fechar());

describe('company/api: tokens da empresa', () => {
  it('cria com validação em português; o segredo vem uma vez e só o hash fica no banco', async () => {
    const casos: [Record<string, unknown>, RegExp][] = [
      [{ nome: '', escopos: ['vendas:lancar'] }, /nome do token/],
      [{ nome: 'PDV', escopos: [] }, /ao menos um escopo/],
      [{ nome: 'PDV', escopos: ['tudo'] }, /Escopo inválido/],
      [{ nome: 'PDV', escopos: ['vendas:lancar'], expiraEm: '2020-01-01' }, /anterior a hoje/],
      [{ nome: 'PDV', escopos: ['vendas:lancar'], expiraEm: '2030-02-30' }, /inválida/],
      [{ nome: 'PDV', escopos: ['vendas:lancar'], filialId: 999999 }, /Filial inválida/],
    ];
    for (const [corpo, msg] of casos) {
      const r = await criar(gerente, corpo);
      expect(r.statusCode, JSON.stringify(corpo)).toBe(400);
      expect(env(r).messageError).toMatch(msg);
    }
    const novo = await novoToken({ nome: 'Caixa Jardins', filialId, expiraEm: '2099-12-31' });
    expect(novo.segredo).toMatch(/^bnf_[\w-]{40,}$/);
    expect(novo.segredo.startsWith(novo.prefixo)).toBe(true);
    expect(novo).toMatchObject({ nome: 'Caixa Jardins', filialId, filialNome: 'Bonifica Jardins', expiraEm: '2099-12-31', situacao: 'ATIVO', ultimoUso: null });
    const [guardado] = await linhas<{ segredo_hash: string }>(sql`select segredo_hash from token_api where id = ${novo.id}`);
    expect(guardado!.segredo_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await linhas(sql`select * from token_api where id = ${novo.id}`))).not.toContain(novo.segredo);

    const lista = env<TokenApiResumo[]>(await gerente.get('/services/company/api')).results;
    const daLista = lista.find((x) => x.id === novo.id)!;
    expect(daLista).toMatchObject({ prefixo: novo.prefixo, escopos: novo.escopos });
    expect(JSON.stringify(lista)).not.toContain(novo.segredo);
    expect('segredo' in daLista).toBe(false);

    const [a] = await linhas<{ usuario_id: number; depois: Record<string, unknown> }>(
      sql`select usuario_id, depois from auditoria where entidade = 'token_api' and entidade_id = ${String(novo.id)} and acao = 'CRIAR'`,
    );
    expect(a!.usuario_id).toBeGreaterThan(0);
    expect(JSON.stringify(a!.depois)).not.toContain(novo.segredo);
  });

  it('save altera nome e escopos (auditado) sem trocar o segredo; só a gestão; outra empresa recebe 404', async () => {
    const novo = await novoToken({ nome: 'ERP' });
    const salvar = await gerente.post('/services/company/api/save', { id: novo.id, nome: 'ERP matriz', escopos: ['clientes:consultar'], filialId: null, expiraEm: null });
    expect(salvar.statusCode, salvar.body).toBe(200);
    expect(env<TokenApiResumo>(salvar).result).toMatchObject({ nome: 'ERP matriz', escopos: ['clientes:consultar'], prefixo: novo.prefixo });
    expect('segredo' in env<TokenApiResumo>(salvar).result).toBe(false);
    const [a] = await linhas<{ antes: { nome: string }; depois: { nome: string } }>(
      sql`select antes, depois from auditoria where entidade = 'token_api' and entidade_id = ${String(novo.id)} and acao = 'ALTERAR'`,
    );
    expect(a).toMatchObject({ antes: { nome: 'ERP' }, depois: { nome: 'ERP matriz' } });

    expect((await atendente.get('/services/company/api')).statusCode).toBe(403);
    expect((await criar(atendente, { nome: 'x', escopos: ['vendas:lancar'] })).statusCode).toBe(403);
    expect((await atendente.delete(`/services/company/api/${novo.id}`)).statusCode).toBe(403);

    expect(env<TokenApiResumo[]>(await outra.get('/services/company/api')).results.some((x) => x.id === novo.id)).toBe(false);
    expect((await outra.post('/services/company/api/save', { id: novo.id, nome: 'roubado', escopos: ['vendas:lancar'] })).statusCode).toBe(404);
    expect((await outra.delete(`/services/company/api/${novo.id}`)).statusCode).toBe(404);
    // Without XSRF a browser session cannot change tokens.
    expect((await gerente.post('/services/company/api/save', { id: novo.id, nome: 'x', escopos: ['vendas:lancar'] }, { semXsrf: true })).statusCode).toBe(403);
  });
});

describe('integracao/v1: autenticação pelo token', () => {
  it('sem token, com token desconhecido ou só com o cookie de sessão: 401; sem o escopo: 403', async () => {
    const id = await novoCliente('Sem Token');
    expect((await vender('', { clienteId: id, valor: 10 }, 'k0')).statusCode).toBe(401);
    const desconhecido = await vender('bnf_naoexisteessetokendejeitonenhum1234567', { clienteId: id, valor: 10 }, 'k0');
    expect(desconhecido.statusCode).toBe(401);
    expect(env(desconhecido).messageError).toBe('Token de API inválido, revogado ou vencido.');
    // The manager's session (cookie + XSRF) does not open the integration routes.
    const comSessao = await gerente.post(`${BASE}/vendas`, { clienteId: id, valor: 10 }, { headers: { 'idempotency-key': 'k-sessao' } });
    expect(comSessao.statusCode).toBe(401);

    const soConsulta = await novoToken({ escopos: ['clientes:consultar'] });
    const r = await vender(soConsulta.segredo, { clienteId: id, valor: 10 }, 'k1');
    expect(r.statusCode).toBe(403);
    expect(env(r).messageError).toBe('Este token não tem o escopo vendas:lancar.');
    const semResgate = await novoToken({ escopos: ['vendas:lancar'] });
    const resg = await vender(semResgate.segredo, { clienteId: id, valor: 10, resgate: 1 }, 'k2');
    expect(resg.statusCode).toBe(403);
    expect(env(resg).messageError).toMatch(/resgates:lancar/);
    expect((await chamar(semResgate.segredo, 'GET', `${BASE}/clientes/${id}/saldos`)).statusCode).toBe(403);
  });

  it('revogado é recusado na hora, também por um segundo processo no mesmo banco', async () => {
    const id = await novoCliente('Revogação');
    const tk = await novoToken();
    const segunda = await t.segundaApp();
    try {
      expect((await vender(tk.segredo, { clienteId: id, valor: 10 }, 'rv-1', segunda.app)).statusCode).toBe(200);
      expect((await vender(tk.segredo, { clienteId: id, valor: 10 }, 'rv-2')).statusCode).toBe(200);
      const del = await gerente.delete(`/services/company/api/${tk.id}`);
      expect(del.statusCode, del.body).toBe(200);
      expect(env<TokenApiResumo>(del).result.situacao).toBe('REVOGADO');
      expect((await vender(tk.segredo, { clienteId: id, valor: 10 }, 'rv-3', segunda.app)).statusCode).toBe(401);
      expect((await vender(tk.segredo, { clienteId: id, valor: 10 }, 'rv-4')).statusCode).toBe(401);
      expect((await chamar(tk.segredo, 'GET', `${BASE}/clientes/${id}/saldos`, undefined, {}, segunda.app)).statusCode).toBe(401);
    } finally {
      await segunda.fechar();
    }
    const [a] = await linhas<{ n: number }>(sql`select count(*)::int n from auditoria where entidade = 'token_api' and acao = 'REVOGAR' and entidade_id = ${String(tk.id)}`);
    expect(a!.n).toBe(1);
    // A revoked token cannot be edited back to life.
    expect((await gerente.post('/services/company/api/save', { id: tk.id, nome: 'de volta', escopos: ['vendas:lancar'] })).statusCode).toBe(409);
  });

  it('vencido: 401', async () => {
    const id = await novoCliente('Vencimento');
    const tk = await novoToken({ expiraEm: '2099-01-01' });
    expect((await vender(tk.segredo, { clienteId: id, valor: 10 }, 'vc-1')).statusCode).toBe(200);
    await t.banco.db.execute(sql`update token_api set expira_em = now() - interval '1 second' where id = ${tk.id}`);
    expect((await vender(tk.segredo, { clienteId: id, valor: 10 }, 'vc-2')).statusCode).toBe(401);
    expect(env<TokenApiResumo[]>(await gerente.get('/services/company/api')).results.find((x) => x.id === tk.id)!.situacao).toBe('VENCIDO');
  });

  it('o último uso aparece na lista', async () => {
    const id = await novoCliente('Último Uso');
    const tk = await novoToken();
    expect((await chamar(tk.segredo, 'GET', `${BASE}/clientes/${id}/saldos`)).statusCode).toBe(200);
    expect(env<TokenApiResumo[]>(await gerente.get('/services/company/api')).results.find((x) => x.id === tk.id)!.ultimoUso).not.toBeNull();
  });
});

describe('integracao/v1: vendas, cancelamento e clientes', () => {
  it('venda idempotente: mesma chave, mesma resposta e uma venda; outra chave com outro corpo 409; sem chave 400', async () => {
    const id = await novoCliente('Idempotência');
    const tk = await novoToken();
    const semChave = await vender(tk.segredo, { clienteId: id, valor: 100 }, null);
    expect(semChave.statusCode).toBe(400);
    expect(env(semChave).messageError).toMatch(/Idempotency-Key/);
    const r1 = await vender(tk.segredo, { clienteId: id, valor: 100 }, 'cupom-001');
    const r2 = await vender(tk.segredo, { clienteId: id, valor: 100 }, 'cupom-001');
    expect(r1.statusCode, r1.body).toBe(200);
    expect(r2.json()).toEqual(r1.json());
    const [n] = await linhas<{ n: number }>(sql`select count(*)::int n from transacao where cliente_id = ${id}`);
    expect(n!.n).toBe(1);
    const outro = await vender(tk.segredo, { clienteId: id, valor: 200 }, 'cupom-001');
    expect(outro.statusCode).toBe(409);
    expect(env(outro).messageError).toBe('Esta chave de idempotência já foi usada com outro conteúdo.');
    // The terminal's validation, verbatim.
    const invalida = await vender(tk.segredo, { clienteId: id, valor: 0 }, 'cupom-002');
    expect(invalida.statusCode).toBe(400);
    expect(env(invalida).messageError).toMatch(/maior que zero/);
  });

  it('a venda pelo token cai na razão como a do terminal, aparece na lista de vendas, e é auditada com o token', async () => {
    const id = await novoCliente('Razão Token');
    const tk = await novoToken({ filialId });
    const r = await vender(tk.segredo, { clienteId: id, valor: 123.45 }, 'razao-1');
    expect(r.statusCode, r.body).toBe(200);
    const v = env<ResultadoVenda>(r).result;
    expect(v).toMatchObject({ cashback: 6.17, pontos: 123, resgate: 0, saldos: { CASHBACK: 6.17, PONTOS: 123 } });
    const [s] = await linhas<{ soma: number; n: number }>(
      sql`select coalesce(sum(e.valor), 0)::int soma, count(*)::int n from partida e join transacao x on x.lancamento_id = e.lancamento_id where x.id = ${v.transacaoId}`,
    );
    expect(s).toMatchObject({ soma: 0 });
    expect(s!.n).toBeGreaterThan(0);
    const lista = env<Pagina<TransacaoResumo>>(await gerente.post('/services/transacao/filterpaginated/0/10', { clienteId: id }));
    expect(lista.result.content.map((x) => x.id)).toEqual([v.transacaoId]);
    const [x] = await linhas<{ filial_id: number; usuario_id: number | null }>(sql`select filial_id, usuario_id from transacao where id = ${v.transacaoId}`);
    expect(x).toEqual({ filial_id: filialId, usuario_id: null });
    const [a] = await linhas<{ token_api_id: number; usuario_id: number | null }>(
      sql`select token_api_id, usuario_id from auditoria where entidade = 'transacao' and entidade_id = ${String(v.transacaoId)}`,
    );
    expect(a).toEqual({ token_api_id: tk.id, usuario_id: null });
    // A branch's token posts that branch's sales only.
    expect((await vender(tk.segredo, { clienteId: id, valor: 10, filialId: 1 }, 'razao-2')).statusCode).toBe(403);
  });

  it('resgate e cancelamento pelo token (idempotente, auditado com o token)', async () => {
    const id = await novoCliente('Cancelamento Token');
    const tk = await novoToken();
    const v1 = env<ResultadoVenda>(await vender(tk.segredo, { clienteId: id, valor: 200 }, 'cc-1')).result;
    expect(v1.saldos.CASHBACK).toBe(10);
    const v2 = await vender(tk.segredo, { clienteId: id, valor: 50, resgate: 4 }, 'cc-2');
    expect(v2.statusCode, v2.body).toBe(200);
    expect(env<ResultadoVenda>(v2).result).toMatchObject({ resgate: 4 });
    const caro = await vender(tk.segredo, { clienteId: id, valor: 500, resgate: 400 }, 'cc-3');
    expect(caro.statusCode).toBe(409);
    expect(env(caro).messageError).toMatch(/insuficiente/);

    const url = `${BASE}/vendas/${env<ResultadoVenda>(v2).result.transacaoId}/cancelamento`;
    expect((await chamar(tk.segredo, 'POST', url, { motivo: 'Cupom cancelado no PDV' })).statusCode).toBe(400);
    const c1 = await chamar(tk.segredo, 'POST', url, { motivo: 'Cupom cancelado no PDV' }, { 'idempotency-key': 'canc-1' });
    expect(c1.statusCode, c1.body).toBe(200);
    const c2 = await chamar(tk.segredo, 'POST', url, { motivo: 'Cupom cancelado no PDV' }, { 'idempotency-key': 'canc-1' });
    expect(c2.json()).toEqual(c1.json());
    expect((await chamar(tk.segredo, 'POST', url, {}, { 'idempotency-key': 'canc-2' })).statusCode).toBe(409);
    const [a] = await linhas<{ token_api_id: number }>(sql`select token_api_id from auditoria where entidade = 'transacao' and acao = 'CANCELAR' and entidade_id = ${String(env<ResultadoVenda>(v2).result.transacaoId)}`);
    expect(a!.token_api_id).toBe(tk.id);
    const semEscopo = await novoToken({ escopos: ['vendas:lancar'] });
    expect((await chamar(semEscopo.segredo, 'POST', url, {}, { 'idempotency-key': 'canc-3' })).statusCode).toBe(403);
    // Another company's sale: 404 through its token.
    expect((await chamar(tk.segredo, 'POST', `${BASE}/vendas/99999999/cancelamento`, {}, { 'idempotency-key': 'canc-4' })).statusCode).toBe(404);
  });

  it('identifica o cliente por CPF, celular ou cartão, com saldos; outra empresa não o vê', async () => {
    const id = await novoCliente('Busca Integração', { documento: '52998224725', celular: '11976659898' });
    await t.banco.db.insert(cartao).values({ empresaId: 1, numero: '6062825624254001', status: 'ATIVO', clienteId: id });
    const tk = await novoToken({ escopos: ['clientes:consultar'] });
    for (const q of ['cpf=529.982.247-25', 'celular=(11)%2097665-9898', 'celular=5511976659898', 'cartao=6062%208256%202425%204001']) {
      const r = await chamar(tk.segredo, 'GET', `${BASE}/clientes?${q}`);
      expect(r.statusCode, `${q} ${r.body}`).toBe(200);
      expect(env<IntegracaoCliente>(r).result).toMatchObject({ id, nome: 'Busca Integração', saldos: { CASHBACK: 0, PONTOS: 0 } });
    }
    expect((await chamar(tk.segredo, 'GET', `${BASE}/clientes?cpf=11144477735`)).statusCode).toBe(404);
    // A mobile shared by two customers (the demo's Maria José and one more): 409, never a guess.
    await novoCliente('Mesmo Celular', { celular: '11976651212' });
    const ambiguo = await chamar(tk.segredo, 'GET', `${BASE}/clientes?celular=11976651212`);
    expect(ambiguo.statusCode).toBe(409);
    expect(ambiguo.json()).toMatchObject({ hasError: true, messageError: 'Mais de um cliente tem este celular. Identifique o cliente pelo CPF/CNPJ ou pelo cartão.' });
    expect((await chamar(tk.segredo, 'GET', `${BASE}/clientes?cpf=1&celular=2`)).statusCode).toBe(400);
    expect((await chamar(tk.segredo, 'GET', `${BASE}/clientes`)).statusCode).toBe(400);

    const r = await criar(outra, { nome: 'PDV outra', escopos: ['clientes:consultar', 'vendas:lancar'] });
    const daOutra = env<TokenApiCriado>(r).result;
    expect((await chamar(daOutra.segredo, 'GET', `${BASE}/clientes?cpf=52998224725`)).statusCode).toBe(404);
    expect((await chamar(daOutra.segredo, 'GET', `${BASE}/clientes/${id}/saldos`)).statusCode).toBe(404);
    expect((await vender(daOutra.segredo, { clienteId: id, valor: 10 }, 'outra-1')).statusCode).toBe(404);
  });

  it('documentado no OpenAPI com o esquema bearer', async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { security?: unknown }>>; components: { securitySchemes: Record<string, unknown> } };
    expect(doc.components.securitySchemes.tokenApi).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/services/integracao/v1/vendas']!.post!.security).toEqual([{ tokenApi: [] }]);
  });
});

describe('integracao/v1: limite por token', () => {
  it('passado o limite, 429 em português só para aquele token', async () => {
    const p = await criarAppDeTeste({ env: { API_TOKEN_LIMITE_POR_MINUTO: '3' } });
    try {
      const g = await p.entrar('gerente');
      const novo = async () => env<TokenApiCriado>(await g.requisitar({ method: 'PUT', url: '/services/company/api', payload: { nome: 'PDV', escopos: ['clientes:consultar'] } })).result;
      const [a, b] = [await novo(), await novo()];
      const saldos = (s: string) => chamar(s, 'GET', `${BASE}/clientes/1/saldos`, undefined, {}, p.app);
      for (let i = 0; i < 3; i++) expect((await saldos(a.segredo)).statusCode).not.toBe(429);
      const r = await saldos(a.segredo);
      expect(r.statusCode).toBe(429);
      expect(env(r).messageError).toBe('Limite de chamadas deste token excedido. Aguarde alguns segundos e tente de novo.');
      expect(r.headers['retry-after']).toBeDefined();
      expect((await saldos(b.segredo)).statusCode).not.toBe(429);
    } finally {
      await p.fechar();
    }
  });
});
