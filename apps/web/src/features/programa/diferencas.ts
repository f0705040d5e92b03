import { formatarBRL, formatarInteiro } from '../../lib/format';
import { reaisParaTexto } from '../../lib/reais';

type Campo = { rotulo: string; formatar: (v: unknown) => string };

const dias = (v: unknown) => (v === 1 ? '1 dia' : `${formatarInteiro(Number(v))} dias`);

/** The rule's fields in the audit trail, in the order of the form, with their on-screen format. */
const CAMPOS: Record<string, Campo> = {
  cashbackPercentual: { rotulo: 'Cashback', formatar: (v) => `${reaisParaTexto(Number(v))}%` },
  pontosPorReal: { rotulo: 'Pontos por real', formatar: (v) => formatarInteiro(Number(v)) },
  compraMinima: { rotulo: 'Compra mínima', formatar: (v) => formatarBRL(Number(v)) },
  maximoCashbackPorVenda: { rotulo: 'Máximo por venda', formatar: (v) => (v === null ? 'sem limite' : formatarBRL(Number(v))) },
  validadeDias: { rotulo: 'Validade', formatar: (v) => (v === null ? 'não vence' : dias(v)) },
  carenciaDias: { rotulo: 'Carência', formatar: (v) => dias(v) },
};

export type Diferenca = { rotulo: string; de: string | null; para: string | null };

/**
 * What changed between two audit snapshots of the rule: only the fields that differ; on a creation
 * (`antes` null) every field, from nothing; on a removal (`depois` null) none (the screen says so).
 */
export function diferencasDaRegra(antes: Record<string, unknown> | null, depois: Record<string, unknown> | null): Diferenca[] {
  if (depois === null) return [];
  const r: Diferenca[] = [];
  for (const [chave, campo] of Object.entries(CAMPOS)) {
    if (!(chave in depois)) continue;
    const novo = depois[chave];
    if (antes !== null && chave in antes && antes[chave] === novo) continue;
    r.push({ rotulo: campo.rotulo, de: antes === null || !(chave in antes) ? null : campo.formatar(antes[chave]), para: campo.formatar(novo) });
  }
  return r;
}
