import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { hojeISO, LIMITE_IMPRESSAO_CLIENTES, type Aniversariante, type Cliente, type Pagina } from '@bonifica/contracts';
import { cliente } from '../src/db/schema/index.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente as Navegador } from './apoio/app-de-teste.js';
import { textoDoPdf } from './apoio/pdf-texto.js';

/**
 * Birthday customers (client/aniversariantes/{a}/{b} and /impressao). Run as `outra` (Padaria Pão
 * Quente), whose network starts with one birthday (Otília, 05/05), so every list here is exact.
 */
let t: AppDeTeste;
let outra: Navegador;
let gerente: Navegador;
let atendente: Navegador;
let admin: Navegador;
let analista: Navegador;

async function criar(nome: string, dataNascimento: string, extra: Record<string, unknown> = {}): Promise<Cliente> {
  const r = await outra.post('/services/client/save', { nome, dataNascimento, ...extra });
  expect(r.statusCode, r.body).toBe(200);
  return env<Cliente>(r).result;
}

async function aniversariantes(filtro: Record<string, unknown>, page = 0, size = 100, quem: Navegador = outra) {
  const r = await quem.post(`/services/client/aniversariantes/${page}/${size}`, filtro);
  expect(r.statusCode, r.body).toBe(200);
  return env<Pagina<Aniversariante>>(r).result;
}

/** The PDF's words in reading order, one space between them. */
const textoPdf = (pdf: Buffer) => textoDoPdf(pdf).join(' ').replace(/\s+/g, ' ');

const resumo = (p: Pagina<Aniversariante>) => p.content.map((a) => `${a.nome} ${a.aniversario} ${a.idade}`);

beforeAll(async () => {
  t = await criarAppDeTeste();
  [outra, gerente, atendente, admin, analista] = await Promise.all(['outra', 'gerente', 'atendente', 'admin', 'analista'].map((u) => t.entrar(u)));
  await criar('Zélia Dezembro', '1990-12-31', { celular: '21987001001', celularWhatsapp: true, consentimentos: [{ canal: 'WHATSAPP', concedido: true }] });
  await criar('Bruno Janeiro', '2000-01-15');
  await criar('Álvaro Janeiro', '1985-01-01', { celular: '21987001002', celularWhatsapp: true });
  await criar('Ana Janeiro', '2000-01-15');
  await criar('Bissexto Fevereiro', '1996-02-29');
  await criar('Carla Fevereiro', '1990-02-28');
  await criar('Março Primeiro', '1980-03-01');
  await criar('Janeiro Bloqueado', '1999-01-20', { status: 'BLOQUEADO' });
});
afterAll(() => t.fechar());

