import type { CondicoesPublicoEntrada } from '@bonifica/contracts';

/** The kinds of condition a manager may add, in the order of the "Adicionar condição" menu. */
export const TIPOS_CONDICAO = ['filiais', 'ultimaCompra', 'compras', 'saldo', 'planos', 'mesesAniversario', 'consentimento', 'etiquetas'] as const;
export type TipoCondicao = (typeof TIPOS_CONDICAO)[number];

export const ROTULOS_CONDICAO: Record<TipoCondicao, string> = {
  filiais: 'Filial de cadastro',
  ultimaCompra: 'Última compra',
  compras: 'Compras num período',
  saldo: 'Saldo',
  planos: 'Plano contratado',
  mesesAniversario: 'Mês de aniversário',
  consentimento: 'Consentimento',
  etiquetas: 'Etiquetas',
};

export const MESES = ['Jan', 'Fev', 'Mar', 'Abr', 'Mai', 'Jun', 'Jul', 'Ago', 'Set', 'Out', 'Nov', 'Dez'] as const;

const hoje = () => new Date().toISOString().slice(0, 10);
const diasAtras = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** A new condition's starting value: complete where a sensible default exists, so the count moves at once. */
export function condicaoInicial(tipo: TipoCondicao): CondicoesPublicoEntrada {
  switch (tipo) {
    case 'filiais':
      return { filiais: [] };
    case 'ultimaCompra':
      return { ultimaCompra: { depoisDe: diasAtras(30) } };
    case 'compras':
      return { compras: { de: diasAtras(90), ate: hoje(), quantidade: { min: 2 } } };
    case 'saldo':
      return { saldo: { unidade: 'CASHBACK', min: 10 } };
    case 'planos':
      return { planos: [] };
    case 'mesesAniversario':
      return { mesesAniversario: [new Date().getMonth() + 1] };
    case 'consentimento':
      return { consentimento: { whatsapp: true } };
    case 'etiquetas':
      return { etiquetas: [] };
  }
}

const data = (iso: string | undefined) => (iso ? iso.split('-').reverse().join('/') : '…');
const faixa = (min: number | undefined, max: number | undefined, fmt: (n: number) => string) =>
  min !== undefined && max !== undefined ? `entre ${fmt(min)} e ${fmt(max)}` : min !== undefined ? `a partir de ${fmt(min)}` : max !== undefined ? `até ${fmt(max)}` : '…';
const reais = (n: number) => n.toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' });

/** The conditions in plain Portuguese, one sentence each (the chips over the builder and the list's summary). */
export function descreverCondicoes(c: CondicoesPublicoEntrada, nomes: { filiais?: Map<number, string>; planos?: Map<number, string>; etiquetas?: Map<number, string> } = {}): string[] {
  const frases: string[] = [];
  const nomesDe = (ids: number[] | undefined, mapa?: Map<number, string>) => (ids ?? []).map((id) => mapa?.get(id) ?? `nº ${id}`).join(', ') || '…';
  if (c.filiais) frases.push(`Cadastrado em ${nomesDe(c.filiais, nomes.filiais)}`);
  if (c.ultimaCompra) {
    const u = c.ultimaCompra;
    if (u.nunca) frases.push('Nunca comprou');
    else if (u.depoisDe && u.antesDe) frases.push(`Última compra entre ${data(u.depoisDe)} e ${data(u.antesDe)}`);
    else if (u.depoisDe) frases.push(`Comprou desde ${data(u.depoisDe)}`);
    else frases.push(`Não compra desde ${data(u.antesDe)}`);
  }
  if (c.compras) {
    const k = c.compras;
    const partes = [k.quantidade ? `${faixa(k.quantidade.min, k.quantidade.max, String)} compras` : null, k.valor ? `${faixa(k.valor.min, k.valor.max, reais)} em compras` : null].filter(Boolean);
    frases.push(`De ${data(k.de)} a ${data(k.ate)}: ${partes.join(' e ') || '…'}`);
  }
  if (c.saldo) frases.push(`Saldo de ${c.saldo.unidade === 'CASHBACK' ? 'cashback' : 'pontos'} ${faixa(c.saldo.min, c.saldo.max, c.saldo.unidade === 'CASHBACK' ? reais : (n) => `${n} pontos`)}`);
  if (c.planos) frases.push(`Com o plano ${nomesDe(c.planos, nomes.planos)}`);
  if (c.mesesAniversario) frases.push(`Faz aniversário em ${c.mesesAniversario.map((m) => MESES[m - 1]).join(', ') || '…'}`);
  if (c.consentimento) {
    const canal = (v: boolean | undefined, nome: string) => (v === undefined ? null : v ? `autorizou ${nome}` : `não autorizou ${nome}`);
    frases.push([canal(c.consentimento.whatsapp, 'WhatsApp'), canal(c.consentimento.email, 'e-mail')].filter(Boolean).join(' e ').replace(/^./, (x) => x.toUpperCase()));
  }
  if (c.etiquetas) frases.push(`Com a etiqueta ${nomesDe(c.etiquetas, nomes.etiquetas)}`);
  if (c.incluirContatos) frases.push('Mais os contatos importados');
  return frases;
}
