import { calcularAcumulo, formatarData, prazosDoCredito, regraDoWire, regraProgramaSchema, type RegraPrograma, type RegraProgramaWire } from '@bonifica/contracts';
import { formatarBRL, formatarInteiro } from '../../lib/format';
import { lerReais, reaisParaTexto } from '../../lib/reais';

/** The rule form as typed: every field is text, read only when checked or saved. */
export type TextosRegra = {
  cashbackPercentual: string;
  pontosPorReal: string;
  compraMinima: string;
  /** Empty: no cap. */
  maximoCashbackPorVenda: string;
  /** Empty: credits never lapse. */
  validadeDias: string;
  carenciaDias: string;
};

export type CampoRegra = keyof TextosRegra;

export function textosDaRegra(r: RegraProgramaWire): TextosRegra {
  return {
    cashbackPercentual: reaisParaTexto(r.cashbackPercentual),
    pontosPorReal: String(r.pontosPorReal),
    compraMinima: reaisParaTexto(r.compraMinima),
    maximoCashbackPorVenda: r.maximoCashbackPorVenda === null ? '' : reaisParaTexto(r.maximoCashbackPorVenda),
    validadeDias: r.validadeDias === null ? '' : String(r.validadeDias),
    carenciaDias: String(r.carenciaDias),
  };
}

/** Whole numbers typed by a person; NaN (refused by the schema with its Portuguese message) otherwise. */
function inteiro(texto: string): number {
  const t = texto.trim();
  return /^\d+$/.test(t) ? Number(t) : Number.NaN;
}

/** "5,5" and "5.5" are the same percentage; text that is not a number is NaN for the schema to refuse. */
function decimal(texto: string): number {
  return lerReais(texto) ?? Number.NaN;
}

export type LeituraRegra = { ok: true; regra: RegraPrograma } | { ok: false; erros: Partial<Record<CampoRegra, string>> };

/** The form read through the contract's schema: the same rules and messages as the server. */
export function lerTextosRegra(t: TextosRegra): LeituraRegra {
  const bruto = {
    cashbackPercentual: decimal(t.cashbackPercentual),
    pontosPorReal: inteiro(t.pontosPorReal),
    compraMinima: t.compraMinima.trim() === '' ? 0 : decimal(t.compraMinima),
    maximoCashbackPorVenda: t.maximoCashbackPorVenda.trim() === '' ? null : decimal(t.maximoCashbackPorVenda),
    validadeDias: t.validadeDias.trim() === '' ? null : inteiro(t.validadeDias),
    carenciaDias: t.carenciaDias.trim() === '' ? 0 : inteiro(t.carenciaDias),
  };
  const r = regraProgramaSchema.safeParse(bruto);
  if (r.success) return { ok: true, regra: r.data };
  const erros: Partial<Record<CampoRegra, string>> = {};
  for (const i of r.error.issues) {
    const campo = i.path[0] as CampoRegra;
    erros[campo] ??= i.message;
  }
  return { ok: false, erros };
}

/**
 * The live example of the screen: what a purchase of `valorCentavos` made at `agora` gives under
 * the rule being typed — the server's own arithmetic (contracts calcularAcumulo) and lot dates
 * (prazosDoCredito), so the centavo shown is the centavo the sale will credit.
 */
export function exemploDaRegra(regra: RegraPrograma, valorCentavos: number, agora: Date): string {
  const compra = `Uma compra de ${formatarBRL(valorCentavos / 100)}`;
  const inteiros = regraDoWire(regra);
  if (valorCentavos < inteiros.compraMinimaCentavos) return `${compra} não acumula: a compra mínima é de ${formatarBRL(regra.compraMinima)}.`;
  const { cashbackCentavos, pontos } = calcularAcumulo(inteiros, valorCentavos, 0);
  if (cashbackCentavos === 0 && pontos === 0) return `${compra} não acumula cashback nem pontos com esta regra.`;
  const teto = inteiros.maximoCashbackPorVendaCentavos !== null && cashbackCentavos === inteiros.maximoCashbackPorVendaCentavos ? ' (o máximo por venda)' : '';
  const partes = [cashbackCentavos > 0 ? `${formatarBRL(cashbackCentavos / 100)} de cashback${teto}` : null, pontos > 0 ? `${formatarInteiro(pontos)} ${pontos === 1 ? 'ponto' : 'pontos'}` : null].filter(Boolean);
  const { disponivelEm, expiraEm } = prazosDoCredito(agora, regra.carenciaDias ?? 0, regra.validadeDias ?? null);
  const uso = (regra.carenciaDias ?? 0) > 0 ? `usável a partir de ${formatarData(disponivelEm)}` : 'usável na hora';
  const validade = expiraEm ? `vence em ${formatarData(expiraEm)}` : 'não vence';
  return `${compra} dá ${partes.join(' e ')}, ${uso}, ${validade}.`;
}
