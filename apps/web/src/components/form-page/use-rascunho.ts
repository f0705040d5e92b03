import { useEffect, useRef } from 'react';
import type { UseFormReturnType } from '@mantine/form';
import { aoExpirarSessao } from '../../lib/api';
import { notificar } from '../notificar';

const PREFIXO = 'rascunho:';

/** Passwords never go to storage, not even for a minute. */
function semSegredos(valores: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(valores).filter(([k]) => !/senha|password|token/i.test(k)));
}

/**
 * "Never lose what they typed": when the session expires mid-form, what was typed is kept in
 * sessionStorage under `chave`; after logging in again, the same form opens with it restored.
 */
export function useRascunho<V extends Record<string, unknown>>(form: UseFormReturnType<V>, chave: string | null): void {
  const formRef = useRef(form);
  formRef.current = form;

  useEffect(() => {
    if (!chave) return;
    const guardado = sessionStorage.getItem(PREFIXO + chave);
    if (guardado) {
      sessionStorage.removeItem(PREFIXO + chave);
      try {
        formRef.current.setValues(JSON.parse(guardado) as Partial<V>);
        notificar.informacao('Recuperamos o que você tinha digitado antes de a sessão expirar. Confira e salve.');
      } catch {
        /* a corrupt draft is simply dropped */
      }
    }
    return aoExpirarSessao(() => {
      const f = formRef.current;
      if (f.isDirty()) sessionStorage.setItem(PREFIXO + chave, JSON.stringify(semSegredos(f.getValues())));
    });
  }, [chave]);
}
