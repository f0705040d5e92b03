import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import {
  consentimentoContatoSchema,
  filtroContatoSchema,
  idParamSchema,
  ORIGENS_CONSENTIMENTO_CONTATO,
  paginaParamsSchema,
  PODE_GERENCIAR_CLIENTES,
  type Contato,
} from '@bonifica/contracts';
import { contato } from '../../db/schema/index.js';
import { auditar } from '../../lib/auditoria.js';
import { erro } from '../../lib/erros.js';
import { ok, pagina } from '../../lib/resposta.js';
import { empresaDe, transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { registrarConsentimentoContato, ultimosConsentimentosDeContatos } from './consentimento.js';
import { buscarContato, listarContatos } from './contato.repository.js';

export const MENSAGEM_CONTATO_NAO_ENCONTRADO = 'Contato não encontrado.';

/**
 * Imported contacts and their marketing consent (decision 040; our addition beside spec §7's
 * empresa/importacao/contato). Whoever manages customers manages contacts.
 */
export async function contatoRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['contato'];
  const config = { permissoes: PODE_GERENCIAR_CLIENTES };

  rotas.post(
    '/empresa/contato/filterpaginated/:page/:size',
    { schema: { tags, summary: 'Contatos importados, com o consentimento vigente de cada canal', params: paginaParamsSchema, body: filtroContatoSchema }, config },
    async (request) => {
      const { page, size } = request.params;
      const empresaId = empresaDe(request);
      const { itens, total } = await transacaoDoUsuario(request, (tx) => listarContatos(tx, empresaId, request.body, page, size));
      return pagina(itens, total, page, size);
    },
  );

  rotas.get('/empresa/contato/findbyid/:id', { schema: { tags, summary: 'Um contato e o histórico de consentimento', params: idParamSchema }, config }, async (request) => {
    const empresaId = empresaDe(request);
    const c = await transacaoDoUsuario(request, (tx) => buscarContato(tx, empresaId, request.params.id));
    if (!c) throw erro.naoEncontrado(MENSAGEM_CONTATO_NAO_ENCONTRADO);
    return ok<Contato>(c);
  });

  rotas.post(
    '/empresa/contato/consentimento',
    { schema: { tags, summary: 'Registra que o contato aceita ou não marketing por um canal (vai para o histórico)', body: consentimentoContatoSchema }, config },
    async (request) => {
      const empresaId = empresaDe(request);
      const u = usuarioDe(request);
      const { contatoId, canal, concedido } = request.body;
      const depois = await transacaoDoUsuario(request, async (tx) => {
        // The contact's row is locked so two clicks at once leave one row of history, not two.
        const [c] = await tx
          .select({ id: contato.id })
          .from(contato)
          .where(and(eq(contato.id, contatoId), eq(contato.empresaId, empresaId)))
          .for('update');
        if (!c) throw erro.naoEncontrado(MENSAGEM_CONTATO_NAO_ENCONTRADO);
        const atual = (await ultimosConsentimentosDeContatos(tx, empresaId, [contatoId])).get(`${contatoId}:${canal}`);
        if (atual?.concedido !== concedido) {
          await registrarConsentimentoContato(tx, { empresaId, contatoId, canal, concedido, origem: ORIGENS_CONSENTIMENTO_CONTATO.backoffice, usuarioId: u.id || null });
          await auditar(tx, request, {
            acao: concedido ? 'CONCEDER_CONSENTIMENTO' : 'REVOGAR_CONSENTIMENTO',
            entidade: 'contato',
            entidadeId: contatoId,
            antes: { canal, concedido: atual?.concedido ?? null },
            depois: { canal, concedido },
          });
        }
        return (await buscarContato(tx, empresaId, contatoId))!;
      });
      return ok<Contato>(depois);
    },
  );
}
