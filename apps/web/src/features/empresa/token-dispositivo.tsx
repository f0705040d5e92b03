import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconDeviceDesktopCheck, IconKey } from '@tabler/icons-react';
import type { Dispositivo } from '@bonifica/contracts';
import { notificar } from '../../components/notificar';
import { parearEsteNavegador } from './api';

/**
 * The device's token, shown once (only its hash is kept): the manager pairs this browser at once,
 * or copies the token to pair the counter's browser (docs/areas/filiais.md "Dispositivos").
 */
export function TokenDispositivo({ dispositivo, aoFechar }: { dispositivo: Dispositivo | null; aoFechar: () => void }) {
  return (
    <Modal opened={dispositivo?.token !== undefined && dispositivo !== null} onClose={aoFechar} title="Token do dispositivo" size="lg">
      {dispositivo?.token && (
        <Stack>
          <Alert color="yellow" icon={<IconKey size={18} />}>
            Este token aparece só agora. Use-o para parear o navegador do {dispositivo.nome} ({dispositivo.identificador}).
          </Alert>
          <Code block style={{ wordBreak: 'break-all' }} data-testid="token-dispositivo">
            {dispositivo.token}
          </Code>
          <Text size="sm" c="dimmed">
            Se você está no próprio aparelho, use “Parear este navegador”. Se perder o token, gere outro na lista: o antigo deixa de valer.
          </Text>
          <Group justify="flex-end">
            <CopyButton value={dispositivo.token}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy}>
                  {copied ? 'Copiado' : 'Copiar token'}
                </Button>
              )}
            </CopyButton>
            <Button
              leftSection={<IconDeviceDesktopCheck size={16} />}
              onClick={() => {
                parearEsteNavegador(dispositivo.token!);
                notificar.sucesso(`Este navegador agora é o dispositivo ${dispositivo.nome}.`);
                aoFechar();
              }}
            >
              Parear este navegador
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
