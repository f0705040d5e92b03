/**
 * Public face of the `mensagem` module (decision 022): the outbox (docs/areas/mensageria.md: queueing with
 * the consent rule, paced delivery, reconciliation, batches), templates and automatic messages.
 */
export { modeloRoutes } from './modelo.routes.js';
export { automaticaRoutes } from './automatica.routes.js';
export { rodarAutomaticasDevidas } from './agendador.js';
export { contextoDaEmpresa, linhas, renderizarParaCliente, sqlRenderizar, type ContextoRenderizacao } from './renderizacao.js';
export { contagem, criarLote, enfileirarParaCliente, enfileirarParaClientes, instanciaDaEmpresa, SemInstanciaWhatsapp, sqlEnfileirarCada, sqlInstanciaDaEmpresa, sqlContatoPodeReceber, sqlPodeReceber, type CanalConsentimento } from './saida.js';
export { entregarUmEmail, garantirRitmosEmail, reconciliarEmails, MOTIVO_REVISAR_EMAIL, RITMO_EMAIL, type OpcoesEntregadorEmail } from './entregador-email.js';
export { entregarUma, garantirRitmos, esperaBackoff, MAX_TENTATIVAS, type OpcoesEntregador, type ResultadoEnvio, type TipoServidor } from './entregador.js';
export { reconciliar, LIMITE_ENVIANDO_MS, MOTIVO_REVISAR } from './reconciliacao.js';
export { cancelarLote, concluirLotes, mudarLotes, progressoLote } from './lotes.js';
export { entregarAte } from './laco.js';
export { offsetDoFuso, RITMO_PADRAO, situacaoDoRitmo } from './ritmo.js';
export { caixaSaidaRoutes } from './caixa.routes.js';
export { pararEntregador, reconciliarMensagens, rodarEntregador } from './agendamento.js';
export { enfileirarTeste } from './enfileirar.js';
