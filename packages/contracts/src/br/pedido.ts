const TAMANHO_NUMERO_CURTO = 4;

export function numeroPedidoCurto(numero: string | number | null | undefined): string {
  if (numero === null || numero === undefined) return '';
  const texto = String(numero).trim();
  return texto.length <= TAMANHO_NUMERO_CURTO ? texto : texto.slice(-TAMANHO_NUMERO_CURTO);
}
