import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ComprovanteVenda, Pagina, ResultadoVenda, Totalizador, TransacaoResumo } from '@bonifica/contracts';
import { cliente } from '../src/db/schema/index.js';
import { cancelarVenda, registrarVenda } from '../src/modules/transacao/venda.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';
import { idDoUsuario } from './apoio/consultas.js';
import { textoDoPdf } from './apoio/pdf-texto.js';
import { codificarPc860, colunasDuas, centralizar } from '../src/lib/escpos.js';

let t: AppDeTeste;
let gerente: Cliente;
let atendente: Cliente;
let outra: Cliente;
let analista: Cliente;

async function linhas<T>(consulta: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.banco.db.execute(consulta)) as unknown as { rows: T[] }).rows;
}

async function novoCliente(nome: string, documento: string | null = null): Promise<number> {
  const [c] = await t.banco.db.insert(cliente).values({ empresaId: 1, nome, documento }).returning({ id: cliente.id });
  return c!.id;
}

async function vender(corpo: Record<string, unknown>, c: Cliente = gerente): Promise<ResultadoVenda> {
  const r = await c.post('/services/transacao/venda', corpo);
  expect(r.statusCode, r.body).toBe(200);
  return env<ResultadoVenda>(r).result;
}

const comprovante = async (c: Cliente, id: number) => c.get(`/services/transacao/impressao/${id}`);
const totalizador = (c: Cliente, filtro: unknown) => c.post('/services/transacao/relatorio/totalizador/', filtro);

beforeAll(async () => {
  t = await criarAppDeTeste();
  [gerente, atendente, outra, analista] = await Promise.all([t.entrar('gerente'), t.entrar('atendente'), t.entrar('outra'), t.entrar('analista')]);
});
afterAll(() => t.fechar());

describe('ESC/POS: PC860 e colunas', () => {
  it('acentos do português na tabela PC860; o que falta perde o acento ou vira ?', () => {
    expect(codificarPc860('ÁÉÍÓÚ ãõç ºª')).toEqual([0x86, 0x90, 0x8b, 0x9f, 0x96, 0x20, 0x84, 0x94, 0x87, 0x20, 0xa7, 0xa6]);
    expect(codificarPc860('Ŷ – “x” €')).toEqual([...Buffer.from('Y - "x" EUR', 'latin1')]);
    expect(codificarPc860('漢')).toEqual([0x3f]);
  });

  it('rótulo e valor nas 48 colunas; rótulo longo cede ao valor; centralizado', () => {
    expect(colunasDuas('Total', 'R$ 1,00')).toBe(`Total${' '.repeat(36)}R$ 1,00`);
    const longa = colunasDuas('x'.repeat(60), 'R$ 1.000,00');
    expect(longa).toHaveLength(48);
    expect(longa.endsWith(' R$ 1.000,00')).toBe(true);
    expect(centralizar('ab', 10)).toBe('    ab');
  });
});

