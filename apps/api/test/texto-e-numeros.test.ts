import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MENSAGENS_PRODUTO } from '@bonifica/contracts';
import { criarAppDeTeste, env, TOKEN_APP, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';

/** Issue 12 §4: text PostgreSQL refuses (NUL, lone surrogates) and amounts that are not whole centavos. */

let t: AppDeTeste;
let gerente: Cliente;
let clienteId: number;

const INVALIDO = MENSAGENS_PRODUTO.textoInvalido;

async function contar(consulta: ReturnType<typeof sql>): Promise<number> {
  const r = (await t.banco.db.execute(consulta)) as unknown as { rows: { n: number | string }[] };
  return Number(r.rows[0]!.n);
}

beforeAll(async () => {
  t = await criarAppDeTeste();
  gerente = await t.entrar('gerente');
  const r = await gerente.post('/services/client/save', { nome: 'Cliente dos Testes de Texto' });
  expect(r.statusCode, r.body).toBe(200);
  clienteId = env<{ id: number }>(r).result.id;
});
afterAll(() => t.fechar());

describe('NUL e surrogate isolado: 400 em português, para todo texto do contrato', () => {
  it.each([
    ['cadastro de cliente', '/services/client/save', { nome: 'Ana\u0000Souza' }],
    ['nota do cliente', () => `/services/client/${clienteId}/nota`, { texto: 'ligar\u0000amanhã' }],
    ['busca na exportação', '/services/client/exportar', { busca: '\u0000' }],
    ['usuário existe', '/services/user/existeusuario', { username: 'a\u0000' }],
    ['texto dentro de uma lista', '/services/account/contapadrao/salvar/ordem', { contas: [{ unidade: 'CASHBACK', nome: 'Cash\u0000back', ativo: true }] }],
    // Lone surrogates parse from JSON escapes; the audit's jsonb refused them with a 500.
    ['meu perfil com surrogate', '/services/user/salvarperfil', { nome: 'Gabriel \ud800', email: 'gerente@bonifica-demo.local' }],
    ['cliente com surrogate baixo', '/services/client/save', { nome: 'Ana \udc00 Souza' }],
    ['nota com surrogate', () => `/services/client/${clienteId}/nota`, { texto: 'fim\ud83d' }],
  ] as const)('%s', async (_nome, url, corpo) => {
    const r = await gerente.post(typeof url === 'function' ? url() : url, corpo);
    expect(r.statusCode, r.body).toBe(400);
    expect(env(r).messageError).toBe(INVALIDO);
  });

  it('também no nome de uma propriedade', async () => {
    const r = await gerente.post('/services/client/save', { nome: 'Ana', 'x\u0000': 1 });
    expect(r.statusCode).toBe(400);
    expect(env(r).messageError).toBe(INVALIDO);
  });

  it('no caminho, sem login: esqueci minha senha com %00', async () => {
    const r = await t.cliente().get('/services/user/esqueciminhasenha/%00');
    expect(r.statusCode, r.body).toBe(400);
    expect(env(r).messageError).toBe(INVALIDO);
    const meio = await t.cliente().get('/services/user/esqueciminhasenha/ger%00ente');
    expect(meio.statusCode).toBe(400);
  });

  it('no caminho de rotas com esquema numérico', async () => {
    const r = await gerente.get('/services/client/findbyid/%00');
    expect(r.statusCode).toBe(400);
    expect(env(r).messageError).toBe(INVALIDO);
  });

  it('na query string: o motivo do cancelamento com NUL não cancela a venda', async () => {
    const v = await gerente.post('/services/transacao/venda', { clienteId, valor: 10 });
    expect(v.statusCode, v.body).toBe(200);
    const id = env<{ transacaoId: number }>(v).result.transacaoId;
    const r = await gerente.get(`/services/transacao/cancelar/${id}?motivo=erro%00de%20digita%C3%A7%C3%A3o`);
    expect(r.statusCode, r.body).toBe(400);
    expect(env(r).messageError).toBe(INVALIDO);
    expect(await contar(sql`select count(*) as n from transacao where id = ${id} and status = 'CONFIRMADA'`)).toBe(1);
  });

  it('aceita texto bem formado com emoji (par de surrogates) e caracteres acentuados', async () => {
    const r = await gerente.post('/services/client/save', { nome: 'Joana 😀 Conceição' });
    expect(r.statusCode, r.body).toBe(200);
    expect(env<{ nome: string }>(r).result.nome).toBe('Joana 😀 Conceição');
  });

  it('login com NUL no usuário do Basic: credenciais inválidas, não 500', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from('ger\u0000ente:demo1234').toString('base64')}` },
      payload: `token=${TOKEN_APP}`,
    });
    expect(r.statusCode, r.body).toBe(401);
    expect(r.json()).toEqual({ auth: { hasError: true, messageError: MENSAGENS_PRODUTO.credenciaisInvalidas } });
  });
});

describe('valores que não são centavos inteiros: 400 com mensagem clara', () => {
  it('venda de 1e-7 (antes: 409 enganoso) e resgate de 1e-7', async () => {
    const antes = await contar(sql`select count(*) as n from transacao where cliente_id = ${clienteId}`);
    const r = await gerente.post('/services/transacao/venda', { clienteId, valor: 1e-7 });
    expect(r.statusCode, r.body).toBe(400);
    expect(env(r).messageError).toBe('O valor da venda deve ter no máximo 2 casas decimais (centavos).');
    const resgate = await gerente.post('/services/transacao/venda', { clienteId, valor: 10, resgate: 1e-7 });
    expect(resgate.statusCode).toBe(400);
    expect(env(resgate).messageError).toMatch(/^O resgate deve ter no máximo 2 casas decimais/);
    expect(await contar(sql`select count(*) as n from transacao where cliente_id = ${clienteId}`)).toBe(antes);
  });

  it('venda de 1e308 e de 2^53+1: fora do limite', async () => {
    for (const valor of [1e308, 2 ** 53 + 1]) {
      const r = await gerente.post('/services/transacao/venda', { clienteId, valor });
      expect(r.statusCode).toBe(400);
      expect(env(r).messageError).toMatch(/^O valor da venda (deve|está fora)/);
    }
  });

  it('preço e percentual de plano de 1e-7 (antes: gravados como 0)', async () => {
    const base = { nome: 'Plano Expoente', preco: 10, periodicidade: 'MENSAL', cashbackPercentual: 5 };
    const preco = await gerente.post('/services/config/salvarconfiguracaoplano', { ...base, preco: 1e-7 });
    expect(preco.statusCode, preco.body).toBe(400);
    expect(env(preco).messageError).toBe('O preço deve ter no máximo 2 casas decimais (centavos).');
    const percentual = await gerente.post('/services/config/salvarconfiguracaoplano', { ...base, cashbackPercentual: 1e-7 });
    expect(percentual.statusCode).toBe(400);
    expect(env(percentual).messageError).toBe('Use no máximo 2 casas decimais no percentual.');
    expect(await contar(sql`select count(*) as n from plano where nome = 'Plano Expoente'`)).toBe(0);
  });

  it('percentual de cashback do programa de 1e-7', async () => {
    const regra = { cashbackPercentual: 1e-7, pontosPorReal: 1, compraMinima: 0, maximoCashbackPorVenda: null };
    const r = await gerente.post('/services/config/salvarconfiguracaoprograma', regra);
    expect(r.statusCode, r.body).toBe(400);
    expect(env(r).messageError).toBe('Use no máximo 2 casas decimais no percentual.');
    const compra = await gerente.post('/services/config/salvarconfiguracaoprograma', { ...regra, cashbackPercentual: 5, compraMinima: 1e-7 });
    expect(compra.statusCode).toBe(400);
  });

  it('ajuste de 1e-7 (antes: 500)', async () => {
    for (const valor of [1e-7, -1e-7]) {
      const r = await gerente.post('/services/account/lancamento/ajuste', { clienteId, unidade: 'CASHBACK', valor, motivo: 'Ajuste em expoente' });
      expect(r.statusCode, r.body).toBe(400);
      expect(env(r).messageError).toBe('O valor deve ter no máximo 2 casas decimais (centavos).');
    }
    const ok = await gerente.post('/services/account/lancamento/ajuste', { clienteId, unidade: 'CASHBACK', valor: 0.01, motivo: 'Ajuste de um centavo' });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
