import { Button, Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { somenteDigitos } from '@bonifica/contracts';
import type { ComponentProps } from 'react';

/** 01310-100 as the user types: digits only, the hyphen after the fifth. */
export function mascararCep(texto: string): string {
  const d = somenteDigitos(texto).slice(0, 8);
  return d.length <= 5 ? d : `${d.slice(0, 5)}-${d.slice(5)}`;
}

type Props = {
  /** form.getInputProps('cep'): value and error. */
  inputProps: ComponentProps<typeof TextInput>;
  valor: string;
  aoMudar(cep: string): void;
  /** Looks the address up; called with the CEP typed (8 digits), on Enter and on "Buscar". */
  buscar(cep: string): void;
  buscando: boolean;
};

/**
 * The CEP field of every address form: masked while typed, looked up as soon as the 8th digit is
 * typed (issue 12 §9), on Enter (which never submits the form) and on "Buscar".
 */
export function CampoCep({ inputProps, valor, aoMudar, buscar, buscando }: Props) {
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <TextInput
        label="CEP"
        placeholder="00000-000"
        inputMode="numeric"
        autoComplete="off"
        style={{ flex: 1 }}
        {...inputProps}
        onChange={(e) => {
          const antes = somenteDigitos(valor).length;
          const cep = mascararCep(e.currentTarget.value);
          aoMudar(cep);
          if (antes < 8 && somenteDigitos(cep).length === 8) buscar(cep);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            buscar(valor);
          }
        }}
      />
      <Button variant="light" leftSection={<IconSearch size={16} />} loading={buscando} onClick={() => buscar(valor)} mt={25}>
        Buscar
      </Button>
    </Group>
  );
}
