import { centavosParaReais, ROTULOS_PERIODO_LIMITE, type PeriodoLimite, type ResgatePremio } from '@bonifica/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Banco } from '../../db/client.js';
import type { Agrupador } from '../../lib/agrupador.js';
import { ErroApi, erro } from '../../lib/erros.js';
import { FUSO, hojeNoFuso } from '../../lib/fuso.js';
import { criarLoteDePostagens, type Decididos, type PedidoEmLote } from '../../lib/lote-de-postagens.js';
import type { Grupo, Linha } from '../../lib/transacao-agrupada.js';
import {
  arrayPg,
  contaSistema,
  exigirLotesDisponiveis,
  lerConsumo,
  MENSAGEM_SALDO_INSUFICIENTE,
  novosLotes,
  planejarLancamento,
  sqlConsumirLotes,
  sqlGravarLancamentos,
  sqlRestaurarLotes,
  type Consumo,
  type ContaTravada,
  type Gravacao,
  type Movimento,
  type NovoLancamento,
  type TipoConta,
} from '../account/index.js';
import { sqlEnfileirarCada, sqlInstanciaDaEmpresa } from '../mensagem/index.js';
import { textoComprovante } from './documentos.js';
import { ORIGEM_COMPROVANTE } from './envio-comprovante.js';
import { MENSAGEM_SEM_ESTOQUE, novoCodigo, type Autor } from './resgate.js';

/** A redemption asked at a counter or in the back office: who asks (their branch is where the prize is collected by default), which prize, for whom. */
export type NovoResgate = { autor: Autor; premioId: number; clienteId: number; filialId?: number | undefined };

export type PedidoResgate = PedidoEmLote<ResgatePremio> & { resgate: NovoResgate };

type Unidade = 'PONTOS' | 'CASHBACK';

/** The branch where the prize is collected, and whether it came in the request (then it is checked against the network). */
function filialDe(r: NovoResgate): { filialId: number | null; informada: boolean } {
  const filialId = r.filialId ?? r.autor.filialId;
  // The caller's own branch was checked when the session chose it.
  return { filialId, informada: !!r.filialId && r.filialId !== r.autor.filialId };
}

/** The redemptions of a batch as the statements read them: one JSON parameter, one prepared form for any batch size. */
function jsonResgates(rs: NovoResgate[]): string {
  return JSON.stringify(
    rs.map((r, ord) => {
      const f = filialDe(r);
      return { ord, premio_id: r.premioId, cliente_id: r.clienteId, filial_id: f.filialId, filial_informada: f.informada, usuario_id: r.autor.usuarioId };
    }),
  );
}

const recordset = (rs: NovoResgate[]) =>
  sql`json_to_recordset(${jsonResgates(rs)}::json) as v(ord int, premio_id int, cliente_id int, filial_id int, filial_informada boolean, usuario_id int)`;

/** What the batch shares: the clock of the transaction (the rows' `criado_em`), the system accounts, the shop's name and WhatsApp number. */
function sqlContextoDoLote(empresaId: number): SQL {
  return sql`
    select now() as agora,
      (select coalesce(json_object_agg(tipo, id), '{}') from conta
        where empresa_id = ${empresaId} and cliente_id is null and tipo in ('SISTEMA_CASHBACK', 'SISTEMA_PONTOS')) as sistema,
      (select nome_curto from empresa where id = ${empresaId}) as loja,
      ${sqlInstanciaDaEmpresa(empresaId)} as instancia`;
}

/**
 * Codes already taken in the company, of those drawn for the batch: each looked up on the unique
 * index (LATERAL with LIMIT, which the planner does not flatten). As a semi-join, the generic plan
 * read every redemption of the company when its statistics were old (12 ms a batch at 20,000, growing).
 */
function sqlCodigosUsados(empresaId: number, codigos: string[]): SQL {
  return sql`
    select r.codigo from json_array_elements_text(${JSON.stringify(codigos)}::json) as x(codigo)
    cross join lateral (select codigo from premio_resgate where empresa_id = ${empresaId} and codigo = x.codigo limit 1) r`;
}

