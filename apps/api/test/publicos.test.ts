import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { BloqueioPublico, CondicoesPublicoEntrada, ContagemPublico, EstatisticasPublico, Pagina, Publico, ResultadoImportarBloqueio } from '@bonifica/contracts';
import { cliente, clienteConsentimento, clienteEtiqueta, clientePlano, conta, contato, etiqueta, plano, transacao } from '../src/db/schema/index.js';
import { selecaoClientesDoPublico, selecaoContatosDoPublico } from '../src/modules/publico/index.js';
import { sqlPodeReceber } from '../src/modules/mensagem/index.js';
import { condicoesPublicoSchema } from '@bonifica/contracts';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';

let t: AppDeTeste;
let gerente: Cliente;
let atendente: Cliente;
let outra: Cliente;

async function linhas<T>(consulta: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.banco.db.execute(consulta)) as unknown as { rows: T[] }).rows;
}

/** Every customer of the test carries this tag, so each audience is read among them only. */
const marca = { id: 0, vip: 0, planoOuro: 0, planoPrata: 0 };
const ids: Record<string, number> = {};

const hoje = new Date();
const diasAtras = (n: number) => new Date(hoje.getTime() - n * 86_400_000);
const dia = (d: Date) => new Date(d.getTime() - 3 * 3_600_000).toISOString().slice(0, 10);

type Ficha = {
  filial: number;
  nascimento?: string;
  vendas?: { dias: number; reais: number; cancelada?: boolean }[];
  cashback?: number;
  pontos?: number;
  whatsapp?: boolean[];
  email?: boolean;
  plano?: 'ouro' | 'prata' | 'ouro-vencido';
  vip?: boolean;
  celular?: string;
  emailEnd?: string;
  status?: 'ATIVO' | 'BLOQUEADO';
};

const FICHAS: Record<string, Ficha> = {
  ana: { filial: 2, nascimento: '1990-03-10', vendas: [{ dias: 2, reais: 100 }, { dias: 40, reais: 50 }], cashback: 25, whatsapp: [true], celular: '11988880001', plano: 'ouro', vip: true },
  bruno: { filial: 2, nascimento: '1985-07-01', vendas: [{ dias: 100, reais: 30 }], cashback: 0, pontos: 500, whatsapp: [true, false], email: true, emailEnd: 'bruno@exemplo.com.br', celular: '11988880002' },
  carla: { filial: 3, nascimento: '2000-03-25', vendas: [], cashback: 300, email: true, emailEnd: 'carla@exemplo.com.br', plano: 'prata' },
  davi: { filial: 3, vendas: [{ dias: 5, reais: 20 }, { dias: 6, reais: 20 }, { dias: 7, reais: 20 }], cashback: 5, whatsapp: [false, true], celular: '11988880004', plano: 'ouro-vencido', vip: true },
  eva: { filial: 1, nascimento: '1970-12-31', vendas: [{ dias: 3, reais: 500, cancelada: true }, { dias: 200, reais: 80 }], celular: '11988880005' },
  fabio: { filial: 2, vendas: [{ dias: 1, reais: 999 }], cashback: 60, whatsapp: [true], celular: '11988880006', status: 'BLOQUEADO' },
};

