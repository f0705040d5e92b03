import { hojeISO } from '@bonifica/contracts';

/** The first day of this month to today, in Brasília: what a manager checks most. */
export function periodoDoMes(agora: Date = new Date()): { de: string; ate: string } {
  const ate = hojeISO(agora);
  return { de: `${ate.slice(0, 8)}01`, ate };
}

/** The last `dias` days up to today (inclusive), in Brasília. */
export function ultimosDias(dias: number, agora: Date = new Date()): { de: string; ate: string } {
  const ate = hojeISO(agora);
  const de = hojeISO(new Date(Date.parse(`${ate}T12:00:00-03:00`) - (dias - 1) * 86_400_000));
  return { de, ate };
}

/** The first message of a zod failure, as the server would give it. */
export function primeiroErro(e: { issues: { message: string }[] }): string {
  return e.issues[0]?.message ?? 'Filtro inválido.';
}
