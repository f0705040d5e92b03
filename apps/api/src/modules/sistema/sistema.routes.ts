import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { idParamSchema, paginaParamsSchema, PERMISSOES } from '@bonifica/contracts';
import { emailSaida } from '../../db/schema/index.js';
import { auditar } from '../../lib/auditoria.js';
import { padraoContem } from '../../lib/busca.js';
import { MENSAGEM_LINK_VENCIDO, tentarEnviar } from '../../lib/email-saida.js';
import { erro } from '../../lib/erros.js';
import { ok, pagina } from '../../lib/resposta.js';
import { manutencaoRoutes } from './manutencao.routes.js';

const filtroEmailSchema = z
  .object({
    status: z.enum(['PENDENTE', 'ENVIADO', 'FALHOU']).optional(),
    busca: z.string().trim().max(120).optional(),
  })
  .strict();

/**
 * The e-mail outbox, for the system administrator: without SMTP every message waits here
 * (issue 2 §3: "never lost"), readable and re-sendable once SMTP is configured.
 */
export async function sistemaRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const config = { permissoes: [PERMISSOES.admin] };
  const tags = ['sistema'];
  await manutencaoRoutes(app);

  rotas.post('/sistema/email/filtrar/:page/:size', { schema: { tags, params: paginaParamsSchema, body: filtroEmailSchema }, config }, async (request) => {
    const { page, size } = request.params;
    const f = request.body;
    const where = and(
      f.status ? eq(emailSaida.status, f.status) : undefined,
      f.busca ? sql`busca_normalizada(${emailSaida.para} || ' ' || ${emailSaida.assunto}) like busca_normalizada(${padraoContem(f.busca)})` : undefined,
    );
    const [itens, [total]] = await Promise.all([
      app.db.select().from(emailSaida).where(where).orderBy(desc(emailSaida.criadoEm), desc(emailSaida.id)).limit(size).offset(page * size),
      app.db.select({ n: count() }).from(emailSaida).where(where),
    ]);
    return pagina(
      itens.map((e) => ({ ...e, criadoEm: e.criadoEm.toISOString(), enviadoEm: e.enviadoEm?.toISOString() ?? null })),
      total?.n ?? 0,
      page,
      size,
    );
  });

  rotas.post('/sistema/email/reenviar/:id', { schema: { tags, params: idParamSchema }, config }, async (request) => {
    const [m] = await app.db.select({ id: emailSaida.id }).from(emailSaida).where(eq(emailSaida.id, request.params.id)).limit(1);
    if (!m) throw erro.naoEncontrado('Mensagem não encontrada.');
    const enviado = await tentarEnviar(app.db, app.adaptadores.email, m.id);
    await auditar(app.db, request, { acao: 'REENVIAR', entidade: 'email_saida', entidadeId: m.id, empresaId: null });
    if (!enviado) {
      // A reset link already used or expired is not worth sending again: say so instead of "try later".
      const [depois] = await app.db.select({ erro: emailSaida.erro }).from(emailSaida).where(eq(emailSaida.id, m.id)).limit(1);
      if (depois?.erro === MENSAGEM_LINK_VENCIDO) throw erro.conflito(MENSAGEM_LINK_VENCIDO);
      throw erro.indisponivel('Não foi possível enviar agora: a mensagem continua na caixa de saída.');
    }
    return ok(true);
  });
}
