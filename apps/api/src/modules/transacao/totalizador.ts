import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  centavosParaReais,
  formatarBRL,
  formatarData,
  type TotaisDia,
  type TotaisDiaFilial,
  type TotaisFilial,
  type TotaisVendas,
  type Totalizador,
  type TotalizadorFiltro,
} from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { empresa, transacao, usuario } from '../../db/schema/index.js';
import { relatorioPdf } from '../../lib/pdf.js';
import { FUSO } from '../../lib/fuso.js';

/** Calendar days of the report are days in Brasília (the company's zone is not per sale yet). */

type Centavos = { quantidade: number; valor: number; resgate: number; cashback: number; pontos: number; canceladas: number; valorCanceladas: number };
const ZERO: Centavos = { quantidade: 0, valor: 0, resgate: 0, cashback: 0, pontos: 0, canceladas: 0, valorCanceladas: 0 };
const CAMPOS = Object.keys(ZERO) as (keyof Centavos)[];

function somar(a: Centavos, b: Centavos): Centavos {
  return Object.fromEntries(CAMPOS.map((k) => [k, a[k] + b[k]])) as Centavos;
}

/** Integers all the way to here; reais only on the way out, so the totals add up to the centavo. */
function emReais(c: Centavos): TotaisVendas {
  return {
    quantidade: c.quantidade,
    valor: centavosParaReais(c.valor),
    resgate: centavosParaReais(c.resgate),
    cashback: centavosParaReais(c.cashback),
    pontos: c.pontos,
    canceladas: c.canceladas,
    valorCanceladas: centavosParaReais(c.valorCanceladas),
  };
}

const soma = (coluna: SQL, condicao: SQL) => sql<number>`coalesce(sum(${coluna}) filter (where ${condicao}), 0)::bigint`.mapWith(Number);

/**
 * Sales of the period per day (by the day the sale was made) and branch, within `filiais` (the
 * branches the caller may see: tenant.ts `sqlFiliaisVisiveis`). Quantities and amounts
 * count the sales that stand (CONFIRMADA); a sale cancelled later counts in `canceladas` of the
 * day it was made, so a reprint of a closed day changes only by cancellations.
 */
export async function totalizar(tx: Executor, empresaId: number, f: TotalizadorFiltro, filiais?: SQL): Promise<Totalizador> {
  const filial = alias(empresa, 'filial');
  const dia = sql<string>`to_char((${transacao.criadoEm} at time zone ${FUSO})::date, 'YYYY-MM-DD')`;
  const confirmada = sql`${transacao.status} = 'CONFIRMADA'`;
  const cancelada = sql`${transacao.status} = 'CANCELADA'`;
  const brutas = await tx
    .select({
      dia,
      filialId: transacao.filialId,
      filialNome: filial.nomeCurto,
      quantidade: sql<number>`count(*) filter (where ${confirmada})`.mapWith(Number),
      valor: soma(sql`${transacao.valorCentavos}`, confirmada),
      resgate: soma(sql`${transacao.resgateCentavos}`, confirmada),
      cashback: soma(sql`${transacao.cashbackCentavos}`, confirmada),
      pontos: soma(sql`${transacao.pontos}`, confirmada),
      canceladas: sql<number>`count(*) filter (where ${cancelada})`.mapWith(Number),
      valorCanceladas: soma(sql`${transacao.valorCentavos}`, cancelada),
    })
    .from(transacao)
    .leftJoin(filial, eq(filial.id, transacao.filialId))
    .where(
      and(
        eq(transacao.empresaId, empresaId),
        sql`${transacao.criadoEm} >= (${f.de}::date)::timestamp at time zone ${FUSO}`,
        sql`${transacao.criadoEm} < (${f.ate}::date + 1)::timestamp at time zone ${FUSO}`,
        f.filialId ? eq(transacao.filialId, f.filialId) : undefined,
        f.usuarioId ? eq(transacao.usuarioId, f.usuarioId) : undefined,
        filiais,
      ),
    )
    // By position: the day expression carries a bound parameter, and PostgreSQL does not see two
    // separately bound copies of it as the same expression.
    .groupBy(sql`1`, sql`2`, sql`3`)
    .orderBy(sql`1`, sql`3`);

  const porDia = new Map<string, Centavos>();
  const porFilial = new Map<number | null, { nome: string | null; c: Centavos }>();
  let total = ZERO;
  const linhas: TotaisDiaFilial[] = [];
  for (const { dia: d, filialId, filialNome, ...c } of brutas) {
    porDia.set(d, somar(porDia.get(d) ?? ZERO, c));
    const f0 = porFilial.get(filialId);
    porFilial.set(filialId, { nome: filialNome, c: somar(f0?.c ?? ZERO, c) });
    total = somar(total, c);
    linhas.push({ dia: d, filialId, filialNome, ...emReais(c) });
  }
  return {
    linhas,
    porDia: [...porDia].map(([d, c]): TotaisDia => ({ dia: d, ...emReais(c) })),
    porFilial: [...porFilial]
      .map(([filialId, { nome, c }]): TotaisFilial => ({ filialId, filialNome: nome, ...emReais(c) }))
      .sort((a, b) => (a.filialNome ?? '').localeCompare(b.filialNome ?? '', 'pt-BR')),
    total: emReais(total),
  };
}

