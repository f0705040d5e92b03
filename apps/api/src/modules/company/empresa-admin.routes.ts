import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  empresaAdminSaveSchema,
  filtroEmpresaAdminSchema,
  idParamSchema,
  paginaParamsSchema,
  PERMISSOES,
  type EmpresaAdminCriada,
} from '@bonifica/contracts';
import { z } from 'zod';
import type { Executor } from '../../db/client.js';
import { empresa, perfil, usuario } from '../../db/schema/index.js';
import { auditar } from '../../lib/auditoria.js';
import { enfileirarEmail, tentarEnviar } from '../../lib/email-saida.js';
import { erro } from '../../lib/erros.js';
import { criarRedefinicao, linkOculto } from '../../lib/redefinicao-senha.js';
import { ok, pagina } from '../../lib/resposta.js';
import { gerarHashSenha } from '../../lib/senha.js';
import { tokenAleatorio } from '../../lib/tokens.js';
import { fusoDaRedeMudou } from '../empresadashboard/index.js';
import { lerConfigSistema } from '../config/index.js';
import { buscarEmpresaAdmin, listarEmpresasAdmin, slugEmUso } from './empresa-admin.repository.js';

/** The invitation link lasts longer than a forgot-password one: the new client may read it days later. */
const VALIDADE_CONVITE_MS = 7 * 24 * 3_600_000;

type Save = z.output<typeof empresaAdminSaveSchema>;
type Criar = Save & { gerente: NonNullable<Save['gerente']> };
type Editar = Save & { id: number };

function corpoConvite(nomeSistema: string, nome: string, empresaNome: string, username: string, link: string): string {
  return `Olá, ${nome.split(' ')[0]}.\n\nA empresa ${empresaNome} foi cadastrada no ${nomeSistema} e você é o gerente responsável.\nSeu usuário: ${username}\n\nCrie sua senha pelo link abaixo (válido por 7 dias):\n\n${link}\n\nDepois, entre no sistema com o seu usuário e a nova senha.`;
}

async function perfilGerente(tx: Executor): Promise<number> {
  const [p] = await tx
    .select({ id: perfil.id })
    .from(perfil)
    .where(and(eq(perfil.nome, 'Gerente'), eq(perfil.referencia, 'EMPRESA'), isNull(perfil.empresaId)))
    .limit(1);
  if (!p) throw erro.indisponivel('O perfil "Gerente" do sistema não existe: rode a preparação do banco.');
  return p.id;
}

/**
 * Companies, for the system administrator only (issue 13 §4, docs/areas/sistema.md): list with usage,
 * detail, and one save that creates a company with its first manager or edits it.
 */
