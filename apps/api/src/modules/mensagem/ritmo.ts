import { offsetFuso, type FusoHorario } from '@bonifica/contracts';

/**
 * Pacing of one WhatsApp instance (docs/areas/mensageria.md "Ritmo de envio"): pure rules, so the
 * worker and the tests read the same numbers. What keeps a number from being banned is looking like a
 * person: a few messages a minute at irregular intervals, a new number ramping up over days, silence at night.
 */
/**
 * Default quiet hours, "HH:MM-HH:MM" in the company's zone; WHATSAPP_SILENCIO_PADRAO overrides it for a
 * whole installation ("00:00-00:00" = none: the end-to-end run, which must send at any hour of the day).
 */
const SILENCIO_PADRAO = /^(\d\d:\d\d)-(\d\d:\d\d)$/.exec(process.env.WHATSAPP_SILENCIO_PADRAO ?? '') ?? [null, '21:00', '08:00'];

export const RITMO_PADRAO = {
  porMinuto: 20,
  porDia: 1000,
  silencioInicio: SILENCIO_PADRAO[1]!,
  silencioFim: SILENCIO_PADRAO[2]!,
  /** Each pause is the minimum spacing (60 s / porMinuto) times 1 + up to this fraction, at random. */
  jitter: 0.5,
  /** Warm-up: on the day of pairing at most this many; the allowance doubles each day until the daily cap. */
  aquecimentoInicial: 20,
} as const;

export type ConfigRitmo = {
  porMinuto: number | null;
  porDia: number | null;
  silencioInicio: string | null;
  silencioFim: string | null;
  pareadaEm: Date | null;
};

/** Minimum and actual pause after a send: never below 60 s / porMinuto, so no 60-second window holds more. */
export function pausaEntreEnvios(porMinuto: number | null, aleatorio: () => number): number {
  const minimo = 60_000 / Math.max(1, porMinuto ?? RITMO_PADRAO.porMinuto);
  return Math.ceil(minimo * (1 + aleatorio() * RITMO_PADRAO.jitter));
}

/** Local day number since pairing (0 = the day it was paired), in the company's zone. */
function diasDesdePareamento(pareadaEm: Date | null, agora: Date, offsetMin: number): number {
  // Never paired but sending: treat as new — the safe side.
  if (!pareadaEm) return 0;
  const dia = (d: Date) => Math.floor((d.getTime() + offsetMin * 60_000) / 86_400_000);
  return Math.max(0, dia(agora) - dia(pareadaEm));
}

/** Today's cap: the warm-up allowance (20, 40, 80… from the pairing day) capped by the daily limit. */
export function limiteDoDia(c: Pick<ConfigRitmo, 'porDia' | 'pareadaEm'>, agora: Date, offsetMin: number): number {
  const teto = c.porDia ?? RITMO_PADRAO.porDia;
  const dias = diasDesdePareamento(c.pareadaEm, agora, offsetMin);
  const aquecimento = dias >= 30 ? Infinity : RITMO_PADRAO.aquecimentoInicial * 2 ** dias;
  return Math.min(teto, aquecimento);
}

/** "HH:MM" to minutes of the day; null when malformed. */
function minutos(hhmm: string): number | null {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!m) return null;
  const h = Number(m[1]);
  const mi = Number(m[2]);
  return h < 24 && mi < 60 ? h * 60 + mi : null;
}

/**
 * When quiet hours end, if `agora` falls inside them; null when sending is allowed. Quiet hours may
 * cross midnight (21:00–08:00); equal start and end means none.
 */
export function fimDoSilencio(c: Pick<ConfigRitmo, 'silencioInicio' | 'silencioFim'>, agora: Date, offsetMin: number): Date | null {
  const ini = minutos(c.silencioInicio ?? RITMO_PADRAO.silencioInicio);
  const fim = minutos(c.silencioFim ?? RITMO_PADRAO.silencioFim);
  if (ini === null || fim === null || ini === fim) return null;
  const localMs = agora.getTime() + offsetMin * 60_000;
  const minutoDoDia = Math.floor((((localMs % 86_400_000) + 86_400_000) % 86_400_000) / 60_000);
  const dentro = ini < fim ? minutoDoDia >= ini && minutoDoDia < fim : minutoDoDia >= ini || minutoDoDia < fim;
  if (!dentro) return null;
  const faltam = (fim - minutoDoDia + 1440) % 1440;
  // Back to the start of the current minute, then forward to the end of silence.
  const inicioDoMinuto = agora.getTime() - (((localMs % 60_000) + 60_000) % 60_000);
  return new Date(inicioDoMinuto + faltam * 60_000);
}

/** The local date (YYYY-MM-DD) in the company's zone, and the next local midnight. */
export function diaLocal(agora: Date, offsetMin: number): { dia: string; proximaMeiaNoite: Date } {
  const localMs = agora.getTime() + offsetMin * 60_000;
  const inicio = Math.floor(localMs / 86_400_000) * 86_400_000;
  return { dia: new Date(inicio).toISOString().slice(0, 10), proximaMeiaNoite: new Date(inicio + 86_400_000 - offsetMin * 60_000) };
}

/** Minutes east of UTC of a company zone (Brazil has no DST since 2019: fixed offsets). */
export function offsetDoFuso(fuso: string | null): number {
  const o = offsetFuso(fuso as FusoHorario | null);
  const m = /^([+-])(\d{2}):(\d{2})$/.exec(o)!;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

/** The pacing state the workers keep for an instance (`ritmo_instancia`). */
export type EstadoRitmo = { proximoEnvioEm: Date | null; dia: string | null; enviadosNoDia: number };

/**
 * What the settings mean today, as the WhatsApp page shows them: today's cap with the warm-up, how
 * many went out, whether it is quiet now and the earliest next send (the same rules the worker
 * applies in `reservar`: spacing, quiet hours, then the day's cap).
 */
export function situacaoDoRitmo(c: ConfigRitmo, e: EstadoRitmo, agora: Date, offsetMin: number) {
  const { dia, proximaMeiaNoite } = diaLocal(agora, offsetMin);
  const enviadosHoje = e.dia === dia ? e.enviadosNoDia : 0;
  const limite = limiteDoDia(c, agora, offsetMin);
  const dias = diasDesdePareamento(c.pareadaEm, agora, offsetMin);
  // Warming up while the ramp, not the daily limit, sets today's cap.
  const aquecendo = dias < 30 && RITMO_PADRAO.aquecimentoInicial * 2 ** dias < (c.porDia ?? RITMO_PADRAO.porDia);
  const fimSilencio = fimDoSilencio(c, agora, offsetMin);
  let proxima = e.proximoEnvioEm && e.proximoEnvioEm > agora ? e.proximoEnvioEm : agora;
  if (enviadosHoje >= limite && proxima < proximaMeiaNoite) proxima = proximaMeiaNoite;
  proxima = fimDoSilencio(c, proxima, offsetMin) ?? proxima;
  return {
    limiteDoDia: limite,
    diaDoAquecimento: aquecendo ? dias : null,
    enviadosHoje,
    emSilencio: fimSilencio !== null,
    fimDoSilencio: fimSilencio,
    proximaVaga: proxima,
  };
}
