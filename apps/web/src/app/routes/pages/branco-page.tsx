/** Spec §2 "blank page": an intentionally empty canvas inside the shell. */
export function Component() {
  return <div data-testid="pagina-branco" />;
}
