import { FUSOS_HORARIOS, type FusoHorario } from '../company.js';

export type OpcaoFusoHorario = {
  valor: FusoHorario;
  label: string;
  zona: string;
  offset: string;
};

export const FUSO_HORARIO_PADRAO: FusoHorario = 'UTC_3_BRASIL';

// Brazil abolished DST in 2019, so each option maps to one fixed offset; the IANA zone is kept
// so date formatting still follows the tz database should that ever change.
const OPCOES: Record<FusoHorario, OpcaoFusoHorario> = {
  UTC_3_BRASIL: { valor: 'UTC_3_BRASIL', label: 'Brasília', zona: 'America/Sao_Paulo', offset: '-03:00' },
  UTC_4_BRASIL: {
    valor: 'UTC_4_BRASIL',
    label: 'Manaus, Cuiabá, Campo Grande, Porto Velho, Boa Vista',
    zona: 'America/Manaus',
    offset: '-04:00',
  },
  UTC_5_BRASIL: { valor: 'UTC_5_BRASIL', label: 'Rio Branco', zona: 'America/Rio_Branco', offset: '-05:00' },
};

export const FUSOS_HORARIOS_OPCOES: readonly OpcaoFusoHorario[] = FUSOS_HORARIOS.map((fuso) => OPCOES[fuso]);

function opcaoDoFuso(fuso: FusoHorario | null | undefined): OpcaoFusoHorario {
  // Values can reach here unchecked from the database or the wire; anything unknown shows as Brasília.
  return fuso && Object.hasOwn(OPCOES, fuso) ? OPCOES[fuso] : OPCOES[FUSO_HORARIO_PADRAO];
}

export function zonaIana(fuso: FusoHorario | null | undefined): string {
  return opcaoDoFuso(fuso).zona;
}

export function offsetFuso(fuso: FusoHorario | null | undefined): string {
  return opcaoDoFuso(fuso).offset;
}
