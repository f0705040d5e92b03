import {
  CONSTANTES,
  formatarBRL as formatarBRLContrato,
  formatarCnpj,
  formatarCpf,
  formatarTelefone as formatarTelefoneContrato,
  tipoDocumento,
  unidadeEmReais,
  type LinhaExtrato,
  type UnidadeConta,
} from '@bonifica/contracts';

export {
  formatarData,
  formatarDataHora,
  normalizarBusca,
  contemBusca,
  somenteDigitos,
} from '@bonifica/contracts';

/**
 * Money on screen. The contract's formatter gives "R$ 1.234,56" with a plain space (stable across ICU
 * versions); on screen that space let "R$" fall on one line and the number on the next in narrow
 * cells, so it becomes a no-break space here.
 */
export function formatarBRL(reais: number | null | undefined): string {
  return formatarBRLContrato(reais).replace('R$ ', 'R$\u00a0');
}

/** Phone on screen: the DDD stays with the number when a line wraps, like the money sign. */
export function formatarTelefone(telefone: string | null | undefined): string {
  return formatarTelefoneContrato(telefone).replace(') ', ')\u00a0');
}

const INTEIRO = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/** Counts and points with the thousands dot: 1.201, never 1201. */
/** "1 cancelado", "2 cancelados": the count, in pt-BR digits, with the word in singular or plural. */
export function contagem(n: number, singular: string, plural: string): string {
  return `${formatarInteiro(n)} ${n === 1 ? singular : plural}`;
}

export function formatarInteiro(n: number): string {
  return INTEIRO.format(n);
}

/** A balance of an account: reais for money accounts, whole points otherwise. */
export function formatarValorConta(unidade: UnidadeConta, valor: number): string {
  return unidadeEmReais(unidade) ? formatarBRL(valor) : `${formatarInteiro(valor)}\u00a0pts`;
}

/** A statement movement, always signed, with the typographic minus (−R$ 2,00) as receipts print it. */
export function formatarMovimento(unidade: UnidadeConta, valor: number): string {
  const sinal = valor > 0 ? '+' : valor < 0 ? '\u2212' : '';
  return `${sinal}${formatarValorConta(unidade, Math.abs(valor))}`;
}

/**
 * A sale's posting holds the redemption and the accrual on the same account: the sign tells them
 * apart, and the sale's number ("Venda 42") names it, as its cancellation does.
 */
export function rotuloExtrato(l: Pick<LinhaExtrato, 'tipo' | 'descricao' | 'valor'>): string {
  if (l.tipo !== 'VENDA') return l.descricao;
  const numero = /^Venda (\d+)$/.exec(l.descricao)?.[1];
  if (numero) return l.valor < 0 ? `Resgate na venda ${numero}` : `Acúmulo da venda ${numero}`;
  return l.valor < 0 ? 'Resgate na compra' : 'Acúmulo da compra';
}

/**
 * CPF or CNPJ shown with its mask once complete; anything else stays as typed, so an alphanumeric
 * CNPJ can be typed freely and a wrong one is never hidden.
 */
export function formatarDocumento(valor: string | null | undefined): string {
  if (!valor) return '';
  const tipo = tipoDocumento(valor);
  if (tipo === 'CPF') return formatarCpf(valor);
  if (tipo === 'CNPJ') return formatarCnpj(valor);
  return valor.trim();
}

/** The header greets by first name only (spec §1). */
export function primeiroNome(nome: string | null | undefined): string {
  return (nome ?? '').trim().split(/\s+/)[0] ?? '';
}

/** Spec §1/§9: the company short name is cut at 20 characters, then an ellipsis. */
export function nomeCurto(texto: string | null | undefined, limite: number = CONSTANTES.nomeCurtoEmpresa): string {
  const limpo = (texto ?? '').trim();
  return limpo.length > limite ? `${limpo.slice(0, limite)}...` : limpo;
}

/** Two letters for an avatar: first and last names' initials. */
export function iniciais(nome: string | null | undefined): string {
  const partes = (nome ?? '').trim().split(/\s+/).filter(Boolean);
  if (partes.length === 0) return '?';
  const primeira = partes[0][0] ?? '';
  const ultima = partes.length > 1 ? (partes[partes.length - 1][0] ?? '') : '';
  return `${primeira}${ultima}`.toUpperCase();
}
