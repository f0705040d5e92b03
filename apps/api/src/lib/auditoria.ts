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
  await tx.execute(sqlAuditoria(request, r));
}

/**
 * The audit row as one statement, for the batched postings that send it with their write
 * (lib/lote-de-postagens.ts): the same row `auditar` writes.
 */
export function sqlAuditoria(request: FastifyRequest, r: RegistroAuditoria): SQL {
  const json = (v: unknown) => {
    const limpo = semSegredos(v);
    return limpo === null ? null : JSON.stringify(limpo);
  };
  return sql`
    insert into auditoria (empresa_id, usuario_id, token_api_id, acao, entidade, entidade_id, antes, depois, ip)
    values (${r.empresaId !== undefined ? r.empresaId : (request.usuario?.empresaId ?? request.tokenApi?.empresaId ?? null)}::int,
            ${request.usuario?.id ?? null}::int,
            -- A call of the integration API has the token as its author (docs/areas/integracao.md).
            ${request.tokenApi?.id ?? null}::int,
            ${r.acao}, ${r.entidade},
            ${r.entidadeId === undefined || r.entidadeId === null ? null : String(r.entidadeId)}::varchar,
            ${json(r.antes)}::jsonb, ${json(r.depois)}::jsonb, ${request.ip}::inet)`;
}
