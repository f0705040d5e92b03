import type { FastifyInstance } from 'fastify';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { senhaReset, usuario } from '../../db/schema/index.js';
import { enfileirarEmail, tentarEnviar } from '../../lib/email-saida.js';
import { criarRedefinicao, linkOculto } from '../../lib/redefinicao-senha.js';
import { registrarTarefaDoSistema } from '../../lib/tarefas.js';
import { lerConfigSistema } from '../config/index.js';

/**
 * Forgot password, in two halves (issue 12 §6, docs/decisions/021). The request (user.routes.ts) only
 * checks the per-IP limit and queues this job with what was typed, so its reply and its work are the
 * same whether or not such a user exists. The job does everything that depends on the user.
 */
export const TAREFA_ESQUECI_SENHA = 'esqueci-senha';
export const MENSAGEM_ESQUECI = 'Se o usuário estiver cadastrado com um e-mail, enviaremos em instantes as instruções para criar uma nova senha.';
export const MENSAGEM_MUITOS_PEDIDOS = 'Muitos pedidos de nova senha a partir desta rede. Aguarde alguns minutos e tente novamente.';

const VALIDADE_RESET_MS = 60 * 60_000;
const HORA_MS = 3_600_000;

function corpoDoEmail(nome: string, link: string): string {
  return `Olá, ${nome.split(' ')[0]}.\n\nRecebemos um pedido para criar uma nova senha. Use o link abaixo em até 1 hora:\n\n${link}\n\nSe não foi você, ignore esta mensagem: sua senha continua a mesma.`;
}

async function enviarRedefinicao(app: FastifyInstance, parametros: Record<string, unknown>): Promise<void> {
  const x = typeof parametros.identificador === 'string' ? parametros.identificador : '';
  if (!x) return;
  const emailId = await app.db.transaction(async (tx) => {
    const [u] = await tx
      .select({ id: usuario.id, email: usuario.email, nome: usuario.nome, empresaId: usuario.empresaId })
      .from(usuario)
      .where(and(eq(usuario.ativo, true), sql`(lower(${usuario.username}) = ${x} or lower(${usuario.email}) = ${x})`))
      .limit(1)
      // Two jobs for the same user (two workers) count the per-user limit one after the other.
      .for('update');
    if (!u?.email) return null;
    const [recentes] = await tx
      .select({ n: count() })
      .from(senhaReset)
      .where(and(eq(senhaReset.usuarioId, u.id), gt(senhaReset.criadoEm, new Date(Date.now() - HORA_MS))));
    // Past the limit nothing is sent and nothing is said: the requester must not learn that the user exists.
    if ((recentes?.n ?? 0) >= app.config.redefinicao.maxPorUsuarioHora) return null;
    const id = await enfileirarEmail(tx, {
      empresaId: u.empresaId,
      para: u.email,
      // The white label's name: the client's customers and managers know the product by it.
      assunto: `${(await lerConfigSistema(tx)).nomeSistema} — redefinição de senha`,
      corpo: corpoDoEmail(u.nome, linkOculto(app.config.publicUrl)),
    });
    await criarRedefinicao(tx, u.id, id, VALIDADE_RESET_MS);
    return id;
  });
  if (emailId !== null) await tentarEnviar(app.db, app.adaptadores.email, emailId);
}

registrarTarefaDoSistema(TAREFA_ESQUECI_SENHA, enviarRedefinicao);
