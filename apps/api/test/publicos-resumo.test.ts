import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { condicoesPublicoSchema, somarDias, type CondicoesPublicoEntrada, type ContagemPublico, type EstatisticasPublico } from '@bonifica/contracts';
import type { Db } from '../src/db/client.js';
import { origemPublico } from '../src/modules/publico/compilador.js';
import { contagemAgregada, origemResumo } from '../src/modules/publico/compilador-resumo.js';
import { atualizarResumoDaEmpresa, atualizarResumos } from '../src/modules/publico/resumo.js';
import { selecaoClientesDoPublico } from '../src/modules/publico/index.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';

/**
 * The customer summary (docs/decisions/033) must give exactly what the direct compiler gives, for
 * the state it reflects: random customers, sales (cancelled ones, on the edges of periods and of
 * Brasília's days), balances and consents; many combinations of conditions, compared as id sets.
 */
let t: AppDeTeste;
let gerente: Cliente;
const EMPRESA = 1;

async function linhas<T>(consulta: SQL): Promise<T[]> {
  return ((await t.banco.db.execute(consulta)) as unknown as { rows: T[] }).rows;
}

// A small deterministic generator: the same data on every run and on both databases.
let semente = 20261125;
const aleatorio = () => {
  semente = (semente * 1103515245 + 12345) % 2 ** 31;
  return semente / 2 ** 31;
};
const um = <T>(l: readonly T[]): T => l[Math.floor(aleatorio() * l.length)]!;

const hojeLocal = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
/** Days before today that periods start or end on, and sales fall around. */
const ANCORAS = [0, 1, 2, 7, 29, 30, 31, 59, 60, 61, 89, 90, 91, 180, 364, 365, 366, 500];
const diaAncora = () => somarDias(hojeLocal, -um(ANCORAS));
/** An instant on a Brasília day: just before and just after its midnight, or mid-afternoon. */
function instante(diaLocal: string): string {
  const meiaNoite = new Date(`${diaLocal}T03:00:00.000Z`).getTime(); // 00:00 in Brasília (UTC−3)
  const deslocamento = um([-1000, 0, 1000, 12 * 3_600_000, 24 * 3_600_000 - 1000]);
  return new Date(Math.min(meiaNoite + deslocamento, Date.now() - 60_000)).toISOString();
}

let filiais: number[] = [];

async function gerarDados(n: number) {
  filiais = (await linhas<{ id: number }>(sql`select id from empresa where matriz_id = ${EMPRESA} order by id`)).map((l) => Number(l.id));
  for (let i = 0; i < n; i++) {
    const status = aleatorio() < 0.9 ? 'ATIVO' : um(['BLOQUEADO', 'ANONIMIZADO']);
    const nascimento = aleatorio() < 0.8 ? `19${50 + Math.floor(aleatorio() * 50)}-${String(1 + Math.floor(aleatorio() * 12)).padStart(2, '0')}-15` : null;
    const [c] = await linhas<{ id: number }>(
      sql`insert into cliente (empresa_id, filial_origem_id, nome, data_nascimento, status)
          values (${EMPRESA}, ${aleatorio() < 0.1 ? null : um(filiais)}, ${`Resumo ${i}`}, ${nascimento}, ${status}) returning id`,
    );
    const id = Number(c!.id);
    const vendas = Math.floor(aleatorio() * aleatorio() * 9);
    for (let v = 0; v < vendas; v++) {
      const dia = v > 0 && aleatorio() < 0.25 ? null : diaAncora(); // null: same day as the previous one
      const quando = instante(dia ?? diaAncora());
      const cancelada = aleatorio() < 0.15;
      await t.banco.db.execute(sql`insert into transacao (empresa_id, cliente_id, valor_centavos, status, criado_em, cancelada_em)
        values (${EMPRESA}, ${id}, ${100 + Math.floor(aleatorio() * 40_000)}, ${cancelada ? 'CANCELADA' : 'CONFIRMADA'}, ${quando}::timestamptz,
          ${cancelada ? quando : null}::timestamptz)`);
    }
    if (aleatorio() < 0.7) await t.banco.db.execute(sql`insert into conta (empresa_id, cliente_id, tipo, saldo) values (${EMPRESA}, ${id}, 'CASHBACK', ${um([0, 500, 1000, 1001, 9999, 10000, 10001, 50_000])})`);
    if (aleatorio() < 0.5) await t.banco.db.execute(sql`insert into conta (empresa_id, cliente_id, tipo, saldo) values (${EMPRESA}, ${id}, 'PONTOS', ${um([0, 10, 100, 1000])})`);
    for (const canal of ['WHATSAPP', 'EMAIL'] as const) {
      const registros = Math.floor(aleatorio() * 4);
      // Same instant for some rows: the latest id wins, as in the direct compiler.
      const base = Date.now() - 86_400_000 * (1 + Math.floor(aleatorio() * 30));
      for (let r = 0; r < registros; r++) {
        const quando = new Date(base + (aleatorio() < 0.3 ? 0 : r * 60_000)).toISOString();
        await t.banco.db.execute(sql`insert into cliente_consentimento (empresa_id, cliente_id, canal, concedido, origem, criado_em)
          values (${EMPRESA}, ${id}, ${canal}, ${aleatorio() < 0.6}, 'TESTE', ${quando}::timestamptz)`);
      }
    }
  }
}

