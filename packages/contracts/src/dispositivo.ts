// Zod-free on purpose: the API client (lib/api.ts) sends the device header on every call, so this
// file is on the login path and must not pull the schemas of filial.ts into the first bundle.

/** Header the terminal sends with its device token (docs/areas/filiais.md "Dispositivos"). */
export const CABECALHO_DISPOSITIVO = 'x-dispositivo';
export const DISPOSITIVO_TOKEN_CHAVE = 'bonifica-dispositivo';
export const MENSAGENS_DISPOSITIVO = {
  desativado: 'Este dispositivo está desativado. Fale com o gerente.',
  naoRegistrado: 'Este dispositivo não está registrado. Peça ao gerente para cadastrá-lo em Empresa › Dispositivos.',
  filialInativa: 'A filial deste dispositivo está desativada. Fale com o gerente.',
} as const;
