/** Public face of the `account` module (ledger, credit lots, blocked accounts): what other modules may use (decision 022). */
export { mensagemContaBloqueada } from './bloqueadas.js';
export { saldosDetalhados } from './saldos.js';
export { criarContasPadrao } from './contas-padrao.js';
export { arrayPg, lerConsumo, sqlConsumirLotes, sqlRestaurarLotes, type Consumo } from './lotes.js';
export {
  contaCliente,
  contaParceiros,
  contaValesPresente,
  lancar,
  contaSistema,
  creditarClientesEmLote,
  estornar,
  exigirLotesDisponiveis,
  MENSAGEM_SALDO_INSUFICIENTE,
  novosLotes,
  planejarLancamento,
  sqlGravarLancamentos,
  type ContaTravada,
  type CreditoCliente,
  type Gravacao,
  type Movimento,
  type NovoLancamento,
  type TipoConta,
  type TipoLancamento,
} from './razao.js';
/** Maintenance (sistema/manutencao): cached balances checked against the ledger, read-only. */
export { divergenciasDeSaldo, type DivergenciaSaldo } from './conferencia.js';