beforeAll(async () => {
  t = await criarAppDeTeste();
  [gerente, atendente, outra] = await Promise.all([t.entrar('gerente'), t.entrar('atendente'), t.entrar('outra')]);
  const db = t.banco.db;
  const [tag, vip] = await db.insert(etiqueta).values([{ empresaId: 1, nome: 'Teste de público' }, { empresaId: 1, nome: 'VIP' }]).returning({ id: etiqueta.id });
  marca.id = tag!.id;
  marca.vip = vip!.id;
  const [ouro, prata] = await db
    .insert(plano)
    .values([
      { empresaId: 1, nome: 'Ouro', precoCentavos: 5000, periodicidade: 'MENSAL' },
      { empresaId: 1, nome: 'Prata', precoCentavos: 3000, periodicidade: 'MENSAL' },
    ])
    .returning({ id: plano.id });
  marca.planoOuro = ouro!.id;
  marca.planoPrata = prata!.id;
  for (const [nome, f] of Object.entries(FICHAS)) {
    const [c] = await db
      .insert(cliente)
      .values({ empresaId: 1, nome: `Público ${nome}`, filialOrigemId: f.filial, dataNascimento: f.nascimento ?? null, celular: f.celular ?? null, email: f.emailEnd ?? null, status: f.status ?? 'ATIVO' })
      .returning({ id: cliente.id });
    const id = c!.id;
    ids[nome] = id;
    await db.insert(clienteEtiqueta).values({ empresaId: 1, etiquetaId: marca.id, clienteId: id });
    if (f.vip) await db.insert(clienteEtiqueta).values({ empresaId: 1, etiquetaId: marca.vip, clienteId: id });
    for (const v of f.vendas ?? []) {
      await db.insert(transacao).values({ empresaId: 1, filialId: f.filial, clienteId: id, valorCentavos: v.reais * 100, status: v.cancelada ? 'CANCELADA' : 'CONFIRMADA', canceladaEm: v.cancelada ? diasAtras(v.dias) : null, criadoEm: diasAtras(v.dias) });
    }
    if (f.cashback !== undefined) await db.insert(conta).values({ empresaId: 1, clienteId: id, tipo: 'CASHBACK', saldo: f.cashback * 100 });
    if (f.pontos !== undefined) await db.insert(conta).values({ empresaId: 1, clienteId: id, tipo: 'PONTOS', saldo: f.pontos });
    for (const [i, concedido] of (f.whatsapp ?? []).entries()) {
      await db.insert(clienteConsentimento).values({ empresaId: 1, clienteId: id, canal: 'WHATSAPP', concedido, origem: 'TESTE', criadoEm: diasAtras(10 - i) });
    }
    if (f.email) await db.insert(clienteConsentimento).values({ empresaId: 1, clienteId: id, canal: 'EMAIL', concedido: true, origem: 'TESTE' });
    if (f.plano) {
      const vencido = f.plano === 'ouro-vencido';
      await db.insert(clientePlano).values({
        empresaId: 1,
        clienteId: id,
        planoId: f.plano === 'prata' ? marca.planoPrata : marca.planoOuro,
        precoCentavos: 5000,
        inicio: dia(diasAtras(vencido ? 90 : 10)),
        fim: dia(vencido ? diasAtras(30) : diasAtras(-20)),
      });
    }
  }
  // Outra's customer with the same shape as ana: never in company 1's audiences.
  const [o] = await db.insert(cliente).values({ empresaId: 4, nome: 'Público de outra', celular: '11988880001' }).returning({ id: cliente.id });
  await db.insert(transacao).values({ empresaId: 4, clienteId: o!.id, valorCentavos: 10000 });
  ids.outra = o!.id;
});
afterAll(() => t.fechar());

const comMarca = (c: CondicoesPublicoEntrada): CondicoesPublicoEntrada => ({ ...c, etiquetas: [...(c.etiquetas ?? []), marca.id] });

/** Names selected by the compiler's SELECT (what a campaign inserts) among the test's customers. */
/** Names selected by the compiler's SELECT (what a campaign inserts) among the test's customers, and how many in all. */
async function selecionados(c: CondicoesPublicoEntrada, empresaId = 1): Promise<{ nomes: string[]; total: number }> {
  const f = condicoesPublicoSchema.parse(c);
  const r = await linhas<{ cliente_id: number }>(selecaoClientesDoPublico(empresaId, f));
  const porId = new Map(Object.entries(ids).map(([n, id]) => [id, n]));
  const nomes = r.flatMap((l) => porId.get(Number(l.cliente_id)) ?? []).sort();
  return { nomes, total: r.length };
}

async function contagem(c: CondicoesPublicoEntrada, quem = gerente): Promise<number> {
  const r = await quem.post('/services/publico/contagem', c);
  expect(r.statusCode, r.body).toBe(200);
  return env<ContagemPublico>(r).result.clientes;
}

