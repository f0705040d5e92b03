import { useState } from 'react';
import { Stack, Text } from '@mantine/core';
import type { TokenApiResumo } from '@bonifica/contracts';
import { notificar } from '../../components/notificar';
import { useSalvarTokenApi } from './api';
import { CamposToken, lerValores, valoresIniciais, type ErrosToken, type ValoresToken } from './campos-token';
import { RodapeModal } from '../../components/rodape-modal';

type Props = { token: TokenApiResumo; aoFechar: () => void };

/** Editing a token: the same fields as creating it; the secret is not shown and does not change. */
export function EditarTokenForm({ token, aoFechar }: Props) {
  const salvar = useSalvarTokenApi();
  const [valores, setValores] = useState<ValoresToken>(() => valoresIniciais(token));
  const [erros, setErros] = useState<ErrosToken>({});

  async function enviar() {
    const v = lerValores(valores);
    if (!v.ok) {
      setErros(v.erros);
      return;
    }
    setErros({});
    try {
      await salvar.mutateAsync({ id: token.id, ...v.dados });
      notificar.sucesso('Token alterado. O segredo continua o mesmo.');
      aoFechar();
    } catch (e) {
      notificar.erro((e as Error).message);
    }
  }

  return (
    <Stack gap="sm">
      <Text size="xs" c="dimmed" ff="monospace">
        {token.prefixo}…
      </Text>
      <CamposToken valores={valores} aoMudar={setValores} erros={erros} />
      <RodapeModal rotulo="Salvar" mt="sm" aoConfirmar={enviar} aoCancelar={aoFechar} enviando={salvar.isPending} />
    </Stack>
  );
}
