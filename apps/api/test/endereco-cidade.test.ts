import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAGENS, normalizarBusca, type Cidade, type Endereco } from '@bonifica/contracts';
import { totalMunicipios } from '../src/modules/city/cidades.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';

const INDISPONIVEL = 'A consulta de CEP está indisponível no momento. Preencha o endereço manualmente.';
const INEXISTENTE = 'CEP não encontrado. Confira os números ou preencha o endereço manualmente.';

/** A stand-in for BrasilAPI's /api/cep/v1/{cep}, on 127.0.0.1: no test goes to the internet. */
function fakeBrasilApi() {
  const pedidos: string[] = [];
  const servidor = createServer((req, res) => {
    pedidos.push(req.url ?? '');
    const cep = /^\/api\/cep\/v1\/(\d+)$/.exec(req.url ?? '')?.[1];
    const json = (status: number, corpo: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(corpo));
    };
    if (cep === '01310100') {
      return json(200, { cep: '01310100', state: 'SP', city: 'São Paulo', neighborhood: 'Bela Vista', street: 'Avenida Paulista', service: 'viacep' });
    }
    if (cep === '69900970') return json(200, { cep: '69900970', state: 'AC', city: 'Rio Branco', neighborhood: '', street: '', service: 'correios' });
    if (cep === '77777777') return json(500, { message: 'Todos os serviços de CEP retornaram erro.' });
    if (cep === '88888888') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('{"cep": ');
    }
    if (cep === '99999999') return; // never answers: the adapter's timeout must cut it
    return json(404, { name: 'CepPromiseError', message: 'Todos os serviços de CEP retornaram erro.', type: 'service_error' });
  });
  return {
    pedidos,
    async iniciar(): Promise<number> {
      await new Promise<void>((ok) => servidor.listen(0, '127.0.0.1', ok));
      return (servidor.address() as AddressInfo).port;
    },
    async parar() {
      servidor.closeAllConnections();
      await new Promise<void>((ok) => servidor.close(() => ok()));
    },
  };
}

async function portaFechada(): Promise<number> {
  const s: Server = createServer();
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
  const porta = (s.address() as AddressInfo).port;
  await new Promise<void>((ok) => s.close(() => ok()));
  return porta;
}

/** The default test app: CEP through the sandbox adapter. */
let t: AppDeTeste;
let c: Cliente;
beforeAll(async () => {
  t = await criarAppDeTeste();
  c = await t.entrar('atendente');
});
afterAll(() => t.fechar());

describe('POST city/find', () => {

  const buscar = async (corpo: unknown) => {
    const r = await c.post('/services/city/find', corpo);
    expect(r.statusCode, r.body).toBe(200);
    return env<null>(r).results as Cidade[];
  };

  it("'sao paulo' traz São Paulo/SP primeiro, com o código IBGE", async () => {
    const cidades = await buscar({ name: 'sao paulo' });
    expect(cidades[0]).toEqual({ id: '3550308', name: 'São Paulo', state: { acronym: 'SP', name: 'São Paulo' } });
    expect(cidades.length).toBeGreaterThan(1);
    for (const cidade of cidades) expect(normalizarBusca(cidade.name)).toContain('sao paulo');
  });

  it("'JOSÉ' ignora acentos e maiúsculas", async () => {
    const maiusculo = await buscar({ name: 'JOSÉ' });
    expect(maiusculo).toHaveLength(10);
    for (const cidade of maiusculo) expect(normalizarBusca(cidade.name)).toContain('jose');
    expect(maiusculo.map((x) => x.id)).toEqual((await buscar({ name: 'jose' })).map((x) => x.id));
    expect(maiusculo.some((x) => x.name.includes('José'))).toBe(true);
  });

  it('quem começa com o termo vem antes de quem só o contém', async () => {
    expect((await buscar({ name: 'campinas' }))[0]).toMatchObject({ id: '3509502', name: 'Campinas', state: { acronym: 'SP' } });
    const cidades = await buscar({ name: 'paulo' });
    expect(cidades[0]?.name).toBe('Paulo Afonso');
    const comeca = cidades.map((x) => normalizarBusca(x.name).startsWith('paulo'));
    expect(comeca).toContain(false);
    expect(comeca).toEqual([...comeca].sort((a, b) => Number(b) - Number(a)));
  });

  it('maxResults 50 devolve no máximo 10; maxResults 3 devolve 3', async () => {
    expect(await buscar({ name: 'sa', maxResults: 50 })).toHaveLength(10);
    expect(await buscar({ name: 'sa' })).toHaveLength(10);
    expect(await buscar({ name: 'sa', maxResults: 3 })).toHaveLength(3);
  });

  it('nome vazio dá 400 em português; maxResults 0 também', async () => {
    for (const corpo of [{ name: '' }, { name: '   ' }, {}]) {
      const r = await c.post('/services/city/find', corpo);
      expect(r.statusCode).toBe(400);
      expect(env(r).messageError).toBe('Informe o nome da cidade.');
    }
    const zero = await c.post('/services/city/find', { name: 'sa', maxResults: 0 });
    expect(zero.statusCode).toBe(400);
    expect(env(zero).messageError).toBe('O número de resultados deve ser ao menos 1.');
  });

  it('nome sem correspondência devolve lista vazia', async () => {
    expect(await buscar({ name: 'xyzxyz' })).toEqual([]);
  });

  it('pede login', async () => {
    const anonimo = t.cliente();
    await anonimo.get('/services/config/nomesistema');
    expect((await anonimo.post('/services/city/find', { name: 'sao paulo' })).statusCode).toBe(401);
  });

  it('a base tem todos os municípios do IBGE', () => {
    expect([5570, 5571]).toContain(totalMunicipios());
  });
});

