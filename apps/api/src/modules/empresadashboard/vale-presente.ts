import { agrupamentoDoPeriodo, type DashboardPrepago } from '@bonifica/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import type { Faixa } from './consultas.js';
import { diaLocal, noIntervalo } from './fusos.js';
import { baldes, reais, type Painel } from './painel.js';
import { linhas } from './resumo.js';

type Numeros = { vendidos: number; carregado: number; usado: number; devolvido: number; vencido: number };
const zero = (): Numeros => ({ vendidos: 0, carregado: 0, usado: 0, devolvido: 0, vencido: 0 });
const daFilial = (coluna: string, filialId: number | null): SQL => (filialId === null ? sql`` : sql` and ${sql.raw(coluna)} = ${filialId}`);

/**
 * POST empresadashboard/vendasprepago (docs/areas/vale-presente.md "Dashboard"): the gift cards'
 * figures by day (or month), read from the ledger's VALE_PRESENTE account so they add up with it —
 * loaded = the cards' sales; used = their part in sales, less what cancelled sales gave back;
 * refunded = cancelled cards — plus the cards sold (count), the balance that lapsed on the cards
 * whose validity ended in the bucket, and the balance outstanding at the end of each bucket. The
 * customers' own prepaid accounts (creditado/utilizado) keep coming from the day's summary.
 */
export async function painelPrepago(tx: Executor, f: Faixa, p: Painel): Promise<DashboardPrepago> {
  const agrupamento = agrupamentoDoPeriodo(f.de, f.ate);
  const chave = (dia: string) => (agrupamento === 'MES' ? dia.slice(0, 7) : dia);
  const porBalde = new Map(baldes(f.de, f.ate, agrupamento).map((b) => [b, zero()]));
  const somar = (dia: string, k: keyof Numeros, v: number) => {
    const b = porBalde.get(chave(dia));
    if (b && dia >= f.de && dia <= f.ate) b[k] += v;
  };
  const movimentos = await linhas<{ dia: string; carregado: string; usado: string; devolvido: string }>(
    tx,
    sql`
      select ${diaLocal(f.fusos, sql`l.criado_em`, sql`l.filial_id`)}::text as dia,
             sum(case when l.tipo = 'VALE_PRESENTE' and p.valor > 0 then p.valor else 0 end)::bigint as carregado,
             sum(case when l.tipo = 'VENDA' or (l.tipo = 'ESTORNO' and o.tipo = 'VENDA') then -p.valor else 0 end)::bigint as usado,
             sum(case when (l.tipo = 'VALE_PRESENTE' and p.valor < 0) or (l.tipo = 'ESTORNO' and o.tipo = 'VALE_PRESENTE') then -p.valor else 0 end)::bigint as devolvido
      from partida p
      join conta c on c.id = p.conta_id and c.empresa_id = ${f.empresaId} and c.tipo = 'VALE_PRESENTE'
      join lancamento l on l.id = p.lancamento_id and l.empresa_id = ${f.empresaId}
      left join lancamento o on o.id = l.estorno_de_id and o.empresa_id = ${f.empresaId}
      where p.empresa_id = ${f.empresaId} and ${noIntervalo(f.fusos, f.de, f.ate, 'l.criado_em')}${daFilial('l.filial_id', f.filialId)}
      group by 1`,
  );
  for (const m of movimentos) {
    somar(m.dia, 'carregado', Number(m.carregado));
    somar(m.dia, 'usado', Number(m.usado));
    somar(m.dia, 'devolvido', Number(m.devolvido));
  }
  const vendidos = await linhas<{ dia: string; n: number }>(
    tx,
    sql`select ${diaLocal(f.fusos, sql`criado_em`, sql`filial_id`)}::text as dia, count(*)::int as n from vale_presente
        where empresa_id = ${f.empresaId} and ${noIntervalo(f.fusos, f.de, f.ate, 'criado_em')}${daFilial('filial_id', f.filialId)} group by 1`,
  );
  for (const v of vendidos) somar(v.dia, 'vendidos', Number(v.n));
  // Lapsed: what is left today on live cards whose last valid day is in the bucket and already past.
  const vencidos = await linhas<{ dia: string; saldo: string }>(
    tx,
    sql`select (v.valido_ate + 1)::text as dia,
               sum(v.valor_centavos - v.devolvido_centavos - coalesce((select sum(u.valor_centavos) from vale_presente_uso u join transacao t on t.id = u.transacao_id
                 where u.vale_presente_id = v.id and t.status = 'CONFIRMADA'), 0))::bigint as saldo
        from vale_presente v
        where v.empresa_id = ${f.empresaId} and v.status = 'ATIVO' and v.valido_ate + 1 between ${f.de}::date and least(${f.ate}::date, current_date)${daFilial('v.filial_id', f.filialId)}
        group by 1`,
  );
  for (const v of vencidos) somar(v.dia, 'vencido', Number(v.saldo));
  // The balance outstanding before the range, then carried bucket by bucket.
  const [antes] = await linhas<{ saldo: string | null }>(
    tx,
    sql`select sum(p.valor)::bigint as saldo from partida p
        join conta c on c.id = p.conta_id and c.empresa_id = ${f.empresaId} and c.tipo = 'VALE_PRESENTE'
        join lancamento l on l.id = p.lancamento_id and l.empresa_id = ${f.empresaId}
        where p.empresa_id = ${f.empresaId} and l.criado_em < ${sql`(${f.de}::date)::timestamp at time zone 'America/Sao_Paulo'`}${daFilial('l.filial_id', f.filialId)}`,
  );
  let emAberto = Number(antes?.saldo ?? 0);
  const total = zero();
  const serie = [...porBalde].map(([periodo, n], i) => {
    emAberto += n.carregado - n.usado - n.devolvido;
    for (const k of Object.keys(n) as (keyof Numeros)[]) total[k] += n[k];
    const pp = p.serie[i];
    return {
      periodo,
      creditado: reais(pp?.prepagoCreditado ?? 0),
      utilizado: reais(pp?.prepagoUtilizado ?? 0),
      valesVendidos: n.vendidos,
      carregado: reais(n.carregado),
      usado: reais(n.usado),
      devolvido: reais(n.devolvido),
      vencido: reais(n.vencido),
      emAberto: reais(emAberto),
    };
  });
  return {
    periodo: p.periodo,
    totais: {
      creditado: reais(p.total.prepagoCreditado),
      utilizado: reais(p.total.prepagoUtilizado),
      valesVendidos: total.vendidos,
      carregado: reais(total.carregado),
      usado: reais(total.usado),
      devolvido: reais(total.devolvido),
      vencido: reais(total.vencido),
      emAberto: reais(emAberto),
    },
    serie,
  };
}
