/** The message a failed call shows at the counter: the server's own, or a plain retry hint. */
export function mensagemDe(e: unknown): string {
  return e instanceof Error ? e.message : 'Não foi possível concluir. Tente de novo.';
}
