import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import {
  INTERVALO_ATIVACAO_EMAIL_MINUTOS,
  PODE_CONSULTAR_CLIENTES,
  ROTULOS_CANAL_CONSENTIMENTO,
  solicitarAtivacaoEmailSchema,
  type AtivacaoEmailSolicitada,
  type Cliente,
} from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { auditoria, cliente, empresa } from '../../db/schema/index.js';
import { auditar } from '../../lib/auditoria.js';
import { enfileirarEmail, tentarEnviar } from '../../lib/email-saida.js';
import { erro } from '../../lib/erros.js';
import { ok } from '../../lib/resposta.js';
import { transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { buscarCliente } from './client.repository.js';

/** The audit action that is also the consent-request event the rate limit reads. */
export const ACAO_SOLICITAR_ATIVACAO = 'SOLICITAR_ATIVACAO_EMAIL';
export const MENSAGEM_SEM_EMAIL = 'O cliente não tem e-mail cadastrado. Cadastre o e-mail antes de pedir a confirmação.';
export const MENSAGEM_CLIENTE_INATIVO = 'Só é possível pedir a confirmação de e-mail a um cliente ativo.';

const horaBrasilia = (d: Date) => new Intl.DateTimeFormat('pt-BR', { timeStyle: 'short', timeZone: 'America/Sao_Paulo' }).format(d);

/** The last request within the interval, if any: one e-mail per customer per interval, whoever asks. */
async function pedidoRecente(tx: Executor, empresaId: number, clienteId: number): Promise<Date | null> {
  const [r] = await tx
    .select({ criadoEm: auditoria.criadoEm })
    .from(auditoria)
    .where(
      and(
        eq(auditoria.empresaId, empresaId),
        eq(auditoria.entidade, 'cliente'),
        eq(auditoria.entidadeId, String(clienteId)),
        eq(auditoria.acao, ACAO_SOLICITAR_ATIVACAO),
        gt(auditoria.criadoEm, sql`now() - make_interval(mins => ${INTERVALO_ATIVACAO_EMAIL_MINUTOS})`),
      ),
    )
    .orderBy(desc(auditoria.criadoEm))
    .limit(1);
  return r?.criadoEm ?? null;
}

function corpoEmail(c: Cliente, rede: string): string {
  const primeiroNome = c.nome.split(' ')[0];
  const canais = (['EMAIL', 'WHATSAPP', 'SMS'] as const).map((canal) => `- ${ROTULOS_CANAL_CONSENTIMENTO[canal]}: ${c.consentimentos[canal]?.concedido ? 'autorizado' : 'não autorizado'}`);
  return [
    `Olá, ${primeiroNome}.`,
    '',
    `Você participa do programa de fidelidade de ${rede}, e este é o e-mail cadastrado para você.`,
    'Pedimos que confirme que ele está certo e que você quer receber por ele o seu saldo, avisos de validade e ofertas.',
    '',
    'Como estão hoje as suas autorizações de contato:',
    ...canais,
    '',
    'Para confirmar ou mudar qualquer uma delas, fale com a equipe em qualquer loja da rede na sua próxima visita. Você pode retirar uma autorização quando quiser (Lei 13.709/2018).',
    '',
    'Se você não reconhece este cadastro, ignore esta mensagem e nada será enviado a este endereço sem a sua autorização.',
  ].join('\n');
}

/** POST client/solicitarativacaoemail: asks the customer, by e-mail, to confirm the address and their consents. */
export async function ativacaoRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  rotas.post(
    '/client/solicitarativacaoemail',
    { schema: { tags: ['cliente'], body: solicitarAtivacaoEmailSchema }, config: { permissoes: PODE_CONSULTAR_CLIENTES } },
    async (request) => {
      const u = usuarioDe(request);
      const { clienteId } = request.body;
      const pedido = await transacaoDoUsuario(request, async (tx) => {
        // The row lock serialises two clicks (or two attendants): the second sees the first's event.
        const [travado] = await tx
          .select({ id: cliente.id })
          .from(cliente)
          .where(and(eq(cliente.id, clienteId), eq(cliente.empresaId, u.empresaId ?? -1)))
          .for('update');
        const c = travado ? await buscarCliente(tx, u, clienteId) : null;
        if (!c) throw erro.naoEncontrado();
        if (c.status !== 'ATIVO') throw erro.conflito(MENSAGEM_CLIENTE_INATIVO);
        if (!c.email) throw erro.conflito(MENSAGEM_SEM_EMAIL);
        const anterior = await pedidoRecente(tx, u.empresaId!, c.id);
        if (anterior) {
          const faltam = Math.max(1, Math.ceil((anterior.getTime() + INTERVALO_ATIVACAO_EMAIL_MINUTOS * 60_000 - Date.now()) / 60_000));
          throw erro.muitas(
            `Um e-mail de confirmação foi enviado a este cliente às ${horaBrasilia(anterior)}. Aguarde ${faltam} ${faltam === 1 ? 'minuto' : 'minutos'} para pedir de novo.`,
          );
        }
        const [rede] = await tx.select({ nome: empresa.nome }).from(empresa).where(eq(empresa.id, u.empresaId!)).limit(1);
        const emailId = await enfileirarEmail(tx, {
          empresaId: u.empresaId,
          para: c.email,
          assunto: `${rede?.nome ?? 'Programa de fidelidade'} — confirme o seu e-mail`,
          corpo: corpoEmail(c, rede?.nome ?? 'nossa rede'),
        });
        await auditar(tx, request, { acao: ACAO_SOLICITAR_ATIVACAO, entidade: 'cliente', entidadeId: c.id, depois: { email: c.email, emailSaidaId: emailId } });
        return { emailId, email: c.email };
      });
      // After the commit: an SMTP outage leaves the message in the outbox, never loses the request.
      const enviado = await tentarEnviar(app.db, app.adaptadores.email, pedido.emailId);
      return ok<AtivacaoEmailSolicitada>({ clienteId, email: pedido.email, enviado, solicitadoEm: new Date().toISOString() });
    },
  );
}
