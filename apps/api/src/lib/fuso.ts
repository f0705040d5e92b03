/**
 * The time zone of the programme's calendar days (reports by day, "today" of a validity, the scheduled
 * tasks): Brasília. A company's own zone (`empresa.fuso_horario`) exists only where it was asked for
 * (the messages' quiet hours, the dashboard's days: docs/areas/dashboard.md).
 */
export const FUSO = 'America/Sao_Paulo';

/** Today's calendar day in a zone (YYYY-MM-DD), from the clock of this process: no round trip to the database. */
export function hojeNoFuso(agora: Date = new Date(), zona: string = FUSO): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zona, year: 'numeric', month: '2-digit', day: '2-digit' }).format(agora);
}
