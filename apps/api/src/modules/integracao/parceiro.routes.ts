import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import {
  estornoResgateParceiroSchema,
  idParamSchema,
  integracaoClienteQuerySchema,
  integracaoResgateParceiroSchema,
  type ClienteNoParceiro,
  type ResultadoResgateParceiro,
} from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { cliente } from '../../db/schema/index.js';
import { auditar } from '../../lib/auditoria.js';
import { erro } from '../../lib/erros.js';
import { comIdempotencia } from '../../lib/idempotencia.js';
import { ok } from '../../lib/resposta.js';
import { tokenDe, type TokenContexto } from '../../lib/token-api.js';
import { disponivel, estornarResgate, exigirParceiro, lancarResgate, type AutorResgate } from '../convenio/index.js';
import { acharCliente, BASE_INTEGRACAO, cabecalhosPostagem, exigirChave } from './comum.js';
import { exemplosParceiro } from './exemplos.js';

type Opcoes = {
  rateLimit: Record<string, unknown>;
  emTenant: <T>(t: TokenContexto, fn: (tx: Executor) => Promise<T>) => Promise<T>;
};

/** The partner of a partner's token (exigirEscopo already refused any other token on these routes). */
function parceiroDo(t: TokenContexto): number {
  if (t.redeCredenciadaId === null) throw erro.proibido();
  return t.redeCredenciadaId;
}

const autorDo = (t: TokenContexto): AutorResgate => ({ empresaId: t.empresaId, usuarioId: null, tokenApiId: t.id, filialId: null, desbloqueia: false });

/**
 * A partner store of the accredited network redeems through its own token
 * (docs/areas/rede-credenciada.md): it finds a customer (name and what may be used there, nothing
 * else) and posts or cancels redemptions at that partner only. It posts no sale of the company.
 */
export async function parceiroRoutes(app: FastifyInstance, o: Opcoes) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['integracao'];
  const security = [{ tokenApi: [] }];
  const config = { token: { escopo: 'parceiro:resgatar' as const }, rateLimit: o.rateLimit };

  rotas.get(
    `${BASE_INTEGRACAO}/parceiro/clientes`,
    { schema: { tags, security, summary: 'Parceiro: identifica o cliente (CPF/CNPJ, celular ou cartão) e o saldo que pode usar aqui', querystring: integracaoClienteQuerySchema, ...exemplosParceiro.cliente }, config },
    async (request) => {
      const t = tokenDe(request);
      const r = await o.emTenant(t, async (tx): Promise<ClienteNoParceiro> => {
        const p = await exigirParceiro(tx, t.empresaId, parceiroDo(t));
        const id = await acharCliente(tx, t.empresaId, request.query);
        const [c] = id === null ? [] : await tx.select({ id: cliente.id, nome: cliente.nome, status: cliente.status }).from(cliente).where(and(eq(cliente.id, id), eq(cliente.empresaId, t.empresaId))).limit(1);
        // An anonymised customer is nobody to a partner.
        if (!c || c.status === 'ANONIMIZADO') throw erro.naoEncontrado('Cliente não encontrado.');
        const saldos: ClienteNoParceiro['disponivel'] = {};
        for (const u of p.unidades) saldos[u] = c.status === 'ATIVO' ? await disponivel(tx, t.empresaId, c.id, u) : 0;
        return { id: c.id, nome: c.nome, disponivel: saldos };
      });
      return ok(r);
    },
  );

  rotas.post(
    `${BASE_INTEGRACAO}/parceiro/resgates`,
    { schema: { tags, security, summary: 'Parceiro: lança um resgate do saldo do cliente', headers: cabecalhosPostagem, body: integracaoResgateParceiroSchema, ...exemplosParceiro.resgate }, config },
    async (request) => {
      const t = tokenDe(request);
      exigirChave(request, t.empresaId);
      const r = await o.emTenant(t, (tx) =>
        comIdempotencia<ResultadoResgateParceiro>(tx, request, t.empresaId, async () => {
          const feito = await lancarResgate(tx, autorDo(t), { ...request.body, redeCredenciadaId: parceiroDo(t) });
          await auditar(tx, request, { acao: 'CRIAR', entidade: 'resgate_parceiro', entidadeId: feito.resgate.id, depois: feito.resgate });
          return feito;
        }),
      );
      return ok(r);
    },
  );

  rotas.post(
    `${BASE_INTEGRACAO}/parceiro/resgates/:id/cancelamento`,
    { schema: { tags, security, summary: 'Parceiro: estorna um resgate (o saldo volta ao cliente uma vez)', headers: cabecalhosPostagem, params: idParamSchema, body: estornoResgateParceiroSchema, ...exemplosParceiro.cancelamento }, config },
    async (request) => {
      const t = tokenDe(request);
      exigirChave(request, t.empresaId);
      const r = await o.emTenant(t, (tx) =>
        comIdempotencia(tx, request, t.empresaId, async () => {
          // Another partner's redemption is not this one's to see: 404, as another company's.
          const e = await estornarResgate(tx, autorDo(t), parceiroDo(t), request.params.id, request.body.motivo);
          await auditar(tx, request, { acao: 'ESTORNO', entidade: 'resgate_parceiro', entidadeId: e.depois.id, antes: e.antes, depois: e.depois });
          return { resgate: e.depois, saldoDisponivel: e.saldoDisponivel };
        }),
      );
      return ok(r);
    },
  );
}
