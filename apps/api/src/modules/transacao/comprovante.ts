import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  centavosParaReais,
  formatarBRL,
  formatarCnpj,
  formatarDataHora,
  mascararDocumentoParcial,
  type ComprovanteVenda,
  type FusoHorario,
  type LinhaComprovante,
} from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { cliente, empresa, transacao, usuario } from '../../db/schema/index.js';
import { erro } from '../../lib/erros.js';
import { centralizar, colunasDuas, COLUNAS_80MM, cortar, gerarEscPos, separador } from '../../lib/escpos.js';
import { saldosDoCliente } from './venda.js';

type DadosComprovante = Omit<ComprovanteVenda, 'linhas' | 'escpos' | 'codificacao' | 'colunas'> & { fuso: FusoHorario };

async function carregar(tx: Executor, empresaId: number, transacaoId: number, filiais: SQL | undefined): Promise<DadosComprovante> {
  const matriz = alias(empresa, 'matriz');
  const filial = alias(empresa, 'filial');
  const [t] = await tx
    .select({
      id: transacao.id,
      status: transacao.status,
      clienteId: transacao.clienteId,
      clienteNome: cliente.nome,
      documento: cliente.documento,
      empresaNome: matriz.nomeCurto,
      razaoSocial: matriz.nome,
      cnpj: matriz.cnpj,
      fuso: matriz.fusoHorario,
      filialNome: filial.nomeCurto,
      atendente: usuario.nome,
      valorCentavos: transacao.valorCentavos,
      resgateCentavos: transacao.resgateCentavos,
      // The part gift cards paid (valepresente's use rows): off what the customer pays at the till.
      valeCentavos: sql<number>`coalesce((select sum(u.valor_centavos) from vale_presente_uso u where u.transacao_id = ${transacao.id}), 0)::bigint`.mapWith(Number),
      // The coupon applied (cupomdesconto's use row, whatever became of it since): its discount is already off `valor_centavos`.
      cupom: sql<{ codigo: string; desconto: number; bonus: number } | null>`(select json_build_object('codigo', u.codigo, 'desconto', u.desconto_centavos, 'bonus', u.bonus_centavos)
        from cupom_desconto_uso u where u.transacao_id = ${transacao.id} and u.empresa_id = ${empresaId})`,
      cashbackCentavos: transacao.cashbackCentavos,
      pontos: transacao.pontos,
      criadoEm: transacao.criadoEm,
      canceladaEm: transacao.canceladaEm,
      motivoCancelamento: transacao.motivoCancelamento,
    })
    .from(transacao)
    .innerJoin(cliente, eq(cliente.id, transacao.clienteId))
    .innerJoin(matriz, eq(matriz.id, transacao.empresaId))
    .leftJoin(filial, eq(filial.id, transacao.filialId))
    .leftJoin(usuario, eq(usuario.id, transacao.usuarioId))
    .where(and(eq(transacao.id, transacaoId), eq(transacao.empresaId, empresaId), filiais))
    .limit(1);
  if (!t) throw erro.naoEncontrado('Venda não encontrada.');
  const saldos = await saldosDoCliente(tx, empresaId, t.clienteId);
  return {
    transacaoId: t.id,
    status: t.status,
    empresa: { nome: t.empresaNome, razaoSocial: t.razaoSocial, cnpj: t.cnpj },
    // The matriz's own sales show no branch line: the header already names it.
    filialNome: t.filialNome && t.filialNome !== t.empresaNome ? t.filialNome : null,
    criadoEm: t.criadoEm.toISOString(),
    atendente: t.atendente,
    cliente: { id: t.clienteId, nome: t.clienteNome, documento: t.documento ? mascararDocumentoParcial(t.documento) : null },
    valor: centavosParaReais(t.valorCentavos + (t.cupom?.desconto ?? 0)),
    cupom: t.cupom && { codigo: t.cupom.codigo, desconto: centavosParaReais(t.cupom.desconto), bonus: centavosParaReais(t.cupom.bonus) },
    resgate: centavosParaReais(t.resgateCentavos),
    valePresente: centavosParaReais(t.valeCentavos),
    // What the customer pays at the till: the sale's value is already less the coupon's discount.
    aPagar: centavosParaReais(t.valorCentavos - t.resgateCentavos - t.valeCentavos),
    cashback: centavosParaReais(t.cashbackCentavos),
    pontos: t.pontos,
    saldos: { CASHBACK: centavosParaReais(saldos.CASHBACK), PONTOS: saldos.PONTOS },
    saldosEm: new Date().toISOString(),
    canceladaEm: t.canceladaEm?.toISOString() ?? null,
    motivoCancelamento: t.motivoCancelamento,
    fuso: t.fuso as FusoHorario,
  };
}

