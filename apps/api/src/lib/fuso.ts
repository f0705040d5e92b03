/**
 * The time zone of the programme's calendar days (reports by day, "today" of a validity, the scheduled
 * tasks): Brasília. A company's own zone (`empresa.fuso_horario`) exists only where it was asked for
 * (the messages' quiet hours, the dashboard's days: docs/areas/dashboard.md).
 */
export const FUSO = 'America/Sao_Paulo';
