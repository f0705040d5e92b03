import { useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import type { z } from 'zod';
import { useRascunho } from './use-rascunho';

export type OpcoesFormPage<V, S extends z.ZodType> = {
  /** The contract schema of `packages/contracts`: the same rules and Portuguese messages as the server. */
  schema: S;
  valoresIniciais: V;
  /**
   * Form values → what the schema reads. Inputs hold strings ('' for "none") while the wire wants
   * null or absent; this bridges them and must keep the field names, so errors land on the right input.
   */
  paraEnvio?: (valores: V) => z.input<S>;
  /** Rules the contract cannot know (e.g. "usuário já em uso" from the server); merged after the schema's. */
  validacaoExtra?: (valores: V) => FormErrors;
  /** Key under which what was typed survives a session that expires mid-form (one per record). */
  rascunho?: string;
};

export type FormPageControle<V, P> = {
  form: UseFormReturnType<V>;
  /** The parsed payload (trimmed, defaults applied); only called after validation passed. */
  montarEnvio: (valores: V) => P;
};

/**
 * An error of one item of a list the form holds as a single input (a textarea with one prize per line
 * sent as `premios: string[]`) comes as "premios.1"; @mantine/form shows only the keys of its values,
 * so the save did nothing without a word. It lands on the input, naming the item ("2º: …").
 */
export function noCampoDaLista(erros: FormErrors, valores: Record<string, unknown>): FormErrors {
  const r: FormErrors = {};
  for (const [chave, mensagem] of Object.entries(erros)) {
    const [raiz, item] = chave.split('.');
    const doCampo = item !== undefined && raiz !== undefined && raiz in valores && (valores[raiz] === null || typeof valores[raiz] !== 'object');
    if (!doCampo) r[chave] = mensagem;
    else if (!(raiz in erros) && !(raiz in r)) r[raiz] = /^\d+$/.test(item) ? `${Number(item) + 1}º: ${String(mensagem)}` : mensagem;
  }
  return r;
}

/** Creates the @mantine/form instance of a FormPage, validated by a contract schema. */
export function useFormPage<V extends Record<string, unknown>, S extends z.ZodType>({
  schema,
  valoresIniciais,
  paraEnvio,
  validacaoExtra,
  rascunho,
}: OpcoesFormPage<V, S>): FormPageControle<V, z.output<S>> {
  const converter = (valores: V): z.input<S> => (paraEnvio ? paraEnvio(valores) : (valores as z.input<S>));
  // 'first': a field breaking several rules shows the most basic one ("at least 3" before "lowercase only").
  const validarContrato = zod4Resolver(schema, { errorPriority: 'first' });
  const form = useForm<V>({
    mode: 'controlled',
    initialValues: valoresIniciais,
    validate: (valores) => ({
      ...noCampoDaLista(validarContrato(converter(valores) as Record<string, unknown>), valores),
      ...validacaoExtra?.(valores),
    }),
  });
  useRascunho(form, rascunho ?? null);
  return { form, montarEnvio: (valores) => schema.parse(converter(valores)) as z.output<S> };
}