/** Random conditions, each part drawn around the anchors (days on both sides of each edge). */
function condicoesAleatorias(): CondicoesPublicoEntrada {
  const c: CondicoesPublicoEntrada = {};
  const partes = 1 + Math.floor(aleatorio() * 3);
  for (let i = 0; i < partes; i++) {
    const tipo = um(['filial', 'ultima', 'compras', 'compras', 'compras', 'saldo', 'aniversario', 'consentimento'] as const);
    const d = () => somarDias(diaAncora(), um([-1, 0, 1]));
    if (tipo === 'filial') c.filiais = [um(filiais)];
    if (tipo === 'aniversario') c.mesesAniversario = [1 + Math.floor(aleatorio() * 12), 1 + Math.floor(aleatorio() * 12)];
    if (tipo === 'consentimento') c.consentimento = um([{ whatsapp: true }, { whatsapp: false }, { email: true }, { whatsapp: true, email: false }]);
    if (tipo === 'saldo') c.saldo = um([{ unidade: 'CASHBACK', min: 10, max: 100 }, { unidade: 'CASHBACK', max: 10 }, { unidade: 'CASHBACK', min: 0 }, { unidade: 'PONTOS', min: 100 }, { unidade: 'PONTOS', max: 10 }] as const);
    if (tipo === 'ultima') {
      const [a, b] = [d(), d()].sort();
      c.ultimaCompra = um([{ nunca: true }, { depoisDe: a }, { antesDe: b }, { depoisDe: a, antesDe: b }]);
    }
    if (tipo === 'compras') {
      const [de, ate] = [d(), d()].sort() as [string, string];
      const q = Math.floor(aleatorio() * 4);
      c.compras = um([
        { de, ate, quantidade: { min: Math.max(q, 1) } },
        { de, ate, quantidade: { max: q } },
        { de, ate, quantidade: { min: q, max: q + 1 } },
        { de, ate, valor: { min: um([1, 100, 250.5, 400]) } },
        { de, ate, valor: { max: um([0, 100, 400]) } },
        { de, ate, quantidade: { min: 1 }, valor: { max: 300 } },
      ]);
    }
  }
  return c;
}

const CONDICOES: CondicoesPublicoEntrada[] = [];

async function idsPor(origem: SQL, coluna: string): Promise<number[]> {
  const [l] = await linhas<{ ids: number[] | null }>(sql`select array_agg(${sql.raw(coluna)} order by ${sql.raw(coluna)}) as ids ${origem}`);
  return (l?.ids ?? []).map(Number);
}

/** Every combination: the summary selects exactly the customers the direct compiler selects. */
async function conferirTodas() {
  let diferentes = 0;
  let informativas = 0;
  const todos = (await idsPor(origemPublico(EMPRESA, condicoesPublicoSchema.parse({})), 'c.id')).length;
  for (const bruto of CONDICOES) {
    const f = condicoesPublicoSchema.parse(bruto);
    const [direto, resumo] = [await idsPor(origemPublico(EMPRESA, f), 'c.id'), await idsPor(origemResumo(EMPRESA, f), 'r.cliente_id')];
    if (direto.length > 0 && direto.length < todos) informativas++;
    // Conditions only of branch, birthday and consent: the per-value counts give the same number.
    const agregada = contagemAgregada(EMPRESA, f);
    if (agregada) expect(Number((await linhas<{ n: number }>(agregada))[0]!.n), JSON.stringify(bruto)).toBe(direto.length);
    if (JSON.stringify(direto) !== JSON.stringify(resumo)) {
      diferentes++;
      expect({ condicoes: bruto, resumo }, JSON.stringify(bruto)).toEqual({ condicoes: bruto, resumo: direto });
    }
  }
  expect(diferentes).toBe(0);
  // The combinations separate customers (not all empty or everyone): the comparison means something.
  expect(informativas).toBeGreaterThan(CONDICOES.length * 0.6);
}

