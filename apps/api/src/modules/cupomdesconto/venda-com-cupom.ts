import { centavosParaReais } from '@bonifica/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { erro } from '../../lib/erros.js';
import type { Linha } from '../../lib/transacao-agrupada.js';
import { arrayPg } from '../account/index.js';
import { registrarCuponsNaVenda, type CupomDaVenda, type CuponsDoLote, type PedidoCupom } from '../transacao/index.js';
import { campanhaLimitada, sqlCampanhaLimitada, sqlSomarNoContador, sqlUsosDaCampanha } from './contador.js';
import { beneficioDoCupom, conferirCupom, MENSAGEM_CUPOM_NAO_ENCONTRADO, sqlHojeEmBrasilia, type CampanhaDoCupom, type CodigoDoCupom, type CupomEncontrado } from './uso.js';

/**
 * A counter sale with a coupon (POST transacao/venda with `cupom`) goes in the batch of sales like
 * any other (docs/decisions/041-cupom-no-lote-de-vendas.md): the batch's first round-trip locks the
 * coupons' rows before the accounts and reads them; the coupons are decided in memory in sale order
 * with the batch's own uses counted; the uses, the counters and the bonus postings are written by
 * the batch's one write statement.
 */

const MENSAGEM_RESGATE_ACIMA_DO_A_PAGAR = 'O resgate não pode ser maior que o valor a pagar com o desconto do cupom.';

function jsonPedidos(pedidos: (PedidoCupom | null)[]): string {
  return JSON.stringify(pedidos.flatMap((p, ord) => (p ? [{ ord, codigo: p.codigo, cliente_id: p.clienteId }] : [])));
}

const instante = (criadoEm: Date | undefined) => sql`coalesce(${criadoEm ? criadoEm.toISOString() : null}::timestamptz, now())`;

// Codes, keywords and campaigns are looked up one by one on their unique indexes (LATERAL with LIMIT,
// which the planner does not flatten into a join; `id = any(array(…))`): with the generic plan a join
// read every code of the company when the table had no statistics yet (a batch just generated: 67 ms
// for 80,000 codes), and every campaign of the company in both statements (docs/decisions/041 §3).

/**
 * Locks the coupons of a batch: the limited campaigns, then the codes, each in id order. The codes'
 * statement waits for the campaigns' (a one-time filter on their count), so every campaign is locked
 * before any code; the sale's context statement locks the accounts after this one.
 */
function sqlTravarCupons(empresaId: number, pedidos: (PedidoCupom | null)[]): SQL {
  return sql`
    with p as materialized (select codigo from json_to_recordset(${jsonPedidos(pedidos)}::json) as p(codigo varchar)),
    k as materialized (
      select k.id, k.cupom_id from p
      cross join lateral (select id, cupom_id from cupom_desconto_codigo where empresa_id = ${empresaId} and codigo = p.codigo limit 1) k),
    campanhas as materialized (
      select id from cupom_desconto
      where id = any(array(
              select cupom_id from k
              union select c.id from p cross join lateral (select id from cupom_desconto where empresa_id = ${empresaId} and palavra_chave = p.codigo limit 1) c))
        and empresa_id = ${empresaId} and ${sqlCampanhaLimitada}
      order by id for update),
    codigos as materialized (
      select id from cupom_desconto_codigo
      where id in (select id from k) and (select count(*) from campanhas) >= 0
      order by id for update)
    select (select count(*) from campanhas)::int as campanhas, (select count(*) from codigos)::int as codigos`;
}

/**
 * The coupons of a batch as the rules need them, one row per sale with a coupon: the campaign (by
 * code, else by keyword; read once per campaign, with its uses), the code, the customer's uses in
 * force, today in Brasília. A statement of its own after the locks: its snapshot sees the uses
 * committed by whoever held them before.
 */
