import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import {
  digitoLuhn,
  formatarNumeroCartao,
  montarNumeroCartao,
  numeroCartaoValido,
  type Cartao,
  type CartaoResumo,
  type ClienteResumo,
  type EstatisticaVidaCartao,
  type ItemFilaImpressao,
  type LoteImpressao,
  type NumeracaoCartao,
  type Pagina,
  type RelatorioUsoCliente,
  type RelatorioUsoEmpresa,
  type ResultadoEmissao,
} from '@bonifica/contracts';
import { cartao, cartaoImpressao, cartaoNumeracao, cliente, transacao } from '../src/db/schema/index.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente as Navegador } from './apoio/app-de-teste.js';
import { auditoriasDe } from './apoio/consultas.js';
import { textoDoPdf } from './apoio/pdf-texto.js';

let t: AppDeTeste;
let gerente: Navegador;
let atendente: Navegador;
let outra: Navegador;
let analista: Navegador;

beforeAll(async () => {
  t = await criarAppDeTeste();
  [gerente, atendente, outra, analista] = await Promise.all([t.entrar('gerente'), t.entrar('atendente'), t.entrar('outra'), t.entrar('analista')]);
});
afterAll(() => t.fechar());

async function contar(consulta: ReturnType<typeof sql>): Promise<number> {
  const r = (await t.banco.db.execute(consulta)) as unknown as { rows: { n: number }[] };
  return Number(r.rows[0]!.n);
}

/** What a refused call must not have left behind. */
const pegada = async () => ({
  cartoes: await contar(sql`select count(*)::int as n from cartao`),
  fila: await contar(sql`select count(*)::int as n from cartao_impressao`),
  alteracoes: await contar(sql`select count(*)::int as n from auditoria where entidade like 'cartao%'`),
  ultima: await contar(sql`select coalesce(extract(epoch from max(atualizado_em)), 0)::float as n from cartao`),
  filaStatus: await contar(sql`select count(*)::int as n from cartao_impressao where status = 'PENDENTE'`),
});

async function novoCliente(nome: string, status: 'ATIVO' | 'BLOQUEADO' = 'ATIVO'): Promise<number> {
  const [c] = await t.banco.db.insert(cliente).values({ empresaId: 1, nome, status }).returning({ id: cliente.id });
  return c!.id;
}

async function emitir(quantidade: number, extra: Record<string, unknown> = {}): Promise<ResultadoEmissao> {
  const r = await gerente.post('/services/card/emitir', { quantidade, ...extra });
  expect(r.statusCode, r.body).toBe(200);
  return env<ResultadoEmissao>(r).result;
}

async function cartaoNoBanco(id: number) {
  const [c] = await t.banco.db.select().from(cartao).where(eq(cartao.id, id));
  return c!;
}

async function listar(c: Navegador, filtro: Record<string, unknown> = {}, size = 100) {
  const r = await c.post(`/services/card/filterpaginated/0/${size}`, filtro);
  expect(r.statusCode, r.body).toBe(200);
  return env<Pagina<CartaoResumo>>(r).result;
}

describe('número do cartão: prefixo + sequência + dígito de Luhn', () => {
  it('calcula o dígito de Luhn conhecido e recusa qualquer dígito trocado', () => {
    expect(digitoLuhn('7992739871')).toBe(3);
    expect(montarNumeroCartao('900001', 1)).toBe('9000010000000018');
    const n = montarNumeroCartao('900001', 123_456_789);
    expect(n).toHaveLength(16);
    expect(numeroCartaoValido(n)).toBe(true);
    for (let i = 0; i < 16; i++) {
      const trocado = n.slice(0, i) + String((Number(n[i]) + 1) % 10) + n.slice(i + 1);
      expect(numeroCartaoValido(trocado), trocado).toBe(false);
    }
    expect(formatarNumeroCartao('9000010000000018')).toBe('9000 0100 0000 0018');
  });
});

