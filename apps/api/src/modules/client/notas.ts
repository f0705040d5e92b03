import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq } from 'drizzle-orm';
import { idParamSchema, notaClienteSchema, paginaParamsSchema, PODE_CONSULTAR_CLIENTES, type NotaCliente } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { cliente, clienteNota, usuario } from '../../db/schema/index.js';
import { auditar } from '../../lib/auditoria.js';
import { erro } from '../../lib/erros.js';
import { ok, pagina } from '../../lib/resposta.js';
import { empresaDe, transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { MENSAGEM_ANONIMIZADO } from './client.repository.js';

async function exigirCliente(tx: Executor, empresaId: number, id: number) {
  const [c] = await tx.select({ id: cliente.id, status: cliente.status }).from(cliente).where(and(eq(cliente.id, id), eq(cliente.empresaId, empresaId))).limit(1);
  if (!c) throw erro.naoEncontrado();
  return c;
}

const colunas = {
  id: clienteNota.id,
  clienteId: clienteNota.clienteId,
  texto: clienteNota.texto,
  usuarioId: clienteNota.usuarioId,
  usuarioNome: usuario.nome,
  criadoEm: clienteNota.criadoEm,
};

const paraWire = (l: Omit<NotaCliente, 'criadoEm'> & { criadoEm: Date }): NotaCliente => ({ ...l, criadoEm: l.criadoEm.toISOString() });

/**
 * Staff notes about a customer (cliente_nota): listed newest first and only ever added — a wrong note
 * is corrected by a new one, so what the team knew and when stays readable. Attendants add them too.
 */
export async function notasRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['cliente'];
  const config = { permissoes: PODE_CONSULTAR_CLIENTES };

  rotas.post(
    '/client/:id/notas/:page/:size',
    { schema: { tags, params: idParamSchema.extend(paginaParamsSchema.shape) }, config },
    async (request) => {
      const empresaId = empresaDe(request);
      const { id, page, size } = request.params;
      const r = await transacaoDoUsuario(request, async (tx) => {
        await exigirCliente(tx, empresaId, id);
        const where = and(eq(clienteNota.empresaId, empresaId), eq(clienteNota.clienteId, id));
        const [linhas, [total]] = await Promise.all([
          tx
            .select(colunas)
            .from(clienteNota)
            .leftJoin(usuario, eq(usuario.id, clienteNota.usuarioId))
            .where(where)
            .orderBy(desc(clienteNota.criadoEm), desc(clienteNota.id))
            .limit(size)
            .offset(page * size),
          tx.select({ n: count() }).from(clienteNota).where(where),
        ]);
        return { itens: linhas.map(paraWire), total: total?.n ?? 0 };
      });
      return pagina(r.itens, r.total, page, size);
    },
  );

  rotas.post('/client/:id/nota', { schema: { tags, params: idParamSchema, body: notaClienteSchema }, config }, async (request) => {
    const u = usuarioDe(request);
    const empresaId = empresaDe(request);
    const nota = await transacaoDoUsuario(request, async (tx) => {
      const c = await exigirCliente(tx, empresaId, request.params.id);
      if (c.status === 'ANONIMIZADO') throw erro.conflito(MENSAGEM_ANONIMIZADO);
      const [nova] = await tx
        .insert(clienteNota)
        .values({ empresaId, clienteId: c.id, texto: request.body.texto, usuarioId: u.id })
        .returning({ id: clienteNota.id, criadoEm: clienteNota.criadoEm });
      // The note itself is the immutable record; the audit entry keeps no copy of its text, so an
      // LGPD anonymisation (which deletes the customer's notes) leaves no free text behind.
      await auditar(tx, request, { acao: 'CRIAR', entidade: 'cliente_nota', entidadeId: nova!.id, depois: { clienteId: c.id } });
      return { id: nova!.id, clienteId: c.id, texto: request.body.texto, usuarioId: u.id, usuarioNome: u.nome, criadoEm: nova!.criadoEm.toISOString() };
    });
    return ok<NotaCliente>(nota);
  });
}
