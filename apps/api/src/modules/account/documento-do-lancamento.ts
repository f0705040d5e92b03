import type { lancamento } from '../../db/schema/index.js';

type TipoLancamento = (typeof lancamento.$inferSelect)['tipo'];

/**
 * What a posting of each type belongs to (docs/areas/razao.md "Estorno"). A posting written by a
 * document — a sale, a redemption, an import, a unification, an expiry run — is undone only through
 * that document, so the document and the ledger never disagree (a sale whose posting was reversed
 * by hand stayed CONFIRMADA, counted in the reports and could no longer be cancelled). Only free
 * postings (manual adjustments) are reversed by `account/lancamento/estornar`.
 *
 * A `Record` over every type on purpose: a new kind of posting does not compile until someone says
 * here whether it is free or whose it is, and where the user undoes it.
 */
export type DocumentoDoLancamento =
  | { livre: true }
  | { livre: false; /** The 409 of a manual reversal: whose posting it is and where to undo it. */ mensagem: string };

const LIVRE = { livre: true } as const;
const doDocumento = (mensagem: string): DocumentoDoLancamento => ({ livre: false, mensagem });

/** The documents that undo their own postings (the sale's cancellation; a redemption's, when it has one). */
export type DocumentoQueEstorna = Extract<TipoLancamento, 'VENDA' | 'RESGATE' | 'VALE_PRESENTE'>;

export const DOCUMENTO_DO_LANCAMENTO: Record<TipoLancamento, DocumentoDoLancamento> = {
  AJUSTE: LIVRE,
  VENDA: doDocumento('Este lançamento é de uma venda: cancele a venda em Vendas.'),
  RESGATE: doDocumento('Este lançamento é de um resgate: ele só é desfeito pelo próprio resgate.'),
  SALDO_INICIAL: doDocumento('Este lançamento é o saldo inicial de uma importação de clientes: corrija o saldo com um ajuste na ficha do cliente.'),
  // An expiry or a unification is undone by its own rules (a goodwill credit is an adjustment; a
  // unification is final), never by putting lapsed lots back or splitting a merged customer.
  EXPIRACAO: doDocumento('Uma expiração não pode ser estornada: conceda um ajuste de crédito, se for o caso.'),
  UNIFICACAO: doDocumento('Uma unificação de contas não pode ser estornada.'),
  ESTORNO: doDocumento('Um estorno não pode ser estornado.'),
  VALE_PRESENTE: doDocumento('Este lançamento é de um vale-presente: cancele o vale em Vale-presente.'),
};
