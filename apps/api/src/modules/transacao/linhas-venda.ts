import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { cliente, empresa, transacao, usuario } from '../../db/schema/index.js';

const filial = alias(empresa, 'filial');

/** What the sales screens show of a sale: its figures with the customer's, branch's and attendant's names. */
const colunas = {
  id: transacao.id,
  clienteId: transacao.clienteId,
  clienteNome: cliente.nome,
  filialId: transacao.filialId,
  filialNome: filial.nomeCurto,
  valorCentavos: transacao.valorCentavos,
  resgateCentavos: transacao.resgateCentavos,
  cashbackCentavos: transacao.cashbackCentavos,
  pontos: transacao.pontos,
  status: transacao.status,
  criadoEm: transacao.criadoEm,
  canceladaEm: transacao.canceladaEm,
  motivoCancelamento: transacao.motivoCancelamento,
  usuarioNome: usuario.nome,
};

/** The sales list and the duplicate finder read the same rows; each adds its WHERE, order and paging. */
export function selecionarVendas(tx: Executor) {
  return tx
    .select(colunas)
    .from(transacao)
    .innerJoin(cliente, eq(cliente.id, transacao.clienteId))
    .leftJoin(filial, eq(filial.id, transacao.filialId))
    .leftJoin(usuario, eq(usuario.id, transacao.usuarioId));
}
