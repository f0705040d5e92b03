import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Cartao, Cliente as ClienteWire, ClienteResumo, Pagina } from '@bonifica/contracts';
import { cartao, cliente } from '../src/db/schema/index.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';

/** The CPF/CNPJ each user reads: whole for customer management, masked (***.982.247-**) for the counter clerk. */
let t: AppDeTeste;
let gerente: Cliente;
let atendente: Cliente;
let id: number;

beforeAll(async () => {
  t = await criarAppDeTeste();
  [gerente, atendente] = await Promise.all([t.entrar('gerente'), t.entrar('atendente')]);
  const r = await gerente.post('/services/client/save', { nome: 'Cliente Documento Visível', documento: '52998224725' });
  expect(r.statusCode, r.body).toBe(200);
  id = env<ClienteWire>(r).result.id;
});
afterAll(() => t.fechar());

const lista = async (c: Cliente, busca: string) => env<Pagina<ClienteResumo>>(await c.post('/services/client/filterpaginated/0/10', { busca })).result.content;

describe('CPF/CNPJ conforme quem pergunta', () => {
  it('Clientes (lista e cadastro): o atendente lê o CPF mascarado, a gestão o CPF inteiro; a busca pelo CPF inteiro acha nos dois', async () => {
    expect((await lista(gerente, '529.982.247-25')).map((c) => c.documento)).toEqual(['52998224725']);
    expect((await lista(atendente, '529.982.247-25')).map((c) => c.documento)).toEqual(['***.982.247-**']);
    expect(env<ClienteWire>(await gerente.get(`/services/client/findbyid/${id}`)).result.documento).toBe('52998224725');
    expect(env<ClienteWire>(await atendente.get(`/services/client/findbyid/${id}`)).result.documento).toBe('***.982.247-**');
  });

  it('nenhuma linha da lista do atendente traz um CPF/CNPJ inteiro', async () => {
    const todos = env<Pagina<ClienteResumo>>(await atendente.post('/services/client/filterpaginated/0/100', {})).result.content;
    const comDocumento = todos.filter((c) => c.documento);
    expect(comDocumento.length).toBeGreaterThan(0);
    expect(comDocumento.every((c) => c.documento!.includes('*'))).toBe(true);
  });

  it('cartão vinculado (card/findbyid): o mesmo CPF mascarado para o atendente', async () => {
    const [c] = await t.banco.db
      .select({ id: cartao.id, documento: cliente.documento })
      .from(cartao)
      .innerJoin(cliente, eq(cliente.id, cartao.clienteId))
      .where(and(eq(cartao.empresaId, 1), isNotNull(cliente.documento)))
      .limit(1);
    expect(c, 'a demo tem cartões vinculados a clientes com CPF').toBeDefined();
    const doGerente = env<Cartao>(await gerente.get(`/services/card/findbyid/${c!.id}`)).result;
    const doAtendente = env<Cartao>(await atendente.get(`/services/card/findbyid/${c!.id}`)).result;
    expect(doGerente.clienteDocumento).toBe(c!.documento);
    expect(doAtendente.clienteDocumento).toMatch(/^\*\*[*.]/);
    expect(doAtendente.clienteDocumento).not.toContain(c!.documento!.slice(0, 3) + c!.documento!.slice(3, 6));
  });
});