describe('GET endereco/cep/{cep} pelo provedor HTTP (BrasilAPI falsa, local)', () => {
  const fake = fakeBrasilApi();
  let comHttp: AppDeTeste;
  let gerente: Cliente;
  beforeAll(async () => {
    const porta = await fake.iniciar();
    comHttp = await criarAppDeTeste({ env: { CEP_PROVIDER: 'http', CEP_BASE_URL: `http://127.0.0.1:${porta}/api/cep/v1/`, CEP_TIMEOUT_MS: '300' } });
    gerente = await comHttp.entrar('gerente');
  });
  afterAll(async () => {
    await comHttp.fechar();
    await fake.parar();
  });

  it('CEP encontrado vira o Endereco do contrato', async () => {
    const r = await gerente.get('/services/endereco/cep/01310100');
    expect(r.statusCode).toBe(200);
    const e: Endereco = { street: 'Avenida Paulista', number: null, neighborhoord: 'Bela Vista', city: { name: 'São Paulo', state: { acronym: 'SP' } }, cep: '01310100' };
    expect(env(r)).toEqual({ hasError: false, messageError: null, result: e, results: null });
    expect(fake.pedidos.at(-1)).toBe('/api/cep/v1/01310100');
  });

  it('o CEP com máscara funciona e vai ao provedor só com os dígitos', async () => {
    const r = await gerente.get('/services/endereco/cep/01310-100');
    expect(r.statusCode).toBe(200);
    expect(env<Endereco>(r).result.cep).toBe('01310100');
    expect(fake.pedidos.at(-1)).toBe('/api/cep/v1/01310100');
  });

  it('CEP geral de cidade, sem rua nem bairro, vem com null nesses campos', async () => {
    const r = await gerente.get('/services/endereco/cep/69900970');
    expect(env<Endereco>(r).result).toEqual({ street: null, number: null, neighborhoord: null, city: { name: 'Rio Branco', state: { acronym: 'AC' } }, cep: '69900970' });
  });

  it('CEP desconhecido dá 404 em português', async () => {
    const r = await gerente.get('/services/endereco/cep/00000000');
    expect(r.statusCode).toBe(404);
    expect(env(r)).toEqual({ hasError: true, messageError: INEXISTENTE, result: null, results: null });
  });

  it('provedor com erro, resposta quebrada ou sem responder (timeout) dá 503', async () => {
    for (const cep of ['77777777', '88888888', '99999999']) {
      const inicio = Date.now();
      const r = await gerente.get(`/services/endereco/cep/${cep}`);
      expect(r.statusCode, cep).toBe(503);
      expect(env(r)).toEqual({ hasError: true, messageError: INDISPONIVEL, result: null, results: null });
      expect(Date.now() - inicio).toBeLessThan(5_000);
    }
  });

  it('CEP malformado dá 400 sem consultar o provedor', async () => {
    const antes = fake.pedidos.length;
    for (const cep of ['123', '123456789', 'abcdefgh']) {
      const r = await gerente.get(`/services/endereco/cep/${cep}`);
      expect(r.statusCode, cep).toBe(400);
      expect(env(r).messageError).toBe('CEP inválido. Informe os 8 dígitos.');
    }
    expect(fake.pedidos.length).toBe(antes);
  });

  it('pede login', async () => {
    const r = await comHttp.cliente().get('/services/endereco/cep/01310100');
    expect(r.statusCode).toBe(401);
    expect(env(r).messageError).toBe(MENSAGENS.naoAutenticado);
  });
});

describe('GET endereco/cep/{cep} com o provedor fora do ar', () => {
  let foraDoAr: AppDeTeste;
  beforeAll(async () => {
    const porta = await portaFechada();
    foraDoAr = await criarAppDeTeste({ env: { CEP_PROVIDER: 'http', CEP_BASE_URL: `http://127.0.0.1:${porta}/api/cep/v1/`, CEP_TIMEOUT_MS: '300' } });
  });
  afterAll(() => foraDoAr.fechar());

  it('responde 503 com a mensagem de indisponível', async () => {
    const gerente = await foraDoAr.entrar('gerente');
    const r = await gerente.get('/services/endereco/cep/01001000');
    expect(r.statusCode).toBe(503);
    expect(env(r).messageError).toBe(INDISPONIVEL);
  });
});

describe('GET endereco/cep/{cep} pelo sandbox', () => {
  it('conhece alguns CEPs reais e dá 404 para os outros', async () => {
    expect(t.config.cep.provider).toBe('sandbox');
    const se = await c.get('/services/endereco/cep/01001-000');
    expect(se.statusCode).toBe(200);
    expect(env(se).result).toEqual({ street: 'Praça da Sé', number: null, neighborhoord: 'Sé', city: { name: 'São Paulo', state: { acronym: 'SP' } }, cep: '01001000' });
    expect(env<Endereco>(await c.get('/services/endereco/cep/70040010')).result.city).toEqual({ name: 'Brasília', state: { acronym: 'DF' } });
    const outro = await c.get('/services/endereco/cep/12345678');
    expect(outro.statusCode).toBe(404);
    expect(env(outro).messageError).toBe(INEXISTENTE);
  });
});
