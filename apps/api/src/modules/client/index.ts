/** Public face of the `client` module: the customers' search, shared by every list that finds a customer (decision 022). */
export { condicaoBusca } from './busca-clientes.js';
export { documentoVisivel } from './documento-visivel.js';
/** Maintenance (sistema/manutencao): the search words rebuilt from the customers. */
export { reindexarBusca, type ResultadoReindexacao } from './reindexar.js';
/** Messaging (docs/areas/mensageria.md): a "SAIR" reply withdraws the WhatsApp consent. */
export { celularesDoNumero, ORIGEM_CONSENTIMENTO_SAIR, revogarWhatsappPorNumero } from './consentimento-whatsapp.js';
