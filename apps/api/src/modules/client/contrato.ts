import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CANAIS_CONSENTIMENTO,
  centavosParaReais,
  formatarBRL,
  formatarCep,
  formatarCnpj,
  formatarData,
  formatarDataHora,
  formatarDocumentoCliente,
  formatarTelefone,
  hojeISO,
  idParamSchema,
  PODE_CONSULTAR_CLIENTES,
  ROTULOS_CANAL_CONSENTIMENTO,
  type Cliente,
} from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { empresa, regraPrograma } from '../../db/schema/index.js';
import { auditar } from '../../lib/auditoria.js';
import { erro } from '../../lib/erros.js';
import { gerarPdf, type Content } from '../../lib/pdf.js';
import { transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { buscarCliente } from './client.repository.js';

const filialRegra = alias(empresa, 'filial_regra');

type Regra = {
  filialNome: string | null;
  cashbackPercentualBp: number;
  pontosPorReal: number;
  compraMinimaCentavos: number;
  maximoCashbackPorVendaCentavos: number | null;
  validadeDias: number | null;
  carenciaDias: number;
};

/** The active rules: the company-wide row first, then the branches that have their own. */
async function regrasAtivas(tx: Executor, empresaId: number): Promise<Regra[]> {
  return tx
    .select({
      filialNome: filialRegra.nomeCurto,
      cashbackPercentualBp: regraPrograma.cashbackPercentualBp,
      pontosPorReal: regraPrograma.pontosPorReal,
      compraMinimaCentavos: regraPrograma.compraMinimaCentavos,
      maximoCashbackPorVendaCentavos: regraPrograma.maximoCashbackPorVendaCentavos,
      validadeDias: regraPrograma.validadeDias,
      carenciaDias: regraPrograma.carenciaDias,
    })
    .from(regraPrograma)
    .leftJoin(filialRegra, eq(filialRegra.id, regraPrograma.filialId))
    .where(and(eq(regraPrograma.empresaId, empresaId), eq(regraPrograma.ativo, true)))
    .orderBy(sql`${regraPrograma.filialId} is not null`, asc(filialRegra.nomeCurto));
}

const percentual = (bp: number) => `${centavosParaReais(bp).toLocaleString('pt-BR', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}%`;
const dias = (n: number) => (n === 1 ? '1 dia' : `${n} dias`);

/** The rule in words, as the customer reads it before signing. */
function textoRegra(r: Regra): string[] {
  const itens: string[] = [];
  if (r.cashbackPercentualBp > 0) {
    itens.push(
      `Cashback de ${percentual(r.cashbackPercentualBp)} do valor de cada compra${r.maximoCashbackPorVendaCentavos !== null ? `, limitado a ${formatarBRL(centavosParaReais(r.maximoCashbackPorVendaCentavos))} por compra` : ''}.`,
    );
  }
  if (r.pontosPorReal > 0) itens.push(`${r.pontosPorReal} ${r.pontosPorReal === 1 ? 'ponto' : 'pontos'} por real gasto.`);
  if (itens.length === 0) itens.push('Sem acúmulo de cashback ou pontos nesta regra.');
  if (r.compraMinimaCentavos > 0) itens.push(`Compra mínima para acumular: ${formatarBRL(centavosParaReais(r.compraMinimaCentavos))}.`);
  itens.push(r.carenciaDias > 0 ? `Carência: o saldo de cada compra pode ser usado ${dias(r.carenciaDias)} depois dela.` : 'Sem carência: o saldo pode ser usado logo após a compra.');
  itens.push(r.validadeDias !== null ? `Validade: cada crédito expira ${dias(r.validadeDias)} depois de concedido, os mais antigos primeiro.` : 'Os créditos não expiram.');
  return itens;
}

function linhaDado(rotulo: string, valor: string | null | undefined): Content {
  return { columns: [{ text: rotulo, width: 120, color: '#555' }, { text: valor || '—' }], margin: [0, 1, 0, 1] };
}

function enderecoDe(c: Cliente): string {
  const rua = [c.logradouro, c.numero].filter(Boolean).join(', ');
  const partes = [rua, c.complemento, c.bairro, [c.cidade, c.uf].filter(Boolean).join('/'), c.cep ? `CEP ${formatarCep(c.cep)}` : null];
  return partes.filter(Boolean).join(' · ');
}

function documentoContrato(e: { nome: string; cnpj: string | null }, c: Cliente, regras: Regra[]): Promise<Buffer> {
  const hoje = formatarData(hojeISO());
  const secao = (texto: string): Content => ({ text: texto, bold: true, fontSize: 11, margin: [0, 12, 0, 4] });
  const regrasConteudo: Content[] =
    regras.length === 0
      ? [{ text: 'A empresa ainda não configurou as regras de acúmulo; elas serão informadas no balcão e valem a partir de sua publicação.', italics: true }]
      : regras.map((r) => ({ stack: [{ text: r.filialNome ? `Na loja ${r.filialNome}` : 'Em todas as lojas da rede', bold: true }, { ul: textoRegra(r) }], margin: [0, 0, 0, 6] }));
  const consentimentos = CANAIS_CONSENTIMENTO.map((canal) => {
    const atual = c.consentimentos[canal];
    const estado = !atual ? 'Não informado (tratado como não autorizado)' : atual.concedido ? `Autorizado em ${formatarDataHora(atual.data)}` : `Não autorizado desde ${formatarDataHora(atual.data)}`;
    return [ROTULOS_CANAL_CONSENTIMENTO[canal], estado];
  });
  const assinatura = (nome: string, papel: string): Content => ({
    stack: [{ text: '_______________________________________', margin: [0, 36, 0, 2] }, { text: nome, bold: true }, { text: papel, color: '#555' }],
    alignment: 'center',
  });
  return gerarPdf({
    pageSize: 'A4',
    pageMargins: [48, 48, 48, 48],
    info: { title: `Termo de adesão — ${c.nome}`, subject: 'Programa de fidelidade', author: e.nome },
    content: [
      { text: e.nome, fontSize: 12, bold: true },
      { text: e.cnpj ? `CNPJ ${formatarCnpj(e.cnpj)}` : '', color: '#555' },
      { text: 'Termo de adesão ao programa de fidelidade', fontSize: 15, bold: true, margin: [0, 16, 0, 4] },
      { text: `Cliente nº ${c.id} · emitido em ${hoje}`, color: '#555' },
      secao('1. Dados do participante'),
      linhaDado('Nome', c.nome),
      linhaDado(c.tipoDocumento === 'CNPJ' ? 'CNPJ' : 'CPF', formatarDocumentoCliente(c.documento)),
      linhaDado('Nascimento', formatarData(c.dataNascimento)),
      linhaDado('Celular', c.celular ? `${formatarTelefone(c.celular)}${c.celularWhatsapp ? ' (WhatsApp)' : ''}` : null),
      linhaDado('E-mail', c.email),
      linhaDado('Endereço', enderecoDe(c)),
      linhaDado('Loja de cadastro', c.filialOrigemNome),
      secao('2. Regras do programa'),
      ...regrasConteudo,
      {
        text: 'O saldo é pessoal, não é dinheiro e não pode ser trocado por dinheiro; é usado como desconto em compras nas lojas da rede. Uma compra cancelada cancela o saldo que ela gerou. A empresa pode mudar as regras para compras futuras, avisando pelos canais autorizados; o saldo já concedido segue as regras da data em que foi concedido.',
        margin: [0, 4, 0, 0],
      },
      secao('3. Privacidade (LGPD)'),
      {
        text: `${e.nome} trata os dados acima para operar o programa (Lei 13.709/2018, art. 7º, V). Mensagens de ofertas só são enviadas pelos canais autorizados abaixo; a autorização pode ser retirada a qualquer momento, no balcão ou pelos canais de atendimento, assim como pedidos de acesso, correção, portabilidade ou eliminação dos dados.`,
        margin: [0, 0, 0, 6],
      },
      { table: { widths: [120, '*'], body: [[{ text: 'Canal', bold: true }, { text: 'Situação', bold: true }], ...consentimentos] }, layout: 'lightHorizontalLines' },
      secao('4. Assinaturas'),
      { text: `Declaro que li e concordo com as regras acima. Local e data: ____________________, ${hoje}.` },
      { columns: [assinatura(c.nome, 'Participante'), assinatura(e.nome, 'Empresa')], columnGap: 24 },
    ],
    footer: (pagina, total) => ({ text: `Página ${pagina} de ${total}`, alignment: 'right', margin: [0, 10, 48, 0], color: '#777', fontSize: 8 }),
  });
}

/** GET client/gerarcontrato/{id}: the membership term, printed at sign-up for the customer to sign. */
export async function contratoRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  rotas.get(
    '/client/gerarcontrato/:id',
    { schema: { tags: ['cliente'], params: idParamSchema }, config: { permissoes: PODE_CONSULTAR_CLIENTES } },
    async (request, reply) => {
      const u = usuarioDe(request);
      const dados = await transacaoDoUsuario(request, async (tx) => {
        const c = await buscarCliente(tx, u, request.params.id);
        if (!c) throw erro.naoEncontrado();
        if (c.status === 'ANONIMIZADO') throw erro.conflito('Este cliente foi anonimizado (LGPD): não há dados para um termo de adesão.');
        const [e] = await tx.select({ nome: empresa.nome, cnpj: empresa.cnpj }).from(empresa).where(eq(empresa.id, u.empresaId!)).limit(1);
        // A document with personal data left the system: who printed it is recorded, without the data.
        await auditar(tx, request, { acao: 'GERAR_CONTRATO', entidade: 'cliente', entidadeId: c.id });
        return { c, e: e ?? { nome: '', cnpj: null }, regras: await regrasAtivas(tx, u.empresaId!) };
      });
      const pdf = await documentoContrato(dados.e, dados.c, dados.regras);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="termo-adesao-cliente-${dados.c.id}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
}
