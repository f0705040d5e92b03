import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/client.js';
import { auditoria } from '../db/schema/index.js';

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
  await tx.insert(auditoria).values({
    empresaId: r.empresaId !== undefined ? r.empresaId : (request.usuario?.empresaId ?? request.tokenApi?.empresaId ?? null),
    usuarioId: request.usuario?.id ?? null,
    // A call of the integration API has the token as its author (docs/areas/integracao.md).
    tokenApiId: request.tokenApi?.id ?? null,
    acao: r.acao,
    entidade: r.entidade,
    entidadeId: r.entidadeId === undefined || r.entidadeId === null ? null : String(r.entidadeId),
    antes: semSegredos(r.antes),
    depois: semSegredos(r.depois),
    ip: request.ip,
  });
}
