/** Public face of the `servidorwhatsapp` module (decision 022): what the outbox and the schedules use. */
export { monitorarAgendado } from './monitoramento.js';
export { enfileirarConfirmacaoSaida, ehPedidoDeSaida, textoConfirmacaoSaida } from './webhook.js';
export { escolherServidor } from './instancias.js';
