export * from './empresa.js';
export * from './usuario.js';
export * from './programa.js';
export * from './transacao.js';
export * from './cartao.js';
export * from './plano.js';
export * from './tarefa.js';
export * from './dashboard.js';
