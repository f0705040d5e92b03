import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.js';
import { cartao, cliente, empresa } from '../../db/schema/index.js';
import { auditar } from '../../lib/auditoria.js';
import { erro } from '../../lib/erros.js';
import { lerLogoEmpresa } from '../arquivo/index.js';
import { transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { empresaDo, MENSAGEM_CARTAO_NAO_ENCONTRADO } from './card.repository.js';
import { pdfCartoes, type DadosCartaoImpresso, type DadosEmpresaCartao } from './card-pdf.js';
import { exigirImprimivel } from './fila.js';

async function dadosEmpresa(tx: Executor, empresaId: number): Promise<DadosEmpresaCartao> {
  const [e] = await tx
    .select({ nome: empresa.nome, nomeCurto: empresa.nomeCurto, contato: empresa.contatoSuporteWhats })
    .from(empresa)
    .where(eq(empresa.id, empresaId))
    .limit(1);
  if (!e) throw erro.naoEncontrado('Empresa não encontrada.');
  const logo = await lerLogoEmpresa(tx, empresaId);
  return { nome: e.nome, nomeCurto: e.nomeCurto, contato: e.contato, logo: logo ? { dados: Buffer.from(logo.dados), mime: logo.tipo } : null };
}

/** The cards to print, in the order asked; any id outside the caller's company is a 404 for the whole call. */
async function cartoesParaImprimir(tx: Executor, empresaId: number, ids: number[]): Promise<DadosCartaoImpresso[]> {
  const linhas = await tx
    .select({ id: cartao.id, numero: cartao.numero, status: cartao.status, clienteNome: cliente.nome })
    .from(cartao)
    .leftJoin(cliente, eq(cliente.id, cartao.clienteId))
    .where(and(eq(cartao.empresaId, empresaId), inArray(cartao.id, ids)));
  if (linhas.length !== ids.length) throw erro.naoEncontrado(MENSAGEM_CARTAO_NAO_ENCONTRADO);
  linhas.forEach(exigirImprimivel);
  const porId = new Map(linhas.map((l) => [l.id, l]));
  return ids.map((id) => porId.get(id)!);
}

/**
 * card/print, print/back, printcardlist, printcardlist/back: the PDF, opened inline by the browser.
 * Printing hands out a credential, so who printed which cards is recorded like a change.
 */
export async function responderPdfCartoes(request: FastifyRequest, reply: FastifyReply, lado: 'frente' | 'verso', ids: number[], folha: boolean) {
  const u = usuarioDe(request);
  const empresaId = empresaDo(u);
  const { e, cartoes } = await transacaoDoUsuario(request, async (tx) => {
    const dados = { e: await dadosEmpresa(tx, empresaId), cartoes: await cartoesParaImprimir(tx, empresaId, ids) };
    await auditar(tx, request, { acao: 'IMPRIMIR', entidade: 'cartao', entidadeId: ids.length === 1 ? ids[0] : null, depois: { lado, cartaoIds: ids } });
    return dados;
  });
  const pdf = await pdfCartoes(lado, cartoes, e, { folha });
  const nome = ids.length === 1 ? `cartao-${cartoes[0]!.numero.slice(-4)}-${lado}.pdf` : `cartoes-${lado}.pdf`;
  return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${nome}"`).header('cache-control', 'no-store').send(pdf);
}
