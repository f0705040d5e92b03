import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import 'dayjs/locale/pt-br.js';
import type { FusoHorario } from '../company.js';
import { FUSO_HORARIO_PADRAO, zonaIana } from './fuso.js';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);

export type DataEntrada = Date | string | null | undefined;

const SOMENTE_DATA = /^\d{4}-\d{2}-\d{2}$/;

function formatar(data: DataEntrada, fuso: FusoHorario, formato: string): string {
  if (data === null || data === undefined || data === '') return '';
  if (typeof data === 'string' && SOMENTE_DATA.test(data)) {
    // A bare calendar date has no instant; shifting it into a zone would show the previous day.
    const calendario = dayjs(data, 'YYYY-MM-DD', true);
    return calendario.isValid() ? calendario.locale('pt-br').format(formato) : '';
  }
  // dayjs.utc reads offset-less strings as UTC instead of the host's zone, so output does not depend on the server.
  const instante = data instanceof Date ? dayjs(data) : dayjs.utc(data);
  if (!instante.isValid()) return '';
  return instante.tz(zonaIana(fuso)).locale('pt-br').format(formato);
}

export function formatarData(data: DataEntrada, fuso: FusoHorario = FUSO_HORARIO_PADRAO): string {
  return formatar(data, fuso, 'DD/MM/YYYY');
}

export function formatarDataHora(data: DataEntrada, fuso: FusoHorario = FUSO_HORARIO_PADRAO): string {
  return formatar(data, fuso, 'DD/MM/YYYY HH:mm:ss');
}

/** The calendar day (AAAA-MM-DD) of an instant in the zone: the day a person there would write down. */
export function diaNoFuso(data: DataEntrada, fuso: FusoHorario = FUSO_HORARIO_PADRAO): string {
  return formatar(data, fuso, 'YYYY-MM-DD');
}

export function fimDoDia(dataISO: string): string {
  if (!SOMENTE_DATA.test(dataISO) || !dayjs(dataISO, 'YYYY-MM-DD', true).isValid()) {
    throw new RangeError(`Data inválida: ${dataISO}`);
  }
  // Spec rule: an end-of-day date uses 23:59:59 at -02:00, whatever the company's zone.
  return `${dataISO}T23:59:59-02:00`;
}

export function parseDataBR(texto: string | null | undefined): string | null {
  if (!texto) return null;
  const valor = texto.trim();
  if (!/^\d{2}\/\d{2}\/\d{4}$/.test(valor)) return null;
  const data = dayjs(valor, 'DD/MM/YYYY', true);
  return data.isValid() ? data.format('YYYY-MM-DD') : null;
}