/**
 * First lock: the customers who redeem a prize with a per-customer limit, in id order, so that the
 * count of their redemptions (next statement) is not raced by another process's batch.
 */
function sqlTravarClientes(empresaId: number, rs: NovoResgate[]): SQL {
  return sql`
    select c.id from cliente c
    where c.empresa_id = ${empresaId}
      and c.id in (select v.cliente_id from ${recordset(rs)} join premio p on p.id = v.premio_id and p.empresa_id = ${empresaId} where p.limite_por_cliente is not null)
    order by c.id for no key update`;
}

/**
 * Everything a redemption needs to decide, one row per redemption in order: the prize (read without
 * a lock; its stock is locked later), the customer and their redemptions of it in the limit's period,
 * the branch, the user's name, and the customer's accounts of the prize's units — every account of
 * the batch locked here, in id order, as every posting locks them.
 */
function sqlContextoResgates(empresaId: number, rs: NovoResgate[]): SQL {
  const periodo = sql`date_trunc(case p.limite_periodo when 'DIA' then 'day' when 'SEMANA' then 'week' when 'MES' then 'month' else 'year' end,
                                 now() at time zone ${FUSO}) at time zone ${FUSO}`;
  return sql`
    with v as materialized (select * from ${recordset(rs)}),
    contas as materialized (
      select k.id, k.cliente_id, k.tipo, k.saldo, k.bloqueada
      from v join premio p on p.id = v.premio_id and p.empresa_id = ${empresaId}
      cross join lateral (values ('PONTOS', p.custo_pontos > 0), ('CASHBACK', p.custo_centavos > 0)) as u(tipo, custa)
      join conta k on k.empresa_id = ${empresaId} and k.cliente_id = v.cliente_id and k.tipo = u.tipo
      where u.custa
      order by k.id for update of k
    )
    select p.id as premio_id, p.nome, p.foto_arquivo_id, p.ativo, p.valido_de::text as valido_de, p.valido_ate::text as valido_ate,
      p.custo_pontos, p.custo_centavos, p.limite_por_cliente, p.limite_periodo, to_json(p.filiais) as filiais,
      c.status, c.nome as cliente_nome,
      (not v.filial_informada or exists (select 1 from empresa where id = v.filial_id and matriz_id = ${empresaId})) as filial_valida,
      (select nome_curto from empresa where id = v.filial_id) as filial_nome,
      (select nome from usuario where id = v.usuario_id) as usuario_nome,
      (select coalesce(json_agg(json_build_array(k.id, k.tipo, k.saldo, k.bloqueada) order by k.id), '[]') from contas k where k.cliente_id = v.cliente_id) as contas,
      case when p.limite_por_cliente is null then 0 else (
        select count(*)::int from premio_resgate r
        where r.empresa_id = ${empresaId} and r.premio_id = p.id and r.cliente_id = v.cliente_id and r.status <> 'CANCELADO'
          and (p.limite_periodo = 'SEMPRE' or r.criado_em >= ${periodo})) end as resgates_no_periodo,
      nextval('premio_resgate_id_seq')::int as resgate_id
    from v
    left join premio p on p.id = v.premio_id and p.empresa_id = ${empresaId}
    left join cliente c on c.id = v.cliente_id and c.empresa_id = ${empresaId}
    order by v.ord`;
}

/** What each redemption asks of each account: the prize's cost per unit, from the customer's account of that unit. */
function sqlPedidosDeLotes(empresaId: number, rs: NovoResgate[]): SQL {
  return sql`
    select k.id as conta_id, x.valor
    from ${recordset(rs)}
    join premio p on p.id = v.premio_id and p.empresa_id = ${empresaId}
    cross join lateral (values ('PONTOS', p.custo_pontos::bigint), ('CASHBACK', p.custo_centavos)) as x(tipo, valor)
    join conta k on k.empresa_id = ${empresaId} and k.cliente_id = v.cliente_id and k.tipo = x.tipo
    where x.valor > 0`;
}

/**
 * Last lock: the prizes with stock control, in id order, after the accounts (the cancellation's order:
 * accounts, then prize). Their stock is the fresh one, and no other batch takes a unit until the
 * commit, so the decision can count units in memory.
 */
