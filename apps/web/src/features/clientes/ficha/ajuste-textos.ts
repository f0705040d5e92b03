import { ajusteSchema, type Ajuste } from '@bonifica/contracts';
import { formatarValorConta } from '../../../lib/format';
import { lerReais } from '../../../lib/reais';

/** Units a manager adjusts by hand on the customer page (prepaid money is loaded elsewhere). */
export const UNIDADES_AJUSTE = ['CASHBACK', 'PONTOS'] as const;
export type UnidadeAjuste = (typeof UNIDADES_AJUSTE)[number];
export type SentidoAjuste = 'CREDITO' | 'DEBITO';

export type TextosAjuste = { sentido: SentidoAjuste; unidade: UnidadeAjuste; valor: string; motivo: string };

export type LeituraAjuste = { ok: true; ajuste: Ajuste } | { ok: false; erros: Partial<Record<'valor' | 'motivo', string>> };

/** The form read through the contract's schema; a debit is the amount with a minus sign on the wire. */
export function lerAjuste(clienteId: number, t: TextosAjuste): LeituraAjuste {
  const texto = t.valor.trim();
  const quantia = texto === '' ? Number.NaN : t.unidade === 'PONTOS' ? (/^\d+$/.test(texto) ? Number(texto) : Number.NaN) : (lerReais(texto) ?? Number.NaN);
  const erros: Partial<Record<'valor' | 'motivo', string>> = {};
  if (Number.isNaN(quantia)) erros.valor = t.unidade === 'PONTOS' ? 'Informe os pontos (número inteiro).' : 'Informe o valor em reais.';
  const r = ajusteSchema.safeParse({ clienteId, unidade: t.unidade, valor: t.sentido === 'DEBITO' ? -quantia : quantia, motivo: t.motivo });
  if (r.success && !erros.valor) return { ok: true, ajuste: r.data };
  if (!r.success) for (const i of r.error.issues) {
    const campo = i.path[0];
    if ((campo === 'valor' || campo === 'motivo') && !erros[campo]) erros[campo] = i.message;
  }
  return { ok: false, erros };
}

/** "Creditar R$ 10,00 de cashback" / "Debitar 50 pontos": the confirmation's sentence. */
export function descreverAjuste(a: Ajuste): string {
  const verbo = a.valor > 0 ? 'Creditar' : 'Debitar';
  const quanto = formatarValorConta(a.unidade, Math.abs(a.valor));
  return a.unidade === 'CASHBACK' ? `${verbo} ${quanto} de cashback` : `${verbo} ${quanto}`;
}
