import { cpfValido, reaisParaCentavos, centavosParaReais, somenteDigitos, type IdentificacaoVenda } from '@bonifica/contracts';

export { lerReais, reaisParaTexto } from '../../lib/reais';

/** The most cashback a sale may use: the balance, and never more than the sale itself. */
export function maximoResgate(saldoCashback: number, valor: number | null): number {
  const teto = Math.min(Math.max(saldoCashback, 0), Math.max(valor ?? 0, 0));
  return centavosParaReais(reaisParaCentavos(teto));
}

/**
 * What a search that found no one becomes in the quick sign-up: a valid CPF goes to CPF,
 * 10–11 digits that are not a CPF to celular, anything else is the name.
 */
export function preencherCadastro(busca: string): { nome: string; documento: string; celular: string } {
  const t = busca.trim();
  const d = somenteDigitos(t);
  const soNumeros = /^[\d\s().+-]+$/.test(t);
  if (soNumeros && d.length === 11 && cpfValido(d)) return { nome: '', documento: d, celular: '' };
  if (soNumeros && (d.length === 10 || d.length === 11)) return { nome: '', documento: '', celular: d };
  if (soNumeros) return { nome: '', documento: '', celular: '' };
  return { nome: t, documento: '', celular: '' };
}

/** A barcode scanner types the card's 16 digits (and Enter); printed cards group them by four. */
export function pareceCartao(busca: string): boolean {
  return /^[\d ]+$/.test(busca.trim()) && somenteDigitos(busca).length === 16;
}

/** How the customer was found, recorded on the sale (the card, a CPF, a phone, or a name search). */
export function identificacaoDaBusca(busca: string): IdentificacaoVenda {
  const d = somenteDigitos(busca);
  if (pareceCartao(busca)) return 'CARTAO';
  if (!/^[\d\s().+-]+$/.test(busca.trim())) return 'BUSCA';
  if (d.length === 11 && cpfValido(d)) return 'CPF';
  if (d.length >= 10 && d.length <= 13) return 'CELULAR';
  return 'BUSCA';
}

/**
 * What the counter reads about the customer's blocked accounts before the sale (decision 019): a
 * blocked account neither pays nor receives, the sale accrues in the other one. The clerk cannot
 * open the blocked accounts page, so they are told to call the manager; the manager where to go.
 */
export function avisoContasBloqueadas(bloqueadas: readonly string[], podeDesbloquear: boolean): string | null {
  const cashback = bloqueadas.includes('CASHBACK');
  const pontos = bloqueadas.includes('PONTOS');
  if (!cashback && !pontos) return null;
  const saida = podeDesbloquear ? 'Para desbloquear: Relatórios › Contas bloqueadas.' : 'Para desbloquear, chame o gerente.';
  if (cashback && pontos) return `Contas de cashback e de pontos bloqueadas: a venda não acumula nada no programa. ${saida}`;
  if (cashback) return `Conta de cashback bloqueada: o saldo não pode ser usado e esta venda acumula só pontos. ${saida}`;
  return `Conta de pontos bloqueada: esta venda acumula só cashback. ${saida}`;
}
