import type { Ref } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { digitacaoReais, lerReais, reaisParaTexto } from '../lib/reais';
import { formatarBRL } from '../lib/format';

type Props = Omit<TextInputProps, 'value' | 'onChange' | 'onBlur' | 'error'> & {
  ref?: Ref<HTMLInputElement>;
  /** The text as typed ("12,5"); the parent reads the amount with `lerReais`. */
  value: string;
  aoMudar: (texto: string) => void;
  /** The most this field accepts: above it the field says so (the form refuses it on saving). */
  maximo?: number;
  /** An error of the form; the field's own "até R$ X" hint shows when there is none. */
  error?: string | null;
};

/**
 * The money field of the back office: digits, comma and dot only (no letters), never rewritten
 * while typing; on leaving it, the amount is written back formatted ("12,5" → "12,50"). An amount
 * above `maximo` is never lowered by the field: leaving it with a click on "Vender" sold a R$ 5.000,00
 * gift card where R$ 6.000,00 was typed. It stays, with the hint, and the form refuses it.
 */
export function CampoDinheiro({ value, aoMudar, maximo, error, ...props }: Props) {
  const valor = lerReais(value);
  const acima = maximo !== undefined && valor !== null && valor > maximo;
  return (
    <TextInput
      placeholder="0,00"
      inputMode="decimal"
      autoComplete="off"
      leftSection="R$"
      {...props}
      value={value}
      error={error ?? (acima ? `O máximo aqui é ${formatarBRL(maximo)}.` : undefined)}
      onChange={(e) => {
        const texto = digitacaoReais(e.currentTarget.value);
        if (texto !== value) aoMudar(texto);
      }}
      onBlur={() => {
        if (valor === null) return;
        const texto = reaisParaTexto(valor);
        if (texto !== value) aoMudar(texto);
      }}
    />
  );
}
