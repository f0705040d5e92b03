import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  camposDaImportacao,
  LINHAS_AMOSTRA_IMPORTACAO,
  ROTULOS_CAMPO_IMPORTACAO,
  urlArquivoTarefa,
  type EtapaImportacao,
  type ImportacaoResumo,
  type MetadadosImportacao,
  type ResultadoImportacao,
  type StatusImportacao,
  type TipoImportacao,
} from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { tarefa, usuario } from '../../db/schema/index.js';
import type { UsuarioContexto } from '../../lib/contexto.js';
import { statusDaTarefa, type LinhaTarefa } from '../../lib/tarefas.js';
import { TAREFA_IMPORTACAO, type ParametrosImportacao } from './executar.js';
import type { LeituraArquivo } from './leitura.js';
import { sugerirMapeamento } from './mapeamento.js';

export type ParametrosUpload = ParametrosImportacao & { amostra: string[][]; totalLinhasEstimado?: boolean; recebendo?: true };

/** The job row of an upload whose bytes are still arriving: no metadata yet. */
export function emRecebimento(t: Pick<LinhaTarefa, 'parametros'>): boolean {
  return (t.parametros as ParametrosUpload).recebendo === true;
}

export function parametrosDoUpload(tipo: TipoImportacao, arquivoNome: string, l: LeituraArquivo): ParametrosUpload {
  return {
    tipo,
    arquivoNome,
    codificacao: l.codificacao,
    separador: l.separador,
    cabecalhos: l.cabecalhos,
    totalLinhas: l.totalLinhas,
    totalLinhasEstimado: l.totalLinhasEstimado,
    amostra: l.amostra.slice(0, LINHAS_AMOSTRA_IMPORTACAO),
  };
}

export function metadadosDe(t: LinhaTarefa, tipo: TipoImportacao): MetadadosImportacao {
  const p = t.parametros as ParametrosUpload;
  return {
    tarefaId: t.id,
    tipo,
    arquivoNome: p.arquivoNome,
    codificacao: p.codificacao,
    separador: p.separador,
    cabecalhos: p.cabecalhos,
    amostra: p.amostra,
    totalLinhas: p.totalLinhas,
    totalLinhasEstimado: p.totalLinhasEstimado ?? false,
    sugestao: p.mapeamento ?? sugerirMapeamento(p.cabecalhos, tipo),
    campos: camposDaImportacao(tipo).map((campo) => ({ campo, rotulo: ROTULOS_CAMPO_IMPORTACAO[campo], obrigatorio: campo === 'nome' })),
  };
}

function etapaDe(t: Pick<LinhaTarefa, 'status' | 'parametros'>): EtapaImportacao {
  if (t.status !== 'PENDENTE') return t.status;
  return (t.parametros as ParametrosImportacao).mapeamento ? 'NA_FILA' : 'AGUARDANDO_MAPEAMENTO';
}

/** The result is only final once the job has finished; while it runs, the row holds running counts. */
function resultadoDe(t: Pick<LinhaTarefa, 'status' | 'resultado'>): ResultadoImportacao | null {
  return t.status === 'CONCLUIDA' ? (t.resultado as ResultadoImportacao) : null;
}

export function statusImportacao(t: LinhaTarefa): StatusImportacao {
  const base = statusDaTarefa(t);
  const etapa = etapaDe(t);
  return {
    ...base,
    mensagem: etapa === 'AGUARDANDO_MAPEAMENTO' ? 'Arquivo recebido: indique as colunas e inicie a importação.' : base.mensagem,
    etapa,
    resultado: resultadoDe(t),
    urlRelatorioErros: base.urlArquivo,
  };
}

/** The company's imports of one kind, newest first. */
export async function historicoImportacoes(tx: Executor, u: UsuarioContexto, tipo: TipoImportacao, page: number, size: number) {
  if (u.empresaId === null) return { itens: [] as ImportacaoResumo[], total: 0 };
  const where = and(eq(tarefa.empresaId, u.empresaId), eq(tarefa.tipo, TAREFA_IMPORTACAO[tipo]));
  const [linhas, [total]] = await Promise.all([
    tx
      .select({
        id: tarefa.id,
        status: tarefa.status,
        total: tarefa.total,
        processados: tarefa.processados,
        parametros: tarefa.parametros,
        resultado: tarefa.resultado,
        temArquivo: sql<boolean>`${tarefa.arquivo} is not null`,
        usuarioNome: usuario.nome,
        criadoEm: tarefa.criadoEm,
        concluidoEm: tarefa.concluidoEm,
      })
      .from(tarefa)
      .leftJoin(usuario, eq(usuario.id, tarefa.usuarioId))
      .where(where)
      .orderBy(desc(tarefa.criadoEm), desc(tarefa.id))
      .limit(size)
      .offset(page * size),
    tx.select({ n: count() }).from(tarefa).where(where),
  ]);
  const itens = linhas.map<ImportacaoResumo>((l) => ({
    id: l.id,
    arquivoNome: (l.parametros as ParametrosImportacao).arquivoNome ?? null,
    etapa: etapaDe(l),
    total: l.total || (l.parametros as ParametrosImportacao).totalLinhas || 0,
    processados: l.processados,
    usuarioNome: l.usuarioNome,
    criadoEm: l.criadoEm.toISOString(),
    concluidoEm: l.concluidoEm?.toISOString() ?? null,
    resultado: resultadoDe(l),
    urlRelatorioErros: l.status === 'CONCLUIDA' && l.temArquivo ? urlArquivoTarefa(l.id) : null,
  }));
  return { itens, total: total?.n ?? 0 };
}
