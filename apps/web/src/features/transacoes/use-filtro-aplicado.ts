import { useState, type FormEvent } from 'react';
import { primeiroErro } from './periodo';

type Validacao<F> = { success: true; data: F } | { success: false; error: { issues: { message: string }[] } };

/**
 * A report form: the fields as typed, the filter the report was last asked with, and the message of a
 * refused try. The report only runs again on submit, so typing a date does not fire a request per key.
 */
export function useFiltroAplicado<C, F>(inicial: C, validar: (campos: C) => Validacao<F>) {
  const [campos, setCampos] = useState<C>(inicial);
  const [filtro, setFiltro] = useState<F | null>(() => {
    const r = validar(inicial);
    return r.success ? r.data : null;
  });
  const [erro, setErro] = useState<string | null>(null);

  /** The form's submit: applies the fields when valid; returns whether they were. */
  const aplicar = (e?: FormEvent): boolean => {
    e?.preventDefault();
    const r = validar(campos);
    if (!r.success) {
      setErro(primeiroErro(r.error));
      return false;
    }
    setErro(null);
    setFiltro(r.data);
    return true;
  };

  return { campos, setCampos, filtro, erro, aplicar };
}
