import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ModeloMensagem, Pagina, Previsualizacao } from '@bonifica/contracts';
import { cliente } from '../src/db/schema/index.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';

let t: AppDeTeste;
let gerente: Cliente;
let atendente: Cliente;
let outra: Cliente;

async function linhas<T>(consulta: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.banco.db.execute(consulta)) as unknown as { rows: T[] }).rows;
}

let seq = 0;
async function novoCliente(empresaId = 1, nome = `Joana Modelo ${++seq}`): Promise<number> {
  const [c] = await t.banco.db.insert(cliente).values({ empresaId, nome }).returning({ id: cliente.id });
  return c!.id;
}

async function creditar(clienteId: number, unidade: 'CASHBACK' | 'PONTOS', valor: number) {
  const r = await gerente.post('/services/account/lancamento/ajuste', { clienteId, unidade, valor, motivo: 'Crédito de teste' });
  expect(r.statusCode, r.body).toBe(200);
}

const salvar = (corpo: Record<string, unknown>, quem = gerente) => quem.post('/services/mensagem/modelo/save', corpo);
const previsualizar = (corpo: Record<string, unknown>, quem = gerente) => quem.post('/services/mensagem/modelo/previsualizar', corpo);

beforeAll(async () => {
  t = await criarAppDeTeste();
  [gerente, atendente, outra] = await Promise.all([t.entrar('gerente'), t.entrar('atendente'), t.entrar('outra')]);
});
afterAll(() => t.fechar());

describe('mensagem/modelo: cadastro', () => {
  it('cria, lista, busca, altera e exclui um modelo de WhatsApp', async () => {
    const r = await salvar({ nome: 'Cashback do mês', canal: 'WHATSAPP', texto: 'Oi {primeiro_nome}, seu saldo é {saldo_cashback} na {loja}!' });
    expect(r.statusCode, r.body).toBe(200);
    const m = env<ModeloMensagem>(r).result;
    expect(m).toMatchObject({ nome: 'Cashback do mês', canal: 'WHATSAPP', assunto: null, ativo: true, arquivoId: null });

    const lista = await gerente.post('/services/mensagem/modelo/filterpaginated/0/20', { busca: 'cashback do' });
    expect(env<Pagina<ModeloMensagem>>(lista).result.content.map((x) => x.id)).toContain(m.id);

    const alt = await salvar({ id: m.id, nome: 'Cashback do mês', canal: 'WHATSAPP', texto: 'Olá {nome}', ativo: false });
    expect(env<ModeloMensagem>(alt).result).toMatchObject({ texto: 'Olá {nome}', ativo: false });
    expect(env<Pagina<ModeloMensagem>>(await gerente.post('/services/mensagem/modelo/filterpaginated/0/20', { ativo: true })).result.content.map((x) => x.id)).not.toContain(
      m.id,
    );

    expect((await gerente.delete(`/services/mensagem/modelo/delete/${m.id}`)).statusCode).toBe(200);
    expect((await gerente.get(`/services/mensagem/modelo/findbyid/${m.id}`)).statusCode).toBe(404);
  });

  it('variável desconhecida é erro em português que aponta qual', async () => {
    const r = await salvar({ nome: 'Errado', canal: 'WHATSAPP', texto: 'Oi {nome}, use {cupon} até {validade}' });
    expect(r.statusCode).toBe(400);
    const msg = env(r).messageError!;
    expect(msg).toContain('Variáveis desconhecidas: {cupon}, {validade}');
    expect(msg).toContain('{cupom}');
    const maiuscula = await salvar({ nome: 'Errado', canal: 'EMAIL', assunto: 'Para {Nome}', texto: 'ok' });
    expect(env(maiuscula).messageError).toContain('Variável desconhecida: {Nome}');
  });

  it('recusa entrada ruim com a mensagem certa e sem nome interno de campo', async () => {
    const casos: [Record<string, unknown>, string][] = [
      [{ nome: 'E-mail sem assunto', canal: 'EMAIL', texto: 'Oi' }, 'Informe o assunto do e-mail.'],
      [{ nome: 'x', canal: 'WHATSAPP', texto: 'Oi' }, 'Informe o nome do modelo.'],
      [{ nome: 'Canal', canal: 'SMS', texto: 'Oi' }, 'Canal inválido: use WHATSAPP ou EMAIL.'],
      [{ nome: 'Vazio', canal: 'WHATSAPP', texto: '   ' }, 'Escreva o texto da mensagem.'],
      [{ nome: 'Longo', canal: 'WHATSAPP', texto: 'a'.repeat(4097) }, 'No WhatsApp o texto pode ter até 4096 caracteres.'],
      [{ nome: 'Anexo', canal: 'WHATSAPP', texto: 'Oi', arquivoId: 999999 }, 'Anexo não encontrado: envie a imagem ou o PDF de novo.'],
    ];
    for (const [corpo, mensagem] of casos) {
      const r = await salvar(corpo);
      expect(r.statusCode, JSON.stringify(corpo)).toBe(400);
      expect(env(r).messageError).toContain(mensagem);
    }
    await salvar({ nome: 'Repetido', canal: 'WHATSAPP', texto: 'Oi' });
    const dup = await salvar({ nome: 'Repetido', canal: 'WHATSAPP', texto: 'Oi de novo' });
    expect(dup.statusCode).toBe(409);
    expect(env(dup).messageError).toBe('Já existe um modelo com este nome.');
  });

  it('é da gestão: o atendente não vê nem grava; outra empresa não acha o modelo', async () => {
    const m = env<ModeloMensagem>(await salvar({ nome: 'Só da matriz', canal: 'WHATSAPP', texto: 'Oi' })).result;
    expect((await salvar({ nome: 'Do atendente', canal: 'WHATSAPP', texto: 'Oi' }, atendente)).statusCode).toBe(403);
    expect((await outra.get(`/services/mensagem/modelo/findbyid/${m.id}`)).statusCode).toBe(404);
    expect((await salvar({ id: m.id, nome: 'Tomado', canal: 'WHATSAPP', texto: 'Oi' }, outra)).statusCode).toBe(404);
    expect((await outra.delete(`/services/mensagem/modelo/delete/${m.id}`)).statusCode).toBe(404);
    const deOutra = await outra.post('/services/mensagem/modelo/filterpaginated/0/50', {});
    expect(env<Pagina<ModeloMensagem>>(deOutra).result.content.map((x) => x.id)).not.toContain(m.id);
  });
});