export async function empresaAdminRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const config = { permissoes: [PERMISSOES.admin] };
  const tags = ['company'];

  rotas.post('/company/admin/filterpaginated/:page/:size', { schema: { tags, params: paginaParamsSchema, body: filtroEmpresaAdminSchema }, config }, async (request) => {
    const { page, size } = request.params;
    const { itens, total } = await listarEmpresasAdmin(app.db, request.body, page, size);
    return pagina(itens, total, page, size);
  });

  rotas.get('/company/admin/findbyid/:id', { schema: { tags, params: idParamSchema }, config }, async (request) => {
    const e = await buscarEmpresaAdmin(app.db, request.params.id);
    if (!e) throw erro.naoEncontrado('Empresa não encontrada.');
    return ok(e);
  });

  rotas.post('/company/admin/save', { schema: { tags, body: empresaAdminSaveSchema }, config }, async (request) => {
    const d = request.body;
    if (d.id !== undefined) return ok(await editar(request, { ...d, id: d.id }));
    return ok(await criar(request, { ...d, gerente: d.gerente! }));
  });

  async function editar(request: Parameters<typeof auditar>[1], d: Editar) {
    return app.db.transaction(async (tx) => {
      const antes = await buscarEmpresaAdmin(tx, d.id);
      if (!antes) throw erro.naoEncontrado('Empresa não encontrada.');
      if (await slugEmUso(tx, d.slug, d.id)) throw erro.conflito('Este endereço de página pública já é usado por outra empresa.');
      const novos = { nome: d.nome, nomeCurto: d.nomeCurto, cnpj: d.cnpj ?? null, slug: d.slug, ...(d.fusoHorario ? { fusoHorario: d.fusoHorario } : {}) };
      await tx.update(empresa).set(novos).where(eq(empresa.id, d.id));
      // The matriz's zone is also that of sales without a branch: the dashboard's daily summaries go (decision 025).
      if (d.fusoHorario && d.fusoHorario !== antes.fusoHorario) await fusoDaRedeMudou(tx, d.id);
      await auditar(tx, request, {
        acao: 'ALTERAR',
        entidade: 'empresa',
        entidadeId: d.id,
        empresaId: d.id,
        antes: { nome: antes.nome, nomeCurto: antes.shortName, cnpj: antes.cnpj, slug: antes.slug, fusoHorario: antes.fusoHorario },
        depois: novos,
      });
      return { id: d.id };
    });
  }

  async function criar(request: Parameters<typeof auditar>[1], d: Criar): Promise<EmpresaAdminCriada> {
    const g = d.gerente;
    const cfg = await lerConfigSistema(app.db);
    // Hashed before the transaction: argon2 takes tens of milliseconds that no lock should wait for.
    const senhaHash = await gerarHashSenha(g.senha ?? tokenAleatorio(), app.config.argon2);
    const criado = await app.db.transaction(async (tx) => {
      if (await slugEmUso(tx, d.slug)) throw erro.conflito('Este endereço de página pública já é usado por outra empresa.');
      const [existe] = await tx.select({ id: usuario.id }).from(usuario).where(sql`lower(${usuario.username}) = ${g.username.toLowerCase()}`).limit(1);
      if (existe) throw erro.conflito('Este usuário já existe: escolha outro para o gerente.');
      const experimentalAte = cfg.diasExperimental > 0 ? new Date(Date.now() + cfg.diasExperimental * 86_400_000).toISOString().slice(0, 10) : null;
      const [nova] = await tx
        .insert(empresa)
        .values({ matrizId: 0, tipo: 'MATRIZ', nome: d.nome, nomeCurto: d.nomeCurto, cnpj: d.cnpj ?? null, slug: d.slug, fusoHorario: d.fusoHorario, experimentalAte })
        .returning({ id: empresa.id });
      const empresaId = nova!.id;
      // The tenant key of a head office is its own id (decision 001).
      await tx.update(empresa).set({ matrizId: empresaId }).where(eq(empresa.id, empresaId));
      const [gerente] = await tx
        .insert(usuario)
        .values({
          nome: g.nome,
          username: g.username.toLowerCase(),
          email: g.email ?? null,
          senhaHash,
          empresaId,
          perfilId: await perfilGerente(tx),
          administradorFaturamento: true,
        })
        .returning({ id: usuario.id });
      const gerenteId = gerente!.id;
      await auditar(tx, request, {
        acao: 'CRIAR',
        entidade: 'empresa',
        entidadeId: empresaId,
        empresaId,
        depois: { nome: d.nome, nomeCurto: d.nomeCurto, cnpj: d.cnpj ?? null, slug: d.slug, experimentalAte, gerente: { id: gerenteId, username: g.username, email: g.email ?? null } },
      });
      let emailId: number | null = null;
      if (g.senha === undefined && g.email) {
        emailId = await enfileirarEmail(tx, {
          empresaId,
          para: g.email,
          assunto: `${cfg.nomeSistema} — acesso de ${d.nomeCurto}`,
          corpo: corpoConvite(cfg.nomeSistema, g.nome, d.nomeCurto, g.username, linkOculto(app.config.publicUrl)),
        });
        await criarRedefinicao(tx, gerenteId, emailId, VALIDADE_CONVITE_MS);
      }
      return { id: empresaId, gerenteId, emailId };
    });
    if (criado.emailId !== null) await tentarEnviar(app.db, app.adaptadores.email, criado.emailId);
    return { id: criado.id, gerenteId: criado.gerenteId, convite: criado.emailId === null ? 'SENHA_INICIAL' : 'EMAIL' };
  }
}