describe('demo e consulta (card/filterpaginated, findbyid)', () => {
  it('a demo tem 10 cartões com o prefixo automático 900001: 5 ativos, 1 bloqueado, 4 disponíveis, 2 na fila', async () => {
    const p = await listar(gerente);
    expect(p.totalElements).toBe(10);
    const por = (s: string) => p.content.filter((c) => c.status === s).length;
    expect([por('ATIVO'), por('BLOQUEADO'), por('DISPONIVEL')]).toEqual([5, 1, 4]);
    expect(p.content.filter((c) => c.naFila)).toHaveLength(2);
    expect(p.content.every((c) => c.numero.startsWith('900001') && numeroCartaoValido(c.numero))).toBe(true);
    expect(p.content.filter((c) => c.status === 'ATIVO').every((c) => c.clienteNome && c.vinculadoEm)).toBe(true);
  });

  it('busca pelo número inteiro (com espaços), por parte dele, ou pelo nome do titular; filtra por situação', async () => {
    const [ativo] = (await listar(gerente, { status: 'ATIVO', ordenarPor: 'numero', direcao: 'asc' })).content;
    expect((await listar(gerente, { busca: formatarNumeroCartao(ativo!.numero) })).content.map((c) => c.id)).toEqual([ativo!.id]);
    expect((await listar(gerente, { busca: ativo!.numero.slice(-4) })).content.map((c) => c.id)).toContain(ativo!.id);
    const primeiroNome = ativo!.clienteNome!.split(' ')[0]!;
    expect((await listar(gerente, { busca: primeiroNome.toUpperCase() })).content.some((c) => c.id === ativo!.id)).toBe(true);
    expect((await listar(gerente, { status: 'BLOQUEADO' })).content.map((c) => c.motivoStatus)).toEqual(['Cliente informou a perda do cartão.']);
    const f = await gerente.get(`/services/card/findbyid/${ativo!.id}`);
    expect(env<Cartao>(f).result).toMatchObject({ id: ativo!.id, status: 'ATIVO', emitidoPorNome: 'Gabriel Gerente Souza', substituidoPorId: null });
  });

  it('o atendente consulta; quem não tem empresa é recusado; filtros inválidos dão 400', async () => {
    expect((await listar(atendente)).totalElements).toBe(10);
    expect((await analista.post('/services/card/filterpaginated/0/10', {})).statusCode).toBe(403);
    for (const corpo of [{ status: 'PERDIDO' }, { ordenarPor: 'senha' }, { extra: 1 }, { busca: 'x'.repeat(121) }]) {
      const r = await gerente.post('/services/card/filterpaginated/0/10', corpo);
      expect(r.statusCode, JSON.stringify(corpo)).toBe(400);
      expect(env(r).hasError).toBe(true);
    }
    expect((await gerente.post('/services/card/filterpaginated/0/101', {})).statusCode).toBe(400);
    expect((await gerente.get('/services/card/findbyid/999999')).statusCode).toBe(404);
  });
});

