import { DateInput, type DateInputProps } from '@mantine/dates';
import '@mantine/dates/styles.css';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

const FORMATOS_DIGITADOS = ['DD/MM/YYYY', 'D/M/YYYY', 'DDMMYYYY', 'YYYY-MM-DD'];

/** What the user types, as the calendar day of the wire (AAAA-MM-DD); null while it is not a whole valid date. */
export function lerDataDigitada(texto: string): string | null {
  const d = dayjs(texto.trim(), FORMATOS_DIGITADOS, 'pt-br', true);
  return d.isValid() ? d.format('YYYY-MM-DD') : null;
}

type CampoDataProps = Omit<DateInputProps, 'value' | 'defaultValue' | 'valueFormat' | 'dateParser'> & {
  /** AAAA-MM-DD, as in the URL, the form and the wire; empty means no date. */
  value?: string | null;
};

/**
 * The one date field of the back office. The browser's own date input shows the operating system's
 * format (mm/dd/yyyy on an English Windows), so a Brazilian user could read 03/11 as 11 March; this one
 * always shows and accepts DD/MM/AAAA, with a calendar in Portuguese that starts on Sunday.
 */
export function CampoData({ value, ...props }: CampoDataProps) {
  return (
    <DateInput
      locale="pt-br"
      firstDayOfWeek={0}
      valueFormat="DD/MM/YYYY"
      placeholder="DD/MM/AAAA"
      dateParser={lerDataDigitada}
      value={value || null}
      nextLabel="Próximo"
      previousLabel="Anterior"
      popoverProps={{ withinPortal: true }}
      {...props}
    />
  );
}
