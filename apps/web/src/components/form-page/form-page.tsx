import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Fieldset, Group, Stack, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { MENSAGENS } from '@bonifica/contracts';
import { notificar } from '../notificar';
import { useAvisoSaida } from './aviso-saida';
import { useFormDrawer } from './contexto-form-drawer';
import type { FormPageControle } from './use-form-page';

export type FormPageProps<V, P, R> = {
  controle: FormPageControle<V, P>;
  /** Sends the parsed payload; a rejection (ApiError) keeps the form open and shows its message. */
  salvar: (envio: P) => Promise<R>;
  /** After a successful save (the form is already clean): close the drawer, navigate… */
  aoSalvar?: (resultado: R, envio: P) => void;
  /** Text of the "Sucesso" toast; null for none. */
  mensagemSucesso?: string | null;
  /** Page heading; leave out inside a FormDrawer, which has its own title. */
  titulo?: ReactNode;
  /** Shows the values with every input disabled and no Salvar (e.g. system profiles). */
  somenteLeitura?: boolean;
  rotuloSalvar?: string;
  /** Cancelar button; inside a FormDrawer it defaults to closing the drawer (with confirmation). */
  aoCancelar?: () => void;
  /** Content above the fields (badges, notes). */
  cabecalho?: ReactNode;
  children: ReactNode;
};

function mensagemDe(erro: unknown): string {
  return erro instanceof Error && erro.message ? erro.message : MENSAGENS.erroServidorAtualize;
}

/**
 * The form block of the product: contract-schema validation with Portuguese messages under each
 * field, one save at a time, the server's message on failure and a warning before losing changes.
 */
export function FormPage<V, P, R>({
  controle,
  salvar,
  aoSalvar,
  mensagemSucesso = 'Registro salvo com sucesso.',
  titulo,
  somenteLeitura = false,
  rotuloSalvar = 'Salvar',
  aoCancelar,
  cabecalho,
  children,
}: FormPageProps<V, P, R>) {
  const { form, montarEnvio } = controle;
  const drawer = useFormDrawer();
  // A ref, not state: two clicks in the same frame both see state still false.
  const enviando = useRef(false);
  const [salvando, setSalvando] = useState(false);
  const [erroServidor, setErroServidor] = useState<string | null>(null);

  // Read when someone tries to leave, not at render: a save that just reset the form must count.
  const estaSujo = useRef<() => boolean>(() => false);
  useEffect(() => {
    estaSujo.current = () => !somenteLeitura && form.isDirty();
  });
  useAvisoSaida(() => estaSujo.current());
  useEffect(() => drawer?.registrarSujo(() => estaSujo.current()), [drawer]);

  const enviar = form.onSubmit(async (valores) => {
    if (enviando.current || somenteLeitura) return;
    enviando.current = true;
    setSalvando(true);
    setErroServidor(null);
    try {
      const envio = montarEnvio(valores);
      const resultado = await salvar(envio);
      // What was saved becomes the clean state, so closing or leaving right after does not warn.
      form.resetDirty(valores);
      if (mensagemSucesso) notificar.sucesso(mensagemSucesso);
      aoSalvar?.(resultado, envio);
    } catch (erro) {
      const mensagem = mensagemDe(erro);
      setErroServidor(mensagem);
      notificar.erro(mensagem);
    } finally {
      enviando.current = false;
      setSalvando(false);
    }
  });

  const cancelar = aoCancelar ?? drawer?.pedirFechamento;

  return (
    <form onSubmit={enviar} noValidate aria-busy={salvando}>
      <Stack gap="md">
        {titulo && (
          <Title order={1} fz="h2">
            {titulo}
          </Title>
        )}
        {cabecalho}
        {erroServidor && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} withCloseButton onClose={() => setErroServidor(null)} closeButtonLabel="Fechar">
            {erroServidor}
          </Alert>
        )}
        <Fieldset variant="unstyled" disabled={somenteLeitura || salvando}>
          <Stack gap="md">{children}</Stack>
        </Fieldset>
        <Group justify="flex-end" gap="sm">
          {cancelar && (
            <Button variant="default" onClick={cancelar} disabled={salvando}>
              {somenteLeitura ? 'Fechar' : 'Cancelar'}
            </Button>
          )}
          {!somenteLeitura && (
            <Button type="submit" loading={salvando}>
              {rotuloSalvar}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
