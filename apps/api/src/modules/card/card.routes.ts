import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adicionarFilaSchema,
  bloquearCartaoSchema,
  criarLoteImpressaoSchema,
  desbloquearCartaoSchema,
  emitirCartoesSchema,
  filtroCartaoSchema,
  filtroFilaImpressaoSchema,
  formatarCnpj,
  formatarCpf,
  formatarData,
  formatarNumeroCartao,
  formatarTelefone,
  idParamSchema,
  imprimirCartaoSchema,
  imprimirListaCartoesSchema,
  numeracaoCartaoSchema,
  paginaParamsSchema,
  PODE_CONSULTAR_CARTOES,
  PODE_GERENCIAR_CARTOES,
  relatorioUsoClienteSchema,
  relatorioUsoEmpresaSchema,
  ROTULOS_STATUS_CARTAO,
  salvarFilaImpressaoSchema,
  substituirCartaoSchema,
  vincularCartaoSchema,
} from '@bonifica/contracts';
import { auditar } from '../../lib/auditoria.js';
import { emPaginas } from '../../lib/csv.js';
import { disposicaoAnexo, gerarPlanilha, TIPOS_MIME } from '../../lib/planilha.js';
import { erro } from '../../lib/erros.js';
import { ok, pagina } from '../../lib/resposta.js';
import { transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { documentoVisivel } from '../client/index.js';
import { buscarCartao, empresaDo, listarCartoes, paginaExportacao } from './card.repository.js';
import { bloquearCartao, desbloquearCartao, emitirCartoes, ENTIDADE_CARTAO, substituirCartao, vincularCartao } from './ciclo-vida.js';
import { adicionarFila, criarLote, listarFila, salvarFila } from './fila.js';
import { responderPdfCartoes } from './impressao.js';
import { definirPrefixo, lerNumeracao } from './numeracao.js';
import { estatisticaVida, relatorioUsoCliente, relatorioUsoEmpresa } from './relatorios.js';

const GERENCIAR = { permissoes: PODE_GERENCIAR_CARTOES };
const CONSULTAR = { permissoes: PODE_CONSULTAR_CARTOES };

/** Loyalty cards (segment `card`, spec §7 "Cards"; docs/areas/cartoes.md). */
export async function cardRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const tags = [ENTIDADE_CARTAO];

  // --- Look-up: the counter finds a card by its number or its holder.
  rotas.post('/card/filterpaginated/:page/:size', { schema: { tags, params: paginaParamsSchema, body: filtroCartaoSchema }, config: CONSULTAR }, async (request) => {
    const { page, size } = request.params;
    const u = usuarioDe(request);
    const { itens, total } = await transacaoDoUsuario(request, (tx) => listarCartoes(tx, u, request.body, page, size));
    return pagina(itens, total, page, size);
  });

  rotas.get('/card/findbyid/:id', { schema: { tags, params: idParamSchema }, config: CONSULTAR }, async (request) => {
    const u = usuarioDe(request);
    const c = await transacaoDoUsuario(request, (tx) => buscarCartao(tx, u, request.params.id));
    if (!c) throw erro.naoEncontrado('Cartão não encontrado.');
    return ok({ ...c, clienteDocumento: documentoVisivel(u, c.clienteDocumento) });
  });

  rotas.get('/card/:id/estatistica/vida', { schema: { tags, params: idParamSchema }, config: CONSULTAR }, async (request) => {
    const u = usuarioDe(request);
    const e = await transacaoDoUsuario(request, (tx) => estatisticaVida(tx, u, request.params.id));
    if (!e) throw erro.naoEncontrado('Cartão não encontrado.');
    return ok(e);
  });

  // --- Life of a card. Each call reloads the card it changes and answers it as it is now.
  const comCartao = async (request: Parameters<typeof usuarioDe>[0], fn: (tx: Parameters<Parameters<typeof transacaoDoUsuario>[1]>[0]) => Promise<number>) => {
    const u = usuarioDe(request);
    empresaDo(u);
    return ok(await transacaoDoUsuario(request, async (tx) => (await buscarCartao(tx, u, await fn(tx)))!));
  };

  rotas.post('/card/emitir', { schema: { tags, body: emitirCartoesSchema }, config: GERENCIAR }, async (request) => {
    const u = usuarioDe(request);
    empresaDo(u);
    return ok(await transacaoDoUsuario(request, (tx) => emitirCartoes(tx, request, u, request.body)));
  });

  // The attendant links a card at the counter (and at a quick sign-up), so a look-up permission is enough.
  rotas.post('/card/vincular', { schema: { tags, body: vincularCartaoSchema }, config: CONSULTAR }, async (request) =>
    comCartao(request, (tx) => vincularCartao(tx, request, usuarioDe(request), request.body)),
  );

  rotas.post('/card/substituir', { schema: { tags, body: substituirCartaoSchema }, config: GERENCIAR }, async (request) =>
    comCartao(request, (tx) => substituirCartao(tx, request, usuarioDe(request), request.body)),
  );

  rotas.post('/card/:id/bloquear', { schema: { tags, params: idParamSchema, body: bloquearCartaoSchema }, config: GERENCIAR }, async (request) =>
    comCartao(request, async (tx) => {
      await bloquearCartao(tx, request, usuarioDe(request), request.params.id, request.body.motivo);
      return request.params.id;
    }),
  );

  rotas.post('/card/:id/desbloquear', { schema: { tags, params: idParamSchema, body: desbloquearCartaoSchema }, config: GERENCIAR }, async (request) =>
    comCartao(request, async (tx) => {
      await desbloquearCartao(tx, request, usuarioDe(request), request.params.id, request.body.motivo);
      return request.params.id;
    }),
  );

  // --- Numbering: the company's prefix.
  rotas.get('/card/numeracao', { schema: { tags }, config: GERENCIAR }, async (request) => {
    const empresaId = empresaDo(usuarioDe(request));
    return ok(await transacaoDoUsuario(request, (tx) => lerNumeracao(tx, empresaId)));
  });

  rotas.post('/card/numeracao', { schema: { tags, body: numeracaoCartaoSchema }, config: GERENCIAR }, async (request) => {
    const empresaId = empresaDo(usuarioDe(request));
    return ok(
      await transacaoDoUsuario(request, async (tx) => {
        const antes = await lerNumeracao(tx, empresaId);
        const depois = await definirPrefixo(tx, empresaId, request.body.prefixo);
        if (antes.prefixo !== depois.prefixo) await auditar(tx, request, { acao: 'ALTERAR', entidade: 'cartao_numeracao', entidadeId: empresaId, antes: { prefixo: antes.prefixo }, depois: { prefixo: depois.prefixo } });
        return depois;
      }),
    );
  });

  // --- Printing (PDF): one card on a card-size page, lists on A4 sheets of 10.
  rotas.post('/card/print', { schema: { tags, body: imprimirCartaoSchema }, config: GERENCIAR }, (request, reply) => responderPdfCartoes(request, reply, 'frente', [request.body.id], false));
  rotas.post('/card/print/back', { schema: { tags, body: imprimirCartaoSchema }, config: GERENCIAR }, (request, reply) => responderPdfCartoes(request, reply, 'verso', [request.body.id], false));
  rotas.post('/card/printcardlist', { schema: { tags, body: imprimirListaCartoesSchema }, config: GERENCIAR }, (request, reply) => responderPdfCartoes(request, reply, 'frente', request.body.ids, true));
  rotas.post('/card/printcardlist/back', { schema: { tags, body: imprimirListaCartoesSchema }, config: GERENCIAR }, (request, reply) =>
    responderPdfCartoes(request, reply, 'verso', request.body.ids, true),
  );

  // --- Print queue.
  rotas.post('/card/addcardprintqueue', { schema: { tags, body: adicionarFilaSchema }, config: GERENCIAR }, async (request) => {
    const u = usuarioDe(request);
    return ok(await transacaoDoUsuario(request, (tx) => adicionarFila(tx, request, u, request.body.ids)));
  });

  rotas.post('/card/createcardlistprint', { schema: { tags, body: criarLoteImpressaoSchema }, config: GERENCIAR }, async (request) => {
    const u = usuarioDe(request);
    return ok(await transacaoDoUsuario(request, (tx) => criarLote(tx, request, u, request.body.itens)));
  });

  rotas.post('/card/filaimpressao/filter/:page/:size', { schema: { tags, params: paginaParamsSchema, body: filtroFilaImpressaoSchema }, config: GERENCIAR }, async (request) => {
    const { page, size } = request.params;
    const u = usuarioDe(request);
    const { itens, total } = await transacaoDoUsuario(request, (tx) => listarFila(tx, u, request.body, page, size));
    return pagina(itens, total, page, size);
  });

  rotas.post('/card/filaimpressao/salveall', { schema: { tags, body: salvarFilaImpressaoSchema }, config: GERENCIAR }, async (request) => {
    const u = usuarioDe(request);
    return ok(await transacaoDoUsuario(request, (tx) => salvarFila(tx, request, u, request.body)));
  });

  // --- Reports and export.
  rotas.post('/card/relatorio/cliente', { schema: { tags, body: relatorioUsoClienteSchema }, config: CONSULTAR }, async (request) => {
    const u = usuarioDe(request);
    return ok(await transacaoDoUsuario(request, (tx) => relatorioUsoCliente(tx, u, request.body)));
  });

  rotas.post('/card/relatorio/empresa', { schema: { tags, body: relatorioUsoEmpresaSchema }, config: GERENCIAR }, async (request) => {
    const u = usuarioDe(request);
    return ok(await transacaoDoUsuario(request, (tx) => relatorioUsoEmpresa(tx, u, request.body)));
  });

  // Streamed page by page (each page its own short transaction), so memory stays flat at any size.
  rotas.post('/card/exportar/clientes/csv', { schema: { tags, body: filtroCartaoSchema }, config: GERENCIAR }, async (request, reply) => {
    const u = usuarioDe(request);
    const empresaId = empresaDo(u);
    const f = request.body;
    // Personal data leaves the system: who took it, and with which filter, is recorded first.
    await transacaoDoUsuario(request, (tx) => auditar(tx, request, { acao: 'EXPORTAR', entidade: ENTIDADE_CARTAO, depois: { formato: 'CSV', filtro: f } }));
    const linhas = emPaginas(
      (depoisDe, limite) => transacaoDoUsuario(request, (tx) => paginaExportacao(tx, empresaId, f, depoisDe, limite)),
      (l) => l.id,
    );
    const colunas = ['Número do cartão', 'Situação', 'Cliente', 'CPF/CNPJ', 'Celular', 'E-mail', 'Filial', 'Emitido em', 'Vinculado em'].map((titulo) => ({ titulo }));
    const celulas = (async function* () {
      for await (const l of linhas) {
        // Grouped number and masked CPF: a spreadsheet would turn bare digits into 9,00001E+15 or drop leading zeros.
        const documento = l.documento ? (l.documento.length === 11 ? formatarCpf(l.documento) : formatarCnpj(l.documento)) : '';
        yield [formatarNumeroCartao(l.numero), ROTULOS_STATUS_CARTAO[l.status], l.clienteNome, documento, formatarTelefone(l.celular), l.email, l.filialNome, formatarData(l.emitidoEm), l.vinculadoEm ? formatarData(l.vinculadoEm) : ''];
      }
    })();
    return reply.header('content-type', TIPOS_MIME.CSV).header('content-disposition', disposicaoAnexo('cartoes-clientes.csv')).send(gerarPlanilha('CSV', colunas, celulas));
  });
}
