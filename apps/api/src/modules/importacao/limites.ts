import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { TAMANHO_MAXIMO_IMPORTACAO_MB } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { tarefa, tarefaEntradaParte } from '../../db/schema/index.js';
import { ErroApi } from '../../lib/erros.js';

/**
 * What one company may ask of the import at a time (docs/areas/importacao.md, decision 020): the
 * job runs beside every other company's requests in the same process, so its size is bounded.
 */
export const LIMITES_IMPORTACAO = {
  /** Of one file: the multipart limit, answered 413. */
  bytesPorArquivo: TAMANHO_MAXIMO_IMPORTACAO_MB * 1024 * 1024,
  /** Rows of one file (header not counted): ~100 s of job on PostgreSQL (bench/RESULTS.md: 100 k in ~10 s). */
  linhasPorArquivo: 1_000_000,
  /** Imports of a company being received, queued or running at once (customers and contacts together). */
  emAndamentoPorEmpresa: 2,
  /**
   * Uploaded files waiting for their mapping that a company keeps: a new upload discards the
   * oldest beyond this (never refused: going back to step 1 and sending again is normal use). With
   * the two in progress, what a company keeps stored is bounded (7 × 20 MB).
   */
  aguardandoPorEmpresa: 5,
} as const;

const milhar = (n: number) => n.toLocaleString('pt-BR');

export const MENSAGEM_LIMITE_BYTES = `O arquivo passa do limite de ${TAMANHO_MAXIMO_IMPORTACAO_MB} MB.`;
export const MENSAGEM_LIMITE_LINHAS = `O arquivo passa do limite de ${milhar(LIMITES_IMPORTACAO.linhasPorArquivo)} linhas por importação. Divida-o em arquivos menores.`;
export const MENSAGEM_EM_ANDAMENTO = `Já há ${LIMITES_IMPORTACAO.emAndamentoPorEmpresa} importações em andamento nesta empresa. Aguarde uma delas terminar e tente de novo.`;

export const MENSAGEM_ARQUIVO_DESCARTADO = `Arquivo descartado: a empresa guarda até ${LIMITES_IMPORTACAO.aguardandoPorEmpresa} arquivos enviados e não importados. Envie-o de novo.`;

export const erroLimiteLinhas = () => new ErroApi(413, MENSAGEM_LIMITE_LINHAS);

/** An upload whose request died (process stopped) no longer counts after this long. */
const RECEBIMENTO_ABANDONADO = sql`interval '1 hour'`;

/**
 * Refuses (409) when the company already has its share of imports in progress: being received,
 * queued (mapped, PENDENTE) or running. An uploaded file waiting for its mapping does not count:
 * it costs nothing until it starts. `exceto`: the import that asks to start. Two requests of the
 * same company are serialised on an advisory lock held to the end of the caller's transaction, so
 * both cannot pass the count.
 */
export async function garantirVagaDeImportacao(tx: Executor, empresaId: number, tipos: readonly string[], exceto?: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('importacao'), ${empresaId})`);
  const [linha] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(tarefa)
    .where(
      and(
        eq(tarefa.empresaId, empresaId),
        inArray(tarefa.tipo, [...tipos]),
        exceto ? sql`${tarefa.id} <> ${exceto}` : undefined,
        or(
          eq(tarefa.status, 'PROCESSANDO'),
          and(
            eq(tarefa.status, 'PENDENTE'),
            or(
              sql`${tarefa.parametros} -> 'mapeamento' is not null`,
              and(sql`${tarefa.parametros} -> 'recebendo' is not null`, sql`${tarefa.criadoEm} > now() - ${RECEBIMENTO_ABANDONADO}`),
            ),
          ),
        ),
      ),
    );
  if ((linha?.n ?? 0) >= LIMITES_IMPORTACAO.emAndamentoPorEmpresa) throw new ErroApi(409, MENSAGEM_EM_ANDAMENTO);
}

/**
 * Before a new upload: the company's files waiting for a mapping beyond the newest
 * `aguardandoPorEmpresa - 1` end as ERRO (the history says why) and their parts are dropped.
 * Runs under the caller's advisory lock (garantirVagaDeImportacao).
 */
export async function descartarAguardandoAntigos(tx: Executor, empresaId: number, tipos: readonly string[]): Promise<void> {
  const antigos = await tx
    .select({ id: tarefa.id })
    .from(tarefa)
    .where(
      and(
        eq(tarefa.empresaId, empresaId),
        inArray(tarefa.tipo, [...tipos]),
        eq(tarefa.status, 'PENDENTE'),
        sql`${tarefa.parametros} -> 'mapeamento' is null`,
        sql`${tarefa.parametros} -> 'recebendo' is null`,
      ),
    )
    .orderBy(desc(tarefa.criadoEm), desc(tarefa.id))
    .offset(LIMITES_IMPORTACAO.aguardandoPorEmpresa - 1);
  if (antigos.length === 0) return;
  const ids = antigos.map((a) => a.id);
  await tx.update(tarefa).set({ status: 'ERRO', mensagemErro: MENSAGEM_ARQUIVO_DESCARTADO, concluidoEm: new Date() }).where(inArray(tarefa.id, ids));
  await tx.delete(tarefaEntradaParte).where(inArray(tarefaEntradaParte.tarefaId, ids));
}
