export function normalizarBusca(texto: string | null | undefined): string {
  if (!texto) return '';
  return texto
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, ' ');
}

export function contemBusca(texto: string | null | undefined, termo: string | null | undefined): boolean {
  return normalizarBusca(texto).includes(normalizarBusca(termo));
}