describe('POST client/aniversariantes/{a}/{b}', () => {
  it('lista o mês pedido pelo dia do mês, empates pelo nome, com a idade que o cliente completa; bloqueados ficam de fora', async () => {
    const p = await aniversariantes({ mes: 1, ano: 2025 });
    expect(resumo(p)).toEqual(['Álvaro Janeiro 2025-01-01 40', 'Ana Janeiro 2025-01-15 25', 'Bruno Janeiro 2025-01-15 25']);
    expect(p.totalElements).toBe(3);
    expect(p.content[0]).toMatchObject({ dataNascimento: '1985-01-01', celular: '21987001002', celularWhatsapp: true, consentimentoWhatsapp: false, filialOrigemId: 4 });
  });

  it('o consentimento de WhatsApp é o mais recente do cliente', async () => {
    const [zelia] = (await aniversariantes({ mes: 12, ano: 2025 })).content;
    expect(zelia).toMatchObject({ nome: 'Zélia Dezembro', consentimentoWhatsapp: true, celularWhatsapp: true });
    const r = await outra.post('/services/client/save', { id: zelia!.id, nome: 'Zélia Dezembro', dataNascimento: '1990-12-31', celular: '21987001001', celularWhatsapp: true, consentimentos: [{ canal: 'WHATSAPP', concedido: false }] });
    expect(r.statusCode).toBe(200);
    expect((await aniversariantes({ mes: 12, ano: 2025 })).content[0]!.consentimentoWhatsapp).toBe(false);
    await outra.post('/services/client/save', { id: zelia!.id, nome: 'Zélia Dezembro', dataNascimento: '1990-12-31', celular: '21987001001', celularWhatsapp: true, consentimentos: [{ canal: 'WHATSAPP', concedido: true }] });
  });

  it('29/02 aparece em 28/02 nos anos não bissextos (nunca em 01/03) e em 29/02 nos bissextos', async () => {
    expect(resumo(await aniversariantes({ mes: 2, ano: 2025 }))).toEqual(['Bissexto Fevereiro 2025-02-28 29', 'Carla Fevereiro 2025-02-28 35']);
    expect(resumo(await aniversariantes({ mes: 2, ano: 2024 }))).toEqual(['Carla Fevereiro 2024-02-28 34', 'Bissexto Fevereiro 2024-02-29 28']);
    expect(resumo(await aniversariantes({ mes: 3, ano: 2025 }))).toEqual(['Março Primeiro 2025-03-01 45']);
    expect(resumo(await aniversariantes({ de: '02-28', ate: '02-28', ano: 2025 }))).toEqual(['Bissexto Fevereiro 2025-02-28 29', 'Carla Fevereiro 2025-02-28 35']);
    expect(resumo(await aniversariantes({ de: '02-29', ate: '03-01', ano: 2025 }))).toEqual(['Março Primeiro 2025-03-01 45']);
    expect(resumo(await aniversariantes({ de: '02-29', ate: '02-29', ano: 2028 }))).toEqual(['Bissexto Fevereiro 2028-02-29 32']);
    // 2100 is not a leap year (divisible by 100, not by 400); 2000 was.
    expect((await aniversariantes({ mes: 2, ano: 2100 })).content.map((a) => a.aniversario)).toEqual(['2100-02-28', '2100-02-28']);
    expect((await aniversariantes({ mes: 2, ano: 2000 })).content.map((a) => a.aniversario)).toEqual(['2000-02-28', '2000-02-29']);
  });

  it('um período que vira o ano começa por dezembro e conta a idade no ano seguinte para janeiro', async () => {
    expect(resumo(await aniversariantes({ de: '12-20', ate: '01-10', ano: 2025 }))).toEqual(['Zélia Dezembro 2025-12-31 35', 'Álvaro Janeiro 2026-01-01 41']);
    // Crossing into a leap February of the next year.
    expect(resumo(await aniversariantes({ de: '12-31', ate: '02-29', ano: 2027 })).slice(-2)).toEqual(['Carla Fevereiro 2028-02-28 38', 'Bissexto Fevereiro 2028-02-29 32']);
  });

  it('faixa de dias dentro do mês, filial de origem e paginação', async () => {
    expect(resumo(await aniversariantes({ mes: 1, diaDe: 10, diaAte: 20, ano: 2025 }))).toEqual(['Ana Janeiro 2025-01-15 25', 'Bruno Janeiro 2025-01-15 25']);
    expect((await aniversariantes({ mes: 1, filialOrigemId: 4 })).totalElements).toBe(3);
    expect((await aniversariantes({ mes: 1, filialOrigemId: 2 })).totalElements).toBe(0);
    const p = await aniversariantes({ mes: 1, ano: 2025 }, 1, 2);
    expect(p).toMatchObject({ totalElements: 3, totalPages: 2, number: 1, size: 2 });
    expect(p.content.map((a) => a.nome)).toEqual(['Bruno Janeiro']);
  });

  it('sem filtro, é o mês corrente de Brasília no ano corrente', async () => {
    const hoje = hojeISO();
    const semFiltro = await aniversariantes({});
    expect(semFiltro).toEqual(await aniversariantes({ mes: Number(hoje.slice(5, 7)), ano: Number(hoje.slice(0, 4)) }));
  });

  it.each([
    [{ mes: 13 }, 'Mês inválido.'],
    [{ mes: 0 }, 'Mês inválido.'],
    [{ de: '13-01', ate: '01-10' }, 'Data inicial inválida: use MM-DD.'],
    [{ de: '02-30', ate: '03-01' }, 'Data inicial inválida: use MM-DD.'],
    [{ de: '01-01' }, 'Informe o início e o fim do período.'],
    [{ mes: 1, de: '01-01', ate: '01-31' }, 'Use o mês ou o período (de/até), não os dois.'],
    [{ diaDe: 5 }, 'Informe o mês dos dias escolhidos.'],
    [{ mes: 1, diaDe: 20, diaAte: 10 }, 'O dia final deve ser igual ou posterior ao inicial.'],
    [{ mes: 1, diaDe: 32 }, 'Dia inválido.'],
    [{ ano: 1800 }, 'Ano inválido.'],
    [{ mes: '1' }, 'Mês inválido.'],
  ])('filtro inválido %j → 400 "%s"', async (filtro, mensagem) => {
    const r = await outra.post('/services/client/aniversariantes/0/10', filtro);
    expect(r.statusCode).toBe(400);
    expect(env(r).messageError).toContain(mensagem);
  });

  it('página e tamanho inválidos → 400; campo desconhecido → 400', async () => {
    for (const url of ['/services/client/aniversariantes/0/101', '/services/client/aniversariantes/-1/10', '/services/client/aniversariantes/x/10']) {
      expect((await outra.post(url, {})).statusCode, url).toBe(400);
    }
    expect((await outra.post('/services/client/aniversariantes/0/10', { mes: 1, outro: true })).statusCode).toBe(400);
  });

  it('permissões: o atendente consulta; administrador do sistema e analista (sem rede) não', async () => {
    expect((await atendente.post('/services/client/aniversariantes/0/10', {})).statusCode).toBe(200);
    expect((await gerente.post('/services/client/aniversariantes/0/10', {})).statusCode).toBe(200);
    for (const quem of [admin, analista]) expect((await quem.post('/services/client/aniversariantes/0/10', {})).statusCode).toBe(403);
  });
});

