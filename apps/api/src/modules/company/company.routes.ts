import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import {
  filialSaveSchema,
  filtroFilialSchema,
  idParamSchema,
  PERMISSOES,
  qrcodeImpressaoSchema,
  type FaturamentoStatus,
  type FilialDados,
  type LogoEmpresa,
} from '@bonifica/contracts';
import { empresa } from '../../db/schema/index.js';
import { registrarRecurso } from '../../lib/recurso.js';
import { ehAdmin, type UsuarioContexto } from '../../lib/contexto.js';
import { erro } from '../../lib/erros.js';
import { lista, ok } from '../../lib/resposta.js';
import { transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { lerLogoEmpresa } from '../arquivo/index.js';
import { tokenApiRoutes } from './token-api.routes.js';
import { buscarEmpresa, empresasDaRede, faturaAberta, paraEmpresa, slugDaEmpresa } from './company.repository.js';
import { buscarFilial, desativarFilial, gravarFilial, listarFiliais } from './filial.repository.js';
import { cartazQrCode } from './qrcode.js';

/** Branches, devices and the poster are the company's management (spec §2 "company administration"). */
const GESTAO = [PERMISSOES.empresa, PERMISSOES.empresaAdmin];

function exigirEmpresa(u: UsuarioContexto): number {
  if (u.empresaId === null || u.empresaAtualId === null) throw erro.requisicao('Usuário sem empresa vinculada.');
  return u.empresaAtualId;
}

export async function companyRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['company'];
  await tokenApiRoutes(app);

  rotas.get('/company/companyuserlogged', { schema: { tags } }, async (request) => {
    const u = usuarioDe(request);
    if (u.empresaAtualId === null) return ok(null);
    const e = await transacaoDoUsuario(request, (tx) => buscarEmpresa(tx, u, u.empresaAtualId!));
    return ok(e ? { id: e.id, shortName: e.nomeCurto } : null);
  });

  rotas.get('/company/empresausuariologado', { schema: { tags } }, async (request) => {
    const u = usuarioDe(request);
    const id = exigirEmpresa(u);
    const e = await transacaoDoUsuario(request, (tx) => buscarEmpresa(tx, u, id));
    if (!e) throw erro.naoEncontrado('Empresa não encontrada.');
    return ok(paraEmpresa(e));
  });

  rotas.get('/company/logoimagevo/:id', { schema: { tags, params: idParamSchema } }, async (request) => {
    const u = usuarioDe(request);
    const e = await transacaoDoUsuario(request, (tx) => buscarEmpresa(tx, u, request.params.id));
    if (!e) throw erro.naoEncontrado('Empresa não encontrada.');
    const r: LogoEmpresa = { url: e.temLogo ? `/arquivo/imagem/empresa/${e.id}` : null };
    return ok(r);
  });

  rotas.get('/company/filiaisempresalogada', { schema: { tags } }, async (request) => {
    const u = usuarioDe(request);
    exigirEmpresa(u);
    return lista(await transacaoDoUsuario(request, (tx) => empresasDaRede(tx, u.empresaId!, true)));
  });

  rotas.get('/company/empresalogadafiliais', { schema: { tags } }, async (request) => {
    const u = usuarioDe(request);
    exigirEmpresa(u);
    return lista(await transacaoDoUsuario(request, (tx) => empresasDaRede(tx, u.empresaId!)));
  });

  rotas.get('/company/rede', { schema: { tags } }, async (request) => {
    const u = usuarioDe(request);
    exigirEmpresa(u);
    return lista(await transacaoDoUsuario(request, (tx) => empresasDaRede(tx, u.empresaId!)));
  });

  rotas.get('/company/matrizefiliais/:id', { schema: { tags, params: idParamSchema } }, async (request) => {
    const u = usuarioDe(request);
    const rede = await transacaoDoUsuario(request, async (tx) => {
      const e = await buscarEmpresa(tx, u, request.params.id);
      if (!e) throw erro.naoEncontrado('Empresa não encontrada.');
      return empresasDaRede(tx, e.matrizId);
    });
    return lista(rede);
  });

  /** The backoffice-admin check of spec §6: true only for system administrators. */
  rotas.get('/company/acesso/backoffice/admin', { schema: { tags } }, async (request) => ok(ehAdmin(usuarioDe(request))));

  rotas.get('/company/faturamento/status', { schema: { tags } }, async (request) => {
    const u = usuarioDe(request);
    const vazio: FaturamentoStatus = {
      experimental: false,
      administrador: false,
      faturaAberta: false,
      valorFatura: null,
      vencimentoFatura: null,
      urlEscolhaPlano: null,
      urlFaturaAberta: null,
    };
    // Spec §4: the banner is for the billing administrator only; anyone else gets the status without
    // the invoice (no amount, due date or payment link) — the web shell then shows no banner.
    if (u.empresaId === null || !u.administradorFaturamento) return ok(vazio);
    const status = await transacaoDoUsuario(request, async (tx) => {
      const matriz = await buscarEmpresa(tx, u, u.empresaId!);
      const fatura = await faturaAberta(tx, u.empresaId!);
      const hoje = new Date().toISOString().slice(0, 10);
      const r: FaturamentoStatus = {
        experimental: !!matriz?.experimentalAte && matriz.experimentalAte >= hoje,
        administrador: true,
        faturaAberta: !!fatura,
        valorFatura: fatura ? fatura.valorCentavos / 100 : null,
        vencimentoFatura: fatura?.vencimento ?? null,
        urlEscolhaPlano: `${app.config.publicUrl}/paginas/planos`,
        urlFaturaAberta: fatura?.urlPagamento ?? null,
      };
      return r;
    });
    return ok(status);
  });

  rotas.get('/company/url/compartilhamento', { schema: { tags } }, async (request) => {
    const u = usuarioDe(request);
    const id = exigirEmpresa(u);
    const slug = await transacaoDoUsuario(request, (tx) => slugDaEmpresa(tx, id));
    return ok(`${app.config.publicUrl}/p/${slug}`);
  });

  rotas.post(
    '/company/imprimir/qrcode',
    { schema: { tags, body: qrcodeImpressaoSchema }, config: { permissoes: GESTAO } },
    async (request, reply) => {
      const u = usuarioDe(request);
      const id = request.body.empresaId ?? exigirEmpresa(u);
      const { filial, slug, logo } = await transacaoDoUsuario(request, async (tx) => {
        const f = await buscarFilial(tx, u, id);
        if (!f) throw erro.naoEncontrado('Empresa não encontrada.');
        const [l] = await tx.select({ slug: empresa.slug }).from(empresa).where(eq(empresa.id, id)).limit(1);
        const logo = await lerLogoEmpresa(tx, id);
        return { filial: f, slug: l!.slug, logo: logo ? { bytes: Buffer.from(logo.dados), mime: logo.tipo } : null };
      });
      const pdf = await cartazQrCode(filial, `${app.config.publicUrl}/p/${slug}`, logo);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="qrcode-${slug}.pdf"`).send(pdf);
    },
  );

  // Spec §7 has no save path for a branch: the generic resource pattern under `company/` (docs/areas/filiais.md).
  registrarRecurso(app, {
    raiz: 'company/',
    entidade: 'empresa',
    permissoes: { ler: GESTAO, escrever: GESTAO },
    filtro: filtroFilialSchema,
    salvar: filialSaveSchema,
    listar: listarFiliais,
    buscar: buscarFilial,
    gravar: (tx, u, d, antes) => gravarFilial(tx, u, d as FilialDados, antes),
    excluir: desativarFilial,
  });
}
