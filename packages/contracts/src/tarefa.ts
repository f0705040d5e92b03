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

/** sistema/tarefa (ROLE_ADMIN): a scheduled job with its schedule and last run. */
export type AgendamentoInfo = {
  nome: string;
  titulo: string;
  descricao: string;
  /** The schedule in force: the stored one, else the default. */
  cron: string;
  cronPadrao: string;
  personalizado: boolean;
  proximas: string[];
  ultimoInicio: string | null;
  ultimoFim: string | null;
  ultimoStatus: 'PROCESSANDO' | 'CONCLUIDA' | 'ERRO' | null;
  ultimoErro: string | null;
  execucoes: number;
  falhas: number;
  atualizadoEm: string | null;
  /** false in TAREFAS=manual mode: schedules are stored but nothing runs them on time. */
  aplicado: boolean;
};

export const nomeAgendamentoParamSchema = z.object({
  nome: z.string().regex(/^[a-z0-9-]{1,60}$/, 'Agendamento inválido.'),
});

/** POST sistema/tarefa/agendamento/salvar. `cron` null = back to the default. */
export const salvarAgendamentoSchema = z
  .object({
    nome: nomeAgendamentoParamSchema.shape.nome,
    cron: z.string({ message: 'Informe a expressão cron.' }).trim().min(1, 'Informe a expressão cron.').max(120, 'Expressão cron longa demais.').nullable(),
  })
  .strict();
export type SalvarAgendamento = z.infer<typeof salvarAgendamentoSchema>;

/** POST sistema/tarefa/filtrar/{page}/{size}: the background jobs of every company. */
export const filtroTarefasSistemaSchema = z
  .object({
    status: z.enum(STATUS_TAREFA, { message: 'Status inválido.' }).optional(),
    tipo: z.string().trim().max(40).optional(),
  })
  .strict();
export type FiltroTarefasSistema = z.infer<typeof filtroTarefasSistemaSchema>;

export type TarefaSistema = {
  id: string;
  tipo: string;
  status: StatusTarefa;
  percentual: number;
  empresaId: number | null;
  empresaNome: string | null;
  usuarioNome: string | null;
  mensagemErro: string | null;
  criadoEm: string;
  concluidoEm: string | null;
  /** Whether reexecutar/{id} may run it again (a failed job whose input still exists). */
  podeReexecutar: boolean;
};

export const MENSAGEM_TAREFA_NAO_REEXECUTAVEL = 'Esta tarefa não pode ser executada de novo: o arquivo ou os dados de que ela precisava já foram apagados. Peça-a de novo na tela de origem.';
export const MENSAGEM_TAREFA_SEM_FALHA = 'Só uma tarefa que falhou pode ser executada de novo.';
