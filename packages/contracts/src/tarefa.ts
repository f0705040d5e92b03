import { z } from 'zod';

/** Background jobs (tabela `tarefa`): what the progress bar polls. Model: docs/areas/importacao.md. */

export const STATUS_TAREFA = ['PENDENTE', 'PROCESSANDO', 'CONCLUIDA', 'ERRO'] as const;
export type StatusTarefa = (typeof STATUS_TAREFA)[number];

export const ROTULOS_STATUS_TAREFA: Record<StatusTarefa, string> = {
  PENDENTE: 'Na fila',
  PROCESSANDO: 'Processando',
  CONCLUIDA: 'Concluída',
  ERRO: 'Falhou',
};

export const TIPOS_TAREFA = ['RELATORIO_CLIENTES', 'IMPORTACAO_CLIENTE', 'IMPORTACAO_CONTATO'] as const;
export type TipoTarefa = (typeof TIPOS_TAREFA)[number];

/** A job id is a UUID; anything else is refused before the database is asked. */
export const tarefaIdParamSchema = z.object({
  id: z.string({ message: 'Identificador de tarefa inválido.' }).uuid('Identificador de tarefa inválido.'),
});

/** GET status/assincrono/{id} → result. `urlArquivo` is set once the job has a file to download. */
export type StatusTarefaResposta = {
  id: string;
  tipo: string;
  status: StatusTarefa;
  total: number;
  processados: number;
  /** 0–100, whole number; 100 only when CONCLUIDA. */
  percentual: number;
  mensagem: string;
  urlArquivo: string | null;
  arquivoNome: string | null;
  criadoEm: string;
  concluidoEm: string | null;
};

/** Path (under /services) of a job's result file, for links in replies and on screen. */
export function urlArquivoTarefa(id: string): string {
  return `/services/tarefa/${id}/arquivo`;
}
