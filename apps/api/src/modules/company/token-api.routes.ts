import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq } from 'drizzle-orm';
import {
  hojeISO,
  idParamSchema,
  PERMISSOES,
  tokenApiNovoSchema,
  tokenApiSalvarSchema,
  type EscopoToken,
  type TokenApiCriado,
  type TokenApiResumo,
} from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { empresa, redeCredenciada, tokenApi } from '../../db/schema/index.js';
import { auditar } from '../../lib/auditoria.js';
import { erro } from '../../lib/erros.js';
import { lista, ok } from '../../lib/resposta.js';
import { novoSegredo } from '../../lib/token-api.js';
import { empresaDe, transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';

/** Who hands a till the keys to post sales: the company's management (spec §6). */
const GESTAO = [PERMISSOES.empresa, PERMISSOES.empresaAdmin];

/**
 * A token works through its last day, in Brasília (UTC−3 all year since 2019): it stops at the
 * midnight that ends that day.
 */
function fimDoDiaEmBrasilia(dia: string): Date {
  return new Date(Date.parse(`${dia}T00:00:00-03:00`) + 86_400_000);
}

function ultimoDia(expira: Date): string {
  return hojeISO(new Date(expira.getTime() - 1));
}

const colunas = {
  id: tokenApi.id,
  nome: tokenApi.nome,
  prefixo: tokenApi.prefixo,
  filialId: tokenApi.filialId,
  filialNome: empresa.nomeCurto,
  redeCredenciadaId: tokenApi.redeCredenciadaId,
  redeCredenciadaNome: redeCredenciada.nome,
  escopos: tokenApi.escopos,
  expiraEm: tokenApi.expiraEm,
  revogadoEm: tokenApi.revogadoEm,
  ultimoUso: tokenApi.ultimoUso,
  criadoEm: tokenApi.criadoEm,
};

type Linha = {
  id: number;
  nome: string;
  prefixo: string;
  filialId: number | null;
  filialNome: string | null;
  redeCredenciadaId: number | null;
  redeCredenciadaNome: string | null;
  escopos: string[];
  expiraEm: Date | null;
  revogadoEm: Date | null;
  ultimoUso: Date | null;
  criadoEm: Date;
};

function resumo(l: Linha): TokenApiResumo {
  const agora = Date.now();
  return {
    id: l.id,
    nome: l.nome,
    prefixo: l.prefixo,
    filialId: l.filialId,
    filialNome: l.filialNome,
    redeCredenciadaId: l.redeCredenciadaId,
    redeCredenciadaNome: l.redeCredenciadaNome,
    escopos: l.escopos as EscopoToken[],
    expiraEm: l.expiraEm ? ultimoDia(l.expiraEm) : null,
    revogadoEm: l.revogadoEm?.toISOString() ?? null,
    ultimoUso: l.ultimoUso?.toISOString() ?? null,
    criadoEm: l.criadoEm.toISOString(),
    situacao: l.revogadoEm ? 'REVOGADO' : l.expiraEm && l.expiraEm.getTime() <= agora ? 'VENCIDO' : 'ATIVO',
  };
}

async function buscarToken(tx: Executor, empresaId: number, id: number): Promise<TokenApiResumo> {
  const [l] = await tx
    .select(colunas)
    .from(tokenApi)
    .leftJoin(empresa, eq(empresa.id, tokenApi.filialId))
    .leftJoin(redeCredenciada, eq(redeCredenciada.id, tokenApi.redeCredenciadaId))
    .where(and(eq(tokenApi.id, id), eq(tokenApi.empresaId, empresaId)))
    .limit(1);
  if (!l) throw erro.naoEncontrado('Token não encontrado.');
  return resumo(l);
}

async function validarCampos(tx: Executor, empresaId: number, d: { filialId: number | null; expiraEm: string | null; redeCredenciadaId: number | null }): Promise<void> {
  if (d.expiraEm !== null && d.expiraEm < hojeISO()) throw erro.requisicao('A validade não pode ser anterior a hoje.');
  if (d.redeCredenciadaId !== null) {
    const [p] = await tx
      .select({ id: redeCredenciada.id })
      .from(redeCredenciada)
      .where(and(eq(redeCredenciada.id, d.redeCredenciadaId), eq(redeCredenciada.empresaId, empresaId)))
      .limit(1);
    // Another company's partner is not there to see, as anywhere else: 404.
    if (!p) throw erro.naoEncontrado('Parceiro não encontrado.');
  }
  if (d.filialId !== null) {
    const [f] = await tx
      .select({ id: empresa.id })
      .from(empresa)
      .where(and(eq(empresa.id, d.filialId), eq(empresa.matrizId, empresaId)))
      .limit(1);
    if (!f) throw erro.requisicao('Filial inválida.');
  }
}

/** The company's API tokens (`/services/company/api`, spec §7 "Company"; docs/areas/integracao.md). */
export async function tokenApiRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['company'];

  rotas.get('/company/api', { schema: { tags, summary: 'Tokens de API da empresa' }, config: { permissoes: GESTAO } }, async (request) => {
    const empresaId = empresaDe(request);
    const linhas = await transacaoDoUsuario(request, (tx) =>
      tx
        .select(colunas)
        .from(tokenApi)
        .leftJoin(empresa, eq(empresa.id, tokenApi.filialId))
    .leftJoin(redeCredenciada, eq(redeCredenciada.id, tokenApi.redeCredenciadaId))
        .where(eq(tokenApi.empresaId, empresaId))
        .orderBy(desc(tokenApi.criadoEm), desc(tokenApi.id)),
    );
    return lista(linhas.map(resumo));
  });

  rotas.put(
    '/company/api',
    { schema: { tags, summary: 'Cria um token de API (o segredo vem só nesta resposta)', body: tokenApiNovoSchema }, config: { permissoes: GESTAO } },
    async (request) => {
      const u = usuarioDe(request);
      const empresaId = empresaDe(request);
      const d = request.body;
      const s = novoSegredo();
      const criado = await transacaoDoUsuario(request, async (tx) => {
        await validarCampos(tx, empresaId, d);
        const [novo] = await tx
          .insert(tokenApi)
          .values({
            empresaId,
            filialId: d.filialId,
            redeCredenciadaId: d.redeCredenciadaId,
            nome: d.nome,
            prefixo: s.prefixo,
            segredoHash: s.hash,
            escopos: d.escopos,
            expiraEm: d.expiraEm ? fimDoDiaEmBrasilia(d.expiraEm) : null,
            criadoPor: u.id,
          })
          .returning({ id: tokenApi.id });
        const r = await buscarToken(tx, empresaId, novo!.id);
        await auditar(tx, request, { acao: 'CRIAR', entidade: 'token_api', entidadeId: r.id, depois: r });
        return r;
      });
      const resposta: TokenApiCriado = { ...criado, segredo: s.segredo };
      return ok(resposta);
    },
  );

  rotas.post(
    '/company/api/save',
    { schema: { tags, summary: 'Altera nome, filial, escopos e validade de um token', body: tokenApiSalvarSchema }, config: { permissoes: GESTAO } },
    async (request) => {
      const empresaId = empresaDe(request);
      const d = request.body;
      const r = await transacaoDoUsuario(request, async (tx) => {
        const antes = await buscarToken(tx, empresaId, d.id);
        if (antes.situacao === 'REVOGADO') throw erro.conflito('Token revogado não pode ser alterado.');
        await validarCampos(tx, empresaId, d);
        await tx
          .update(tokenApi)
          .set({ nome: d.nome, filialId: d.filialId, redeCredenciadaId: d.redeCredenciadaId, escopos: d.escopos, expiraEm: d.expiraEm ? fimDoDiaEmBrasilia(d.expiraEm) : null })
          .where(and(eq(tokenApi.id, d.id), eq(tokenApi.empresaId, empresaId)));
        const depois = await buscarToken(tx, empresaId, d.id);
        await auditar(tx, request, { acao: 'ALTERAR', entidade: 'token_api', entidadeId: d.id, antes, depois });
        return depois;
      });
      return ok(r);
    },
  );

  rotas.delete(
    '/company/api/:id',
    { schema: { tags, summary: 'Revoga um token: recusado na hora, em todos os processos', params: idParamSchema }, config: { permissoes: GESTAO } },
    async (request) => {
      const empresaId = empresaDe(request);
      const id = request.params.id;
      const r = await transacaoDoUsuario(request, async (tx) => {
        const antes = await buscarToken(tx, empresaId, id);
        if (antes.situacao === 'REVOGADO') return antes;
        // Kept, not deleted: the audit rows and the sales' history still name it.
        await tx
          .update(tokenApi)
          .set({ revogadoEm: new Date() })
          .where(and(eq(tokenApi.id, id), eq(tokenApi.empresaId, empresaId)));
        const depois = await buscarToken(tx, empresaId, id);
        await auditar(tx, request, { acao: 'REVOGAR', entidade: 'token_api', entidadeId: id, antes, depois });
        return depois;
      });
      return ok(r);
    },
  );
}