function sqlTravarPremios(empresaId: number, rs: NovoResgate[]): SQL {
  return sql`
    select id, estoque from premio
    where empresa_id = ${empresaId} and estoque is not null and id in (select v.premio_id from ${recordset(rs)})
    order by id for no key update`;
}

/** Checks a batch before any statement: one company, and one redemption per customer (the batcher's promise). */
function exigirLoteValido(rs: NovoResgate[]): void {
  if (rs.length === 0) throw new Error('Lote de resgates vazio.');
  if (rs.some((r) => r.autor.empresaId !== rs[0]!.autor.empresaId)) throw new Error('Um lote de resgates é de uma empresa.');
  if (new Set(rs.map((r) => r.clienteId)).size !== rs.length) throw new Error('Um lote de resgates tem no máximo um resgate por cliente.');
}

/**
 * The first round-trip of a batch of redemptions, after the Idempotency-Keys: reads and locks, in the
 * order every redemption and cancellation takes them — customers (limit), accounts, lots, prizes.
 * The lots of every redemption are taken now, FIFO; a redemption refused afterwards gets them back
 * in the second round-trip. `codigos` are the codes drawn for the batch (checked against those taken).
 */
export function lerResgates(rs: NovoResgate[], codigos: string[]): SQL[] {
  exigirLoteValido(rs);
  const empresaId = rs[0]!.autor.empresaId;
  return [
    sqlContextoDoLote(empresaId),
    sqlCodigosUsados(empresaId, codigos),
    sqlTravarClientes(empresaId, rs),
    sqlContextoResgates(empresaId, rs),
    sqlConsumirLotes(empresaId, sqlPedidosDeLotes(empresaId, rs), 'USO', null, null),
    sqlTravarPremios(empresaId, rs),
  ];
}

type LinhaContexto = {
  premio_id: number | null;
  nome: string;
  foto_arquivo_id: number | null;
  ativo: boolean;
  valido_de: string | null;
  valido_ate: string | null;
  custo_pontos: number | null;
  custo_centavos: number | string | null;
  limite_por_cliente: number | null;
  limite_periodo: PeriodoLimite;
  filiais: number[];
  status: string | null;
  cliente_nome: string;
  filial_valida: boolean;
  filial_nome: string | null;
  usuario_nome: string | null;
  contas: [number, TipoConta, number | string, boolean][];
  resgates_no_periodo: number;
  resgate_id: number;
};

/** The batch as the decision sees it, and the counters it keeps in memory while it decides in order. */
type Estado = {
  empresaId: number;
  sistema: Partial<Record<Unidade, number>>;
  /** Units left of each locked prize. */
  estoque: Map<number, number>;
  /** Redemptions this batch accepted, per prize and customer (the limit counts them with the recorded ones). */
  aceitosPorCliente: Map<string, number>;
};

type ResgateDecidido = { resgate: ResgatePremio; gravacao: Gravacao; premioId: number; comEstoque: boolean; custoCentavos: number; usuarioId: number };

/**
 * Decides one redemption under the batch's locks, with the checks and messages of docs/areas/premios.md
 * in their order: prize, stock, branch, customer, limit, accounts, balance and lots. Throws the ErroApi
 * that refuses it.
 */
