import type { Plano } from '@bonifica/contracts';

/** "10% de cashback · 2 pontos por real": what a plan gives, in words. */
export function beneficios(p: Pick<Plano, 'cashbackPercentual' | 'pontosPorReal'>): string {
  const partes: string[] = [];
  if (p.cashbackPercentual !== null) partes.push(`${p.cashbackPercentual.toLocaleString('pt-BR')}% de cashback`);
  if (p.pontosPorReal !== null) partes.push(`${p.pontosPorReal} ${p.pontosPorReal === 1 ? 'ponto' : 'pontos'} por real`);
  return partes.join(' · ');
}