/** The names the PDF's subtitle shows for the filters, read within the caller's network only. */
async function nomesDosFiltros(tx: Executor, empresaId: number, f: TotalizadorFiltro) {
  const [loja] = f.filialId
    ? await tx.select({ nome: empresa.nomeCurto }).from(empresa).where(and(eq(empresa.id, f.filialId), eq(empresa.matrizId, empresaId))).limit(1)
    : [];
  const [atendente] = f.usuarioId
    ? await tx.select({ nome: usuario.nome }).from(usuario).where(and(eq(usuario.id, f.usuarioId), eq(usuario.empresaId, empresaId))).limit(1)
    : [];
  const [rede] = await tx.select({ nome: empresa.nome }).from(empresa).where(eq(empresa.id, empresaId)).limit(1);
  return { loja: loja?.nome ?? null, atendente: atendente?.nome ?? null, rede: rede?.nome };
}

type LinhaPdf = TotaisVendas & { dia: string; loja: string };

/** POST transacao/impressao/totalizador: the same totals as an A4 PDF, with the branch subtotals at the end. */
export async function totalizadorPdf(tx: Executor, empresaId: number, f: TotalizadorFiltro, filiais?: SQL): Promise<Buffer> {
  const t = await totalizar(tx, empresaId, f, filiais);
  const nomes = await nomesDosFiltros(tx, empresaId, f);
  const linhas: LinhaPdf[] = [
    ...t.linhas.map((l) => ({ ...l, dia: formatarData(l.dia), loja: l.filialNome ?? '—' })),
    ...(t.porFilial.length > 1 ? t.porFilial.map((l) => ({ ...l, dia: 'Subtotal', loja: l.filialNome ?? '—' })) : []),
    { ...t.total, dia: 'Total', loja: f.filialId ? (nomes.loja ?? '—') : 'Todas as lojas' },
  ];
  const brl = (campo: 'valor' | 'resgate' | 'cashback' | 'valorCanceladas') => (l: LinhaPdf) => formatarBRL(l[campo]);
  return relatorioPdf<LinhaPdf>({
    titulo: 'Totalizador de vendas',
    empresa: nomes.rede,
    subtitulo: [
      `De ${formatarData(f.de)} a ${formatarData(f.ate)}`,
      f.filialId ? `Loja ${nomes.loja ?? '—'}` : 'Todas as lojas',
      f.usuarioId ? `Atendente ${nomes.atendente ?? '—'}` : null,
    ]
      .filter(Boolean)
      .join(' · '),
    paisagem: true,
    resumo: [
      ['Vendas', t.total.quantidade.toLocaleString('pt-BR')],
      ['Valor', formatarBRL(t.total.valor)],
      ['Cashback usado', formatarBRL(t.total.resgate)],
      ['Cashback gerado', formatarBRL(t.total.cashback)],
      ['Pontos', t.total.pontos.toLocaleString('pt-BR')],
      ['Canceladas', `${t.total.canceladas} · ${formatarBRL(t.total.valorCanceladas)}`],
    ],
    linhas: t.linhas.length === 0 ? [] : linhas,
    colunas: [
      { titulo: 'Dia', valor: (l) => l.dia, largura: 'auto' },
      { titulo: 'Loja', valor: (l) => l.loja },
      { titulo: 'Vendas', valor: (l) => l.quantidade.toLocaleString('pt-BR'), largura: 'auto', alinhamento: 'right' },
      { titulo: 'Valor', valor: brl('valor'), largura: 'auto', alinhamento: 'right' },
      { titulo: 'Cashback usado', valor: brl('resgate'), largura: 'auto', alinhamento: 'right' },
      { titulo: 'Cashback gerado', valor: brl('cashback'), largura: 'auto', alinhamento: 'right' },
      { titulo: 'Pontos', valor: (l) => l.pontos.toLocaleString('pt-BR'), largura: 'auto', alinhamento: 'right' },
      { titulo: 'Canceladas', valor: (l) => l.canceladas.toLocaleString('pt-BR'), largura: 'auto', alinhamento: 'right' },
      { titulo: 'Valor cancelado', valor: brl('valorCanceladas'), largura: 'auto', alinhamento: 'right' },
    ],
  });
}