describe('comprovante 80 mm (transacao/impressao/{id})', () => {
  it('dados, prévia em 48 colunas e ESC/POS em PC860 com título e total em destaque e corte', async () => {
    const id = await novoCliente('João Conceição Araújo', '52998224725');
    await vender({ clienteId: id, valor: 300 }); // 15,00 de cashback
    const v = await vender({ clienteId: id, valor: 123.45, resgate: 10, filialId: 2 });
    const r = await comprovante(gerente, v.transacaoId);
    expect(r.statusCode, r.body).toBe(200);
    const c = env<ComprovanteVenda>(r).result;
    expect(c).toMatchObject({
      transacaoId: v.transacaoId,
      status: 'CONFIRMADA',
      empresa: { nome: 'Supermercados Bonifica Demo Centro' },
      filialNome: 'Bonifica Jardins',
      atendente: 'Gabriel Gerente Souza',
      cliente: { id, nome: 'João Conceição Araújo', documento: '***.982.247-**' },
      valor: 123.45,
      resgate: 10,
      aPagar: 113.45,
      cashback: 5.67,
      pontos: 113,
      saldos: { CASHBACK: 10.67, PONTOS: 413 },
      colunas: 48,
      codificacao: 'PC860',
    });
    const texto = c.linhas.map((l) => l.texto);
    expect(texto.every((l) => [...l].length <= 48)).toBe(true);
    expect(texto).toContain(`${'Valor da compra'.padEnd(39)}R$ 123,45`);
    expect(texto).toContain(`${'Cashback usado'.padEnd(38)}- R$ 10,00`);
    expect(c.linhas.find((l) => l.texto.startsWith('A PAGAR'))).toEqual({ texto: `A PAGAR${' '.repeat(32)}R$ 113,45`, destaque: true });
    expect(c.linhas[0]).toMatchObject({ texto: expect.stringContaining('SUPERMERCADOS BONIFICA DEMO CENTRO'), destaque: true });
    expect(texto.join('\n')).toContain('Cliente: João Conceição Araújo');
    expect(texto.join('\n')).not.toMatch(/52998224725|529\.982/);
    expect(texto.join('\n')).not.toContain('CANCELADA');

    const bytes = Buffer.from(c.escpos, 'base64');
    // ESC @ then ESC t 3 (PC860); ends with a partial cut GS V 66 n.
    expect([...bytes.subarray(0, 5)]).toEqual([0x1b, 0x40, 0x1b, 0x74, 3]);
    expect([...bytes.subarray(-4, -1)]).toEqual([0x1d, 0x56, 66]);
    // Bold + double height around the title, then back to normal.
    expect([...bytes.subarray(5, 11)]).toEqual([0x1b, 0x45, 1, 0x1d, 0x21, 0x01]);
    // "João Conceição Araújo" in PC860: ã 0x84, ç 0x87, ú 0xA3.
    const nome = Buffer.from([...'Jo'].map((x) => x.charCodeAt(0)).concat([0x84, 0x6f]));
    expect(bytes.includes(nome)).toBe(true);
    expect(bytes.includes(Buffer.from([0x87, 0x84, 0x6f]))).toBe(true);
    expect(bytes.includes(Buffer.from([0x41, 0x72, 0x61, 0xa3, 0x6a, 0x6f]))).toBe(true);
    expect(bytes.includes(Buffer.from('ã', 'utf8'))).toBe(false);
  });

  it('venda cancelada imprime CANCELADA, com data e motivo; a atendente reimprime, outra empresa não', async () => {
    const id = await novoCliente('Cliente Comprovante Cancelado');
    const v = await vender({ clienteId: id, valor: 50 }, atendente);
    expect((await comprovante(atendente, v.transacaoId)).statusCode).toBe(200);
    const cancelar = await gerente.get(`/services/transacao/cancelar/${v.transacaoId}?motivo=${encodeURIComponent('Cliente desistiu')}`);
    expect(cancelar.statusCode).toBe(200);
    const c = env<ComprovanteVenda>(await comprovante(atendente, v.transacaoId)).result;
    expect(c.status).toBe('CANCELADA');
    expect(c.linhas[0]).toEqual({ texto: expect.stringMatching(/^\s+\*\*\* CANCELADA \*\*\*$/), destaque: true });
    const texto = c.linhas.map((l) => l.texto).join('\n');
    expect(texto).toMatch(/Cancelada em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);
    expect(texto).toContain('Motivo: Cliente desistiu');
    expect(c.saldos).toEqual({ CASHBACK: 0, PONTOS: 0 });

    const alheio = await comprovante(outra, v.transacaoId);
    expect(alheio.statusCode).toBe(404);
    expect(env(alheio).messageError).toBe('Venda não encontrada.');
    expect(alheio.body).not.toMatch(/Comprovante Cancelado|Bonifica/);
    expect((await comprovante(analista, v.transacaoId)).statusCode).toBe(403);
    for (const ruim of ['abc', '0', '-1', '1.5']) {
      const r = await gerente.get(`/services/transacao/impressao/${ruim}`);
      expect(r.statusCode, ruim).toBe(400);
      expect(env(r).messageError).toMatch(/Identificador inválido/);
    }
    expect((await comprovante(gerente, 999_999)).statusCode).toBe(404);
  });
});

describe('lista de vendas: busca pelo cliente e identificação na venda', () => {
  it('filtra pelo nome sem acento e pelo CPF; grava como o cliente foi identificado', async () => {
    const id = await novoCliente('Érica Lista Busca', '11144477735');
    const v = await vender({ clienteId: id, valor: 20, identificacao: 'CPF' });
    const listar = async (filtro: unknown) => env<Pagina<TransacaoResumo>>(await gerente.post('/services/transacao/filterpaginated/0/10', filtro)).result;
    expect((await listar({ cliente: 'erica lista' })).content.map((x) => x.id)).toEqual([v.transacaoId]);
    expect((await listar({ cliente: '111.444.777-35' })).content.map((x) => x.id)).toEqual([v.transacaoId]);
    expect((await listar({ cliente: 'ninguém com esse nome' })).totalElements).toBe(0);
    const [l] = await linhas<{ identificacao: string }>(sql`select identificacao from transacao where id = ${v.transacaoId}`);
    expect(l!.identificacao).toBe('CPF');
    const ruim = await gerente.post('/services/transacao/venda', { clienteId: id, valor: 20, identificacao: 'RFID' });
    expect(ruim.statusCode).toBe(400);
    expect(env(ruim).messageError).toMatch(/Identificação inválida/);
    expect((await gerente.post('/services/transacao/filterpaginated/0/10', { cliente: 'x'.repeat(121) })).statusCode).toBe(400);
  });
});

