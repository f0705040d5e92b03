import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { idWhatsParamSchema, PERMISSOES, ritmoSaveSchema, zonaIana, type FusoHorario, type RitmoInstancia } from '@bonifica/contracts';
import { empresa, instanciaWhatsapp, ritmoInstancia } from '../../db/schema/index.js';
import { auditar } from '../../lib/auditoria.js';
import { ok } from '../../lib/resposta.js';
import { offsetDoFuso, RITMO_PADRAO, situacaoDoRitmo } from '../mensagem/index.js';
import { ehAdminDaPlataforma, instanciaDoUsuario } from './acesso.js';

const PAGINA_WHATS = [PERMISSOES.admin, PERMISSOES.empresa, PERMISSOES.empresaAdmin];

type LinhaInstancia = typeof instanciaWhatsapp.$inferSelect;

const PADRAO = { porMinuto: RITMO_PADRAO.porMinuto, porDia: RITMO_PADRAO.porDia, silencioInicio: RITMO_PADRAO.silencioInicio, silencioFim: RITMO_PADRAO.silencioFim };

/** The settings of an instance and what they mean now (read as the owner: `ritmo_instancia` is the workers' table). */
async function ritmoDe(request: FastifyRequest, i: LinhaInstancia, podeEditar: boolean): Promise<RitmoInstancia> {
  const db = request.server.db;
  const [estado] = await db.select().from(ritmoInstancia).where(eq(ritmoInstancia.instanciaId, i.id)).limit(1);
  // The shared number has no company: it keeps Brasília's clock, as the worker does.
  const [e] = i.empresaId === null ? [] : await db.select({ fuso: empresa.fusoHorario }).from(empresa).where(eq(empresa.id, i.empresaId)).limit(1);
  const fuso = e?.fuso ?? null;
  const salvo = { porMinuto: i.porMinuto, porDia: i.porDia, silencioInicio: i.silencioInicio, silencioFim: i.silencioFim };
  const agora = new Date();
  const s = situacaoDoRitmo(
    { ...salvo, pareadaEm: i.pareadaEm },
    { proximoEnvioEm: estado?.proximoEnvioEm ?? null, dia: estado?.dia ?? null, enviadosNoDia: estado?.enviadosNoDia ?? 0 },
    agora,
    offsetDoFuso(fuso),
  );
  return {
    instanciaId: i.id,
    salvo,
    vigente: {
      porMinuto: i.porMinuto ?? PADRAO.porMinuto,
      porDia: i.porDia ?? PADRAO.porDia,
      silencioInicio: i.silencioInicio ?? PADRAO.silencioInicio,
      silencioFim: i.silencioFim ?? PADRAO.silencioFim,
    },
    padrao: PADRAO,
    podeEditar,
    hoje: {
      limiteDoDia: s.limiteDoDia,
      diaDoAquecimento: s.diaDoAquecimento,
      enviadosHoje: s.enviadosHoje,
      emSilencio: s.emSilencio,
      fimDoSilencio: s.fimDoSilencio?.toISOString() ?? null,
      proximaVaga: s.proximaVaga.toISOString(),
      fuso: zonaIana(fuso as FusoHorario | null),
    },
  };
}

/**
 * Pacing of an instance (docs/areas/mensageria.md "Ritmo editável", decision 035): read by whoever
 * sees the instance; changed by whoever manages it — the company for its own number (DEDICADO), the
 * platform's administrator for any, the shared number included. Paths are ours.
 */
export async function ritmoRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['servidorwhatsapp'];
  const config = { permissoes: PAGINA_WHATS };

  rotas.get('/servidorwhatsapp/ritmo/:id', { schema: { tags, params: idWhatsParamSchema }, config }, async (request) => {
    const l = await instanciaDoUsuario(request, request.params.id, false);
    return ok(await ritmoDe(request, l.i, ehAdminDaPlataforma(request) || l.i.empresaId !== null));
  });

  rotas.post('/servidorwhatsapp/ritmo/:id', { schema: { tags, params: idWhatsParamSchema, body: ritmoSaveSchema }, config }, async (request) => {
    const l = await instanciaDoUsuario(request, request.params.id, true);
    const b = request.body;
    const antes = { porMinuto: l.i.porMinuto, porDia: l.i.porDia, silencioInicio: l.i.silencioInicio, silencioFim: l.i.silencioFim };
    const depois = await app.db.transaction(async (tx) => {
      const [i] = await tx.update(instanciaWhatsapp).set(b).where(eq(instanciaWhatsapp.id, l.i.id)).returning();
      // A send postponed under the old settings (quiet hours, today's cap) may be due now; never sooner than
      // one spacing from now, so the new per-minute limit holds across the change.
      const espacoMs = Math.ceil(60_000 / (b.porMinuto ?? RITMO_PADRAO.porMinuto));
      await tx.execute(sql`update ritmo_instancia set proximo_envio_em = least(proximo_envio_em, now() + make_interval(secs => ${espacoMs / 1000}))
        where instancia_id = ${l.i.id}`);
      await auditar(tx, request, { acao: 'ALTERAR', entidade: 'instancia_whatsapp', entidadeId: l.i.id, empresaId: l.i.empresaId, antes: { ritmo: antes }, depois: { ritmo: b } });
      return i!;
    });
    return ok(await ritmoDe(request, depois, true));
  });
}