describe('compilador de públicos: cada condição seleciona exatamente os clientes certos', () => {
  // Functions: the ids of tags and plans exist only after beforeAll.
  const CASOS: [string, () => CondicoesPublicoEntrada, string[]][] = [
    ['sem condições: todos os ativos (o bloqueado no programa fica de fora)', () => ({}), ['ana', 'bruno', 'carla', 'davi', 'eva']],
    ['filial de origem', () => ({ filiais: [2] }), ['ana', 'bruno']],
    ['filiais (qualquer uma)', () => ({ filiais: [1, 3] }), ['carla', 'davi', 'eva']],
    ['última compra depois de (há 10 dias)', () => ({ ultimaCompra: { depoisDe: dia(diasAtras(10)) } }), ['ana', 'davi']],
    ['última compra antes de (há 30 dias): a venda cancelada não conta', () => ({ ultimaCompra: { antesDe: dia(diasAtras(30)) } }), ['bruno', 'eva']],
    ['última compra entre', () => ({ ultimaCompra: { depoisDe: dia(diasAtras(150)), antesDe: dia(diasAtras(50)) } }), ['bruno']],
    ['nunca comprou', () => ({ ultimaCompra: { nunca: true } }), ['carla']],
    ['ao menos 3 compras nos últimos 30 dias', () => ({ compras: { de: dia(diasAtras(30)), ate: dia(hoje), quantidade: { min: 3 } } }), ['davi']],
    ['compras de R$ 100 ou mais nos últimos 60 dias', () => ({ compras: { de: dia(diasAtras(60)), ate: dia(hoje), valor: { min: 100 } } }), ['ana']],
    ['no máximo 1 compra nos últimos 30 dias (inclui quem não comprou)', () => ({ compras: { de: dia(diasAtras(30)), ate: dia(hoje), quantidade: { max: 1 } } }), ['ana', 'bruno', 'carla', 'eva']],
    ['saldo de cashback entre R$ 10 e R$ 100', () => ({ saldo: { unidade: 'CASHBACK', min: 10, max: 100 } }), ['ana']],
    ['saldo de cashback até R$ 5 (sem conta conta como zero)', () => ({ saldo: { unidade: 'CASHBACK', max: 5 } }), ['bruno', 'davi', 'eva']],
    ['pontos a partir de 100', () => ({ saldo: { unidade: 'PONTOS', min: 100 } }), ['bruno']],
    ['plano contratado ativo (o vencido não conta)', () => ({ planos: [marca.planoOuro] }), ['ana']],
    ['mês de aniversário', () => ({ mesesAniversario: [3, 12] }), ['ana', 'carla', 'eva']],
    ['consentimento de WhatsApp: vale o registro mais recente', () => ({ consentimento: { whatsapp: true } }), ['ana', 'davi']],
    ['sem consentimento de WhatsApp (nunca perguntado conta como não)', () => ({ consentimento: { whatsapp: false } }), ['bruno', 'carla', 'eva']],
    ['consentimento de e-mail', () => ({ consentimento: { email: true } }), ['bruno', 'carla']],
    ['etiqueta', () => ({ etiquetas: [marca.vip] }), ['ana', 'davi']],
    [
      'combinação: filial 2 ou 3, comprou nos últimos 60 dias, WhatsApp autorizado, VIP',
      () => ({ filiais: [2, 3], ultimaCompra: { depoisDe: dia(diasAtras(60)) }, consentimento: { whatsapp: true }, etiquetas: [marca.vip] }),
      ['ana', 'davi'],
    ],
    ['combinação sem ninguém', () => ({ filiais: [3], mesesAniversario: [7] }), []],
  ];
  it.each(CASOS)('%s', async (_nome, condicoes, esperados) => {
    const c = condicoes();
    const { nomes, total } = await selecionados(c);
    expect(nomes).toEqual(esperados);
    // The live count counts exactly what the selection returns (the demo's own customers included).
    expect(await contagem(c)).toBe(total);
    // Among the test's customers only (their tag), the count is exactly the expected names.
    expect(await contagem({ ...c, ...(c.etiquetas ? {} : { etiquetas: [marca.id] }) })).toBe(c.etiquetas ? total : esperados.length);
  });

  it('a seleção de outra empresa nunca traz clientes da demo, e a da demo não traz o cliente de outra', async () => {
    const f = condicoesPublicoSchema.parse({ ultimaCompra: { depoisDe: dia(diasAtras(1)) } });
    const deOutra = await linhas<{ cliente_id: number }>(selecaoClientesDoPublico(4, f));
    expect(deOutra.map((l) => Number(l.cliente_id))).toEqual([ids.outra]);
    const daDemo = await linhas<{ cliente_id: number }>(selecaoClientesDoPublico(1, f));
    expect(daDemo.map((l) => Number(l.cliente_id))).not.toContain(ids.outra);
  });
});

