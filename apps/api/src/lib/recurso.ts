import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, paginaParamsSchema, possuiAlguma } from '@bonifica/contracts';
import type { Executor } from '../db/client.js';
import { auditar } from './auditoria.js';
import type { UsuarioContexto } from './contexto.js';
import { erro } from './erros.js';
import { ok, pagina } from './resposta.js';
import { transacaoDoUsuario, usuarioDe } from './tenant.js';

export type Recurso<TFiltro, TSalvar extends { id?: number }, TItem> = {
  /** Segment of spec §7, with its trailing slash: 'user/', 'profile/'. */
  raiz: string;
  entidade: string;
  /**
   * `criar`: who may also create through save (never change nor delete) — e.g. the counter
   * terminal's quick sign-up. Without it, save takes `escrever` for both.
   */
  permissoes: { ler?: readonly string[]; escrever?: readonly string[]; criar?: readonly string[] };
  filtro: z.ZodType<TFiltro>;
  salvar: z.ZodType<TSalvar>;
  listar: (tx: Executor, u: UsuarioContexto, filtro: TFiltro, page: number, size: number) => Promise<{ itens: TItem[]; total: number; totalLimitado?: boolean }>;
  /** Must return null for a row of another company: the caller answers 404 and leaks nothing. */
  buscar: (tx: Executor, u: UsuarioContexto, id: number) => Promise<TItem | null>;
  /**
   * `dados` is the body as the schema parsed it: a field the client left out is absent (undefined)
   * unless the schema gives it a default. A resource whose update is partial (user/save) has no
   * defaults in its schema and writes only the fields present, keeping the others (decision 019).
   */
  gravar: (tx: Executor, u: UsuarioContexto, dados: TSalvar, antes: TItem | null, request: FastifyRequest) => Promise<TItem>;
  excluir: (tx: Executor, u: UsuarioContexto, id: number, antes: TItem) => Promise<'EXCLUIR' | 'DESATIVAR'>;
};

/**
 * The generic resource pattern of spec §7 — filterpaginated, save, findbyid, delete — with validation,
 * tenant scoping (one transaction under the caller's company) and audit, for any tenant-scoped table.
 */
export function registrarRecurso<TFiltro, TSalvar extends { id?: number }, TItem>(app: FastifyInstance, r: Recurso<TFiltro, TSalvar, TItem>) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const tags = [r.entidade];

  rotas.post(
    `/${r.raiz}filterpaginated/:page/:size`,
    { schema: { tags, params: paginaParamsSchema, body: r.filtro }, config: { permissoes: r.permissoes.ler } },
    async (request) => {
      const { page, size } = request.params;
      const u = usuarioDe(request);
      const { itens, total, totalLimitado } = await transacaoDoUsuario(request, (tx) => r.listar(tx, u, request.body as TFiltro, page, size));
      return pagina(itens, total, page, size, totalLimitado);
    },
  );

  rotas.get(
    `/${r.raiz}findbyid/:id`,
    { schema: { tags, params: idParamSchema }, config: { permissoes: r.permissoes.ler } },
    async (request) => {
      const u = usuarioDe(request);
      const item = await transacaoDoUsuario(request, (tx) => r.buscar(tx, u, request.params.id));
      if (!item) throw erro.naoEncontrado();
      return ok(item);
    },
  );

  const escrever = r.permissoes.escrever;
  const podeSalvar = r.permissoes.criar && escrever ? [...escrever, ...r.permissoes.criar] : escrever;
  rotas.post(`/${r.raiz}save`, { schema: { tags, body: r.salvar }, config: { permissoes: podeSalvar } }, async (request) => {
    const u = usuarioDe(request);
    const dados = request.body as TSalvar;
    // Only creating is open to `criar`: changing a record still asks for `escrever`.
    if (dados.id && escrever && !possuiAlguma(u.permissoes, escrever)) throw erro.proibido();
    const item = await transacaoDoUsuario(request, async (tx) => {
      const antes = dados.id ? await r.buscar(tx, u, dados.id) : null;
      if (dados.id && !antes) throw erro.naoEncontrado();
      const depois = await r.gravar(tx, u, dados, antes, request);
      const id = (depois as { id?: number }).id ?? dados.id ?? null;
      await auditar(tx, request, { acao: antes ? 'ALTERAR' : 'CRIAR', entidade: r.entidade, entidadeId: id, antes, depois });
      return depois;
    });
    return ok(item);
  });

  rotas.delete(
    `/${r.raiz}delete/:id`,
    { schema: { tags, params: idParamSchema }, config: { permissoes: r.permissoes.escrever } },
    async (request) => {
      const u = usuarioDe(request);
      await transacaoDoUsuario(request, async (tx) => {
        const antes = await r.buscar(tx, u, request.params.id);
        if (!antes) throw erro.naoEncontrado();
        const acao = await r.excluir(tx, u, request.params.id, antes);
        await auditar(tx, request, { acao, entidade: r.entidade, entidadeId: request.params.id, antes });
      });
      return ok(true);
    },
  );
}

/** Postgres unique violation, as raised by both drivers. */
export function violouUnicidade(e: unknown): boolean {
  const codigo = (e as { code?: string; cause?: { code?: string } })?.code ?? (e as { cause?: { code?: string } })?.cause?.code;
  return codigo === '23505';
}