async function decidirResgate(g: Grupo, r: NovoResgate, l: LinhaContexto, consumo: Consumo[], codigo: string, agora: Date, e: Estado): Promise<ResgateDecidido> {
  if (l.premio_id === null) throw erro.naoEncontrado('Prêmio não encontrado.');
  if (!l.ativo) throw erro.conflito('Este prêmio está inativo: não pode ser resgatado.');
  const hoje = hojeNoFuso();
  if ((l.valido_de && hoje < l.valido_de) || (l.valido_ate && hoje > l.valido_ate)) throw erro.conflito('Este prêmio está fora do período de validade.');
  const unidades = e.estoque.get(l.premio_id);
  if (unidades !== undefined && unidades <= 0) throw erro.conflito(MENSAGEM_SEM_ESTOQUE);
  const { filialId, informada } = filialDe(r);
  if (informada && !l.filial_valida) throw erro.naoEncontrado('Filial não encontrada.');
  if (filialId && l.filiais.length && !l.filiais.includes(filialId)) throw erro.conflito('Este prêmio não é retirado nesta loja.');
  if (l.status === null) throw erro.naoEncontrado('Cliente não encontrado.');
  if (l.status !== 'ATIVO') throw erro.conflito('Cliente bloqueado: resgate não permitido no programa.');
  const chaveLimite = `${l.premio_id}:${r.clienteId}`;
  if (l.limite_por_cliente !== null && l.resgates_no_periodo + (e.aceitosPorCliente.get(chaveLimite) ?? 0) >= l.limite_por_cliente) {
    throw erro.conflito(`Limite deste prêmio atingido: ${l.limite_por_cliente} ${l.limite_por_cliente === 1 ? 'resgate' : 'resgates'} por cliente ${ROTULOS_PERIODO_LIMITE[l.limite_periodo]}.`);
  }

  const custoPontos = l.custo_pontos ?? 0;
  const custoCentavos = Number(l.custo_centavos ?? 0);
  const custos: [Unidade, number][] = [];
  if (custoPontos) custos.push(['PONTOS', custoPontos]);
  if (custoCentavos) custos.push(['CASHBACK', custoCentavos]);
  const contas: ContaTravada[] = l.contas.map(([id, tipo, saldo, bloqueada]) => ({ id, clienteId: r.clienteId, tipo, saldo: Number(saldo), bloqueada }));
  const partidas: Movimento[] = [];
  for (const [unidade, valor] of custos) {
    const k = contas.find((x) => x.tipo === unidade);
    if (!k) throw erro.conflito(MENSAGEM_SALDO_INSUFICIENTE);
    if (k.bloqueada) throw erro.conflito(`A conta de ${unidade === 'PONTOS' ? 'pontos' : 'cashback'} deste cliente está bloqueada: o saldo não pode ser usado.`);
    // The prize's cost was read twice (context, lots) without its lock: a change in between must not take more lots than the posting debits.
    const tomado = consumo.filter((c) => c.contaId === k.id).reduce((s, c) => s + c.qtd, 0);
    if (tomado > valor) throw new Error('O custo do prêmio mudou durante o resgate.');
    e.sistema[unidade] ??= await contaSistema(await g.executor(), e.empresaId, unidade);
    partidas.push({ contaId: k.id, valor: -valor }, { contaId: e.sistema[unidade], valor });
  }
  const sistema: ContaTravada[] = custos.map(([u]) => ({ id: e.sistema[u]!, clienteId: null, tipo: `SISTEMA_${u}`, saldo: 0, bloqueada: false }));
  const lancamento: NovoLancamento = {
    empresaId: e.empresaId,
    tipo: 'RESGATE',
    descricao: `Resgate do prêmio ${l.nome} (código ${codigo})`.slice(0, 200),
    filialId,
    usuarioId: r.autor.usuarioId,
    referencia: { premioId: l.premio_id, codigo },
    partidas,
  };
  const plano = planejarLancamento(lancamento, [...contas, ...sistema]);
  await exigirLotesDisponiveis(() => g.executor(), lancamento, plano, consumo);

  if (unidades !== undefined) e.estoque.set(l.premio_id, unidades - 1);
  e.aceitosPorCliente.set(chaveLimite, (e.aceitosPorCliente.get(chaveLimite) ?? 0) + 1);
  return {
    premioId: l.premio_id,
    comEstoque: unidades !== undefined,
    custoCentavos,
    usuarioId: r.autor.usuarioId,
    gravacao: { l: lancamento, plano, consumo, novos: novosLotes(lancamento, plano, consumo, new Map()) },
    // The reply as `buscarResgate` reads the row back once written.
    resgate: {
      id: l.resgate_id,
      codigo,
      status: 'SOLICITADO',
      premioId: l.premio_id,
      premioNome: l.nome,
      fotoArquivoId: l.foto_arquivo_id,
      clienteId: r.clienteId,
      clienteNome: l.cliente_nome,
      filialId,
      filialNome: l.filial_nome,
      custoPontos,
      custoCashback: centavosParaReais(custoCentavos),
      usuarioNome: l.usuario_nome,
      criadoEm: agora.toISOString(),
      retiradoEm: null,
      canceladoEm: null,
      motivoCancelamento: null,
    },
  };
}