describe('estatísticas e contatos', () => {
  it('mostra consentimentos, alcançáveis, bloqueados, filiais e faixas de saldo do público', async () => {
    const r = await gerente.post('/services/publico/bloqueio/save', { clienteId: ids.ana, motivo: 'Pediu para não receber' });
    expect(r.statusCode, r.body).toBe(200);
    // bruno's number blocked on its own (as a phone call asked): bruno counts as blocked too.
    expect((await gerente.post('/services/publico/bloqueio/save', { celular: '(11) 98888-0002', motivo: 'Ligou pedindo' })).statusCode).toBe(200);
    const e = env<EstatisticasPublico>(await gerente.post('/services/publico/estatisticas', comMarca({}))).result;
    expect(e).toMatchObject({ clientes: 5, contatos: 0, consentimentoWhatsapp: 2, consentimentoEmail: 2, bloqueados: 2, alcancaveisWhatsapp: 1, alcancaveisEmail: 1 });
    expect(e.porFilial.map((f) => [f.nome, f.clientes])).toEqual([
      ['Bonifica Jardins', 2],
      ['Bonifica Moema', 2],
      ['Supermercados Bonifica Demo Centro', 1],
    ]);
    expect(e.porFaixaSaldo.map((f) => f.clientes)).toEqual([2, 1, 1, 0, 1]);
    const f = condicoesPublicoSchema.parse(comMarca({}));
    const semBloqueados = await linhas<{ cliente_id: number }>(selecaoClientesDoPublico(1, f, { semBloqueados: true }));
    expect(semBloqueados.map((l) => Number(l.cliente_id)).sort()).toEqual([ids.carla, ids.davi, ids.eva].sort());

    // carla's e-mail blocked on its own, typed in capitals, against the address as the customer's row keeps it (mixed case).
    await t.banco.db.execute(sql`update cliente set email = 'Carla@Exemplo.com.br' where id = ${ids.carla}`);
    const porEmail = env<BloqueioPublico>(await gerente.post('/services/publico/bloqueio/save', { email: 'CARLA@EXEMPLO.COM.BR', motivo: 'Pediu por e-mail' })).result;
    const e2 = env<EstatisticasPublico>(await gerente.post('/services/publico/estatisticas', comMarca({}))).result;
    expect(e2).toMatchObject({ clientes: 5, bloqueados: 3, alcancaveisWhatsapp: 1, alcancaveisEmail: 0 });
    const semOs3 = await linhas<{ cliente_id: number }>(selecaoClientesDoPublico(1, f, { semBloqueados: true }));
    expect(semOs3.map((l) => Number(l.cliente_id)).sort()).toEqual([ids.davi, ids.eva].sort());
    expect((await gerente.delete(`/services/publico/bloqueio/delete/${porEmail.id}`)).statusCode).toBe(200);
    await t.banco.db.execute(sql`update cliente set email = 'carla@exemplo.com.br' where id = ${ids.carla}`);
  });

  it('contatos importados entram quando o público os inclui; os bloqueados saem da seleção', async () => {
    await t.banco.db.insert(contato).values([
      { empresaId: 1, nome: 'Lead 1', celular: '11977770001', origem: 'IMPORTACAO' },
      { empresaId: 1, nome: 'Lead 2', email: 'lead2@exemplo.com.br', origem: 'IMPORTACAO' },
      { empresaId: 1, nome: 'Lead sem meio', origem: 'IMPORTACAO' },
      { empresaId: 4, nome: 'Lead de outra', celular: '11977770009', origem: 'IMPORTACAO' },
    ]);
    expect(env<ContagemPublico>(await gerente.post('/services/publico/contagem', comMarca({ incluirContatos: true }))).result.contatos).toBe(2);
    expect(env<ContagemPublico>(await gerente.post('/services/publico/contagem', comMarca({}))).result.contatos).toBe(0);
    await gerente.post('/services/publico/bloqueio/save', { email: 'LEAD2@exemplo.com.br', motivo: 'Descadastrou' });
    const s = selecaoContatosDoPublico(1, condicoesPublicoSchema.parse({ incluirContatos: true }), { semBloqueados: true })!;
    expect((await linhas<{ contato_id: number }>(s)).length).toBe(1);
  });
});

