import { useState } from 'react';
import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import type { TokenApiCriado } from '@bonifica/contracts';
import { notificar } from '../../components/notificar';
import { useCriarTokenApi } from './api';
import { CamposToken, lerValores, valoresIniciais, type ErrosToken, type ValoresToken } from './campos-token';
import { RodapeModal } from '../../components/rodape-modal';

type Props = { aoFechar: () => void };

/** New token: the form, then its secret — shown once, with a copy button and a warning. */
export function NovoTokenForm({ aoFechar }: Props) {
  const criar = useCriarTokenApi();
  const [valores, setValores] = useState<ValoresToken>(() => valoresIniciais());
  const [erros, setErros] = useState<ErrosToken>({});
  const [criado, setCriado] = useState<TokenApiCriado | null>(null);

  async function enviar() {
    const v = lerValores(valores);
    if (!v.ok) {
      setErros(v.erros);
      return;
    }
    setErros({});
    try {
      setCriado(await criar.mutateAsync(v.dados));
    } catch (e) {
      notificar.erro((e as Error).message);
    }
  }

  if (criado) {
    return (
      <Stack gap="md">
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Copie o token agora">
          Este é o único momento em que o token aparece. Guarde-o num lugar seguro e configure no PDV ou ERP. Se perder, revogue e crie outro.
        </Alert>
        <Text size="sm" fw={500}>
          {criado.nome}
        </Text>
        <Code block data-testid="segredo-token" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {criado.segredo}
        </Code>
        <Group justify="space-between">
          <CopyButton value={criado.segredo}>
            {({ copied, copy }) => (
              <Button variant="light" color={copied ? 'teal' : undefined} leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={copy}>
                {copied ? 'Copiado' : 'Copiar token'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={aoFechar}>Concluir</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <CamposToken valores={valores} aoMudar={setValores} erros={erros} />
      <RodapeModal rotulo="Criar token" mt="sm" aoConfirmar={enviar} aoCancelar={aoFechar} enviando={criar.isPending} />
    </Stack>
  );
}
