import type { z } from 'zod';
import {
  celularSchema,
  cepValido,
  dataNascimentoSchema,
  documentoClienteSchema,
  emailSchema,
  lerConsentimentoImportado,
  NOME_CLIENTE_MAXIMO,
  parseBRL,
  ROTULOS_CAMPO_IMPORTACAO,
  somenteDigitos,
  tipoDocumento,
  ufValida,
  type CampoImportacao,
  type Mapeamento,
  type TipoDocumento,
  type UnidadeSaldoInicial,
} from '@bonifica/contracts';

/**
 * Checks one row of the file with the same rules as the customer form (the contracts' schemas),
 * so an imported customer is as valid as one typed in. A row with any error is not written at all.
 */

export type ErroLinha = { linha: number; coluna: string; valor: string; mensagem: string };

export type LinhaValida = {
  linha: number;
  nome: string;
  documento: string | null;
  tipoDocumento: TipoDocumento | null;
  celular: string | null;
  email: string | null;
  dataNascimento: string | null;
  cep: string | null;
  cidade: string | null;
  uf: string | null;
  observacoes: string | null;
  /** Centavos (CASHBACK, PREPAGO) or points; null when the row brings no opening balance. */
  saldo: number | null;
  /** Contacts only: the marketing consent the file states per channel; null when the cell is blank. */
  aceitaWhatsapp: boolean | null;
  aceitaEmail: boolean | null;
};

export type Validacao = { ok: true; valores: LinhaValida } | { ok: false; erros: ErroLinha[] };

const LIMITES_TEXTO: Partial<Record<CampoImportacao, number>> = { cidade: 80, observacoes: 2000 };

function primeiraMensagem(r: z.ZodSafeParseResult<unknown>): string {
  return r.success ? '' : (r.error.issues[0]?.message ?? 'Valor inválido.');
}

/** "1.234,56", "1234,56" and "1234.56" (as other systems export) are all R$ 1.234,56. */
function lerSaldo(texto: string, unidade: UnidadeSaldoInicial): number | null | 'invalido' {
  const t = texto.replace(/^R\$\s*/i, '').trim();
  if (unidade === 'PONTOS') {
    if (!/^-?\d{1,3}(\.\d{3})*$|^-?\d+$/.test(t)) return 'invalido';
    return Number(t.replace(/\./g, ''));
  }
  const br = parseBRL(t);
  if (br !== null) return br;
  if (/^-?\d+\.\d{1,2}$/.test(t)) return Math.round(Number(t) * 100);
  return 'invalido';
}

/**
 * Spreadsheets show dates as dd/mm/aaaa (or d/m/aaaa); systems export aaaa-mm-dd. Both become ISO
 * here by hand (a date library costs tens of µs a row); the calendar check is the schema's.
 */
function lerData(texto: string): string | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(texto)) return texto;
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(texto);
  return m ? `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}` : null;
}

export function validarLinha(
  linha: number,
  campos: readonly string[],
  mapeamento: Mapeamento,
  cabecalhos: readonly string[],
  unidadeSaldo: UnidadeSaldoInicial,
): Validacao {
  const erros: ErroLinha[] = [];
  const ler = (campo: CampoImportacao): string => {
    const i = mapeamento[campo];
    return typeof i === 'number' ? (campos[i] ?? '').trim() : '';
  };
  const falhar = (campo: CampoImportacao, mensagem: string) => {
    const i = mapeamento[campo];
    const coluna = typeof i === 'number' && cabecalhos[i] ? cabecalhos[i] : ROTULOS_CAMPO_IMPORTACAO[campo];
    erros.push({ linha, coluna, valor: ler(campo), mensagem });
  };

  const nome = ler('nome').replace(/\s+/g, ' ');
  if (nome.length < 2) falhar('nome', 'Informe o nome (ao menos 2 letras).');
  else if (nome.length > NOME_CLIENTE_MAXIMO) falhar('nome', `O nome deve ter no máximo ${NOME_CLIENTE_MAXIMO} caracteres.`);

  const documento = documentoClienteSchema.safeParse(ler('documento'));
  if (!documento.success) falhar('documento', primeiraMensagem(documento));
  const celular = celularSchema.safeParse(ler('celular'));
  if (!celular.success) falhar('celular', primeiraMensagem(celular));

  const emailTexto = ler('email');
  const email = emailTexto ? emailSchema.safeParse(emailTexto) : null;
  if (email && !email.success) falhar('email', primeiraMensagem(email));

  const dataTexto = ler('dataNascimento');
  let dataNascimento: string | null = null;
  if (dataTexto) {
    const iso = lerData(dataTexto);
    const r = iso ? dataNascimentoSchema.safeParse(iso) : null;
    if (!r) falhar('dataNascimento', 'Data de nascimento inválida. Use dd/mm/aaaa.');
    else if (!r.success) falhar('dataNascimento', primeiraMensagem(r));
    else dataNascimento = r.data;
  }

  const cepTexto = ler('cep');
  const cep = cepTexto ? somenteDigitos(cepTexto) : null;
  if (cep !== null && !cepValido(cep)) falhar('cep', 'CEP inválido. Informe os 8 dígitos.');
  const ufTexto = ler('uf').toUpperCase();
  if (ufTexto && !ufValida(ufTexto)) falhar('uf', 'UF inválida.');

  for (const campo of ['cidade', 'observacoes'] as const) {
    const limite = LIMITES_TEXTO[campo]!;
    if (ler(campo).length > limite) falhar(campo, `${ROTULOS_CAMPO_IMPORTACAO[campo]}: no máximo ${limite} caracteres.`);
  }

  const saldoTexto = ler('saldo');
  let saldo: number | null = null;
  if (saldoTexto) {
    const v = lerSaldo(saldoTexto, unidadeSaldo);
    if (v === 'invalido') falhar('saldo', unidadeSaldo === 'PONTOS' ? 'Saldo inicial inválido: informe pontos inteiros, ex.: 1.500.' : 'Saldo inicial inválido: use o formato 1.234,56.');
    else if (v !== null && v < 0) falhar('saldo', 'O saldo inicial não pode ser negativo.');
    else if (v !== null && !Number.isSafeInteger(v)) falhar('saldo', 'Saldo inicial grande demais.');
    else saldo = v === 0 ? null : v;
  }

  const consentimento = (campo: 'aceitaWhatsapp' | 'aceitaEmail'): boolean | null => {
    const v = lerConsentimentoImportado(ler(campo));
    if (v !== 'invalido') return v;
    falhar(campo, `${ROTULOS_CAMPO_IMPORTACAO[campo]}: use sim ou não (também S/N ou 1/0).`);
    return null;
  };
  const aceitaWhatsapp = consentimento('aceitaWhatsapp');
  const aceitaEmail = consentimento('aceitaEmail');

  if (erros.length > 0) return { ok: false, erros };
  const doc = documento.success ? documento.data : null;
  return {
    ok: true,
    valores: {
      linha,
      nome,
      documento: doc,
      tipoDocumento: tipoDocumento(doc),
      celular: celular.success ? celular.data : null,
      email: email?.success ? email.data.toLowerCase() : null,
      dataNascimento,
      cep,
      cidade: ler('cidade') || null,
      uf: ufTexto || null,
      observacoes: ler('observacoes') || null,
      saldo,
      aceitaWhatsapp,
      aceitaEmail,
    },
  };
}
