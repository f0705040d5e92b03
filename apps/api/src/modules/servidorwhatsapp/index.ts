/** Public face of the `servidorwhatsapp` module (decision 022): what the outbox and the schedules use. */
export { monitorarAgendado } from './monitoramento.js';
export { enfileirarConfirmacaoSaida, ehPedidoDeSaida, MINUTOS_ACK_SEM_MENSAGEM, reprocessarAcksPendentes, textoConfirmacaoSaida } from './webhook.js';
export { escolherServidor } from './instancias.js';
