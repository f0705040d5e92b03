import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, asc, count, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  filtroAniversariantesSchema,
  hojeISO,
  paginaParamsSchema,
  PODE_CONSULTAR_CLIENTES,
  type Aniversariante,
  type FiltroAniversariantes,
} from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { cliente, clienteConsentimento, empresa } from '../../db/schema/index.js';
import { pagina } from '../../lib/resposta.js';
import { empresaDe, transacaoDoUsuario } from '../../lib/tenant.js';

const filial = alias(empresa, 'filial_origem');

/** The spec names the paging of this call {a}/{b}: page (0-based) and size, as everywhere else. */
export const aniversariantesParamsSchema = z.object({ a: paginaParamsSchema.shape.page, b: paginaParamsSchema.shape.size });

/** Days as MMDD numbers (0315 = 15/03), so a period is a range and crossing the new year is inicio > fim. */
type Periodo = { inicio: number; fim: number; ano: number; viraAno: boolean };

const bissexto = (a: number) => (a % 4 === 0 && a % 100 !== 0) || a % 400 === 0;

export function periodoDe(f: FiltroAniversariantes, hoje = hojeISO()): Periodo {
  const ano = f.ano ?? Number(hoje.slice(0, 4));
  let inicio: number;
  let fim: number;
  if (f.de && f.ate) {
    inicio = Number(f.de.replace('-', ''));
    fim = Number(f.ate.replace('-', ''));
  } else {
    const mes = f.mes ?? Number(hoje.slice(5, 7));
    inicio = mes * 100 + (f.diaDe ?? 1);
    fim = mes * 100 + (f.diaAte ?? 31);
  }
  return { inicio, fim, ano, viraAno: inicio > fim };
}

/** The year a day of the period falls in: past the new year, the next one. */
function anoDoDia(p: Periodo, mmdd: number): number {
  return p.viraAno && mmdd < p.inicio ? p.ano + 1 : p.ano;
}

/**
 * 29/02 on a non-leap year is celebrated on 28/02 (docs/areas/clientes.md): the customer stays among
 * February's birthdays, where the shop looks for them, and is never listed twice or skipped.
 */
function diaNoAno(p: Periodo, mes: number, dia: number): number {
  if (mes === 2 && dia === 29 && !bissexto(anoDoDia(p, 228))) return 228;
  return mes * 100 + dia;
}

/** The same rule as diaNoAno, in SQL: the birthday as MMDD in the period's year. */
function chaveSql(p: Periodo): SQL<number> {
  const mes = sql`extract(month from ${cliente.dataNascimento})::int`;
  const dia = sql`extract(day from ${cliente.dataNascimento})::int`;
  const fevereiroBissexto = bissexto(anoDoDia(p, 228));
  return sql<number>`(${mes} * 100 + case when ${mes} = 2 and ${dia} = 29 and not ${fevereiroBissexto} then 28 else ${dia} end)`;
}

function condicao(empresaId: number, f: FiltroAniversariantes, p: Periodo): SQL | undefined {
  const chave = chaveSql(p);
  return and(
    eq(cliente.empresaId, empresaId),
    // Blocked and anonymised customers get no greetings; anonymised ones have no birth date anyway.
    eq(cliente.status, 'ATIVO'),
    isNotNull(cliente.dataNascimento),
    f.filialOrigemId ? eq(cliente.filialOrigemId, f.filialOrigemId) : undefined,
    p.viraAno ? sql`(${chave} >= ${p.inicio} or ${chave} <= ${p.fim})` : sql`${chave} between ${p.inicio} and ${p.fim}`,
  );
}

/** Latest WhatsApp consent row of the customer; never asked counts as not granted. */
const consentimentoWhatsapp = sql<boolean>`coalesce((
  select ${clienteConsentimento.concedido} from ${clienteConsentimento}
  where ${clienteConsentimento.empresaId} = ${cliente.empresaId} and ${clienteConsentimento.clienteId} = ${cliente.id} and ${clienteConsentimento.canal} = 'WHATSAPP'
  order by ${clienteConsentimento.criadoEm} desc, ${clienteConsentimento.id} desc limit 1), false)`;

function paraAniversariante(p: Periodo, l: Omit<Aniversariante, 'aniversario' | 'idade'> & { dataNascimento: string }): Aniversariante {
  const [anoNasc, mes, dia] = l.dataNascimento.split('-').map(Number) as [number, number, number];
  const mmdd = diaNoAno(p, mes, dia);
  const ano = anoDoDia(p, mmdd);
  const aniversario = `${ano}-${String(Math.floor(mmdd / 100)).padStart(2, '0')}-${String(mmdd % 100).padStart(2, '0')}`;
  return { ...l, aniversario, idade: ano - anoNasc, consentimentoWhatsapp: Boolean(l.consentimentoWhatsapp) };
}

/** Birthdays of the period in calendar order (across the new year: December first), then by name. */
export async function listarAniversariantes(tx: Executor, empresaId: number, f: FiltroAniversariantes, limite: number, deslocamento: number) {
  const p = periodoDe(f);
  const chave = chaveSql(p);
  const where = condicao(empresaId, f, p);
  const [linhas, [total]] = await Promise.all([
    tx
      .select({
        id: cliente.id,
        nome: cliente.nome,
        dataNascimento: cliente.dataNascimento,
        celular: cliente.celular,
        celularWhatsapp: cliente.celularWhatsapp,
        consentimentoWhatsapp,
        email: cliente.email,
        filialOrigemId: cliente.filialOrigemId,
        filialOrigemNome: filial.nomeCurto,
      })
      .from(cliente)
      .leftJoin(filial, eq(filial.id, cliente.filialOrigemId))
      .where(where)
      .orderBy(sql`case when ${chave} >= ${p.inicio} then 0 else 1 end`, asc(chave), asc(sql`busca_normalizada(${cliente.nome})`), asc(cliente.id))
      .limit(limite)
      .offset(deslocamento),
    tx.select({ n: count() }).from(cliente).where(where),
  ]);
  return { itens: linhas.map((l) => paraAniversariante(p, { ...l, dataNascimento: l.dataNascimento! })), total: total?.n ?? 0, periodo: p };
}

/** POST client/aniversariantes/{a}/{b}: the attendant's and the marketing team's list (spec §2). */
export async function aniversariantesRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  rotas.post(
    '/client/aniversariantes/:a/:b',
    { schema: { tags: ['cliente'], params: aniversariantesParamsSchema, body: filtroAniversariantesSchema }, config: { permissoes: PODE_CONSULTAR_CLIENTES } },
    async (request) => {
      const empresaId = empresaDe(request);
      const { a: page, b: size } = request.params;
      const { itens, total } = await transacaoDoUsuario(request, (tx) => listarAniversariantes(tx, empresaId, request.body, size, page * size));
      return pagina(itens, total, page, size);
    },
  );
}