async function contagemApi(c: CondicoesPublicoEntrada): Promise<ContagemPublico> {
  const r = await gerente.post('/services/publico/contagem', c);
  expect(r.statusCode, r.body).toBe(200);
  return env<ContagemPublico>(r).result;
}

const direta = async (c: CondicoesPublicoEntrada) =>
  Number((await linhas<{ n: number }>(sql`select count(*)::int as n ${origemPublico(EMPRESA, condicoesPublicoSchema.parse(c))}`))[0]!.n);

beforeAll(async () => {
  t = await criarAppDeTeste();
  gerente = await t.entrar('gerente');
  await gerarDados(260);
  CONDICOES.push({}, { filiais: [filiais[0]!] }, { mesesAniversario: [3, 4] }, { filiais: [filiais[1]!], consentimento: { whatsapp: true, email: false } }, { ultimaCompra: { nunca: true } }, { compras: { de: hojeLocal, ate: hojeLocal, quantidade: { min: 1 } } });
  for (const a of ANCORAS) CONDICOES.push({ compras: { de: somarDias(hojeLocal, -a), ate: hojeLocal, quantidade: { min: 2 } } }, { ultimaCompra: { antesDe: somarDias(hojeLocal, -a) } });
  while (CONDICOES.length < 100) CONDICOES.push(condicoesAleatorias());
}, 240_000);
afterAll(() => t.fechar());

