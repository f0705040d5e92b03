export function somenteDigitos(valor: string | number | null | undefined): string {
  if (valor === null || valor === undefined) return '';
  return String(valor).replace(/\D/g, '');
}

export function formatarTelefone(valor: string | null | undefined): string {
  let digitos = somenteDigitos(valor);
  if ((digitos.length === 12 || digitos.length === 13) && digitos.startsWith('55')) {
    digitos = digitos.slice(2);
  }
  if (digitos.length === 11) {
    return `(${digitos.slice(0, 2)}) ${digitos.slice(2, 7)}-${digitos.slice(7)}`;
  }
  if (digitos.length === 10) {
    return `(${digitos.slice(0, 2)}) ${digitos.slice(2, 6)}-${digitos.slice(6)}`;
  }
  return digitos;
}