function sqlLerCupons(empresaId: number, pedidos: (PedidoCupom | null)[], criadoEm: Date | undefined): SQL {
  return sql`
    with p as materialized (select * from json_to_recordset(${jsonPedidos(pedidos)}::json) as p(ord int, codigo varchar, cliente_id int)),
    a as materialized (
      select p.ord, p.cliente_id, k.id as codigo_id, k.usos as codigo_usos, k.maximo_usos, k.cliente_id as codigo_cliente_id,
             coalesce(k.cupom_id, (select c.id from cupom_desconto c where c.empresa_id = ${empresaId} and c.palavra_chave = p.codigo)) as cupom_id
      from p left join lateral (select * from cupom_desconto_codigo where empresa_id = ${empresaId} and codigo = p.codigo limit 1) k on true),
    c as materialized (
      select c.id, c.usos_por_cliente, json_build_object(
        'id', c.id, 'empresaId', c.empresa_id, 'nome', c.nome, 'ativo', c.ativo, 'dataVencimento', to_char(c.data_vencimento, 'YYYY-MM-DD'),
        'vencimentoDiaSemana', c.vencimento_dia_semana, 'filiais', c.filiais, 'compraMinimaCentavos', c.compra_minima_centavos,
        'usosTotal', c.usos_total, 'usos', ${sqlUsosDaCampanha(sql`c.usos`, sql`c.id`)}, 'usosPorCliente', c.usos_por_cliente,
        'beneficio', c.beneficio, 'percentualBp', c.percentual_bp, 'valorCentavos', c.valor_centavos) as campanha
      from (select distinct cupom_id from a where cupom_id is not null) d
      cross join lateral (select * from cupom_desconto c where c.id = d.cupom_id and c.empresa_id = ${empresaId} limit 1) c)
    select a.ord, c.campanha,
      case when a.codigo_id is not null then json_build_object('id', a.codigo_id, 'usos', a.codigo_usos, 'maximoUsos', a.maximo_usos, 'clienteId', a.codigo_cliente_id) end as codigo,
      case when c.usos_por_cliente is null then 0 else (
        select count(*)::int from cupom_desconto_uso u
        where u.empresa_id = ${empresaId} and u.cupom_id = c.id and u.cliente_id = a.cliente_id and u.status = 'USADO') end as usos_do_cliente,
      ${sqlHojeEmBrasilia(instante(criadoEm))}
    from a left join c on c.id = a.cupom_id
    order by a.ord`;
}

type LinhaCupom = { ord: number; campanha: CampanhaDoCupom | null; codigo: CodigoDoCupom | null; usos_do_cliente: number; hoje: string; dia: number };

/** A coupon applied to sale i: what the write records. */
type Aplicado = { cupomId: number; codigoId: number | null; desconto: number; bonus: number; limitada: boolean };

/** A use as the batch's write records it (`ord_bonus`: its bonus posting's `ord` in `ids`, null without bonus). */
type LinhaUso = {
  cupom_id: number;
  codigo_id: number | null;
  codigo: string;
  transacao_id: number;
  cliente_id: number;
  filial_id: number | null;
  valor_bruto: number;
  desconto: number;
  bonus: number;
  ord_bonus: number | null;
  usuario_id: number | null;
  limitada: boolean;
};

/**
 * The batch's write, as CTEs of the postings' statement: the uses (the bonus posting's id from
 * `ids`), the campaigns' counters and the codes' counters (locked since the first round-trip; found
 * by the primary key, whatever the statistics say). A campaign with limits counts on its own row,
 * locked since the first round-trip (the lock here, in id order by a one-time filter, only repeats
 * it); one without counts on this connection's row of its counter (contador.ts) and its own row is
 * never locked: when every batch moved it, batches waited for each other's COMMIT there and
 * coupon sales ran at 0.75× plain ones (bench/RESULTS.md, 28/11). A counter no use of the batch
 * moves is left out of the statement (a keyword moves no code, most campaigns have no limits).
 */
function sqlEscrita(empresaId: number, usos: LinhaUso[], criadoEm: Date | undefined): SQL[] {
  const limitadas = usos.filter((u) => u.limitada).map((u) => u.cupom_id);
  const livres = usos.filter((u) => !u.limitada).map((u) => u.cupom_id);
  const codigos = usos.flatMap((u) => (u.codigo_id === null ? [] : [u.codigo_id]));
  return [
    sql`
      insert into cupom_desconto_uso (empresa_id, cupom_id, codigo_id, codigo, transacao_id, cliente_id, filial_id, valor_bruto_centavos,
                                      desconto_centavos, bonus_centavos, lancamento_id, usuario_id, criado_em)
      select ${empresaId}, x.cupom_id, x.codigo_id, x.codigo, x.transacao_id, x.cliente_id, x.filial_id, x.valor_bruto,
             x.desconto, x.bonus, ids.id, x.usuario_id, ${instante(criadoEm)}
      from json_to_recordset(${JSON.stringify(usos)}::json)
           as x(cupom_id int, codigo_id int, codigo varchar, transacao_id int, cliente_id int, filial_id int, valor_bruto bigint,
                desconto bigint, bonus bigint, ord_bonus int, usuario_id int)
      left join ids on ids.ord = x.ord_bonus`,
    ...(limitadas.length > 0
      ? [
          sql`
      update cupom_desconto c set usos = c.usos + d.n
      from (select x as cupom_id, count(*)::int as n from unnest(${arrayPg(limitadas)}::int[]) x group by x) d
      where c.id = d.cupom_id and c.empresa_id = ${empresaId}
        and (select count(*) from (select id from cupom_desconto where id = any(${arrayPg(limitadas)}::int[]) order by id for no key update) t) >= 0`,
        ]
      : []),
    ...(livres.length > 0 ? [sqlSomarNoContador(empresaId, sql`select x as cupom_id, count(*)::int as n from unnest(${arrayPg(livres)}::int[]) x group by x`)] : []),
    // A join on the primary key: with `id = any(…) and empresa_id = …` the generic plan ANDed the
    // company's whole index of codes into a bitmap (12–17 ms with 300,000 codes, every batch).
    ...(codigos.length > 0
      ? [
          sql`
      update cupom_desconto_codigo k set usos = k.usos + x.n
      from (select x as codigo_id, count(*)::int as n from unnest(${arrayPg(codigos)}::int[]) x group by x) x
      where k.id = x.codigo_id and k.empresa_id = ${empresaId}`,
        ]
      : []),
  ];
}

