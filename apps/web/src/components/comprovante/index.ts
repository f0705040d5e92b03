export { BotaoImprimir, ComprovanteDaVenda, PapelComprovante, useComprovante } from './comprovante-80mm';
export { abrirComprovante } from './modal-comprovante';
export { buscarComprovante, chaveComprovante } from './api';
export { htmlDoComprovante, imprimirComprovante } from './imprimir';