/** The redemption rows and their first status, as CTEs of the postings' write statement: each names its posting by `ord`. */
function sqlLinhasResgate(empresaId: number, aceitos: ResgateDecidido[]): SQL[] {
  const linhas = aceitos.map((d, i) => ({
    ord: i + 1,
    id: d.resgate.id,
    premio_id: d.premioId,
    cliente_id: d.resgate.clienteId,
    filial_id: d.resgate.filialId,
    codigo: d.resgate.codigo,
    custo_pontos: d.resgate.custoPontos,
    custo_centavos: d.custoCentavos,
    usuario_id: d.usuarioId,
  }));
  const json = JSON.stringify(linhas);
  const x = sql`json_to_recordset(${json}::json) as x(ord int, id int, premio_id int, cliente_id int, filial_id int, codigo varchar, custo_pontos int, custo_centavos bigint, usuario_id int)`;
  return [
    sql`
      insert into premio_resgate (id, empresa_id, premio_id, cliente_id, filial_id, codigo, custo_pontos, custo_centavos, lancamento_id, usuario_id)
      select x.id, ${empresaId}, x.premio_id, x.cliente_id, x.filial_id, x.codigo, x.custo_pontos, x.custo_centavos, ids.id, x.usuario_id
      from ${x} join ids on ids.ord = x.ord`,
    sql`
      insert into premio_resgate_historico (empresa_id, resgate_id, de, para, usuario_id)
      select ${empresaId}, x.id, null, 'SOLICITADO', x.usuario_id from ${x}`,
  ];
}

/** The stock the accepted redemptions take, per prize — under the prize's lock, so the condition only guards the CHECK's floor. */
function sqlBaixarEstoque(empresaId: number, porPremio: Map<number, number>): SQL {
  return sql`
    update premio set estoque = premio.estoque - x.n
    from unnest(${arrayPg([...porPremio.keys()])}::int[], ${arrayPg([...porPremio.values()])}::int[]) as x(id, n)
    where premio.id = x.id and premio.empresa_id = ${empresaId} and premio.estoque >= x.n`;
}

/**
 * The second half of a batch: each redemption decided in order on the rows `lerResgates` read, with
 * the stock and the per-customer limit counted in memory, and the statements sent with the COMMIT —
 * the postings with the redemption rows and their history, the stock, the vouchers queued on
 * WhatsApp (when the company has a number) and the lots given back to the refused redemptions.
 */