describe('mensagem/modelo/previsualizar: renderização com um cliente real', () => {
  it('troca cada variável pelo dado do cliente, com dinheiro e pontos em pt-BR', async () => {
    const c = await novoCliente(1, '  Maria Aparecida da Silva');
    await creditar(c, 'CASHBACK', 1234.56);
    await creditar(c, 'PONTOS', 12500);
    const r = await previsualizar({
      clienteId: c,
      texto: '{primeiro_nome} ({nome}): {saldo_cashback} e {pontos} pontos na {loja}. Cupom {cupom} em {link}. {vencimento}|{valor_vencendo}',
      cupom: 'NIVER10',
      link: 'https://exemplo.com.br',
    });
    expect(r.statusCode, r.body).toBe(200);
    const p = env<Previsualizacao>(r).result;
    expect(p.texto).toBe(
      'Maria (  Maria Aparecida da Silva): R$ 1.234,56 e 12.500 pontos na Supermercados Bonifica Demo Centro. Cupom NIVER10 em https://exemplo.com.br. |R$ 0,00',
    );
  });

  it('{vencimento} e {valor_vencendo} vêm dos lotes de cashback do razão, no fuso da empresa', async () => {
    const c = await novoCliente();
    await creditar(c, 'CASHBACK', 10);
    await creditar(c, 'CASHBACK', 2.3);
    await creditar(c, 'CASHBACK', 50);
    const lotes = await linhas<{ id: number }>(sql`select cr.id from credito cr join conta ct on ct.id = cr.conta_id where ct.cliente_id = ${c} order by cr.id`);
    // Two lots lapse on 15/12/2030 in Brasília (one at 01:30 UTC of the 16th), the third later.
    await t.banco.db.execute(sql`update credito set expira_em = '2030-12-15 12:00:00+00' where id = ${lotes[0]!.id}`);
    await t.banco.db.execute(sql`update credito set expira_em = '2030-12-16 01:30:00+00' where id = ${lotes[1]!.id}`);
    await t.banco.db.execute(sql`update credito set expira_em = '2031-01-20 12:00:00+00' where id = ${lotes[2]!.id}`);
    const p = env<Previsualizacao>(await previsualizar({ clienteId: c, texto: 'Vence {valor_vencendo} em {vencimento}; saldo {saldo_cashback}' })).result;
    expect(p.texto).toBe('Vence R$ 12,30 em 15/12/2030; saldo R$ 62,30');
  });

  it('assunto do e-mail também é renderizado; texto sem variável passa intacto, chaves soltas também', async () => {
    const c = await novoCliente(1, 'Pedro Alves');
    const p = env<Previsualizacao>(await previsualizar({ clienteId: c, assunto: 'Presente para {primeiro_nome}', texto: "Só texto { com chave } e 'aspas' $1" })).result;
    expect(p).toEqual({ assunto: 'Presente para Pedro', texto: "Só texto { com chave } e 'aspas' $1", clienteNome: 'Pedro Alves' });
  });

  it('cliente de outra empresa: 404; variável desconhecida: 400', async () => {
    const alheio = await novoCliente(
      (await linhas<{ id: number }>(sql`select empresa_id as id from usuario where username = 'outra'`))[0]!.id,
      'Cliente da outra',
    );
    const r = await previsualizar({ clienteId: alheio, texto: 'Oi {nome}' });
    expect(r.statusCode).toBe(404);
    expect(env(r).messageError).toBe('Cliente não encontrado.');
    expect(r.body).not.toContain('Cliente da outra');
    const d = await previsualizar({ clienteId: alheio, texto: 'Oi {saldo}' });
    expect(d.statusCode).toBe(400);
    expect(env(d).messageError).toContain('Variável desconhecida: {saldo}');
  });
});
