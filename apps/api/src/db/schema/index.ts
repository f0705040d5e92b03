export * from './empresa.js';
export * from './usuario.js';