const pontos = (n: number) => n.toLocaleString('pt-BR');

/** The receipt's lines, 48 columns: what the printer gets and what the screen previews, one source. */
export function linhasDoComprovante(d: DadosComprovante): LinhaComprovante[] {
  const l: LinhaComprovante[] = [];
  const linha = (texto: string, destaque = false) => l.push({ texto: cortar(texto), destaque });
  const cancelada = d.status === 'CANCELADA';
  if (cancelada) linha(centralizar('*** CANCELADA ***'), true);
  linha(centralizar(d.empresa.nome.toUpperCase()), true);
  if (d.empresa.razaoSocial !== d.empresa.nome) linha(centralizar(d.empresa.razaoSocial));
  if (d.empresa.cnpj) linha(centralizar(`CNPJ ${formatarCnpj(d.empresa.cnpj)}`));
  if (d.filialNome) linha(centralizar(`Loja: ${d.filialNome}`));
  linha(separador());
  linha(centralizar('COMPROVANTE DO PROGRAMA DE FIDELIDADE'));
  linha(colunasDuas(`Venda nº ${d.transacaoId}`, formatarDataHora(d.criadoEm, d.fuso)));
  if (d.atendente) linha(`Atendente: ${d.atendente}`);
  linha(`Cliente: ${d.cliente.nome}`);
  if (d.cliente.documento) linha(`CPF/CNPJ: ${d.cliente.documento}`);
  linha(separador());
  linha(colunasDuas('Valor da compra', formatarBRL(d.valor)));
  if (d.cupom && d.cupom.desconto > 0) linha(colunasDuas(`Cupom ${d.cupom.codigo}`, `- ${formatarBRL(d.cupom.desconto)}`));
  if (d.resgate > 0) linha(colunasDuas('Cashback usado', `- ${formatarBRL(d.resgate)}`));
  if (d.valePresente > 0) linha(colunasDuas('Vale-presente', `- ${formatarBRL(d.valePresente)}`));
  linha(colunasDuas('A PAGAR', formatarBRL(d.aPagar)), true);
  linha(separador());
  linha(colunasDuas('Cashback ganho', formatarBRL(d.cashback)));
  if (d.cupom && d.cupom.bonus > 0) linha(colunasDuas(`Bônus do cupom ${d.cupom.codigo}`, formatarBRL(d.cupom.bonus)));
  linha(colunasDuas('Pontos ganhos', pontos(d.pontos)));
  linha(separador());
  linha(colunasDuas('Saldo de cashback', formatarBRL(d.saldos.CASHBACK)));
  linha(colunasDuas('Saldo de pontos', pontos(d.saldos.PONTOS)));
  linha(`Saldos em ${formatarDataHora(d.saldosEm, d.fuso)}`);
  if (cancelada) {
    linha(separador());
    linha(centralizar('VENDA CANCELADA'), true);
    if (d.canceladaEm) linha(`Cancelada em ${formatarDataHora(d.canceladaEm, d.fuso)}`);
    if (d.motivoCancelamento) linha(`Motivo: ${d.motivoCancelamento}`);
    linha('Cashback e pontos desta venda foram estornados.');
  }
  linha(separador());
  linha(centralizar('Não é documento fiscal.'));
  linha(centralizar('Obrigado pela preferência!'));
  return l;
}

/**
 * GET transacao/impressao/{id}: the data, the preview lines and the ESC/POS bytes of one receipt.
 * `filiais` keeps a branch's counter to its own receipts (tenant.ts `sqlFiliaisVisiveis`).
 */
export async function comprovanteDaVenda(tx: Executor, empresaId: number, transacaoId: number, filiais: SQL | undefined): Promise<ComprovanteVenda> {
  const { fuso, ...dados } = await carregar(tx, empresaId, transacaoId, filiais);
  const linhas = linhasDoComprovante({ ...dados, fuso });
  return { ...dados, colunas: COLUNAS_80MM, linhas, escpos: gerarEscPos(linhas).toString('base64'), codificacao: 'PC860' };
}