describe('públicos salvos', () => {
  it('salva, lista, busca, mostra estatísticas e exclui, com auditoria', async () => {
    const r = await gerente.post('/services/publico/save', { nome: 'Aniversariantes de março', condicoes: comMarca({ mesesAniversario: [3] }) });
    expect(r.statusCode, r.body).toBe(200);
    const p = env<Publico>(r).result;
    expect(p.condicoes.mesesAniversario).toEqual([3]);
    const lista = env<Pagina<Publico>>(await gerente.post('/services/publico/filterpaginated/0/10', { busca: 'aniversari' })).result;
    expect(lista.content.map((x) => x.nome)).toEqual(['Aniversariantes de março']);
    const e = env<EstatisticasPublico>(await gerente.get(`/services/publico/estatisticas/${p.id}`)).result;
    expect(e.clientes).toBe(2);
    expect((await gerente.post('/services/publico/save', { id: p.id, nome: 'Março', condicoes: { mesesAniversario: [3] } })).statusCode).toBe(200);
    expect((await gerente.delete(`/services/publico/delete/${p.id}`)).statusCode).toBe(200);
    expect((await gerente.get(`/services/publico/findbyid/${p.id}`)).statusCode).toBe(404);
    const aud = await linhas<{ acao: string }>(sql`select acao from auditoria where entidade = 'publico' and entidade_id = ${String(p.id)} order by id`);
    expect(aud.map((a) => a.acao)).toEqual(['CRIAR', 'ALTERAR', 'EXCLUIR']);
  });

  it('recusa entrada ruim com mensagens em português, sem nome de campo', async () => {
    const casos: [unknown, string][] = [
      [{ filiais: [] }, 'Escolha ao menos uma opção em filial.'],
      [{ ultimaCompra: {} }, 'Informe a data da última compra (antes, depois ou entre) ou "nunca comprou".'],
      [{ ultimaCompra: { depoisDe: '2026-05-10', antesDe: '2026-05-01' } }, 'Na última compra, a data inicial não pode ser depois da final.'],
      [{ ultimaCompra: { depoisDe: '2026-02-30' } }, 'Data inicial da última compra inválida.'],
      [{ compras: { de: '2026-01-01', ate: '2026-02-01' } }, 'Nas compras, informe a quantidade ou o valor.'],
      [{ compras: { de: '2026-01-01', ate: '2026-02-01', quantidade: { min: 5, max: 2 } } }, 'O mínimo não pode ser maior que o máximo.'],
      [{ saldo: { unidade: 'CASHBACK' } }, 'Informe o saldo mínimo ou máximo.'],
      [{ saldo: { unidade: 'REAIS', min: 1 } }, 'Saldo inválido: use CASHBACK ou PONTOS.'],
      [{ mesesAniversario: [13] }, 'Mês inválido: use 1 a 12.'],
      [{ consentimento: {} }, 'Escolha o canal do consentimento.'],
    ];
    for (const [corpo, mensagem] of casos) {
      const r = await gerente.post('/services/publico/contagem', corpo);
      expect(r.statusCode, JSON.stringify(corpo)).toBe(400);
      expect(env<null>(r).messageError).toContain(mensagem);
    }
    const semNome = await gerente.post('/services/publico/save', { nome: '', condicoes: {} });
    expect(env<null>(semNome).messageError).toContain('Informe o nome do público.');
  });

  it('só a gestão da empresa monta públicos: a atendente recebe 403', async () => {
    expect((await atendente.post('/services/publico/contagem', {})).statusCode).toBe(403);
    expect((await atendente.post('/services/publico/bloqueio/filterpaginated/0/10', {})).statusCode).toBe(403);
  });

  it('outra empresa não vê nem conta nada da demo, nem pelo id, nem pelas etiquetas da demo', async () => {
    const p = env<Publico>(await gerente.post('/services/publico/save', { nome: 'Da demo', condicoes: {} })).result;
    expect((await outra.get(`/services/publico/estatisticas/${p.id}`)).statusCode).toBe(404);
    expect(env<Pagina<Publico>>(await outra.post('/services/publico/filterpaginated/0/100', {})).result.totalElements).toBe(0);
    const c = env<ContagemPublico>(await outra.post('/services/publico/contagem', { etiquetas: [marca.id, marca.vip] })).result;
    expect(c.clientes).toBe(0);
    const todos = env<EstatisticasPublico>(await outra.post('/services/publico/estatisticas', {})).result;
    expect(todos.porFilial.every((f) => !/Bonifica/.test(f.nome))).toBe(true);
  });
});

