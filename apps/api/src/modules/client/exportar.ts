import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { zonaIana, ROTULOS_STATUS_CLIENTE, type FiltroCliente, type FormatoExportacao, type FusoHorario } from '@bonifica/contracts';
import type { Db } from '../../db/client.js';
import { cliente, empresa } from '../../db/schema/index.js';
import { emPaginas } from '../../lib/csv.js';
import type { UsuarioContexto } from '../../lib/contexto.js';
import { EXTENSOES, gerarPlanilha, type Celula, type ColunaPlanilha } from '../../lib/planilha.js';
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
  { titulo: 'CPF/CNPJ', largura: 18 },
  { titulo: 'Tipo de documento', largura: 10 },
  { titulo: 'Celular', largura: 14 },
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
const filial = alias(empresa, 'filial_exportacao');

/** A customer account's cached balance (the ledger keeps it equal to the sum of its entries). */
const saldo = (tipo: 'CASHBACK' | 'PONTOS' | 'PREPAGO') =>
  sql<number | null>`(select k.saldo::float8 from conta k where k.empresa_id = ${cliente.empresaId} and k.cliente_id = ${cliente.id} and k.tipo = ${tipo})`;

async function fusoDaEmpresa(db: Db, u: UsuarioContexto): Promise<string> {
  const [e] = await comTenant(db, u, (tx) => tx.select({ fuso: empresa.fusoHorario }).from(empresa).where(eq(empresa.id, u.empresaAtualId ?? u.empresaId!)).limit(1));
  return zonaIana((e?.fuso ?? null) as FusoHorario | null);
}

/** Rows of the export, page by page; `aoAvancar` hears how many have gone out (the job's progress). */
export async function* linhasExportacaoClientes(db: Db, u: UsuarioContexto, f: FiltroCliente, aoAvancar?: (n: number) => Promise<void>): AsyncGenerator<Celula[]> {
  const zona = await fusoDaEmpresa(db, u);
  const filtro = filtroClientes(u, f);
  const paginas = emPaginas(
    (depoisDe, limite) =>
      comTenant(db, u, (tx) =>
        tx
          .select({
            id: cliente.id,
            nome: cliente.nome,
            documento: cliente.documento,
            tipoDocumento: cliente.tipoDocumento,
            celular: cliente.celular,
            whatsapp: cliente.celularWhatsapp,
            email: cliente.email,
            dataNascimento: cliente.dataNascimento,
            filial: filial.nomeCurto,
            status: cliente.status,
            cashback: saldo('CASHBACK'),
            pontos: saldo('PONTOS'),
            prepago: saldo('PREPAGO'),
            // Formatted by the database in the company's zone: far cheaper than a time-zone library per row.
            criadoEm: sql<string>`to_char(${cliente.criadoEm} at time zone ${zona}, 'YYYY-MM-DD')`,
          })
          .from(cliente)
          .leftJoin(filial, eq(filial.id, cliente.filialOrigemId))
          .where(and(filtro, depoisDe === null ? undefined : gt(cliente.id, depoisDe)))
          .orderBy(asc(cliente.id))
          .limit(limite),
      ),
    (l) => l.id,
    PAGINA_EXPORTACAO,
  );
  let n = 0;
  for await (const c of paginas) {
    yield [
      c.id,
      c.nome,
      c.documento,
      c.tipoDocumento,
      c.celular,
      c.celular ? (c.whatsapp ? 'Sim' : 'Não') : null,
      c.email,
      c.dataNascimento,
      c.filial,
      ROTULOS_STATUS_CLIENTE[c.status],
      c.cashback ?? 0,
      c.pontos ?? 0,
      c.prepago ?? 0,
      c.criadoEm,
    ];
    n++;
    if (aoAvancar && n % PAGINA_EXPORTACAO === 0) await aoAvancar(n);
  }
  if (aoAvancar) await aoAvancar(n);
}

export async function contarClientesExportacao(db: Db, u: UsuarioContexto, f: FiltroCliente): Promise<number> {
  const [r] = await comTenant(db, u, (tx) => tx.select({ n: sql<number>`count(*)::int` }).from(cliente).where(filtroClientes(u, f)));
  return r?.n ?? 0;
}

export function nomeArquivoExportacao(formato: FormatoExportacao, agora = new Date()): string {
  const carimbo = agora.toISOString().slice(0, 16).replace(/[-:T]/g, '');
  return `clientes-${carimbo}.${EXTENSOES[formato]}`;
}

export function planilhaClientes(db: Db, u: UsuarioContexto, f: FiltroCliente, formato: FormatoExportacao, aoAvancar?: (n: number) => Promise<void>) {
  return gerarPlanilha(formato, COLUNAS_EXPORTACAO_CLIENTES, linhasExportacaoClientes(db, u, f, aoAvancar), 'Clientes');
}
