import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import {
  downloadCupomWhatsSchema,
  enviarCupomWhatsSchema,
  formatarDataHora,
  PODE_GERENCIAR_CLIENTES,
  PODE_GERENCIAR_CUPONS,
  testeCupomWhatsSchema,
  type EnvioCupomWhats,
  type TesteCupomWhatsResposta,
} from '@bonifica/contracts';
import { auditar } from '../../lib/auditoria.js';
import type { UsuarioContexto } from '../../lib/contexto.js';
import { emPaginas } from '../../lib/csv.js';
import { erro } from '../../lib/erros.js';
import { disposicaoAnexo, gerarPlanilha, telefonePlanilha } from '../../lib/planilha.js';
import { ok } from '../../lib/resposta.js';
import { criarTarefa } from '../../lib/tarefas.js';
import { comTenant, empresaDe, transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { enfileirarTeste, instanciaDaEmpresa, linhas } from '../mensagem/index.js';
import { condicoesDoPublico, contarEnvio, criarLoteDoEnvio, cupomParaEnvio, instanciaObrigatoria, ORIGEM_CUPOM_WHATS, renderizarExemplo, TAREFA_CUPOM_WHATS } from './whats.js';

/**
 * The phone a user may read in the sends' file (LGPD, data minimisation, like documentoVisivel):
 * whole for who manages customers, else the DDD and the last four digits, (11) *****-4321.
 */
function celularVisivel(u: UsuarioContexto, celular: string | null): string {
  if (!celular) return '';
  const inteiro = u.permissoes.some((p) => PODE_GERENCIAR_CLIENTES.includes(p as (typeof PODE_GERENCIAR_CLIENTES)[number]));
  return inteiro ? telefonePlanilha(celular) : `(${celular.slice(0, 2)}) *****-${celular.slice(-4)}`;
}

/** Instants as a person reads them in Excel pt-BR: DD/MM/AAAA HH:MM:SS in Brasília (the sends' clock, like the outbox screen). */
const quando = (d: Date | string | null) => (d === null ? '' : formatarDataHora(d));

type LinhaEnvio = { id: number; nome: string | null; celular: string | null; codigo: string | null; status: string; erro: string | null; criada: string; enviada: string | null; entregue: string | null; lida: string | null };

/** WhatsApp sends of a coupon (docs/areas/cupons.md "Envio por WhatsApp"): the batch job, the test message and the file. */
export async function cupomWhatsRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['cupomdesconto'];
  const gestao = { permissoes: PODE_GERENCIAR_CUPONS };

  rotas.post(
    '/cupomdesconto/whats/enviar',
    { schema: { tags, summary: 'Envia o cupom pelo WhatsApp a um público: um código único por cliente, em segundo plano (simular: só conta)', body: enviarCupomWhatsSchema }, config: gestao },
    async (request) => {
      const u = usuarioDe(request);
      const empresaId = empresaDe(request);
      const b = request.body;
      const r = await transacaoDoUsuario(request, async (tx): Promise<EnvioCupomWhats> => {
        const c = await cupomParaEnvio(tx, empresaId, b.cupomId, !b.simular);
        const condicoes = await condicoesDoPublico(tx, empresaId, b.publicoId);
        const n = await contarEnvio(tx, empresaId, b.cupomId, condicoes);
        const previa = await renderizarExemplo(tx, empresaId, c);
        if (b.simular) return { ...n, previa, temNumero: (await instanciaDaEmpresa(tx, empresaId)) !== null, tarefa: null };
        await instanciaObrigatoria(tx, empresaId);
        if (n.destinatarios === 0) throw erro.conflito('Ninguém deste público pode receber o cupom agora (consentimento, bloqueio, celular ou já recebeu).');
        const loteId = await criarLoteDoEnvio(tx, empresaId, c, u.id);
        const tarefa = await criarTarefa(tx, { tipo: TAREFA_CUPOM_WHATS, usuario: u, parametros: { cupomId: b.cupomId, publicoId: b.publicoId, loteId } });
        await auditar(tx, request, { acao: 'ENVIAR_WHATSAPP', entidade: 'cupomdesconto', entidadeId: b.cupomId, depois: { publicoId: b.publicoId, loteId, tarefa, destinatarios: n.destinatarios } });
        return { ...n, previa, temNumero: true, tarefa };
      });
      if (r.tarefa) await app.tarefas.enfileirar(r.tarefa);
      return ok<EnvioCupomWhats>(r);
    },
  );

  rotas.post(
    '/cupomdesconto/whats/teste',
    { schema: { tags, summary: 'Envia a mensagem do cupom, com um código de exemplo, a um celular de teste', body: testeCupomWhatsSchema }, config: gestao },
    async (request) => {
      const empresaId = empresaDe(request);
      const b = request.body;
      const r = await transacaoDoUsuario(request, async (tx): Promise<TesteCupomWhatsResposta> => {
        const c = await cupomParaEnvio(tx, empresaId, b.cupomId);
        const instanciaId = await instanciaObrigatoria(tx, empresaId);
        const para = b.celular.startsWith('55') && b.celular.length >= 12 ? b.celular : `55${b.celular}`;
        const texto = await renderizarExemplo(tx, empresaId, c);
        const mensagemId = await enfileirarTeste(tx, empresaId, { canal: 'WHATSAPP', para, texto, assunto: null, arquivoId: null, instanciaId });
        await auditar(tx, request, { acao: 'ENVIAR_TESTE', entidade: 'cupomdesconto', entidadeId: b.cupomId, depois: { para, mensagemId } });
        return { mensagemId, para, texto };
      });
      return ok<TesteCupomWhatsResposta>(r);
    },
  );

  rotas.post(
    '/cupomdesconto/download/whats',
    { schema: { tags, summary: 'Mensagens dos envios do cupom pelo WhatsApp em CSV (cliente, celular, código, situação, horários)', body: downloadCupomWhatsSchema }, config: gestao },
    async (request, reply) => {
      const u = usuarioDe(request);
      const empresaId = empresaDe(request);
      const cupomId = request.body.cupomId;
      const [c] = await transacaoDoUsuario(request, (tx) => linhas<{ id: number }>(tx, sql`select id from cupom_desconto where id = ${cupomId} and empresa_id = ${empresaId}`));
      if (!c) throw erro.naoEncontrado('Cupom não encontrado.');
      const pagina = (depoisDe: number | null, limite: number) =>
        comTenant(app.db, u, (tx) =>
          linhas<LinhaEnvio>(
            tx,
            sql`select m.id, cl.nome, cl.celular, k.codigo, m.status, m.erro, m.criado_em as criada, m.enviada_em as enviada, m.entregue_em as entregue, m.lida_em as lida
              from mensagem_saida m
              left join cliente cl on cl.id = m.cliente_id and cl.empresa_id = m.empresa_id
              left join cupom_desconto_codigo k on k.empresa_id = m.empresa_id and k.cupom_id = m.origem_id and k.cliente_id = m.cliente_id
              where m.empresa_id = ${empresaId} and m.origem = ${ORIGEM_CUPOM_WHATS} and m.origem_id = ${cupomId} and m.id > ${depoisDe ?? 0}
              order by m.id limit ${limite}`,
          ),
        );
      async function* celulas() {
        for await (const l of emPaginas(pagina, (l) => Number(l.id), 5_000))
          yield [l.nome ?? '', celularVisivel(u, l.celular), l.codigo ?? '', l.status, quando(l.criada), quando(l.enviada), quando(l.entregue), quando(l.lida), l.erro ?? ''];
      }
      const colunas = ['Cliente', 'Celular', 'Código', 'Situação', 'Enfileirada em', 'Enviada em', 'Entregue em', 'Lida em', 'Erro'].map((titulo) => ({ titulo }));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', disposicaoAnexo(`cupom-${cupomId}-whatsapp.csv`))
        .header('cache-control', 'no-store')
        .send(gerarPlanilha('CSV', colunas, celulas()));
    },
  );
}
