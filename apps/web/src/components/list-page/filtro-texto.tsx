import { useEffect, useState } from 'react';
import { CloseButton, TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';

/** Long enough to skip the keystrokes of a word, short enough to feel live. */
export const ESPERA_BUSCA_MS = 400;

type FiltroTextoProps = {
  rotulo: string;
  placeholder?: string;
  valor: string;
  aoMudar: (valor: string) => void;
  w?: TextInputProps['w'];
};

/**
 * Text search that types freely and tells the list only after a pause (or Enter), so each
 * keystroke is not a request. It follows the URL when that changes from elsewhere (Limpar, Back).
 */
export function FiltroTexto({ rotulo, placeholder, valor, aoMudar, w }: FiltroTextoProps) {
  const [texto, setTexto] = useState(valor);
  const [valorVisto, setValorVisto] = useState(valor);
  if (valor !== valorVisto) {
    setValorVisto(valor);
    setTexto(valor);
  }

  const enviar = useDebouncedCallback((novo: string) => aoMudar(novo.trim()), ESPERA_BUSCA_MS);
  // A change from outside (Limpar filtros, Back) wins over a pause still running.
  useEffect(() => enviar.cancel(), [valor, enviar]);

  return (
    <TextInput
      label={rotulo}
      placeholder={placeholder ?? 'Buscar...'}
      type="search"
      leftSection={<IconSearch size={16} />}
      value={texto}
      onChange={(e) => {
        setTexto(e.currentTarget.value);
        enviar(e.currentTarget.value);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          enviar.flush();
        }
      }}
      rightSection={
        texto ? (
          <CloseButton
            size="sm"
            aria-label={`Limpar ${rotulo.toLowerCase()}`}
            onClick={() => {
              enviar.cancel();
              setTexto('');
              aoMudar('');
            }}
          />
        ) : null
      }
      w={w}
      miw={220}
    />
  );
}