describe('emissão (card/emitir)', () => {
  it('emite um lote de números consecutivos, válidos, auditado, e pode pôr na fila', async () => {
    const antes = await pegada();
    const r = await emitir(3, { adicionarFila: true, filialId: 2 });
    expect(r.quantidade).toBe(3);
    expect(r.ids).toHaveLength(3);
    const linhas = await t.banco.db.select().from(cartao).where(sql`${cartao.id} in ${r.ids}`).orderBy(asc(cartao.id));
    expect(linhas.map((l) => l.numero)).toEqual([r.primeiro, linhas[1]!.numero, r.ultimo]);
    const seqs = linhas.map((l) => Number(l.numero.slice(6, 15)));
    expect(seqs).toEqual([seqs[0], seqs[0]! + 1, seqs[0]! + 2]);
    expect(linhas.every((l) => l.status === 'DISPONIVEL' && l.clienteId === null && l.filialId === 2 && numeroCartaoValido(l.numero))).toBe(true);
    expect((await pegada()).fila).toBe(antes.fila + 3);
    const [a] = await auditoriasDe(t, { entidade: 'cartao', entidadeId: r.ids[0]!, acao: 'EMITIR' });
    expect(a?.depois).toMatchObject({ quantidade: 3, primeiro: r.primeiro, ultimo: r.ultimo, adicionarFila: true });
  });

  it('emissões simultâneas nunca repetem número nem deixam buraco', async () => {
    const respostas = await Promise.all(Array.from({ length: 8 }, () => gerente.post('/services/card/emitir', { quantidade: 5 })));
    expect(respostas.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const numeros = respostas.flatMap((r) => {
      const e = env<ResultadoEmissao>(r).result;
      return Array.from({ length: 5 }, (_, i) => montarNumeroCartao('900001', Number(e.primeiro.slice(6, 15)) + i));
    });
    expect(new Set(numeros).size).toBe(40);
    const seqs = numeros.map((n) => Number(n.slice(6, 15))).sort((a, b) => a - b);
    expect(seqs.at(-1)! - seqs[0]!).toBe(39);
    const [dup] = ((await t.banco.db.execute(sql`select count(*)::int as n from (select numero from cartao group by numero having count(*) > 1) d`)) as unknown as { rows: { n: number }[] }).rows;
    expect(dup!.n).toBe(0);
  });

  it('entrada inválida dá 400 em português e nada é gravado; o atendente não emite', async () => {
    const antes = await pegada();
    const casos: [unknown, RegExp][] = [
      [{ quantidade: 0 }, /entre 1 e 500/],
      [{ quantidade: 501 }, /entre 1 e 500/],
      [{ quantidade: 2.5 }, /inteiro/],
      [{ quantidade: '3' }, /quantidade/i],
      [{}, /quantidade/i],
      [{ quantidade: 1, numero: '123' }, /.+/],
    ];
    for (const [corpo, mensagem] of casos) {
      const r = await gerente.post('/services/card/emitir', corpo);
      expect(r.statusCode, JSON.stringify(corpo)).toBe(400);
      expect(env(r).messageError).toMatch(mensagem);
    }
    const filial = await gerente.post('/services/card/emitir', { quantidade: 1, filialId: 4 });
    expect([filial.statusCode, env(filial).messageError]).toEqual([400, 'Filial inválida.']);
    expect((await atendente.post('/services/card/emitir', { quantidade: 1 })).statusCode).toBe(403);
    expect(await pegada()).toEqual(antes);
  });
});

describe('vincular, substituir, bloquear', () => {
  it('vincula um cartão disponível pelo número impresso (atendente, no balcão), uma vez só', async () => {
    const { ids, primeiro } = await emitir(2);
    const joana = await novoCliente('Joana Vínculo Teste');
    const r = await atendente.post('/services/card/vincular', { numero: formatarNumeroCartao(primeiro), clienteId: joana });
    expect(r.statusCode, r.body).toBe(200);
    expect(env<Cartao>(r).result).toMatchObject({ id: ids[0], status: 'ATIVO', clienteId: joana, clienteNome: 'Joana Vínculo Teste' });
    expect(await auditoriasDe(t, { entidade: 'cartao', entidadeId: ids[0]!, acao: 'VINCULAR' })).toHaveLength(1);

    const antes = await pegada();
    const denovo = await gerente.post('/services/card/vincular', { cartaoId: ids[0], clienteId: joana });
    expect([denovo.statusCode, env(denovo).messageError]).toEqual([409, 'Este cartão já está vinculado a um cliente.']);
    const segundo = await gerente.post('/services/card/vincular', { cartaoId: ids[1], clienteId: joana });
    expect(segundo.statusCode).toBe(409);
    expect(env(segundo).messageError).toBe(`Este cliente já tem um cartão ativo (final ${primeiro.slice(-4)}). Para trocar, use Substituir.`);
    const bloqueado = await gerente.post('/services/card/vincular', { cartaoId: ids[1], clienteId: await novoCliente('Bloqueado Teste', 'BLOQUEADO') });
    expect([bloqueado.statusCode, env(bloqueado).messageError]).toEqual([409, 'Cliente bloqueado ou anonimizado: não é possível dar cartão a ele.']);
    expect((await pegada()).alteracoes).toBe(antes.alteracoes);
    expect((await cartaoNoBanco(ids[1]!)).status).toBe('DISPONIVEL');
  });

  it('recusa números com dígito errado, os dois identificadores juntos, ou nenhum', async () => {
    const antes = await pegada();
    const casos: [unknown, RegExp][] = [
      [{ numero: '9000010000000019', clienteId: 1 }, /dígito verificador/],
      [{ numero: '900001', clienteId: 1 }, /16 dígitos/],
      [{ cartaoId: 1, numero: '9000010000000018', clienteId: 1 }, /só um dos dois/],
      [{ clienteId: 1 }, /só um dos dois/],
      [{ cartaoId: 1 }, /cliente/i],
    ];
    for (const [corpo, mensagem] of casos) {
      const r = await atendente.post('/services/card/vincular', corpo);
      expect(r.statusCode, JSON.stringify(corpo)).toBe(400);
      expect(env(r).messageError).toMatch(mensagem);
    }
    expect(await pegada()).toEqual(antes);
  });

  it('substitui: o antigo fica SUBSTITUIDO apontando o novo, o saldo continua do cliente, a impressão pendente do antigo é cancelada', async () => {
    const [velho] = (await listar(gerente, { status: 'ATIVO', ordenarPor: 'numero', direcao: 'asc' })).content;
    const saldosAntes = env(await gerente.get(`/services/account/saldos/${velho!.clienteId}`)).results;
    expect((await gerente.post('/services/card/addcardprintqueue', { ids: [velho!.id] })).statusCode).toBe(200);

    const r = await gerente.post('/services/card/substituir', { cartaoId: velho!.id, motivo: 'Cartão danificado', adicionarFila: true });
    expect(r.statusCode, r.body).toBe(200);
    const novo = env<Cartao>(r).result;
    expect(novo).toMatchObject({ status: 'ATIVO', clienteId: velho!.clienteId, substituiId: velho!.id, substituiNumero: velho!.numero, naFila: true });
    expect(await cartaoNoBanco(velho!.id)).toMatchObject({ status: 'SUBSTITUIDO', substituidoPorId: novo.id, motivoStatus: 'Cartão danificado' });
    expect(env(await gerente.get(`/services/account/saldos/${velho!.clienteId}`)).results).toEqual(saldosAntes);
    const filaVelho = await t.banco.db.select({ status: cartaoImpressao.status }).from(cartaoImpressao).where(eq(cartaoImpressao.cartaoId, velho!.id));
    expect(filaVelho.map((f) => f.status)).not.toContain('PENDENTE');
    expect(await auditoriasDe(t, { entidade: 'cartao', entidadeId: velho!.id, acao: 'SUBSTITUIR' })).toHaveLength(1);

    // Replaced is final: no link, block, print or second replacement.
    const antes = await pegada();
    for (const [url, corpo] of [
      ['/services/card/substituir', { cartaoId: velho!.id, motivo: 'De novo' }],
      [`/services/card/${velho!.id}/bloquear`, { motivo: 'Perdido' }],
      ['/services/card/print', { id: velho!.id }],
      ['/services/card/addcardprintqueue', { ids: [velho!.id] }],
    ] as const) {
      const x = await gerente.post(url, corpo);
      expect(x.statusCode, url).toBe(409);
    }
    expect(await pegada()).toEqual(antes);
  });

  it('substitui por um cartão disponível escolhido; recusa um já em uso ou o mesmo', async () => {
    const { ids, primeiro } = await emitir(2);
    const cli = await novoCliente('Rui Substituição');
    await gerente.post('/services/card/vincular', { cartaoId: ids[0], clienteId: cli });
    const mesmo = await gerente.post('/services/card/substituir', { cartaoId: ids[0], novoNumero: primeiro, motivo: 'Teste' });
    expect([mesmo.statusCode, env(mesmo).messageError]).toEqual([400, 'O cartão novo deve ser outro, diferente do substituído.']);
    const [emUso] = (await listar(gerente, { status: 'ATIVO' })).content.filter((c) => c.id !== ids[0]);
    const ocupado = await gerente.post('/services/card/substituir', { cartaoId: ids[0], novoNumero: emUso!.numero, motivo: 'Teste' });
    expect(ocupado.statusCode).toBe(409);
    expect((await cartaoNoBanco(ids[0]!)).status).toBe('ATIVO');
    const novo = await cartaoNoBanco(ids[1]!);
    const r = await gerente.post('/services/card/substituir', { cartaoId: ids[0], novoNumero: novo.numero, motivo: 'Perda' });
    expect(env<Cartao>(r).result).toMatchObject({ id: ids[1], status: 'ATIVO', clienteId: cli });
    const disponivel = (await emitir(1)).ids[0]!;
    const x = await gerente.post('/services/card/substituir', { cartaoId: disponivel, motivo: 'Perda' });
    expect([x.statusCode, env(x).messageError]).toEqual([409, 'Só um cartão vinculado a um cliente (ativo ou bloqueado) pode ser substituído.']);
  });

  it('bloqueia com motivo e desbloqueia; um cliente nunca fica com dois ativos; o atendente não bloqueia', async () => {
    const { ids } = await emitir(2);
    const cli = await novoCliente('Bia Bloqueio');
    await gerente.post('/services/card/vincular', { cartaoId: ids[0], clienteId: cli });
    expect((await atendente.post(`/services/card/${ids[0]}/bloquear`, { motivo: 'Perdido' })).statusCode).toBe(403);
    const semMotivo = await gerente.post(`/services/card/${ids[0]}/bloquear`, {});
    expect([semMotivo.statusCode, env(semMotivo).messageError]).toEqual([400, 'Informe o motivo.']);
    const b = await gerente.post(`/services/card/${ids[0]}/bloquear`, { motivo: 'Perdido na loja' });
    expect(env<Cartao>(b).result).toMatchObject({ status: 'BLOQUEADO', motivoStatus: 'Perdido na loja', clienteId: cli });
    expect((await gerente.post(`/services/card/${ids[0]}/bloquear`, { motivo: 'De novo' })).statusCode).toBe(409);
    // With the old one blocked, the customer may get another; then the old one may not come back.
    expect((await gerente.post('/services/card/vincular', { cartaoId: ids[1], clienteId: cli })).statusCode).toBe(200);
    const volta = await gerente.post(`/services/card/${ids[0]}/desbloquear`, {});
    expect(volta.statusCode).toBe(409);
    expect(env(volta).messageError).toMatch(/já tem outro cartão ativo/);
    expect((await gerente.post(`/services/card/${ids[1]}/bloquear`, { motivo: 'Troca' })).statusCode).toBe(200);
    const ok = await gerente.post(`/services/card/${ids[0]}/desbloquear`, { motivo: 'Cliente achou o cartão' });
    expect(env<Cartao>(ok).result).toMatchObject({ status: 'ATIVO', bloqueadoEm: null, motivoStatus: 'Cliente achou o cartão' });
    // A blocked card that never had a holder goes back to DISPONIVEL.
    const solto = (await emitir(1)).ids[0]!;
    await gerente.post(`/services/card/${solto}/bloquear`, { motivo: 'Lote com defeito' });
    expect(env<Cartao>(await gerente.post(`/services/card/${solto}/desbloquear`, {})).result.status).toBe('DISPONIVEL');
    expect((await auditoriasDe(t, { entidade: 'cartao', entidadeId: ids[0]! })).map((a) => a.acao)).toEqual(['EMITIR', 'VINCULAR', 'BLOQUEAR', 'DESBLOQUEAR']);
  });
});

describe('busca de clientes pelo cartão (terminal)', () => {
  it('acha o titular pelo número de um cartão ATIVO, e só assim', async () => {
    const [ativo] = (await listar(gerente, { status: 'ATIVO' })).content;
    const [bloqueado] = (await listar(gerente, { status: 'BLOQUEADO' })).content;
    const buscar = async (c: Navegador, busca: string) => env<Pagina<ClienteResumo>>(await c.post('/services/client/filterpaginated/0/10', { busca })).result.content.map((x) => x.id);
    expect(await buscar(atendente, ativo!.numero)).toEqual([ativo!.clienteId]);
    expect(await buscar(atendente, formatarNumeroCartao(ativo!.numero))).toEqual([ativo!.clienteId]);
    expect(await buscar(atendente, bloqueado!.numero)).toEqual([]);
    expect(await buscar(outra, ativo!.numero)).toEqual([]);
  });
});

describe('impressão em PDF (card/print, print/back, printcardlist, printcardlist/back)', () => {
  const pdfOk = (r: { statusCode: number; headers: Record<string, unknown>; rawPayload: Buffer }) => {
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    return textoDoPdf(r.rawPayload).map((p) => p.replace(/\s+/g, ' '));
  };

  it('frente de um cartão: página do tamanho do cartão, com empresa, titular e número; verso com as regras', async () => {
    const [c] = (await listar(gerente, { status: 'ATIVO' })).content;
    const frente = await gerente.post('/services/card/print', { id: c!.id });
    const [pagina] = pdfOk(frente);
    expect(pagina).toContain(formatarNumeroCartao(c!.numero));
    expect(pagina).toContain(c!.clienteNome!.toUpperCase());
    expect(pagina).toContain('Supermercados Bonifica Demo Centro');
    expect(frente.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 242\.6\d* 153\.0\d*\]/);
    const verso = pdfOk(await gerente.post('/services/card/print/back', { id: c!.id }));
    expect(verso[0]).toContain('Como usar');
    expect(verso[0]).toContain(formatarNumeroCartao(c!.numero));
    expect(await auditoriasDe(t, { entidade: 'cartao', entidadeId: c!.id, acao: 'IMPRIMIR' })).toHaveLength(2);
  });

  it('lista: folhas A4 de 10, na ordem pedida, verso espelhado; cartão bloqueado ou alheio não imprime', async () => {
    const p = await listar(gerente, { status: 'DISPONIVEL', ordenarPor: 'numero', direcao: 'asc' }, 12);
    const ids = p.content.map((c) => c.id);
    expect(ids).toHaveLength(12);
    const r = await gerente.post('/services/card/printcardlist', { ids });
    const paginas = pdfOk(r);
    expect(paginas).toHaveLength(2);
    expect(r.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    const todas = paginas.join(' ');
    const posicoes = p.content.map((c) => todas.indexOf(formatarNumeroCartao(c.numero)));
    expect(posicoes.every((x) => x >= 0)).toBe(true);
    expect([...posicoes].sort((a, b) => a - b)).toEqual(posicoes);
    expect(pdfOk(await gerente.post('/services/card/printcardlist/back', { ids }))).toHaveLength(2);

    const [bloq] = (await listar(gerente, { status: 'BLOQUEADO' })).content;
    const x = await gerente.post('/services/card/printcardlist', { ids: [ids[0], bloq!.id] });
    expect(x.statusCode).toBe(409);
    expect(x.headers['content-type']).toMatch(/^application\/json/);
    expect(env(x).messageError).toMatch(/bloqueado e não pode ser impresso/);
    for (const corpo of [{ ids: [] }, { ids: [1, 1] }, { ids: Array.from({ length: 201 }, (_, i) => i + 1) }, { id: 'a' }]) {
      expect((await gerente.post('/services/card/printcardlist', corpo)).statusCode, JSON.stringify(corpo)).toBe(400);
    }
    expect((await atendente.post('/services/card/print', { id: ids[0] })).statusCode).toBe(403);
    expect((await atendente.post('/services/card/printcardlist', { ids })).statusCode).toBe(403);
  });
});

describe('fila de impressão', () => {
  it('adiciona sem duplicar, lista, gera o lote (IMPRESSO) e avisa quando não há pendentes', async () => {
    const { ids } = await emitir(3);
    const a = await gerente.post('/services/card/addcardprintqueue', { ids });
    expect(env(a).result).toEqual({ adicionados: 3, jaNaFila: 0 });
    expect(env(await gerente.post('/services/card/addcardprintqueue', { ids: [ids[0]] })).result).toEqual({ adicionados: 0, jaNaFila: 1 });
    expect((await atendente.post('/services/card/addcardprintqueue', { ids })).statusCode).toBe(403);

    const fila = env<Pagina<ItemFilaImpressao>>(await gerente.post('/services/card/filaimpressao/filter/0/100', { status: 'PENDENTE' })).result;
    expect(fila.content.every((i) => i.status === 'PENDENTE')).toBe(true);
    const pendentes = fila.content.length;
    expect(pendentes).toBeGreaterThanOrEqual(5);
    const escolhidos = fila.content.filter((i) => ids.includes(i.cartaoId)).map((i) => i.id);

    const lote = env<LoteImpressao>(await gerente.post('/services/card/createcardlistprint', { itens: escolhidos })).result;
    expect(lote).toMatchObject({ quantidade: 3, cartaoIds: ids });
    expect(lote.lote).toMatch(/^\d{8}-\d{4}-\d+$/);
    const noLote = env<Pagina<ItemFilaImpressao>>(await gerente.post('/services/card/filaimpressao/filter/0/100', { lote: lote.lote })).result;
    expect(noLote.content.map((i) => i.status)).toEqual(['IMPRESSO', 'IMPRESSO', 'IMPRESSO']);
    const denovo = await gerente.post('/services/card/createcardlistprint', { itens: escolhidos });
    expect([denovo.statusCode, env(denovo).messageError]).toEqual([409, 'Alguns itens escolhidos não estão mais pendentes. Atualize a fila e tente de novo.']);

    // Without a choice: every pending item, oldest first.
    const tudo = env<LoteImpressao>(await gerente.post('/services/card/createcardlistprint', {})).result;
    expect(tudo.quantidade).toBe(pendentes - 3);
    const vazio = await gerente.post('/services/card/createcardlistprint', {});
    expect([vazio.statusCode, env(vazio).messageError]).toEqual([409, 'Não há cartões pendentes na fila de impressão.']);
    expect(await auditoriasDe(t, { entidade: 'cartao_impressao', entidadeId: lote.lote, acao: 'CRIAR_LOTE' })).toHaveLength(1);
  });

  it('salveall muda vários itens de uma vez, tudo ou nada', async () => {
    const { ids } = await emitir(2, { adicionarFila: true });
    const itens = await t.banco.db.select({ id: cartaoImpressao.id }).from(cartaoImpressao).where(sql`${cartaoImpressao.cartaoId} in ${ids}`).orderBy(asc(cartaoImpressao.id));
    const [i1, i2] = itens.map((i) => i.id) as [number, number];
    const r = await gerente.post('/services/card/filaimpressao/salveall', { itens: [{ id: i1, status: 'CANCELADO' }, { id: i2, status: 'IMPRESSO' }] });
    expect(env(r).result).toEqual({ alterados: 2 });
    const antes = await pegada();
    // A valid change beside an invalid one: neither happens.
    const misto = await gerente.post('/services/card/filaimpressao/salveall', { itens: [{ id: i1, status: 'PENDENTE' }, { id: i2, status: 'CANCELADO' }] });
    expect(misto.statusCode).toBe(409);
    expect(env(misto).messageError).toMatch(/já foi impresso/);
    expect(await pegada()).toEqual(antes);
    for (const corpo of [{ itens: [] }, { itens: [{ id: i1, status: 'PERDIDO' }] }, { itens: [{ id: i1, status: 'PENDENTE' }, { id: i1, status: 'CANCELADO' }] }, {}]) {
      expect((await gerente.post('/services/card/filaimpressao/salveall', corpo)).statusCode, JSON.stringify(corpo)).toBe(400);
    }
    expect((await gerente.post('/services/card/filaimpressao/salveall', { itens: [{ id: 999_999, status: 'CANCELADO' }] })).statusCode).toBe(404);
    expect(env(await gerente.post('/services/card/filaimpressao/salveall', { itens: [{ id: i1, status: 'PENDENTE' }] })).result).toEqual({ alterados: 1 });
    expect(await pegada()).toMatchObject({ filaStatus: antes.filaStatus + 1 });
  });
});

describe('estatísticas e relatórios de uso', () => {
  it('vida do cartão: vendas confirmadas com ele, valor, cashback, último uso e impressões, iguais ao banco', async () => {
    const [c] = (await listar(gerente, { status: 'ATIVO', ordenarPor: 'emitidoEm', direcao: 'asc' })).content;
    const r = await gerente.get(`/services/card/${c!.id}/estatistica/vida`);
    expect(r.statusCode).toBe(200);
    const e = env<EstatisticaVidaCartao>(r).result;
    const vendas = await t.banco.db.select().from(transacao).where(and(eq(transacao.cartaoId, c!.id), eq(transacao.status, 'CONFIRMADA')));
    expect(vendas.length).toBeGreaterThan(0);
    expect(e).toMatchObject({
      cartaoId: c!.id,
      vendas: vendas.length,
      valorVendas: vendas.reduce((s, v) => s + v.valorCentavos, 0) / 100,
      cashback: vendas.reduce((s, v) => s + v.cashbackCentavos, 0) / 100,
      impressoes: 1,
      clienteNome: c!.clienteNome,
    });
    expect(e.ultimoUso).toBe(new Date(Math.max(...vendas.map((v) => v.criadoEm.getTime()))).toISOString());
    expect(e.diasEmUso).toBeGreaterThanOrEqual(69);
    expect((await gerente.get('/services/card/999999/estatistica/vida')).statusCode).toBe(404);
  });

  it('venda no balcão com o cartão: fica registrada nele e entra na vida do cartão; cartão alheio, bloqueado ou inexistente é recusado sem gravar nada', async () => {
    const [c] = (await listar(gerente, { status: 'ATIVO' })).content;
    const antes = env<EstatisticaVidaCartao>(await gerente.get(`/services/card/${c!.id}/estatistica/vida`)).result;
    const venda = await atendente.post('/services/transacao/venda', { clienteId: c!.clienteId, valor: 40, cartao: formatarNumeroCartao(c!.numero) }, { headers: { 'idempotency-key': `cartao-${c!.id}` } });
    expect(venda.statusCode, venda.body).toBe(200);
    const [linha] = await t.banco.db.select().from(transacao).where(eq(transacao.id, env<{ transacaoId: number }>(venda).result.transacaoId));
    expect(linha).toMatchObject({ cartaoId: c!.id, identificacao: 'CARTAO', valorCentavos: 4000 });
    const depois = env<EstatisticaVidaCartao>(await gerente.get(`/services/card/${c!.id}/estatistica/vida`)).result;
    expect(depois.vendas).toBe(antes.vendas + 1);
    expect(depois.valorVendas).toBeCloseTo(antes.valorVendas + 40, 2);

    const vendas = async () => contar(sql`select count(*)::int as n from transacao`);
    const n = await vendas();
    const [bloqueado] = (await listar(gerente, { status: 'BLOQUEADO' })).content;
    const outroCliente = await novoCliente('Sem Cartão Teste');
    for (const [corpo, status, mensagem] of [
      [{ clienteId: outroCliente, valor: 10, cartao: c!.numero }, 409, 'Este cartão não é do cliente da venda.'],
      [{ clienteId: bloqueado!.clienteId, valor: 10, cartao: bloqueado!.numero }, 409, 'Cartão bloqueado: a venda não pode usar este cartão.'],
      [{ clienteId: c!.clienteId, valor: 10, cartao: montarNumeroCartao('900001', 999_999) }, 404, 'Cartão não encontrado.'],
      [{ clienteId: c!.clienteId, valor: 10, cartao: '9000 0100 0000 0019' }, 400, 'Número de cartão inválido: confira os dígitos (dígito verificador não confere).'],
      [{ clienteId: c!.clienteId, valor: 10, cartao: c!.numero, identificacao: 'CPF' }, 400, 'Venda com cartão: a identificação é CARTAO.'],
    ] as const) {
      const r = await atendente.post('/services/transacao/venda', corpo);
      expect(r.statusCode, JSON.stringify(corpo)).toBe(status);
      expect(env(r).messageError).toContain(mensagem);
    }
    expect(await vendas()).toBe(n);
    // Another company's card number is unknown to this one.
    const deOutra = await outra.post('/services/transacao/venda', { clienteId: c!.clienteId, valor: 10, cartao: c!.numero });
    expect(deOutra.statusCode).toBe(404);
  });

  it('relatório do cliente separa o que foi comprado com cada cartão e sem cartão', async () => {
    const [c] = (await listar(gerente, { status: 'ATIVO', ordenarPor: 'emitidoEm', direcao: 'asc' })).content;
    const r = env<RelatorioUsoCliente>(await atendente.post('/services/card/relatorio/cliente', { clienteId: c!.clienteId })).result;
    const todas = await t.banco.db.select().from(transacao).where(and(eq(transacao.clienteId, c!.clienteId!), eq(transacao.status, 'CONFIRMADA')));
    const comCartao = r.cartoes.reduce((s, x) => s + x.vendas, 0);
    expect(comCartao + r.vendasSemCartao).toBe(todas.length);
    expect(r.cartoes.find((x) => x.cartaoId === c!.id)?.vendas).toBe(todas.filter((v) => v.cartaoId === c!.id).length);
    const futuro = env<RelatorioUsoCliente>(await gerente.post('/services/card/relatorio/cliente', { clienteId: c!.clienteId, de: '2099-01-01' })).result;
    expect(futuro.cartoes.every((x) => x.vendas === 0) && futuro.vendasSemCartao === 0).toBe(true);
    const periodo = await gerente.post('/services/card/relatorio/cliente', { clienteId: c!.clienteId, de: '2026-02-01', ate: '2026-01-01' });
    expect([periodo.statusCode, env(periodo).messageError]).toEqual([400, 'A data final deve ser igual ou posterior à inicial.']);
    expect((await gerente.post('/services/card/relatorio/cliente', { clienteId: 999_999 })).statusCode).toBe(404);
  });

  it('relatório da empresa: cartões por situação e vendas com cartão por filial, somando o banco', async () => {
    const r = env<RelatorioUsoEmpresa>(await gerente.post('/services/card/relatorio/empresa', {})).result;
    const [tot] = ((await t.banco.db.execute(
      sql`select count(*)::int as vendas, count(cartao_id)::int as com_cartao, coalesce(sum(valor_centavos), 0)::bigint as valor from transacao where empresa_id = 1 and status = 'CONFIRMADA'`,
    )) as unknown as { rows: { vendas: number; com_cartao: number; valor: string }[] }).rows;
    expect(r.vendas).toBe(tot!.vendas);
    expect(r.vendasComCartao).toBe(tot!.com_cartao);
    expect(r.valor).toBe(Number(tot!.valor) / 100);
    expect(r.porFilial.length).toBe(3);
    const [ncartoes] = await t.banco.db.select({ n: sql<number>`count(*)::int` }).from(cartao).where(eq(cartao.empresaId, 1));
    expect(Object.values(r.cartoesPorStatus).reduce((a, b) => a + b, 0)).toBe(ncartoes!.n);
    expect((await atendente.post('/services/card/relatorio/empresa', {})).statusCode).toBe(403);
    expect((await gerente.post('/services/card/relatorio/empresa', { filialId: 4 })).statusCode).toBe(400);
  });
});

describe('exportação CSV (card/exportar/clientes/csv)', () => {
  it('traz cartões e titulares, neutraliza fórmulas e é auditada', async () => {
    const perigosos = ['=HYPERLINK("http://x","y")', '+55 11 9999', '-2+3', '@SOMA(A1)', '\tTab'];
    const ids = (await emitir(perigosos.length)).ids;
    for (const [i, nome] of perigosos.entries()) {
      await gerente.post('/services/card/vincular', { cartaoId: ids[i], clienteId: await novoCliente(nome) });
    }
    const r = await gerente.post('/services/card/exportar/clientes/csv', { status: 'ATIVO' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.headers['content-disposition']).toMatch(/attachment; filename="cartoes-clientes\.csv"/);
    expect(r.body.charCodeAt(0)).toBe(0xfeff);
    const linhas = parse(r.body.slice(1), { delimiter: ';' }) as string[][];
    expect(linhas[0]).toEqual(['Número do cartão', 'Situação', 'Cliente', 'CPF/CNPJ', 'Celular', 'E-mail', 'Filial', 'Emitido em', 'Vinculado em']);
    const ativos = await t.banco.db.select({ n: sql<number>`count(*)::int` }).from(cartao).where(and(eq(cartao.empresaId, 1), eq(cartao.status, 'ATIVO')));
    expect(linhas.length - 1).toBe(ativos[0]!.n);
    const nomes = linhas.slice(1).map((l) => l[2]!);
    for (const p of perigosos) expect(nomes).toContain(`'${p}`);
    expect(linhas.slice(1).every((l) => l.every((celula) => !/^[=+\-@\t\r]/.test(celula)))).toBe(true);
    expect(linhas.slice(1).every((l) => /^\d{4} \d{4} \d{4} \d{4}$/.test(l[0]!) && l[1] === 'Ativo')).toBe(true);
    expect(await contar(sql`select count(*)::int as n from auditoria where entidade = 'cartao' and acao = 'EXPORTAR'`)).toBe(1);
    expect((await atendente.post('/services/card/exportar/clientes/csv', {})).statusCode).toBe(403);
    expect((await gerente.post('/services/card/exportar/clientes/csv', { status: 'X' })).statusCode).toBe(400);
  });
});

describe('numeração (card/numeracao)', () => {
  it('a demo já emitiu: o prefixo automático fica; outra escolhe o seu antes do primeiro cartão', async () => {
    expect(env<NumeracaoCartao>(await gerente.get('/services/card/numeracao')).result).toMatchObject({ prefixo: '900001', alteravel: false });
    const fixo = await gerente.post('/services/card/numeracao', { prefixo: '123456' });
    expect([fixo.statusCode, env(fixo).messageError]).toEqual([409, 'O prefixo só pode ser alterado antes da emissão do primeiro cartão.']);
    for (const prefixo of ['912345', '012345', '12345', 'abcdef']) {
      expect((await outra.post('/services/card/numeracao', { prefixo })).statusCode, prefixo).toBe(400);
    }
    await t.banco.db.insert(cartaoNumeracao).values({ empresaId: 2, prefixo: '555555' });
    const usado = await outra.post('/services/card/numeracao', { prefixo: '555555' });
    expect([usado.statusCode, env(usado).messageError]).toEqual([409, 'Este prefixo já é usado por outra empresa do serviço. Escolha outro.']);
    expect(env<NumeracaoCartao>(await outra.get('/services/card/numeracao')).result).toMatchObject({ prefixo: '900004', alteravel: true, cartoesEmitidos: 0 });
    expect(env<NumeracaoCartao>(await outra.post('/services/card/numeracao', { prefixo: '123456' })).result).toMatchObject({ prefixo: '123456', proximoNumero: montarNumeroCartao('123456', 1) });
    const emitido = env<ResultadoEmissao>(await outra.post('/services/card/emitir', { quantidade: 1 })).result;
    expect(emitido.primeiro).toBe(montarNumeroCartao('123456', 1));
    expect((await outra.post('/services/card/numeracao', { prefixo: '654321' })).statusCode).toBe(409);
    expect((await atendente.get('/services/card/numeracao')).statusCode).toBe(403);
  });
});
