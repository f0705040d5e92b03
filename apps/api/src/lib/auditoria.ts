import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/client.js';
import { sql, type SQL } from 'drizzle-orm';

export type RegistroAuditoria = {
  acao: 'CRIAR' | 'ALTERAR' | 'EXCLUIR' | 'DESATIVAR' | 'LOGIN' | 'LOGOUT' | 'ALTERAR_SENHA' | 'REDEFINIR_SENHA' | string;
  entidade: string;
  entidadeId?: string | number | null;
  antes?: unknown;
  depois?: unknown;
  empresaId?: number | null;
};

const SENSIVEIS = new Set(['senhaHash', 'senha', 'novaSenha', 'senhaAtual', 'token', 'logo']);

function semSegredos(v: unknown): unknown {
  if (v === null || v === undefined || typeof v !== 'object') return v ?? null;
  if (Array.isArray(v)) return v.map(semSegredos);
  return Object.fromEntries(Object.entries(v as Record<string, unknown>).filter(([k]) => !SENSIVEIS.has(k)).map(([k, x]) => [k, semSegredos(x)]));
}

/** Written in the same transaction as the change it records, so one never exists without the other. */
export async function auditar(tx: Executor, request: FastifyRequest, r: RegistroAuditoria): Promise<void> {
  await tx.execute(sqlAuditorias([linhaAuditoria(request, r)]));
}

/** An audit row as `auditar` writes it, for the batched postings that write theirs with the batch (lib/lote-de-postagens.ts). */
export type LinhaAuditoria = {
  empresa_id: number | null;
  usuario_id: number | null;
  token_api_id: number | null;
  acao: string;
  entidade: string;
  entidade_id: string | null;
  antes: unknown;
  depois: unknown;
  ip: string;
};

export function linhaAuditoria(request: FastifyRequest, r: RegistroAuditoria): LinhaAuditoria {
  return {
    empresa_id: r.empresaId !== undefined ? r.empresaId : (request.usuario?.empresaId ?? request.tokenApi?.empresaId ?? null),
    usuario_id: request.usuario?.id ?? null,
    // A call of the integration API has the token as its author (docs/areas/integracao.md).
    token_api_id: request.tokenApi?.id ?? null,
    acao: r.acao,
    entidade: r.entidade,
    entidade_id: r.entidadeId === undefined || r.entidadeId === null ? null : String(r.entidadeId),
    antes: semSegredos(r.antes),
    depois: semSegredos(r.depois),
    ip: request.ip,
  };
}

/** Audit rows, however many, in one statement (one JSON parameter: one prepared form). A JSON null stays an SQL NULL, as before. */
export function sqlAuditorias(linhas: LinhaAuditoria[]): SQL {
  return sql`
    insert into auditoria (empresa_id, usuario_id, token_api_id, acao, entidade, entidade_id, antes, depois, ip)
    select x.empresa_id, x.usuario_id, x.token_api_id, x.acao, x.entidade, x.entidade_id,
           nullif(x.antes, 'null'::jsonb), nullif(x.depois, 'null'::jsonb), x.ip::inet
    from json_to_recordset(${JSON.stringify(linhas)}::json)
         as x(empresa_id int, usuario_id int, token_api_id int, acao varchar, entidade varchar, entidade_id varchar, antes jsonb, depois jsonb, ip varchar)`;
}
