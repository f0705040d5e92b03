import type { FastifyInstance } from 'fastify';
import type { ConfiguracaoEmpresa, FusoHorario, TipoServidorWhats } from '@bonifica/contracts';
import { erro } from '../../lib/erros.js';
import { ok } from '../../lib/resposta.js';
import { transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { eq } from 'drizzle-orm';
import { empresa } from '../../db/schema/index.js';

export async function companyconfigRoutes(app: FastifyInstance) {
  app.get('/companyconfig/empresa', { schema: { tags: ['companyconfig'] } }, async (request) => {
    const u = usuarioDe(request);
    if (u.empresaId === null) throw erro.requisicao('Usuário sem empresa vinculada.');
    const r = await transacaoDoUsuario(request, async (tx) => {
      const [m] = await tx
        .select({ fuso: empresa.fusoHorario, tipo: empresa.tipoServidorWhats, contato: empresa.contatoSuporteWhats, slug: empresa.slug })
        .from(empresa)
        .where(eq(empresa.id, u.empresaId!))
        .limit(1);
      if (!m) throw erro.naoEncontrado('Empresa não encontrada.');
      const c: ConfiguracaoEmpresa = {
        empresaId: u.empresaId!,
        fusoHorario: m.fuso as FusoHorario,
        tipoServidorWhats: m.tipo as TipoServidorWhats,
        contatoSuporteWhats: m.contato,
        urlCompartilhamento: `${app.config.publicUrl}/p/${m.slug}`,
      };
      return c;
    });
    return ok(r);
  });
}