describe('resumo por cliente para a contagem de públicos', () => {
  it('antes da primeira carga a contagem lê as tabelas, sem instante de dados', async () => {
    const c = await contagemApi({});
    expect(c.dadosDe).toBeNull();
    expect(c.clientes).toBe(await direta({}));
  });

  it('a carga inicial cai no meio e retoma do lote seguinte; depois o resumo dá exatamente a seleção direta em todas as combinações', { timeout: 600_000 }, async () => {
    // A crash on the 4th transaction: the first three batches stay, the state says where it stopped.
    let transacoes = 0;
    const queda = new Proxy(t.banco.db, {
      get: (alvo, p, r) => (p === 'transaction' ? (fn: never) => (++transacoes === 4 ? Promise.reject(new Error('queda')) : alvo.transaction(fn)) : Reflect.get(alvo, p, r)),
    }) as Db;
    await expect(atualizarResumoDaEmpresa(queda, EMPRESA, { carga: 40, mudancas: 17 })).rejects.toThrow('queda');
    const [meio] = await linhas<{ carga: number | null; dados: string | null; n: number }>(
      sql`select e.carga_ate_cliente as carga, e.dados_de::text as dados, (select count(*)::int from cliente_resumo where empresa_id = ${EMPRESA}) as n
          from cliente_resumo_estado e where e.empresa_id = ${EMPRESA}`,
    );
    expect(meio!.carga).toBeGreaterThan(0);
    expect(meio!.dados).toBeNull();
    expect(meio!.n).toBe(120);
    expect((await contagemApi({})).dadosDe).toBeNull();

    const r = await atualizarResumoDaEmpresa(t.banco.db, EMPRESA, { carga: 40, mudancas: 17 });
    expect(r.carregados).toBeGreaterThan(0);
    await conferirTodas();
    const c = await contagemApi({ compras: { de: somarDias(hojeLocal, -90), ate: hojeLocal, quantidade: { min: 2 } } });
    expect(c.dadosDe).not.toBeNull();
    expect(c.clientes).toBe(await direta({ compras: { de: somarDias(hojeLocal, -90), ate: hojeLocal, quantidade: { min: 2 } } }));
    // Running again changes nothing.
    const [{ n: antes }] = await linhas<{ n: string }>(sql`select sum(xmin::text::bigint)::text as n from cliente_resumo`);
    await atualizarResumoDaEmpresa(t.banco.db, EMPRESA);
    const [{ n: depois }] = await linhas<{ n: string }>(sql`select sum(xmin::text::bigint)::text as n from cliente_resumo`);
    expect(depois).toBe(antes);
  });

  it('cliente novo, venda nova, cancelamento, saldo, consentimento e cadastro alterado entram na contagem depois da próxima rodada', { timeout: 600_000 }, async () => {
    const antes = await contagemApi({});
    const [novo] = await linhas<{ id: number }>(
      sql`insert into cliente (empresa_id, filial_origem_id, nome, data_nascimento) values (${EMPRESA}, ${filiais[0]!}, 'Cliente novo', '1991-02-03') returning id`,
    );
    await t.banco.db.execute(sql`insert into transacao (empresa_id, cliente_id, valor_centavos) values (${EMPRESA}, ${novo!.id}, 12345)`);
    // A confirmed sale of someone else is cancelled now; another customer's data is edited.
    const [venda] = await linhas<{ id: number; cliente_id: number }>(
      sql`select id, cliente_id from transacao where empresa_id = ${EMPRESA} and status = 'CONFIRMADA' and cliente_id <> ${novo!.id} order by criado_em desc limit 1`,
    );
    await t.banco.db.execute(sql`update transacao set status = 'CANCELADA', cancelada_em = now() where id = ${venda!.id}`);
    await t.banco.db.execute(sql`update cliente set filial_origem_id = ${filiais.at(-1)!}, data_nascimento = '1980-11-11', atualizado_em = now()
      where id = (select min(id) from cliente where empresa_id = ${EMPRESA} and nome like 'Resumo %')`);
    // A balance moves between two customers (a posting sums to zero) and someone grants WhatsApp.
    const contas = await linhas<{ id: number; saldo: number }>(
      sql`select id, saldo::int as saldo from conta where empresa_id = ${EMPRESA} and tipo = 'CASHBACK' and cliente_id is not null and saldo >= 5000 order by id limit 2`,
    );
    const [l] = await linhas<{ id: number }>(sql`insert into lancamento (empresa_id, tipo, descricao) values (${EMPRESA}, 'AJUSTE', 'Teste do resumo') returning id`);
    await t.banco.db.execute(sql`insert into partida (empresa_id, lancamento_id, conta_id, valor) values
      (${EMPRESA}, ${l!.id}, ${contas[0]!.id}, -5000), (${EMPRESA}, ${l!.id}, ${contas[1]!.id}, 5000)`);
    await t.banco.db.execute(sql`update conta set saldo = saldo + case id when ${contas[0]!.id} then -5000 else 5000 end where id in (${contas[0]!.id}, ${contas[1]!.id})`);
    await t.banco.db.execute(sql`insert into cliente_consentimento (empresa_id, cliente_id, canal, concedido, origem)
      select ${EMPRESA}, id, 'WHATSAPP', true, 'TESTE' from cliente where empresa_id = ${EMPRESA} and nome like 'Resumo %' and status = 'ATIVO' order by id desc limit 1`);

    // Until the next run the count is the summary's, and says of when.
    const velha = await contagemApi({});
    expect(velha).toEqual(antes);
    expect(await direta({})).toBe(antes.clientes + 1);

    await new Promise((r) => setTimeout(r, 1100));
    const rodada = await atualizarResumoDaEmpresa(t.banco.db, EMPRESA, { mudancas: 3 });
    expect(rodada.mudados).toBeGreaterThanOrEqual(6);
    const nova = await contagemApi({});
    expect(nova.clientes).toBe(antes.clientes + 1);
    expect(Date.parse(nova.dadosDe!)).toBeGreaterThan(Date.parse(antes.dadosDe!));
    await conferirTodas();
  });

  it('estatísticas e seleção da campanha usam o mesmo resumo que a contagem', async () => {
    const c = { compras: { de: somarDias(hojeLocal, -365), ate: hojeLocal, valor: { min: 100 } } } as const;
    const contagem = await contagemApi(c);
    const r = await gerente.post('/services/publico/estatisticas', c);
    expect(r.statusCode, r.body).toBe(200);
    const e = env<EstatisticasPublico>(r).result;
    expect(e.clientes).toBe(contagem.clientes);
    expect(e.dadosDe).toBe(contagem.dadosDe);
    expect(e.porFilial.reduce((s, f) => s + f.clientes, 0)).toBe(e.clientes);
    expect(e.porFaixaSaldo.reduce((s, f) => s + f.clientes, 0)).toBe(e.clientes);
    const selecao = await linhas<{ cliente_id: number }>(selecaoClientesDoPublico(EMPRESA, condicoesPublicoSchema.parse(c)));
    expect(selecao.length).toBe(contagem.clientes);
  });

  it('estatísticas pelo resumo (sem ler os clientes) dão o mesmo que pelas tabelas: alcançáveis, bloqueados por cliente, celular e e-mail avulsos, filiais e faixas', { timeout: 120_000 }, async () => {
    // Mobiles and e-mails (some in capitals), then blocks of the three kinds, as the screens would make them.
    const alvos = (await linhas<{ id: number }>(sql`select id from cliente where empresa_id = ${EMPRESA} and nome like 'Resumo %' and status = 'ATIVO' order by id limit 40`)).map((l) => Number(l.id));
    for (const [i, id] of alvos.entries()) {
      const celular = i % 3 === 0 ? null : `119${String(70_000_000 + id).padStart(8, '0')}`;
      const email = i % 4 === 0 ? null : `${i % 2 ? 'Resumo' : 'resumo'}.${id}@Exemplo.com.br`;
      await t.banco.db.execute(sql`update cliente set celular = ${celular}, email = ${email}, atualizado_em = now() where id = ${id}`);
    }
    const bloquear = async (corpo: Record<string, unknown>) => {
      const r = await gerente.post('/services/publico/bloqueio/save', { ...corpo, motivo: 'Teste do resumo' });
      expect(r.statusCode, r.body).toBe(200);
    };
    await bloquear({ clienteId: alvos[1]! });
    await bloquear({ celular: `119${String(70_000_000 + alvos[2]!).padStart(8, '0')}` });
    await bloquear({ email: `RESUMO.${alvos[5]!}@EXEMPLO.COM.BR` });
    await new Promise((r) => setTimeout(r, 1100));
    await atualizarResumoDaEmpresa(t.banco.db, EMPRESA, { folga: 0 });

    const estatisticas = async (c: CondicoesPublicoEntrada) => {
      const r = await gerente.post('/services/publico/estatisticas', c);
      expect(r.statusCode, r.body).toBe(200);
      const { dadosDe: _d, ...resto } = env<EstatisticasPublico>(r).result;
      return resto;
    };
    const condicoes: CondicoesPublicoEntrada[] = [{}, { consentimento: { whatsapp: true } }, { filiais: [filiais[0]!] }, ...CONDICOES.slice(0, 12)];
    const pelosResumos = [];
    for (const c of condicoes) pelosResumos.push(await estatisticas(c));
    expect(pelosResumos[0]!.bloqueados).toBe(3);
    expect(pelosResumos[0]!.alcancaveisEmail).toBeGreaterThan(0);
    // The same statistics read from the tables (the summary set aside, as before its first load).
    const [estado] = await linhas<{ dados_de: string }>(sql`select dados_de::text from cliente_resumo_estado where empresa_id = ${EMPRESA}`);
    await t.banco.db.execute(sql`update cliente_resumo_estado set dados_de = null where empresa_id = ${EMPRESA}`);
    try {
      for (const [i, c] of condicoes.entries()) expect(await estatisticas(c), JSON.stringify(c)).toEqual(pelosResumos[i]);
    } finally {
      await t.banco.db.execute(sql`update cliente_resumo_estado set dados_de = ${estado!.dados_de}::timestamptz where empresa_id = ${EMPRESA}`);
    }
  });

  it('a tarefa agendada roda todas as empresas (a outra também passa a contar pelo resumo, só com os clientes dela)', async () => {
    const r = await atualizarResumos(t.banco.db);
    expect(r.empresas).toBeGreaterThanOrEqual(2);
    const outra = await t.entrar('outra');
    const resposta = await outra.post('/services/publico/contagem', {});
    expect(resposta.statusCode, resposta.body).toBe(200);
    const c = env<ContagemPublico>(resposta).result;
    expect(c.dadosDe).not.toBeNull();
    const [l] = await linhas<{ n: number }>(sql`select count(*)::int as n from cliente where empresa_id = 4 and status = 'ATIVO'`);
    expect(c.clientes).toBe(l!.n);
  });
});