function mais<K>(m: Map<K, number>, k: K): void {
  m.set(k, (m.get(k) ?? 0) + 1);
}

function decidirCupons(empresaId: number, pedidos: (PedidoCupom | null)[], lidas: [Linha[], Linha[]]): CuponsDoLote {
  const linhas = new Map(lidas[1].map((l) => [Number(l.ord), l as LinhaCupom]));
  // The uses this batch accepted so far: the limits count them with those read.
  const daCampanha = new Map<number, number>();
  const doCodigo = new Map<number, number>();
  const doCliente = new Map<string, number>();
  const aplicados = new Map<number, Aplicado>();

  function encontrado(i: number): { e: CupomEncontrado; l: LinhaCupom } {
    const l = linhas.get(i);
    if (!l?.campanha) throw erro.naoEncontrado(MENSAGEM_CUPOM_NAO_ENCONTRADO);
    const c = l.campanha;
    const campanha = { ...c, usos: c.usos + (daCampanha.get(c.id) ?? 0) };
    const codigo = l.codigo && { ...l.codigo, usos: l.codigo.usos + (doCodigo.get(l.codigo.id) ?? 0) };
    return { e: { campanha, codigo, texto: pedidos[i]!.codigo }, l };
  }

  return {
    previa(i) {
      const l = linhas.get(i);
      return l?.campanha ? beneficioDoCupom(l.campanha, pedidos[i]!.valorCentavos) : null;
    },
    aplicar(i): CupomDaVenda {
      const p = pedidos[i]!;
      const { e, l } = encontrado(i);
      const c = e.campanha;
      conferirCupom(e, p, { hoje: l.hoje, dia: Number(l.dia), usosDoCliente: Number(l.usos_do_cliente) + (doCliente.get(`${c.id}:${p.clienteId}`) ?? 0) });
      const { desconto, bonus } = beneficioDoCupom(c, p.valorCentavos);
      const aPagar = p.valorCentavos - desconto;
      if (p.resgateCentavos > aPagar) throw erro.requisicao(MENSAGEM_RESGATE_ACIMA_DO_A_PAGAR);
      // As the first round-trip locked it (sqlCampanhaLimitada): a campaign with limits counts on its own row.
      aplicados.set(i, { cupomId: c.id, codigoId: e.codigo?.id ?? null, desconto, bonus, limitada: campanhaLimitada(c) });
      return {
        desconto,
        bonus,
        lancamentoBonus: (transacaoId) => ({
          descricao: `Bônus do cupom ${e.texto} (venda ${transacaoId})`.slice(0, 200),
          referencia: { cupomId: c.id, codigo: e.texto, transacaoId },
        }),
        resposta: { cupomId: c.id, nome: c.nome, codigo: e.texto, desconto: centavosParaReais(desconto), bonus: centavosParaReais(bonus), valorAPagar: centavosParaReais(aPagar) },
      };
    },
    usar(i) {
      const a = aplicados.get(i)!;
      mais(daCampanha, a.cupomId);
      if (a.codigoId !== null) mais(doCodigo, a.codigoId);
      mais(doCliente, `${a.cupomId}:${pedidos[i]!.clienteId}`);
    },
    escrita(criadoEm, usos) {
      const linhasUso = usos.map((u): LinhaUso => {
        const a = aplicados.get(u.indice)!;
        const p = pedidos[u.indice]!;
        return {
          cupom_id: a.cupomId,
          codigo_id: a.codigoId,
          codigo: p.codigo,
          transacao_id: u.transacaoId,
          cliente_id: p.clienteId,
          filial_id: p.filialId,
          valor_bruto: p.valorCentavos,
          desconto: a.desconto,
          bonus: a.bonus,
          ord_bonus: u.ordBonus,
          usuario_id: u.usuarioId,
          limitada: a.limitada,
        };
      });
      return sqlEscrita(empresaId, linhasUso, criadoEm);
    },
  };
}

registrarCuponsNaVenda({
  ler: (empresaId, pedidos, criadoEm) => [sqlTravarCupons(empresaId, pedidos), sqlLerCupons(empresaId, pedidos, criadoEm)],
  decidir: decidirCupons,
});