describe('bloqueio de público', () => {
  it('bloquear duas vezes deixa uma linha (a primeira, com quem e quando); remover audita', async () => {
    const a = env<BloqueioPublico>(await gerente.post('/services/publico/bloqueio/save', { clienteId: ids.eva, motivo: 'Reclamou no SAC' })).result;
    const b = env<BloqueioPublico>(await gerente.post('/services/publico/bloqueio/save', { clienteId: ids.eva, motivo: 'Outro motivo' })).result;
    expect(b.id).toBe(a.id);
    expect(b.motivo).toBe('Reclamou no SAC');
    expect(a).toMatchObject({ clienteNome: 'Público eva', celular: '11988880005', origem: 'MANUAL', usuarioNome: 'Gabriel Gerente Souza' });
    const [n] = await linhas<{ n: number }>(sql`select count(*)::int as n from bloqueio_publico where cliente_id = ${ids.eva}`);
    expect(n!.n).toBe(1);
    const lista = env<Pagina<BloqueioPublico>>(await gerente.post('/services/publico/bloqueio/filterpaginated/0/10', { busca: '8888-0005' })).result;
    expect(lista.content.map((x) => x.id)).toEqual([a.id]);
    expect((await gerente.delete(`/services/publico/bloqueio/delete/${a.id}`)).statusCode).toBe(200);
    const aud = await linhas<{ acao: string }>(sql`select acao from auditoria where entidade = 'bloqueio_publico' and entidade_id = ${String(a.id)} order by id`);
    expect(aud.map((x) => x.acao)).toEqual(['CRIAR', 'EXCLUIR']);
  });

  it('importa um CSV pequeno: válidos entram uma vez, repetidos e já bloqueados não duplicam, inválidos voltam com a linha', async () => {
    const csv = 'contato;nome\n11 97777-1111;Fulano\nfulano@exemplo.com.br\n11977771111\nnao-e-numero\n\n(11) 98888-0002\n';
    const r = await gerente.post('/services/publico/bloqueio/importar', { csv, motivo: 'Lista do Procon' });
    expect(r.statusCode, r.body).toBe(200);
    expect(env<ResultadoImportarBloqueio>(r).result).toEqual({ lidas: 5, incluidos: 2, jaBloqueados: 1, invalidas: [{ linha: 5, valor: 'nao-e-numero' }] });
    const de2 = await gerente.post('/services/publico/bloqueio/importar', { csv, motivo: 'De novo' });
    expect(env<ResultadoImportarBloqueio>(de2).result.incluidos).toBe(0);
    const p = env<Pagina<BloqueioPublico>>(await gerente.post('/services/publico/bloqueio/filterpaginated/0/50', { origem: 'IMPORTACAO' })).result;
    expect(p.totalElements).toBe(2);
  });

  it('a caixa de saída respeita o bloqueio avulso: o celular bloqueado sozinho tira o cliente do marketing', async () => {
    const pode = async () => (await linhas(sql`select 1 from cliente c where c.id = ${ids.davi} and ${sqlPodeReceber(true)}`)).length === 1;
    expect(await pode()).toBe(true);
    const r = await gerente.post('/services/publico/bloqueio/save', { celular: '11 98888-0004', motivo: 'Pediu por telefone' });
    expect(r.statusCode, r.body).toBe(200);
    expect(await pode()).toBe(false);
    // Transactional messages ignore the audience block.
    expect((await linhas(sql`select 1 from cliente c where c.id = ${ids.davi} and ${sqlPodeReceber(false)}`)).length).toBe(1);
  });

  it('recusa entrada ruim em português e clientes de outra empresa', async () => {
    const casos: [unknown, number, string][] = [
      [{ motivo: 'Sem alvo' }, 400, 'Informe o cliente, o celular ou o e-mail a bloquear.'],
      [{ celular: '123', motivo: 'Teste' }, 400, 'Celular inválido'],
      [{ email: 'x@', motivo: 'Teste' }, 400, 'E-mail inválido.'],
      [{ celular: '11977770001' }, 400, 'Informe o motivo do bloqueio.'],
      [{ clienteId: ids.outra, motivo: 'De outra empresa' }, 404, 'Cliente não encontrado.'],
    ];
    for (const [corpo, status, mensagem] of casos) {
      const r = await gerente.post('/services/publico/bloqueio/save', corpo);
      expect(r.statusCode, JSON.stringify(corpo)).toBe(status);
      expect(env<null>(r).messageError).toContain(mensagem);
    }
    const vazio = await gerente.post('/services/publico/bloqueio/importar', { csv: '', motivo: 'Teste' });
    expect(env<null>(vazio).messageError).toContain('O arquivo está vazio.');
  });
});

