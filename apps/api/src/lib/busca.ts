/**
 * The LIKE pattern for "contains": what the user typed is searched as it is, so a % or _ in
 * the search box (usernames may hold _) matches itself instead of acting as a wildcard.
 */
export function padraoContem(termo: string): string {
  return `%${literalLike(termo)}%`;
}

/** The LIKE pattern for "starts with" (a code read out from its first characters), wildcards taken literally. */
export function padraoComeca(termo: string): string {
  return `${literalLike(termo)}%`;
}

function literalLike(termo: string): string {
  return termo.replace(/[\\%_]/g, '\\$&');
}