describe('POST client/aniversariantes/impressao', () => {
  it('é um PDF A4 com o período, os clientes na ordem da lista, a idade e o WhatsApp só de quem consentiu', async () => {
    const r = await outra.post('/services/client/aniversariantes/impressao', { de: '12-20', ate: '01-20', ano: 2025 });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const texto = textoPdf(r.rawPayload);
    expect(texto).toContain('Aniversariantes de 20/12 a 20/01 (2025)');
    expect(texto).toContain('Padaria');
    const ordem = ['Zélia Dezembro', 'Álvaro Janeiro', 'Ana Janeiro', 'Bruno Janeiro'].map((n) => texto.indexOf(n));
    expect(ordem.every((i) => i >= 0)).toBe(true);
    expect([...ordem].sort((a, b) => a - b)).toEqual(ordem);
    expect(texto).toMatch(/Zélia Dezembro\s*35 anos\s*\(21\) 98700-1001\s*Sim/);
    expect(texto).toMatch(/Álvaro Janeiro\s*41 anos\s*\(21\) 98700-1002\s*Não/);
    expect(texto).not.toContain('Janeiro Bloqueado');
  });

  it('um mês inteiro tem título com o nome do mês; sem ninguém, o PDF diz que não há registros', async () => {
    const texto = textoPdf((await outra.post('/services/client/aniversariantes/impressao', { mes: 2, ano: 2025 })).rawPayload);
    expect(texto).toContain('Aniversariantes de fevereiro de 2025');
    const vazio = textoPdf((await outra.post('/services/client/aniversariantes/impressao', { mes: 4, ano: 2025 })).rawPayload);
    expect(vazio).toContain('Nenhum registro encontrado.');
  });

  it('filtro inválido → 400 em JSON; sem rede → 403', async () => {
    const r = await outra.post('/services/client/aniversariantes/impressao', { mes: 14 });
    expect(r.statusCode).toBe(400);
    expect(env(r).messageError).toContain('Mês inválido.');
    expect((await admin.post('/services/client/aniversariantes/impressao', {})).statusCode).toBe(403);
  });

  it(`acima de ${LIMITE_IMPRESSAO_CLIENTES} aniversariantes, 400 pedindo um filtro menor (a lista paginada continua)`, async () => {
    await t.banco.db.insert(cliente).values(
      Array.from({ length: LIMITE_IMPRESSAO_CLIENTES + 1 }, (_, i) => ({ empresaId: 4, filialOrigemId: 4, nome: `Cliente Julho ${i}`, dataNascimento: '1990-07-07' })),
    );
    const r = await outra.post('/services/client/aniversariantes/impressao', { mes: 7 });
    expect(r.statusCode).toBe(400);
    expect(env(r).messageError).toBe('A impressão traz até 2.000 aniversariantes: escolha uma filial ou um período menor.');
    expect((await aniversariantes({ mes: 7 }, 0, 10)).totalElements).toBe(LIMITE_IMPRESSAO_CLIENTES + 1);
    expect((await outra.post('/services/client/aniversariantes/impressao', { mes: 7, diaDe: 1, diaAte: 6 })).statusCode).toBe(200);
    await t.banco.db.delete(cliente).where(sql`${cliente.nome} like 'Cliente Julho %' and ${eq(cliente.empresaId, 4)}`);
  });
});