describe('etiquetas do cliente', () => {
  it('cria etiqueta, marca na ficha, o público encontra; etiqueta de outra empresa é recusada', async () => {
    const e = env<{ id: number }>(await gerente.post('/services/etiqueta/save', { nome: 'Atacado' })).result;
    const dup = await gerente.post('/services/etiqueta/save', { nome: 'Atacado' });
    expect(dup.statusCode).toBe(409);
    const r = await gerente.post(`/services/etiqueta/cliente/${ids.carla}`, { etiquetas: [e.id, marca.id] });
    expect(r.statusCode, r.body).toBe(200);
    expect(env<{ nome: string }[]>(await gerente.get(`/services/etiqueta/cliente/${ids.carla}`)).result.map((x) => x.nome)).toEqual(['Atacado', 'Teste de público']);
    expect((await selecionados({ etiquetas: [e.id] })).nomes).toEqual(['carla']);
    const deOutra = env<{ id: number }>(await outra.post('/services/etiqueta/save', { nome: 'Da padaria' })).result;
    const recusa = await gerente.post(`/services/etiqueta/cliente/${ids.carla}`, { etiquetas: [deOutra.id] });
    expect(recusa.statusCode).toBe(400);
    expect(env<null>(recusa).messageError).toBe('Etiqueta não encontrada.');
    expect((await outra.post(`/services/etiqueta/cliente/${ids.carla}`, { etiquetas: [] })).statusCode).toBe(404);
  });
});
