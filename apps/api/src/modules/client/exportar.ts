import { and, eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { zonaIana, ROTULOS_STATUS_CLIENTE, type FiltroCliente, type FormatoExportacao, type FusoHorario } from '@bonifica/contracts';
import type { Banco, Db } from '../../db/client.js';
import { cliente, empresa } from '../../db/schema/index.js';
import type { UsuarioContexto } from '../../lib/contexto.js';
import { carimboArquivo, EXTENSOES, gerarPlanilha, type Celula, type ColunaPlanilha } from '../../lib/planilha.js';
import { lerEmUmaIda } from '../../lib/leitura-em-uma-ida.js';
import { comTenant } from '../../lib/tenant.js';
import { filtroClientes } from './client.repository.js';

/**
 * The customer spreadsheet of client/exportar and client/relatorio/assincrono. Rows are read by
 * keyset on the id (each page one short transaction, so a million-row export neither holds a
 * transaction open for minutes nor blocks PGlite for others), and streamed out as they come.
 */

export const COLUNAS_EXPORTACAO_CLIENTES: readonly ColunaPlanilha[] = [
  { titulo: 'Código', tipo: 'inteiro', largura: 10 },
  { titulo: 'Nome', largura: 36 },
  { titulo: 'CPF/CNPJ', tipo: 'documento', largura: 18 },
  { titulo: 'Tipo de documento', largura: 10 },
  { titulo: 'Celular', tipo: 'telefone', largura: 16 },
  { titulo: 'WhatsApp', largura: 10 },
  { titulo: 'E-mail', largura: 30 },
  { titulo: 'Data de nascimento', tipo: 'data', largura: 14 },
  { titulo: 'Filial de origem', largura: 22 },
  { titulo: 'Situação', largura: 12 },
  { titulo: 'Saldo cashback (R$)', tipo: 'dinheiro', largura: 16 },
  { titulo: 'Pontos', tipo: 'inteiro', largura: 10 },
  { titulo: 'Saldo pré-pago (R$)', tipo: 'dinheiro', largura: 16 },
  { titulo: 'Cadastrado em', tipo: 'data', largura: 14 },
];

const PAGINA_EXPORTACAO = 2_000;
const ALIAS_FILIAL = 'filial_exportacao';
const filial = alias(empresa, ALIAS_FILIAL);

/** A customer account's cached balance (the ledger keeps it equal to the sum of its entries). */
const saldo = (tipo: 'CASHBACK' | 'PONTOS' | 'PREPAGO') =>
  sql<number | null>`(select k.saldo::float8 from conta k where k.empresa_id = ${cliente.empresaId} and k.cliente_id = ${cliente.id} and k.tipo = ${tipo})`;

async function fusoDaEmpresa(db: Db, u: UsuarioContexto): Promise<string> {
  const [e] = await comTenant(db, u, (tx) => tx.select({ fuso: empresa.fusoHorario }).from(empresa).where(eq(empresa.id, u.empresaAtualId ?? u.empresaId!)).limit(1));
  return zonaIana((e?.fuso ?? null) as FusoHorario | null);
}

/** A row of the export as the page query returns it: already in the shape of the cells. */
type LinhaExportacao = {
  id: number;
  nome: string;
  documento: string | null;
  tipo_documento: string | null;
  celular: string | null;
  whatsapp: boolean;
  email: string | null;
  data_nascimento: string | null;
  filial: string | null;
  status: keyof typeof ROTULOS_STATUS_CLIENTE;
  cashback: number | null;
  pontos: number | null;
  prepago: number | null;
  criado_em: string;
};

/**
 * Rows of the export, page by page; `aoAvancar` hears how many have gone out (the job's progress).
 * Each page is one plain SQL read in its own short transaction, in one round-trip (lib/leitura-em-uma-ida.ts),
 * its rows taken as the driver gives them: the query builder's per-field mapping was a tenth of
 * the export's time on a million rows. The next page is read while this one goes out, so the
 * database and the writer work side by side.
 */
export async function* linhasExportacaoClientes(banco: Banco, u: UsuarioContexto, f: FiltroCliente, aoAvancar?: (n: number) => Promise<void>): AsyncGenerator<Celula[]> {
  const zona = await fusoDaEmpresa(banco.db, u);
  const filtro = filtroClientes(u, f);
  // Dates leave the database as text: the sign-up day in the company's zone (far cheaper than a
  // time-zone library per row), the birth date as the calendar day it is.
  const ler = (depoisDe: number | null) =>
    lerEmUmaIda<LinhaExportacao>(
      banco,
      u,
      sql`
        select ${cliente.id} as id, ${cliente.nome} as nome, ${cliente.documento} as documento, ${cliente.tipoDocumento} as tipo_documento,
               ${cliente.celular} as celular, ${cliente.celularWhatsapp} as whatsapp, ${cliente.email} as email,
               to_char(${cliente.dataNascimento}, 'YYYY-MM-DD') as data_nascimento, ${filial.nomeCurto} as filial, ${cliente.status} as status,
               ${saldo('CASHBACK')} as cashback, ${saldo('PONTOS')} as pontos, ${saldo('PREPAGO')} as prepago,
               to_char(${cliente.criadoEm} at time zone ${zona}, 'YYYY-MM-DD') as criado_em
        from ${cliente} left join ${empresa} as ${sql.identifier(ALIAS_FILIAL)} on ${filial.id} = ${cliente.filialOrigemId}
        where ${and(filtro, depoisDe === null ? undefined : gt(cliente.id, depoisDe)) ?? sql`true`}
        order by ${cliente.id} limit ${PAGINA_EXPORTACAO}`,
    );
  let proxima: Promise<LinhaExportacao[]> | null = ler(null);
  let n = 0;
  while (proxima) {
    const pagina: LinhaExportacao[] = await proxima;
    proxima = pagina.length === PAGINA_EXPORTACAO ? ler(pagina[pagina.length - 1]!.id) : null;
    // A reader that stops early (the client went away) leaves this read to finish unheard.
    proxima?.catch(() => undefined);
    for (const c of pagina) {
      yield [
        c.id,
        c.nome,
        c.documento,
        c.tipo_documento,
        c.celular,
        c.celular ? (c.whatsapp ? 'Sim' : 'Não') : null,
        c.email,
        c.data_nascimento,
        c.filial,
        ROTULOS_STATUS_CLIENTE[c.status],
        c.cashback ?? 0,
        c.pontos ?? 0,
        c.prepago ?? 0,
        c.criado_em,
      ];
      n++;
      if (aoAvancar && n % PAGINA_EXPORTACAO === 0) await aoAvancar(n);
    }
  }
  if (aoAvancar) await aoAvancar(n);
}

export async function contarClientesExportacao(db: Db, u: UsuarioContexto, f: FiltroCliente): Promise<number> {
  const [r] = await comTenant(db, u, (tx) => tx.select({ n: sql<number>`count(*)::int` }).from(cliente).where(filtroClientes(u, f)));
  return r?.n ?? 0;
}

/** `clientes-AAAAMMDD-HHmm.csv`, stamped on the company's clock (docs/areas/clientes.md). */
export async function nomeArquivoExportacao(db: Db, u: UsuarioContexto, formato: FormatoExportacao, agora = new Date()): Promise<string> {
  return `clientes-${carimboArquivo(await fusoDaEmpresa(db, u), agora)}.${EXTENSOES[formato]}`;
}

export function planilhaClientes(banco: Banco, u: UsuarioContexto, f: FiltroCliente, formato: FormatoExportacao, aoAvancar?: (n: number) => Promise<void>) {
  return gerarPlanilha(formato, COLUNAS_EXPORTACAO_CLIENTES, linhasExportacaoClientes(banco, u, f, aoAvancar), 'Clientes');
}
