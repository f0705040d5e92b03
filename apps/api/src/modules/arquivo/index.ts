export { enviarImagem, idImagemServico, lerImagemServico, lerLogoEmpresa, sha256Hex, trocarImagemServico, trocarLogoEmpresa, type NovaImagem } from './imagens.js';
