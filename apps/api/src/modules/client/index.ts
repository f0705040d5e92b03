/** Public face of the `client` module: the customers' search, shared by every list that finds a customer (decision 022). */
export { condicaoBusca } from './busca-clientes.js';
export { documentoVisivel } from './documento-visivel.js';
