import { z } from 'zod';
import type { StatusTarefa } from './tarefa.js';

/** Maintenance actions of the system administrator (sistema/manutencao; docs/areas/manutencao.md). */
export const ACOES_MANUTENCAO = ['REFAZER_RESUMOS', 'CONFERIR_SALDOS', 'LIMPAR_SESSOES', 'REINDEXAR_BUSCA'] as const;
export type AcaoManutencao = (typeof ACOES_MANUTENCAO)[number];

/** Whether the action asks for a company: required, optional (none = all companies) or not at all. */
export type ParametroEmpresa = 'OBRIGATORIA' | 'OPCIONAL' | 'NENHUMA';

export type DefinicaoManutencao = {
  acao: AcaoManutencao;
  titulo: string;
  descricao: string;
  /** Deletes or rewrites stored rows: the call needs `confirmar: true`, the screen a typed confirmation. */
  destrutiva: boolean;
  empresa: ParametroEmpresa;
};

/** The word the operator types to confirm a destructive action on the screen. */
export const PALAVRA_CONFIRMACAO_MANUTENCAO = 'CONFIRMAR';

export const MENSAGEM_CONFIRMAR_MANUTENCAO = 'Esta ação é destrutiva: confirme para executá-la.';
export const MENSAGEM_EMPRESA_MANUTENCAO = 'Informe a empresa para esta ação.';
export const MENSAGEM_SEM_EMPRESA_MANUTENCAO = 'Esta ação não recebe empresa.';
export const MENSAGEM_MANUTENCAO_EM_ANDAMENTO = 'Esta ação já está em andamento para este alvo: aguarde o fim da execução atual.';
export const MENSAGEM_MANUTENCAO_NAO_ENCONTRADA = 'Execução de manutenção não encontrada.';

/** POST sistema/manutencao/executar */
export const executarManutencaoSchema = z
  .object({
    acao: z.enum(ACOES_MANUTENCAO, { message: 'Ação de manutenção inválida.' }),
    empresaId: z.number({ message: 'Empresa inválida.' }).int('Empresa inválida.').positive('Empresa inválida.').max(2_147_483_647, 'Empresa inválida.').nullish(),
    confirmar: z.boolean({ message: 'Confirmação inválida.' }).optional(),
  })
  .strict();
export type ExecutarManutencao = z.infer<typeof executarManutencaoSchema>;

export type NivelLogManutencao = 'INFO' | 'AVISO' | 'ERRO';
export type LinhaLogManutencao = { em: string; nivel: NivelLogManutencao; texto: string };

/** A run as listed (listall) and, with its log and result, in detail (detalhe/{id}). */
export type ExecucaoManutencao = {
  id: string;
  acao: AcaoManutencao;
  titulo: string;
  empresaId: number | null;
  empresaNome: string | null;
  usuarioNome: string | null;
  status: StatusTarefa;
  total: number;
  processados: number;
  percentual: number;
  mensagemErro: string | null;
  criadoEm: string;
  iniciadoEm: string | null;
  concluidoEm: string | null;
};

export type DetalheManutencao = ExecucaoManutencao & {
  destrutiva: boolean;
  log: LinhaLogManutencao[];
  /** What the action found or did (e.g. the drifting accounts); null until it ends. */
  resumo: unknown;
};

/** GET sistema/manutencao/listall → result */
export type ListaManutencao = { acoes: DefinicaoManutencao[]; execucoes: ExecucaoManutencao[] };

/** GET sistema/manutencao/empresas → result: the companies (matrizes) an action may target. */
export type EmpresaManutencao = { id: number; nome: string; ativa: boolean };
