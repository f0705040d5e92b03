export * from './empresa.js';
export * from './usuario.js';
export * from './programa.js';
export * from './transacao.js';