export async function decidirResgates(g: Grupo, rs: NovoResgate[], codigos: string[], lidas: Linha[][], ativos: boolean[]): Promise<Decididos<ResgatePremio>> {
  const empresaId = rs[0]!.autor.empresaId;
  const [[lote], usados, , contexto, consumidos, premios] = lidas as [Linha[], Linha[], Linha[], Linha[], Linha[], Linha[]];
  const c = lote as { agora: Date | string; sistema: Partial<Record<`SISTEMA_${Unidade}`, number>>; loja: string | null; instancia: number | null };
  const agora = new Date(c.agora);
  const consumo = lerConsumo(consumidos);
  const e: Estado = {
    empresaId,
    sistema: { PONTOS: c.sistema.SISTEMA_PONTOS, CASHBACK: c.sistema.SISTEMA_CASHBACK },
    estoque: new Map(premios.map((p) => [Number(p.id), Number(p.estoque)])),
    aceitosPorCliente: new Map(),
  };
  await redesenharCodigosUsados(g, empresaId, codigos, usados.map((u) => String(u.codigo)));

  const contasDoLote = new Set(contexto.flatMap((l) => (l as LinhaContexto).contas.map(([id]) => id)));
  // The lots statement read the prize's cost again: a unit that became paid in between took lots of an account the decision does not know.
  if (consumo.some((k) => !contasDoLote.has(k.contaId))) throw new Error('O custo do prêmio mudou durante o resgate.');

  const resultados: (ResgatePremio | ErroApi | null)[] = [];
  const aceitos: ResgateDecidido[] = [];
  const devolver: Consumo[] = [];
  for (const [i, r] of rs.entries()) {
    const l = contexto[i] as LinhaContexto;
    const contas = new Set(l.contas.map(([id]) => id));
    const seu = consumo.filter((k) => contas.has(k.contaId));
    if (!ativos[i]) {
      devolver.push(...seu);
      resultados.push(null);
      continue;
    }
    try {
      const d = await decidirResgate(g, r, l, seu, codigos[i]!, agora, e);
      aceitos.push(d);
      resultados.push(d.resgate);
    } catch (x) {
      if (!(x instanceof ErroApi)) throw x;
      devolver.push(...seu);
      resultados.push(x);
    }
  }

  const instrucoes: SQL[] = [];
  if (aceitos.length > 0) {
    instrucoes.push(sqlGravarLancamentos(empresaId, aceitos.map((d) => d.gravacao), sqlLinhasResgate(empresaId, aceitos)));
    const porPremio = new Map<number, number>();
    for (const d of aceitos) if (d.comEstoque) porPremio.set(d.premioId, (porPremio.get(d.premioId) ?? 0) + 1);
    if (porPremio.size > 0) instrucoes.push(sqlBaixarEstoque(empresaId, porPremio));
    // The voucher goes at once on WhatsApp when the company has a number; without one the redemption
    // still stands (and the counter can re-send it, by e-mail too).
    if (c.instancia !== null) {
      const mensagens = aceitos.map((d) => ({ clienteId: d.resgate.clienteId, texto: textoComprovante(d.resgate, c.loja ?? ''), origemId: d.resgate.id }));
      instrucoes.push(sqlEnfileirarCada({ empresaId, instanciaId: Number(c.instancia), origem: ORIGEM_COMPROVANTE, mensagens }));
    }
  }
  if (devolver.length > 0) instrucoes.push(sqlRestaurarLotes(empresaId, devolver.map((k) => [k.creditoId, k.qtd])));
  return { resultados, instrucoes };
}

/** The codes of a batch, distinct. */
function sortearCodigos(n: number): string[] {
  const s = new Set<string>();
  while (s.size < n) s.add(novoCodigo());
  return [...s];
}

/** A code already taken (1 in 10^12) is drawn again until free; the unique index is the last barrier. */
async function redesenharCodigosUsados(g: Grupo, empresaId: number, codigos: string[], usados: string[]): Promise<void> {
  while (usados.length > 0) {
    const fora = new Set([...codigos, ...usados]);
    const novos: string[] = [];
    for (const u of usados) {
      let n = novoCodigo();
      while (fora.has(n)) n = novoCodigo();
      fora.add(n);
      codigos[codigos.indexOf(u)] = n;
      novos.push(n);
    }
    const [linhas] = await g.enviar([sqlCodigosUsados(empresaId, novos)]);
    usados = linhas!.map((l) => String(l.codigo));
  }
}

/**
 * The prize redemptions of all the counters and the back office, in batches
 * (docs/decisions/042-resgates-em-lote.md): one batch per company at a time, one redemption per
 * customer per batch, two round-trips each (lib/lote-de-postagens.ts).
 */
export function criarResgatesEmLote(banco: Banco): Agrupador<PedidoResgate, ResgatePremio> {
  // Drawn per batch and kept with it: a batch that runs again (another process took a key) keeps its codes.
  const codigosDoLote = new WeakMap<PedidoResgate[], string[]>();
  const codigos = (lote: PedidoResgate[]) => {
    let c = codigosDoLote.get(lote);
    if (!c) codigosDoLote.set(lote, (c = sortearCodigos(lote.length)));
    return c;
  };
  return criarLoteDePostagens<PedidoResgate, ResgatePremio, ResgatePremio>(banco, {
    empresa: (p) => p.resgate.autor.empresaId,
    chaves: (p) => [`cliente:${p.resgate.clienteId}`],
    ler: (lote) =>
      lerResgates(
        lote.map((p) => p.resgate),
        codigos(lote),
      ),
    decidir: (g, lote, lidas, ativos) =>
      decidirResgates(
        g,
        lote.map((p) => p.resgate),
        codigos(lote),
        lidas,
        ativos,
      ),
    resposta: (r) => r,
  });
}