describe('totalizador (transacao/relatorio/totalizador/ e transacao/impressao/totalizador)', () => {
  /** Sales in March 2020, away from the demo's, made through the service with their own dates. */
  let ids: { a: number; b: number; atendente: number; gerente: number };
  const em = (iso: string) => new Date(iso);

  beforeAll(async () => {
    ids = { a: await novoCliente('Totais A'), b: await novoCliente('Totais B'), atendente: await idDoUsuario(t, 'atendente'), gerente: await idDoUsuario(t, 'gerente') };
    await t.banco.db.transaction(async (tx) => {
      const v = (clienteId: number, filialId: number, valorCentavos: number, resgateCentavos: number, usuarioId: number, criadoEm: Date) =>
        registrarVenda(tx, { empresaId: 1, clienteId, filialId, valorCentavos, resgateCentavos, usuarioId, criadoEm });
      // 09/03 in Brasília: 23:30 local is 02:30 UTC of the 10th.
      await v(ids.a, 2, 12_345, 0, ids.atendente, em('2020-03-09T15:00:00Z')); // 6,17 · 123
      await v(ids.a, 2, 5_000, 0, ids.atendente, em('2020-03-10T02:30:00Z')); // 2,50 · 50 (still the 9th)
      await v(ids.b, 3, 100_000, 0, ids.gerente, em('2020-03-10T03:00:00Z')); // 50,00 (cap) · 1000 (the 10th)
      await v(ids.a, 2, 2_000, 800, ids.atendente, em('2020-03-10T12:00:00Z')); // base 12,00 → 0,60 · 12
      const cancelada = await v(ids.b, 3, 30_000, 0, ids.gerente, em('2020-03-10T13:00:00Z')); // 15,00 · 300, cancelled
      await cancelarVenda(tx, { empresaId: 1, transacaoId: cancelada.transacaoId, usuarioId: ids.gerente, canceladaEm: em('2020-03-11T10:00:00Z') });
      await v(ids.b, 3, 999, 0, ids.gerente, em('2020-03-11T12:00:00Z')); // below the minimum: no accrual
    });
  });

  it('por dia (em Brasília) e por loja, somando ao centavo, e o total bate com o razão', async () => {
    const r = await totalizador(gerente, { de: '2020-03-09', ate: '2020-03-11' });
    expect(r.statusCode, r.body).toBe(200);
    const tt = env<Totalizador>(r).result;
    const semCanc = { canceladas: 0, valorCanceladas: 0 };
    expect(tt.porDia).toEqual([
      { dia: '2020-03-09', quantidade: 2, valor: 173.45, resgate: 0, cashback: 8.67, pontos: 173, ...semCanc },
      { dia: '2020-03-10', quantidade: 2, valor: 1020, resgate: 8, cashback: 50.6, pontos: 1012, canceladas: 1, valorCanceladas: 300 },
      { dia: '2020-03-11', quantidade: 1, valor: 9.99, resgate: 0, cashback: 0, pontos: 0, ...semCanc },
    ]);
    expect(tt.porFilial).toEqual([
      { filialId: 2, filialNome: 'Bonifica Jardins', quantidade: 3, valor: 193.45, resgate: 8, cashback: 9.27, pontos: 185, ...semCanc },
      { filialId: 3, filialNome: 'Bonifica Moema', quantidade: 2, valor: 1009.99, resgate: 0, cashback: 50, pontos: 1000, canceladas: 1, valorCanceladas: 300 },
    ]);
    expect(tt.total).toEqual({ quantidade: 5, valor: 1203.44, resgate: 8, cashback: 59.27, pontos: 1185, canceladas: 1, valorCanceladas: 300 });
    expect(tt.linhas).toHaveLength(4);
    expect(tt.linhas[1]).toMatchObject({ dia: '2020-03-10', filialId: 2, quantidade: 1, valor: 20 });

    // Against the ledger: what the period's sales (and their reversals) moved on customers' accounts.
    const [razao] = await linhas<{ cashback: number; pontos: number }>(sql`
      select coalesce(sum(p.valor) filter (where c.tipo = 'CASHBACK'), 0)::int cashback, coalesce(sum(p.valor) filter (where c.tipo = 'PONTOS'), 0)::int pontos
      from transacao tr join partida p on p.lancamento_id in (tr.lancamento_id, tr.estorno_lancamento_id) join conta c on c.id = p.conta_id
      where tr.empresa_id = 1 and c.cliente_id is not null
        and tr.criado_em >= '2020-03-09T03:00:00Z' and tr.criado_em < '2020-03-12T03:00:00Z'`);
    expect(razao).toEqual({ cashback: Math.round((tt.total.cashback - tt.total.resgate) * 100), pontos: tt.total.pontos });
    // The days add up to the total, to the centavo.
    const somaDias = tt.porDia.reduce((s, d) => s + Math.round(d.valor * 100), 0);
    expect(somaDias).toBe(Math.round(tt.total.valor * 100));
  });

  it('filtros de loja e de atendente; período sem vendas vem zerado', async () => {
    const loja = env<Totalizador>(await totalizador(gerente, { de: '2020-03-09', ate: '2020-03-11', filialId: 3 })).result;
    expect(loja.total).toMatchObject({ quantidade: 2, valor: 1009.99, canceladas: 1 });
    const porAtendente = env<Totalizador>(await totalizador(gerente, { de: '2020-03-09', ate: '2020-03-11', usuarioId: ids.atendente })).result;
    expect(porAtendente.total).toMatchObject({ quantidade: 3, valor: 193.45, resgate: 8, cashback: 9.27 });
    const um = env<Totalizador>(await totalizador(gerente, { de: '2020-03-10', ate: '2020-03-10' })).result;
    expect(um.porDia.map((d) => d.dia)).toEqual(['2020-03-10']);
    const vazio = env<Totalizador>(await totalizador(gerente, { de: '2019-01-01', ate: '2019-01-31' })).result;
    expect(vazio).toEqual({ linhas: [], porDia: [], porFilial: [], total: { quantidade: 0, valor: 0, resgate: 0, cashback: 0, pontos: 0, canceladas: 0, valorCanceladas: 0 } });
  });

  it('o PDF A4 traz as linhas, os subtotais por loja e o total', async () => {
    const r = await gerente.post('/services/transacao/impressao/totalizador', { de: '2020-03-09', ate: '2020-03-11' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    const texto = textoDoPdf(r.rawPayload).join(' ').replace(/\s+/g, ' ');
    expect(texto).toContain('Totalizador de vendas');
    expect(texto).toContain('De 09/03/2020 a 11/03/2020');
    expect(texto).toContain('Bonifica Jardins');
    expect(texto).toContain('Subtotal');
    expect(texto).toContain('R$ 1.203,44');
    expect(texto).toContain('R$ 59,27');
  });

  it('entrada inválida é 400 em português; só gestão e relatórios; outra empresa vê só as suas (nenhuma)', async () => {
    const casos: [unknown, RegExp][] = [
      [{}, /Data inicial inválida/],
      [{ de: '2020-03-09' }, /Data final inválida/],
      [{ de: '09/03/2020', ate: '2020-03-10' }, /AAAA-MM-DD/],
      [{ de: '2020-03-10', ate: '2020-03-09' }, /posterior/],
      [{ de: '2019-01-01', ate: '2020-03-09' }, /366 dias/],
      [{ de: '2020-03-09', ate: '2020-03-10', filialId: 0 }, /Filial inválida/],
      [{ de: '2020-03-09', ate: '2020-03-10', usuarioId: 'x' }, /Atendente inválido/],
      [{ de: '2020-03-09', ate: '2020-03-10', extra: true }, /.+/],
    ];
    for (const rota of ['/services/transacao/relatorio/totalizador/', '/services/transacao/impressao/totalizador']) {
      for (const [corpo, msg] of casos) {
        const r = await gerente.post(rota, corpo);
        expect(r.statusCode, `${rota} ${JSON.stringify(corpo)}`).toBe(400);
        expect(env(r).messageError).toMatch(msg);
      }
      expect((await atendente.post(rota, { de: '2020-03-09', ate: '2020-03-11' })).statusCode).toBe(403);
      expect((await analista.post(rota, { de: '2020-03-09', ate: '2020-03-11' })).statusCode).toBe(403);
    }
    for (const filtro of [{}, { filialId: 2 }, { usuarioId: ids.atendente }]) {
      const r = await totalizador(outra, { de: '2020-03-09', ate: '2020-03-11', ...filtro });
      expect(r.statusCode).toBe(200);
      expect(env<Totalizador>(r).result.total.quantidade).toBe(0);
      expect(r.body).not.toMatch(/Bonifica|Jardins|Moema/);
    }
    const pdf = await outra.post('/services/transacao/impressao/totalizador', { de: '2020-03-09', ate: '2020-03-11', filialId: 2 });
    const texto = textoDoPdf(pdf.rawPayload).join(' ').replace(/\s+/g, ' ');
    expect(texto).toContain('Nenhum registro encontrado.');
    expect(texto).not.toMatch(/Bonifica|Jardins/);
  });
});
